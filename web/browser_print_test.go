package web

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
)

// render is what `zmission render` writes for args (-o added).
func render(t *testing.T, out string, args ...string) []byte {
	t.Helper()
	var stderr bytes.Buffer
	if code := app.Run(append([]string{"zmission", "render", "-o", out}, args...), nil, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("zmission render %v: exit %d: %s", args, code, stderr.String())
	}
	return readFile(t, out)
}

// TestBrowserPrintSame: the PDF, PNG and SVG the page downloads are,
// byte for byte, what `zmission render` writes for the same file with
// its default options (A4), for a mission on a built-in tile set and a
// colony scenario with its collection beside it.
func TestBrowserPrintSame(t *testing.T) {
	for _, c := range []struct{ example, file string }{
		{"invader/violet-lockdown", "../examples/invader/violet-lockdown.yaml"},
		{"colony/field-hospital", "../examples/colony/field-hospital.yaml"},
	} {
		t.Run(filepath.Base(c.example), func(t *testing.T) {
			ctx := page(t, site(t)+"#example="+c.example)
			waitFor(t, ctx, "the example drawn", mapDrawn+` && zmission.state.findings.every(f => f.severity !== 'error')`)
			base := filepath.Base(c.example)
			dir := t.TempDir()
			for _, f := range []struct{ what, name string }{
				{"pdf-a4", base + "-a4.pdf"},
				{"png-a4", base + ".png"},
				{"svg-a4", base + ".svg"},
			} {
				got := fetchDownload(t, ctx, f.what, f.name)
				want := render(t, filepath.Join(dir, f.name), c.file)
				if bytes.Equal(got, want) {
					continue
				}
				t.Errorf("%s: the page's %d bytes differ from zmission render's %d", f.name, len(got), len(want))
			}
		})
	}
}

// TestBrowserPrintButton: Print in the bar saves the PDF (A4) of the
// mission as it is, named after its title, byte for byte what `zmission
// render` writes; it says what it is doing and that it saved, and warns
// while the template's placeholder story is still there.
func TestBrowserPrintButton(t *testing.T) {
	ctx := page(t, site(t)+"#template=zombicide-invader")
	waitFor(t, ctx, "the template drawn", mapDrawn)
	dir := downloads(t, ctx)
	click(t, ctx, "#print-btn")
	waitFor(t, ctx, "the bar saying it prints", `document.querySelector('#print-status').textContent !== ''`)
	got := downloaded(t, dir, "new-mission-a4.pdf")
	waitFor(t, ctx, "the printout said saved", `document.querySelector('#print-status').textContent === 'Saved new-mission-a4.pdf to your downloads.'`)
	if want := render(t, filepath.Join(t.TempDir(), "new-mission-a4.pdf"), "../examples/templates/zombicide-invader.yaml"); !bytes.Equal(got, want) {
		t.Errorf("the page's %d bytes differ from zmission render's %d", len(got), len(want))
	}
	var warned string
	js(t, ctx, `document.querySelector('#banner').hidden ? '' : document.querySelector('#banner').textContent`, &warned)
	if !strings.Contains(warned, "The briefing is still the template's") {
		t.Errorf("the banner says %q, want the placeholder briefing named", warned)
	}
	shot(t, ctx, "web-print-saved.png")
}
