package printout

import (
	"errors"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The faces of DejaVu Sans (see fonts/LICENSE). render measures its text
// with DejaVu Sans widths, so printing with the same face keeps every line
// inside the box the layout gave it. Every build but the web edition's
// module has them inside (fonts_embed.go); the module is handed them with
// SetFaces when a printout needs them (fonts_js.go), so it is 2.7 MB
// smaller and its page loads that much sooner.

// FaceFiles names the faces' files in fonts/, in the order of faceTTF.
var FaceFiles = [4]string{"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf"}

const (
	faceRegular = iota
	faceBold
	faceItalic
	faceBoldItalic
)

// pdfStyle is the fpdf style string of each face.
var pdfStyle = [4]string{"", "B", "I", "BI"}

func faceOf(bold, italic bool) int {
	switch {
	case bold && italic:
		return faceBoldItalic
	case bold:
		return faceBold
	case italic:
		return faceItalic
	}
	return faceRegular
}

// loadedFont is a parsed face with its advance widths cached by rune.
type loadedFont struct {
	f    *sfnt.Font
	upem float64
	mu   sync.Mutex
	adv  map[rune]float64 // in em
	// segs holds each outline loaded so far (nil for a rune without a
	// glyph): a page draws the same few dozen letters many times.
	segs map[rune][]sfnt.Segment
	buf  sfnt.Buffer
}

var (
	fontsMu  sync.Mutex
	fontsOK  bool
	fonts    [4]*loadedFont
	fontsErr error
)

// errNoFaces: the faces were not handed in yet (the web edition's module
// before SetFaces); a later try may find them.
var errNoFaces = errors.New("printout: the fonts are not loaded")

// loadFonts parses the faces once they are there.
func loadFonts() error {
	fontsMu.Lock()
	defer fontsMu.Unlock()
	if fontsOK || fontsErr != nil {
		return fontsErr
	}
	ttf := faces()
	for _, b := range ttf {
		if len(b) == 0 {
			return errNoFaces
		}
	}
	var parsed [4]*loadedFont
	for i, b := range ttf {
		f, err := sfnt.Parse(b)
		if err != nil {
			fontsErr = err
			return err
		}
		parsed[i] = &loadedFont{f: f, upem: float64(f.UnitsPerEm()), adv: map[rune]float64{}, segs: map[rune][]sfnt.Segment{}}
	}
	fonts, faceTTF, fontsOK = parsed, ttf, true
	return nil
}

// faceTTF holds the faces' files once loadFonts has parsed them.
var faceTTF [4][]byte

// has reports whether the face has a glyph for r.
func (lf *loadedFont) has(r rune) bool {
	lf.mu.Lock()
	defer lf.mu.Unlock()
	i, err := lf.f.GlyphIndex(&lf.buf, r)
	return err == nil && i != 0
}

// advance is the width of r in em.
func (lf *loadedFont) advance(r rune) float64 {
	lf.mu.Lock()
	defer lf.mu.Unlock()
	if a, ok := lf.adv[r]; ok {
		return a
	}
	a := 0.0
	if i, err := lf.f.GlyphIndex(&lf.buf, r); err == nil {
		if v, err := lf.f.GlyphAdvance(&lf.buf, i, fixed.I(int(lf.upem)), font.HintingNone); err == nil {
			a = float64(v) / 64 / lf.upem
		}
	}
	lf.adv[r] = a
	return a
}

// advance is the width of s in face f at size (mm).
func advance(s string, f int, size float64) float64 {
	if loadFonts() != nil {
		return 0
	}
	w := 0.0
	for _, r := range s {
		w += fonts[f].advance(r)
	}
	return w * size
}

// printable replaces characters the face cannot draw with U+FFFD (or '?'),
// so that no glyph silently goes missing from the PDF.
func printable(s string, f int) string {
	if loadFonts() != nil {
		return s
	}
	lf := fonts[f]
	ok := true
	for _, r := range s {
		if !lf.has(r) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	repl := '\uFFFD'
	if !lf.has(repl) {
		repl = '?'
	}
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if !lf.has(r) {
			r = repl
		}
		out = append(out, r)
	}
	return string(out)
}

// outline is the glyph of r in font units (26.6), nil if the face has none.
func (lf *loadedFont) outline(r rune) []sfnt.Segment {
	lf.mu.Lock()
	defer lf.mu.Unlock()
	if segs, ok := lf.segs[r]; ok {
		return segs
	}
	var segs []sfnt.Segment
	if i, err := lf.f.GlyphIndex(&lf.buf, r); err == nil && i != 0 {
		if s, err := lf.f.LoadGlyph(&lf.buf, i, fixed.I(int(lf.upem)), nil); err == nil {
			// LoadGlyph's slice lives in the buffer the next call reuses.
			segs = append([]sfnt.Segment(nil), s...)
		}
	}
	lf.segs[r] = segs
	return segs
}

// glyphShape is the outline of r in face f at size (mm) with its origin at
// (x, y) on the baseline.
func glyphShape(r rune, f int, size, x, y float64) shape {
	lf := fonts[f]
	segs := lf.outline(r)
	if len(segs) == 0 {
		return nil
	}
	k := size / lf.upem / 64
	pt := func(p fixed.Point26_6) [2]float64 { return [2]float64{x + float64(p.X)*k, y + float64(p.Y)*k} }
	var b pathBuilder
	open := false
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				b.close()
			}
			p := pt(s.Args[0])
			b.move(p[0], p[1])
			open = true
		case sfnt.SegmentOpLineTo:
			p := pt(s.Args[0])
			b.line(p[0], p[1])
		case sfnt.SegmentOpQuadTo:
			q, p := pt(s.Args[0]), pt(s.Args[1])
			b.quad(q[0], q[1], p[0], p[1])
		case sfnt.SegmentOpCubeTo:
			c1, c2, p := pt(s.Args[0]), pt(s.Args[1]), pt(s.Args[2])
			b.cubic(c1[0], c1[1], c2[0], c2[1], p[0], p[1])
		}
	}
	if open {
		b.close()
	}
	return b.p
}
