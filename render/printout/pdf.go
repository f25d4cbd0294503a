package printout

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// pdfDate is the creation date every PDF carries. The PDF writer always
// writes one; a fixed date keeps the same input giving the same bytes.
var pdfDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// maxTiles bounds how often a pattern tile is repeated in one shape.
const maxTiles = 200_000

// PDF writes the pages into one PDF document, each page at its own size,
// text as real text in embedded DejaVu Sans subsets. The same pages always
// give the same bytes.
func PDF(w io.Writer, pages []*Page) error {
	if len(pages) == 0 {
		return errors.New("printout: no pages to print")
	}
	if err := loadFonts(); err != nil {
		return err
	}
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCreationDate(pdfDate)
	f.SetModificationDate(pdfDate)
	f.SetCatalogSort(true)
	f.SetCompression(true)
	f.SetProducer("zmission", true)
	f.SetCreator("zmission", true)
	f.SetTitle(pages[0].Title, true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	// Only the faces the pages use are embedded (as subsets).
	var used [4]bool
	for _, p := range pages {
		for _, o := range p.ops {
			for _, r := range o.runs {
				used[r.face] = true
			}
		}
	}
	for i := range faceTTF {
		if used[i] {
			addFace(f, i)
		}
	}
	for _, p := range pages {
		// "P" keeps width and height as given ("L" would swap them).
		f.AddPageFormat("P", fpdf.SizeType{Wd: p.W, Ht: p.H})
		pw := &pdfPage{f: f, h: p.H, k: 72 / 25.4}
		pw.ops(p.ops, identity)
		if err := f.Error(); err != nil {
			return fmt.Errorf("printout: %v", err)
		}
	}
	if err := f.Output(w); err != nil {
		return fmt.Errorf("printout: %v", err)
	}
	return nil
}

// The PDF line cap (J) and join (j) operands of the SVG names.
var (
	pdfCap  = map[string]string{"butt": "0", "round": "1", "square": "2"}
	pdfJoin = map[string]string{"miter": "0", "round": "1", "bevel": "2"}
)

type pdfPage struct {
	f *fpdf.Fpdf
	h float64 // page height, mm
	k float64 // points per mm
	b strings.Builder
	// scratch is where num formats a number.
	scratch []byte
}

// pn formats a number for the content stream.
func pn(v float64) string {
	s := strconv.FormatFloat(v, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// num writes v as pn formats it, without making a string of it.
func (w *pdfPage) num(v float64) {
	n := strconv.AppendFloat(w.scratch[:0], v, 'f', 3, 64)
	for len(n) > 0 && n[len(n)-1] == '0' {
		n = n[:len(n)-1]
	}
	for len(n) > 0 && n[len(n)-1] == '.' {
		n = n[:len(n)-1]
	}
	if len(n) == 0 || string(n) == "-0" {
		n = append(n[:0], '0')
	}
	w.scratch = n
	w.b.Write(n)
}

// pt writes point p in PDF coordinates and the operator op after it.
func (w *pdfPage) pt(p [2]float64, op string) {
	w.num(p[0] * w.k)
	w.b.WriteByte(' ')
	w.num((w.h - p[1]) * w.k)
	w.b.WriteString(op)
}

// path writes the path operators of p.
func (w *pdfPage) path(p shape) {
	for _, s := range p {
		switch s.kind {
		case segMove:
			w.pt(s.pts[0], " m\n")
		case segLine:
			w.pt(s.pts[0], " l\n")
		case segCubic:
			w.pt(s.pts[0], " ")
			w.pt(s.pts[1], " ")
			w.pt(s.pts[2], " c\n")
		case segClose:
			w.b.WriteString("h\n")
		}
	}
}

func rgb(r, g, b uint8) string {
	return pn(float64(r)/255) + " " + pn(float64(g)/255) + " " + pn(float64(b)/255)
}

// flush hands the collected operators to the writer.
func (w *pdfPage) flush() {
	if w.b.Len() > 0 {
		w.f.RawWriteStr(w.b.String())
		w.b.Reset()
	}
}

// alpha sets the constant opacity inside a q … Q pair.
func (w *pdfPage) alpha(a uint8) {
	if a < 255 {
		w.flush()
		w.f.SetAlpha(float64(a)/255, "Normal")
	}
}

// ops writes the operations, each mapped by m first (patterns use m to
// place their tiles).
func (w *pdfPage) ops(ops []op, m matrix) {
	for _, o := range ops {
		switch o.kind {
		case opFill:
			w.b.WriteString("q\n")
			w.alpha(o.col.A)
			w.b.WriteString(rgb(o.col.R, o.col.G, o.col.B) + " rg\n")
			w.path(o.path.transform(m))
			w.b.WriteString("f\nQ\n")
		case opStroke:
			k := m.scale()
			w.b.WriteString("q\n")
			w.alpha(o.col.A)
			w.b.WriteString(rgb(o.col.R, o.col.G, o.col.B) + " RG\n")
			w.b.WriteString(pn(o.width*k*w.k) + " w\n")
			w.b.WriteString(pdfCap[o.cap] + " J\n")
			w.b.WriteString(pdfJoin[o.join] + " j\n4 M\n")
			if len(o.dash) > 0 {
				var ds []string
				for _, d := range o.dash {
					ds = append(ds, pn(d*k*w.k))
				}
				w.b.WriteString("[" + strings.Join(ds, " ") + "] 0 d\n")
			}
			w.path(o.path.transform(m))
			w.b.WriteString("S\nQ\n")
		case opPattern:
			w.pattern(o, m)
		case opText:
			w.text(o, m)
		}
	}
	w.flush()
}

// pattern clips to the shape and repeats the tile over it.
func (w *pdfPage) pattern(o op, m matrix) {
	path := o.path.transform(m)
	x0, y0, x1, y1 := path.bounds()
	if math.IsInf(x0, 0) {
		return
	}
	pm := m.mul(o.pat.m)
	inv := pm.invert()
	u0, v0, u1, v1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		u, v := inv.apply(c[0], c[1])
		u0, v0, u1, v1 = math.Min(u0, u), math.Min(v0, v), math.Max(u1, u), math.Max(v1, v)
	}
	i0, i1 := int(math.Floor(u0/o.pat.w)), int(math.Ceil(u1/o.pat.w))
	j0, j1 := int(math.Floor(v0/o.pat.h)), int(math.Ceil(v1/o.pat.h))
	if (i1-i0)*(j1-j0) > maxTiles || i1 < i0 || j1 < j0 {
		return
	}
	w.b.WriteString("q\n")
	w.path(path)
	w.b.WriteString("W n\n")
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			tm := pm.mul(matrix{a: 1, d: 1, e: float64(i) * o.pat.w, f: float64(j) * o.pat.h})
			w.ops(o.pat.ops, tm)
		}
	}
	w.b.WriteString("Q\n")
	w.flush()
}

// text writes each run as PDF text. The font is set outside q … Q so the
// writer's idea of the current font stays true.
func (w *pdfPage) text(o op, m matrix) {
	k := m.scale()
	x, y := m.apply(o.x, o.y)
	for _, r := range o.runs {
		w.flush()
		w.f.SetFont(pdfFamily, pdfStyle[r.face], r.size*k*w.k)
		w.b.WriteString("q\n")
		w.alpha(r.col.A)
		w.b.WriteString(rgb(r.col.R, r.col.G, r.col.B) + " rg\n")
		w.flush()
		w.f.Text(x+r.dx*k, y, r.text)
		w.b.WriteString("Q\n")
	}
	w.flush()
}
