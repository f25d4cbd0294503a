package printout

import (
	"bytes"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// goldens are the SVGs render's tests keep: mission pages of both games,
// in colour and mono, with overlays, the tile sheet and the templates.
func goldens(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../testdata/svg/*.svg")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden SVGs found: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// TestGoldensUseOnlyKnownSVG walks every element and attribute of the
// golden SVGs: each must be one Parse handles. Parse itself refuses
// anything else, so a new element in render fails here and in render's
// own tests (which parse every SVG they make).
func TestGoldensUseOnlyKnownSVG(t *testing.T) {
	known := KnownElements()
	tag := regexp.MustCompile(`<([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"]*")*)\s*/?>`)
	attr := regexp.MustCompile(`([a-zA-Z:-]+)="`)
	seen := map[string]bool{}
	for name, svg := range goldens(t) {
		for _, m := range tag.FindAllSubmatch(svg, -1) {
			el := string(m[1])
			attrs, ok := known[el]
			if !ok {
				t.Errorf("%s: element <%s> is not handled", name, el)
				continue
			}
			seen[el] = true
			for _, a := range attr.FindAllSubmatch(m[2], -1) {
				an := string(a[1])
				if strings.HasPrefix(an, "data-") {
					continue
				}
				found := false
				for _, k := range attrs {
					found = found || k == an
				}
				if !found {
					t.Errorf("%s: attribute %s on <%s> is not handled", name, an, el)
				}
			}
		}
		if _, err := Parse(svg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, el := range []string{"svg", "title", "defs", "symbol", "pattern", "g", "path", "rect", "circle", "text", "tspan", "use"} {
		if !seen[el] {
			t.Errorf("no golden uses <%s>: the walk above proves less than it should", el)
		}
	}
}

func TestParseRefusesTheUnknown(t *testing.T) {
	for _, svg := range []string{
		`<svg width="10mm" height="10mm"><image href="x.png"/></svg>`,
		`<svg width="10mm" height="10mm"><rect width="1" height="1" filter="url(#f)"/></svg>`,
		`<svg width="10mm" height="10mm"><path d="M0 0 X 1"/></svg>`,
		`<svg width="10mm" height="10mm"><path d="M0 0L1 1Z2"/></svg>`,
		`<svg width="10mm" height="10mm"><pattern id="p" patternUnits="userSpaceOnUse" width="2" height="2"><rect width="1" height="1" fill="url(#p)"/></pattern><rect width="5" height="5" fill="url(#p)"/></svg>`,
		useBomb(),
		`<svg width="10mm" height="10mm"><path d="M0 0L1"/></svg>`,
		`<svg width="10mm" height="10mm"><rect width="1" height="1" fill="hsl(1,2,3)"/></svg>`,
		`<svg width="10mm" height="10mm"><use href="#nope"/></svg>`,
		`<svg width="10mm" height="10mm"><g id="a"><use href="#a"/></g></svg>`,
		`<svg width="10mm" height="10mm"><text transform="rotate(30)">x</text></svg>`,
		`<svg width="10in" height="10in"/>`,
		`<svg width="10mm" height="10mm"><rect`,
		`<html/>`,
	} {
		if _, err := Parse([]byte(svg)); err == nil {
			t.Errorf("Parse(%s) gave no error", svg)
		}
	}
}

// useBomb is a page whose <use> elements copy each other ten levels deep,
// four times each: a million rectangles from a few lines.
func useBomb() string {
	var b strings.Builder
	b.WriteString(`<svg width="10mm" height="10mm"><defs><g id="g0"><rect width="1" height="1"/></g>`)
	for i := 1; i <= 10; i++ {
		b.WriteString(`<g id="g` + strconv.Itoa(i) + `">`)
		for range 4 {
			b.WriteString(`<use href="#g` + strconv.Itoa(i-1) + `"/>`)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</defs><use href="#g10"/><use href="#g10"/><use href="#g10"/></svg>`)
	return b.String()
}

func render(t *testing.T, svg string) *Page {
	t.Helper()
	p, err := Parse([]byte(svg))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRasterDrawsWhatTheSVGSays checks pixels of a small page at 254 dpi
// (10 pixels a mm): fills, strokes and their width, opacity, symbols with
// currentColor, patterns and text.
func TestRasterDrawsWhatTheSVGSays(t *testing.T) {
	p := render(t, `<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 80 40">
<defs><symbol id="s" viewBox="-50 -50 100 100"><rect x="-50" y="-50" width="100" height="100" fill="currentColor"/></symbol>
<pattern id="p" patternUnits="userSpaceOnUse" width="4" height="4"><rect width="2" height="4" fill="#0000ff"/></pattern></defs>
<rect width="80" height="40" fill="#ffffff"/>
<rect x="0" y="0" width="10" height="10" fill="#ff0000"/>
<path d="M20 2V18" stroke="#000000" stroke-width="4"/>
<rect x="30" y="0" width="10" height="10" fill="#000000" fill-opacity="0.5"/>
<use href="#s" x="50" y="0" width="10" height="10" color="#00ff00"/>
<rect x="0" y="20" width="20" height="20" fill="url(#p)"/>
<text x="30" y="38" font-size="16" font-weight="bold" fill="#000000">MW</text>
</svg>`)
	img, err := Raster(p, 254)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 200 {
		t.Fatalf("image is %v, want 400×200 pixels", b)
	}
	at := func(xmm, ymm float64) color.RGBA { return img.RGBAAt(int(xmm*10), int(ymm*10)) }
	check := func(what string, got, want color.RGBA) {
		t.Helper()
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		if d(got.R, want.R) > 3 || d(got.G, want.G) > 3 || d(got.B, want.B) > 3 {
			t.Errorf("%s: pixel %v, want %v", what, got, want)
		}
	}
	white, black := color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}
	check("red fill", at(2.5, 2.5), color.RGBA{255, 0, 0, 255})
	check("outside the fill", at(7, 2.5), white)
	// The stroke is 4 units = 2 mm wide around x = 10 mm.
	check("stroke middle", at(10, 5), black)
	check("stroke edge inside", at(10.9, 5), black)
	check("beyond the stroke", at(11.2, 5), white)
	check("half-opaque black", at(17.5, 2.5), color.RGBA{128, 128, 128, 255})
	check("symbol in currentColor", at(27.5, 2.5), color.RGBA{0, 255, 0, 255})
	// Pattern stripes: 1 mm of blue, 1 mm of white, repeating.
	check("pattern stripe", at(0.5, 15), color.RGBA{0, 0, 255, 255})
	check("pattern gap", at(1.5, 15), white)
	check("pattern stripe repeated", at(4.5, 15), color.RGBA{0, 0, 255, 255})
	dark := 0
	for y := 120; y < 190; y++ {
		for x := 150; x < 260; x++ {
			if img.RGBAAt(x, y).R < 100 {
				dark++
			}
		}
	}
	if dark < 500 {
		t.Errorf("the text left only %d dark pixels", dark)
	}
}

// TestOutputIsDeterministic prints each golden several times: the bytes
// must not change (no dates, ids or map order in the output).
func TestOutputIsDeterministic(t *testing.T) {
	for name, svg := range goldens(t) {
		var first [2][]byte
		for i := range 3 {
			p, err := Parse(svg)
			if err != nil {
				t.Fatal(err)
			}
			var pdf, png bytes.Buffer
			if err := PDF(&pdf, []*Page{p}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := PNG(&png, p, 40); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if i == 0 {
				first = [2][]byte{pdf.Bytes(), png.Bytes()}
				continue
			}
			if !bytes.Equal(first[0], pdf.Bytes()) {
				t.Errorf("%s: the PDF changed from one run to the next", name)
			}
			if !bytes.Equal(first[1], png.Bytes()) {
				t.Errorf("%s: the PNG changed from one run to the next", name)
			}
		}
		if bytes.Contains(first[0], []byte("/CreationDate (D:2")) && !bytes.Contains(first[0], []byte("D:20000101000000")) {
			t.Errorf("%s: the PDF carries a real date", name)
		}
	}
}

// TestPopplerReadsThePDF has pdfinfo, pdftotext and pdftoppm (poppler-utils)
// read a two-page PDF, when they are installed.
func TestPopplerReadsThePDF(t *testing.T) {
	for _, tool := range []string{"pdfinfo", "pdftotext", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install poppler-utils)", tool)
		}
	}
	g := goldens(t)
	var pages []*Page
	for _, name := range []string{"invader-violet-lockdown.svg", "sheet-station.svg"} {
		p, err := Parse(g[name])
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "book.pdf")
	var b bytes.Buffer
	if err := PDF(&b, pages); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfinfo", f).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	info := string(out)
	for _, want := range []string{"Pages:           2", "Title:           Violet Lockdown", "595.28 x 841.89 pts (A4)"} {
		if !strings.Contains(info, want) {
			t.Errorf("pdfinfo does not say %q:\n%s", want, info)
		}
	}
	out, err = exec.Command("pdftotext", "-f", "1", "-l", "1", f, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	for _, want := range []string{"Violet Lockdown", "Briefing", "Objectives", "8A/l"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the text of page 1 has no %q", want)
		}
	}
	out, err = exec.Command("pdftoppm", "-r", "20", "-png", f, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "page-*.png"))
	if len(pngs) != 2 {
		t.Errorf("pdftoppm made %d pages, want 2", len(pngs))
	}
}

// TestPageSizes: each PDF page has its own page's size, landscape too.
func TestPageSizes(t *testing.T) {
	var pages []*Page
	for _, size := range [][2]string{{"210", "297"}, {"297", "210"}, {"200", "331.97"}} {
		pages = append(pages, render(t, `<svg width="`+size[0]+`mm" height="`+size[1]+`mm"><rect width="5" height="5"/></svg>`))
	}
	var b bytes.Buffer
	if err := PDF(&b, pages); err != nil {
		t.Fatal(err)
	}
	boxes := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]`).FindAllStringSubmatch(b.String(), -1)
	// One box per page, in order, then the document's default (A4).
	want := [][2]string{{"595.28", "841.89"}, {"841.89", "595.28"}, {"566.93", "941.02"}, {"595.28", "841.89"}}
	if len(boxes) != len(want) {
		t.Fatalf("%d page boxes in the PDF, want %d: %v", len(boxes), len(want), boxes)
	}
	for i, w := range want {
		if boxes[i][1] != w[0] || boxes[i][2] != w[1] {
			t.Errorf("page %d is %s × %s pt, want %s × %s", i+1, boxes[i][1], boxes[i][2], w[0], w[1])
		}
	}
}

// TestUnknownCharactersStayVisible: a character the font lacks prints as a
// replacement mark, not as nothing.
func TestUnknownCharactersStayVisible(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	got := printable("Zone 北 ok", faceRegular)
	if got != "Zone \uFFFD ok" {
		t.Errorf("printable = %q", got)
	}
	p := render(t, `<svg width="20mm" height="10mm"><text x="1" y="5" font-size="3">北 𝄞</text></svg>`)
	var b bytes.Buffer
	if err := PDF(&b, []*Page{p}); err != nil {
		t.Fatal(err)
	}
}

func TestDump(t *testing.T) {
	dir := os.Getenv("PRINTOUT_DUMP")
	if dir == "" {
		t.Skip("set PRINTOUT_DUMP=DIR to write every golden as PDF and PNG")
	}
	for name, svg := range goldens(t) {
		p, err := Parse(svg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if err := PDF(&b, []*Page{p}); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name+".pdf"), b.Bytes(), 0o644)
		b.Reset()
		if err := PNG(&b, p, 100); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name+".png"), b.Bytes(), 0o644)
	}
}

// FuzzParse: no input makes Parse, the PDF writer or the rasteriser panic
// or hang; a page that parses also prints.
func FuzzParse(f *testing.F) {
	// Small seeds in the subset (the goldens are too slow to mutate).
	for _, s := range []string{
		`<svg width="10mm" height="10mm"><path d="M0 0A5 5 0 1 1 3 3Z" stroke="#000" stroke-dasharray="1 2"/></svg>`,
		`<svg width="20mm" height="10mm" viewBox="0 0 40 20"><defs><symbol id="s" viewBox="-5 -5 10 10"><circle r="4" fill="currentColor"/></symbol><pattern id="p" patternUnits="userSpaceOnUse" width="2" height="2" patternTransform="rotate(45)"><rect width="1" height="2" fill="#f00"/></pattern></defs><rect width="9" height="9" rx="2" fill="url(#p)"/><use href="#s" x="10" y="0" width="8" height="8" color="#00f"/><g transform="translate(1 2) scale(2)"><text x="1" y="8" font-size="3" text-anchor="middle" xml:space="preserve">a<tspan font-weight="bold" fill="#0f0">b</tspan></text></g></svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := PDF(&b, []*Page{p}); err != nil {
			t.Fatalf("a parsed page does not print as PDF: %v", err)
		}
		if p.W*p.H < 1e5 { // keep each run small
			if _, err := Raster(p, 20); err != nil {
				t.Fatalf("a parsed page does not rasterise: %v", err)
			}
		}
	})
}

// Box is what a classed group draws, in page millimetres, through its
// transforms; strokes count half their width.
func TestBoxOfAGroup(t *testing.T) {
	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50">
<rect width="100" height="50" fill="#ffffff"/>
<g class="sheet" transform="translate(10 5) scale(2)">
<g class="figure"><rect x="1" y="2" width="10" height="5" fill="#000000"/><path d="M0 0L4 3" stroke="#000000" stroke-width="1"/></g>
</g>
</svg>`
	p, err := Parse([]byte(svg))
	if err != nil {
		t.Fatal(err)
	}
	b, ok := p.Box("figure")
	// rect: (12, 9)-(32, 19); the path (10, 5)-(18, 11) with half of a
	// 2 mm stroke (the scale doubles it) on each side.
	want := [4]float64{9, 4, 23, 15}
	if !ok || math.Abs(b[0]-want[0]) > 1e-9 || math.Abs(b[1]-want[1]) > 1e-9 || math.Abs(b[2]-want[2]) > 1e-9 || math.Abs(b[3]-want[3]) > 1e-9 {
		t.Errorf("Box(figure) = %v, %v; want %v", b, ok, want)
	}
	if _, ok := p.Box("none"); ok {
		t.Error("a class the page lacks has a box")
	}
}
