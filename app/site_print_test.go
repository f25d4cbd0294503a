package app

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSitePrintsAsRender: a mission page's drawing and PDFs are, byte for
// byte, what `zmission render` writes for the same file (the site and
// render print through one package), and its PNG is render's picture
// (at the site's resolution, written for speed: the same pixels).
func TestSitePrintsAsRender(t *testing.T) {
	for _, c := range []struct{ src, stem string }{
		{"../examples/invader/violet-lockdown.yaml", "violet-lockdown"},
		{"../examples/survival-infection/long-night.yaml", "long-night"},
	} {
		t.Run(c.stem, func(t *testing.T) {
			col := t.TempDir()
			file := filepath.Join(col, c.stem+".yaml")
			copyFile(t, c.src, file)
			out := t.TempDir()
			if code, stdout, stderr := runSite(t, "-o", out, col); code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			files := readTree(t, out)
			dir := c.stem + "/"
			tmp := t.TempDir()
			render := func(name string, args ...string) []byte {
				t.Helper()
				p := filepath.Join(tmp, name)
				var stderr bytes.Buffer
				if code := Run(append(append([]string{"zmission", "render", "-o", p}, args...), file), nil, &bytes.Buffer{}, &stderr); code != 0 {
					t.Fatalf("render %v: exit %d: %s", args, code, stderr.String())
				}
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			for name, want := range map[string][]byte{
				"page.svg":             render("a4.svg", "--page", "a4"),
				c.stem + "-a4.pdf":     render("a4.pdf", "--page", "a4"),
				c.stem + "-letter.pdf": render("letter.pdf", "--page", "letter"),
			} {
				if got, ok := files[dir+name]; !ok || !bytes.Equal(got, want) {
					t.Errorf("the site's %s (%d bytes) is not what render writes (%d bytes)", name, len(got), len(want))
				}
			}
			got, err := png.Decode(bytes.NewReader(files[dir+c.stem+".png"]))
			if err != nil {
				t.Fatal(err)
			}
			want, err := png.Decode(bytes.NewReader(render("a4.png", "--page", "a4", "--dpi", "100")))
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("the site's PNG is %v, render's %v", got.Bounds(), want.Bounds())
			}
			for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
				for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
					r1, g1, b1, a1 := got.At(x, y).RGBA()
					r2, g2, b2, a2 := want.At(x, y).RGBA()
					if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
						t.Fatalf("the site's PNG differs from render's at %d,%d", x, y)
					}
				}
			}
		})
	}
}

// TestSiteOfAFileThatIsNotYAML: a file that does not parse at all gets
// its page with its finding, as any broken file does: no internal error.
func TestSiteOfAFileThatIsNotYAML(t *testing.T) {
	col := t.TempDir()
	copyFile(t, "../testdata/broken/at-not-a-list.yaml", filepath.Join(col, "at-not-a-list.yaml"))
	copyFile(t, "../examples/invader/violet-lockdown.yaml", filepath.Join(col, "violet-lockdown.yaml"))
	out := t.TempDir()
	code, stdout, stderr := runSite(t, "-o", out, col)
	if code != 1 || strings.Contains(stderr, "internal error") {
		t.Fatalf("exit %d (want 1, for the broken file)\n%s%s", code, stdout, stderr)
	}
	page, err := os.ReadFile(filepath.Join(out, "at-not-a-list/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"at-not-a-list.yaml", "key-type", "at-not-a-list.yaml:9:25"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
