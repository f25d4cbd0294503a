package app

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/sitepage"
)

// TestSitePrintsAsRender: a mission page's drawing and PDFs are, byte for
// byte, what `zmission render` writes for the same file (the site and
// render print through one package), and its link preview is the map
// alone.
func TestSitePrintsAsRender(t *testing.T) {
	for _, c := range []struct {
		src, stem string
		board     [2]int
	}{
		{"../examples/invader/violet-lockdown.yaml", "violet-lockdown", [2]int{9, 6}},
		{"../examples/survival-infection/long-night.yaml", "long-night", [2]int{}},
	} {
		t.Run(c.stem, func(t *testing.T) {
			col := t.TempDir()
			file := filepath.Join(col, c.stem+".yaml")
			copyFile(t, c.src, file)
			out := t.TempDir()
			if code, stdout, stderr := runSite(t, "-o", out, "--paper", "a4,letter", "--base-url", "https://club.example.org/", col); code != 0 {
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
			// The picture a link preview shows: the map alone, cut to the
			// board when there is one (Violet Lockdown's is 9×6 cells).
			cfg, err := png.DecodeConfig(bytes.NewReader(files[dir+"card.png"]))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != sitepage.CardWidth {
				t.Errorf("the preview picture is %d pixels wide; want %d", cfg.Width, sitepage.CardWidth)
			}
			if c.board[0] > 0 {
				got, want := float64(cfg.Width)/float64(cfg.Height), float64(c.board[0])/float64(c.board[1])
				if math.Abs(got-want) > 0.05*want {
					t.Errorf("the preview picture's shape is %.2f:1; the board's is %.2f:1", got, want)
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
