package app

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pdfPages counts the page objects of a PDF.
func pdfPages(data []byte) int {
	return len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(data, -1))
}

func runOK(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	if code := runRenderCmd(args, &out, &errb); code != ExitOK {
		t.Fatalf("zmission %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String(), errb.String()
}

func TestRenderPDFAndPNG(t *testing.T) {
	dir := t.TempDir()
	pdf, pngf := filepath.Join(dir, "map.pdf"), filepath.Join(dir, "map.png")
	runOK(t, "render", renderExample, "-o", pdf)
	runOK(t, "render", "--dpi", "100", renderExample, "-o", pngf)
	data, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("%PDF-")) || pdfPages(data) != 1 {
		t.Errorf("map.pdf is not a one-page PDF (%d pages)", pdfPages(data))
	}
	f, err := os.Open(pngf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("map.png: %v", err)
	}
	// A4 at 100 dpi: 210 mm × 297 mm is 827 × 1170 pixels.
	if b := img.Bounds(); b.Dx() != 827 || b.Dy() != 1170 {
		t.Errorf("map.png is %d×%d pixels, want 827×1170", b.Dx(), b.Dy())
	}
	// Same input, same bytes.
	again := filepath.Join(dir, "again.pdf")
	runOK(t, "render", renderExample, "-o", again)
	if b, _ := os.ReadFile(again); !bytes.Equal(b, data) {
		t.Error("the PDF changed between two runs")
	}
	// --format wins over the extension, and standard output works too.
	out, _ := runOK(t, "render", "--format", "pdf", renderExample)
	if !strings.HasPrefix(out, "%PDF-") {
		t.Error("--format pdf did not write a PDF to standard output")
	}
	if tool, err := exec.LookPath("pdfinfo"); err == nil {
		info, err := exec.Command(tool, pdf).CombinedOutput()
		if err != nil || !strings.Contains(string(info), "Title:           First Contact") {
			t.Errorf("pdfinfo: %v\n%s", err, info)
		}
	}
}

func TestRenderBooklet(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "campaign.pdf")
	missions := []string{"../examples/invader/first-contact.yaml", "../examples/invader/violet-lockdown.yaml", "../examples/classic/blue-line.yaml"}
	runOK(t, append([]string{"render", "-o", book}, missions...)...)
	data, _ := os.ReadFile(book)
	if n := pdfPages(data); n != 3 {
		t.Errorf("a booklet of 3 missions has %d pages", n)
	}
	// --tiles adds the station and city sheets, on A4 pages.
	runOK(t, append([]string{"render", "--tiles", "-o", book}, missions...)...)
	data, _ = os.ReadFile(book)
	if n := pdfPages(data); n < 5 {
		t.Errorf("with --tiles the booklet has %d pages, want the 3 missions and at least a page per tile set", n)
	}
	if tool, err := exec.LookPath("pdfinfo"); err == nil {
		info, _ := exec.Command(tool, "-l", "99", book).CombinedOutput()
		if sizes := regexp.MustCompile(`Page +\d+ size: +595.28 x 841.89`).FindAll(info, -1); len(sizes) != pdfPages(data) {
			t.Errorf("not every page is A4:\n%s", info)
		}
	}
	for _, bad := range [][]string{
		append([]string{"render", "-o", filepath.Join(dir, "x.svg")}, missions...),
		append([]string{"render", "-o", filepath.Join(dir, "x.png")}, missions...),
	} {
		var out, errb bytes.Buffer
		if code := runRenderCmd(bad, &out, &errb); code != ExitUsage || !strings.Contains(errb.String(), "one PDF booklet") {
			t.Errorf("%v: exit %d, %q", bad, code, errb.String())
		}
	}
}

func TestRenderOverlayPages(t *testing.T) {
	dir := t.TempDir()
	args := []string{"render", "--overlay", "sight=1B/c", "--overlay", "xenos", "--overlay", "movement", "--overlay", "threat", "--overlay", "mold", "../examples/invader/violet-lockdown.yaml"}
	_, stderr := runOK(t, append(args, "-o", filepath.Join(dir, "x.svg"))...)
	if !strings.Contains(stderr, "warning:") || !strings.Contains(stderr, "shrink the board") {
		t.Errorf("an SVG whose board shrinks under 5 overlays says nothing: %q", stderr)
	}
	runOK(t, append(args, "-o", filepath.Join(dir, "x.pdf"))...)
	data, _ := os.ReadFile(filepath.Join(dir, "x.pdf"))
	if n := pdfPages(data); n != 6 {
		t.Errorf("5 overlays that do not fit: %d pages, want the map and one page each (6)", n)
	}
	_, stderr = runOK(t, "render", "--overlay", "xenos", "../examples/invader/violet-lockdown.yaml", "-o", filepath.Join(dir, "one.pdf"))
	data, _ = os.ReadFile(filepath.Join(dir, "one.pdf"))
	if n := pdfPages(data); n != 1 || stderr != "" {
		t.Errorf("one overlay that fits: %d pages, stderr %q", n, stderr)
	}
}

func TestTilesRenderPaginates(t *testing.T) {
	dir := t.TempDir()
	runOK(t, "tiles", "render", "-o", filepath.Join(dir, "station.pdf"))
	data, _ := os.ReadFile(filepath.Join(dir, "station.pdf"))
	if n := pdfPages(data); n < 2 {
		t.Errorf("the station sheet on A4 has %d pages", n)
	}
	// One SVG or PNG holds one page: several pages go to numbered files.
	_, stderr := runOK(t, "tiles", "render", "--page", "a4", "--dpi", "30", "-o", filepath.Join(dir, "s.png"))
	files, _ := filepath.Glob(filepath.Join(dir, "s-*.png"))
	if len(files) < 2 || !strings.Contains(stderr, "pages: ") {
		t.Errorf("numbered PNG pages: %v, stderr %q", files, stderr)
	}
	// Without a paper size an SVG sheet is one page, as before.
	out, _ := runOK(t, "tiles", "render")
	if !strings.HasPrefix(out, "<?xml") || strings.Count(out, "<svg") != 1 {
		t.Error("tiles render without -o is not one SVG")
	}
	var o, e bytes.Buffer
	if code := runRenderCmd([]string{"tiles", "render", "--page", "a4", "--format", "png"}, &o, &e); code != ExitUsage || !strings.Contains(e.String(), "name a file with -o") {
		t.Errorf("several PNG pages to standard output: exit %d, %q", code, e.String())
	}
	for _, bad := range [][]string{{"render", "--dpi", "5", renderExample, "-o", filepath.Join(dir, "x.png")}, {"render", "--format", "tiff", renderExample}, {"tiles", "render", "--page", "a9"}} {
		o.Reset()
		e.Reset()
		if code := runRenderCmd(bad, &o, &e); code != ExitUsage {
			t.Errorf("%v: exit %d, want 2 (%s)", bad, code, e.String())
		}
	}
}
