package printout

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// DefaultDPI is the PNG resolution when none is asked for: enough to read
// 2 mm text on screen and to print a page sharply.
const DefaultDPI = 150

// maxPixels bounds a PNG (a 4-megapixel side at most, 100 million in all).
const maxPixels = 100_000_000

// PNG draws page p at dpi dots per inch. The same page always gives the
// same bytes.
func PNG(w io.Writer, p *Page, dpi float64) error {
	img, err := Raster(p, dpi)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	return enc.Encode(w, img)
}

// Raster draws page p into an image at dpi dots per inch.
func Raster(p *Page, dpi float64) (*image.RGBA, error) {
	if !(dpi >= 10 && dpi <= 1200) {
		return nil, fmt.Errorf("printout: a resolution of %g dpi is out of range (10 to 1200)", dpi)
	}
	if err := loadFonts(); err != nil {
		return nil, err
	}
	k := dpi / 25.4
	wpx, hpx := int(math.Ceil(p.W*k)), int(math.Ceil(p.H*k))
	if wpx <= 0 || hpx <= 0 || wpx > 40000 || hpx > 40000 || wpx*hpx > maxPixels {
		return nil, errors.New("printout: the image would be too large; lower the resolution")
	}
	img := image.NewRGBA(image.Rect(0, 0, wpx, hpx))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	r := newRaster(img)
	r.ops(p.ops, matrix{a: k, d: k})
	return img, nil
}

type raster struct {
	img    *image.RGBA
	sc     *scanner
	filler *rasterx.Filler
	dasher *rasterx.Dasher
}

func newRaster(img *image.RGBA) *raster {
	b := img.Bounds()
	sc := &scanner{dst: img}
	return &raster{img: img, sc: sc,
		filler: rasterx.NewFiller(b.Dx(), b.Dy(), sc),
		dasher: rasterx.NewDasher(b.Dx(), b.Dy(), sc)}
}

func (r *raster) ops(ops []op, m matrix) {
	for _, o := range ops {
		switch o.kind {
		case opFill:
			r.sc.SetColor(o.col)
			addPath(r.filler, o.path.transform(m))
			r.filler.Draw()
			r.filler.Clear()
		case opStroke:
			r.stroke(o, m)
		case opPattern:
			r.pattern(o, m)
		case opText:
			r.text(o, m)
		}
	}
}

// The rasterx line caps and joins of the SVG names.
var (
	rasterCap  = map[string]rasterx.CapFunc{"butt": rasterx.ButtCap, "round": rasterx.RoundCap, "square": rasterx.SquareCap}
	rasterJoin = map[string]rasterx.JoinMode{"miter": rasterx.Miter, "round": rasterx.Round, "bevel": rasterx.Bevel}
)

func (r *raster) stroke(o op, m matrix) {
	k := m.scale()
	capf := rasterCap[o.cap]
	join := rasterJoin[o.join]
	var dash []float64
	period := 0.0
	for _, d := range o.dash {
		dash = append(dash, d*k)
		period += d * k
	}
	// Dashes finer than a pixel, or so many that drawing them would take
	// ages, print as a solid line.
	if x0, y0, x1, y1 := o.path.bounds(); period < 0.5 || math.Hypot(x1-x0, y1-y0)*k*float64(len(o.path))/period > 1e6 {
		dash = nil
	}
	width := math.Max(o.width*k, 0.35) // hairlines stay visible
	r.dasher.SetStroke(fixed.Int26_6(width*64), fixed.Int26_6(4*64), capf, capf, nil, join, dash, 0)
	r.sc.SetColor(o.col)
	addPath(r.dasher, o.path.transform(m))
	r.dasher.Draw()
	r.dasher.Clear()
}

// pattern fills the path with the tile, drawn once at device resolution
// and repeated over the shape's box.
func (r *raster) pattern(o op, m matrix) {
	pm := m.mul(o.pat.m) // pattern space to pixels
	res := pm.scale()
	tw, th := int(math.Ceil(o.pat.w*res)), int(math.Ceil(o.pat.h*res))
	if tw <= 0 || th <= 0 || tw*th > 4_000_000 {
		return
	}
	tile := image.NewRGBA(image.Rect(0, 0, tw, th))
	tr := newRaster(tile)
	tr.ops(o.pat.ops, matrix{a: float64(tw) / o.pat.w, d: float64(th) / o.pat.h})
	src := &tiling{tile: tile, inv: pm.invert(), w: o.pat.w, h: o.pat.h}
	path := o.path.transform(m)
	x0, y0, x1, y1 := path.bounds()
	if !(x0 <= x1 && y0 <= y1) {
		return // no points, or not numbers
	}
	// The tiling is laid out over the box the shape can touch (its control
	// points bound its outline; two pixels more on each side for rounding),
	// so that filling reads a plain image instead of asking for every
	// pixel's colour. The box is clamped to the image before it becomes
	// integers, which a far-off point would overflow.
	b := r.img.Bounds()
	clamp := func(v float64, lo, hi int) int { return int(math.Max(float64(lo), math.Min(float64(hi), v))) }
	box := image.Rect(clamp(math.Floor(x0)-2, b.Min.X, b.Max.X), clamp(math.Floor(y0)-2, b.Min.Y, b.Max.Y),
		clamp(math.Ceil(x1)+3, b.Min.X, b.Max.X), clamp(math.Ceil(y1)+3, b.Min.Y, b.Max.Y))
	if box.Empty() {
		return
	}
	r.sc.SetColor(src.laidOut(box))
	addPath(r.filler, path)
	r.filler.Draw()
	r.filler.Clear()
}

// text fills each glyph outline.
func (r *raster) text(o op, m matrix) {
	for _, rn := range o.runs {
		r.sc.SetColor(rn.col)
		x, y := o.x+rn.dx, o.y
		for _, c := range rn.text {
			g := glyphShape(c, rn.face, rn.size, x, y)
			if len(g) > 0 {
				addPath(r.filler, g.transform(m))
			}
			x += fonts[rn.face].advance(c) * rn.size
		}
		r.filler.Draw()
		r.filler.Clear()
	}
}

func fx(p [2]float64) fixed.Point26_6 {
	return fixed.Point26_6{X: fixed.Int26_6(math.Round(p[0] * 64)), Y: fixed.Int26_6(math.Round(p[1] * 64))}
}

// addPath feeds a path to a rasterx filler or stroker.
func addPath(a rasterx.Adder, p shape) {
	open := false
	for _, s := range p {
		switch s.kind {
		case segMove:
			if open {
				a.Stop(false)
			}
			a.Start(fx(s.pts[0]))
			open = true
		case segLine:
			if open {
				a.Line(fx(s.pts[0]))
			}
		case segCubic:
			if open {
				a.CubeBezier(fx(s.pts[0]), fx(s.pts[1]), fx(s.pts[2]))
			}
		case segClose:
			if open {
				a.Stop(true)
				open = false
			}
		}
	}
	if open {
		a.Stop(false)
	}
}

// tiling is the tile repeated over the page, seen through the pattern's
// transform.
type tiling struct {
	tile *image.RGBA
	inv  matrix
	w, h float64
}

// laidOut is the tiling over box as an image.
func (p *tiling) laidOut(box image.Rectangle) *image.RGBA {
	img := image.NewRGBA(box)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			img.SetRGBA(x, y, p.tile.RGBAAt(p.tileAt(x, y)))
		}
	}
	return img
}

// tileAt is the tile pixel seen at page pixel (x, y).
func (p *tiling) tileAt(x, y int) (int, int) {
	u, v := p.inv.apply(float64(x)+0.5, float64(y)+0.5)
	u = math.Mod(u, p.w)
	if u < 0 {
		u += p.w
	}
	v = math.Mod(v, p.h)
	if v < 0 {
		v += p.h
	}
	b := p.tile.Bounds()
	tx := min(int(u/p.w*float64(b.Dx())), b.Dx()-1)
	ty := min(int(v/p.h*float64(b.Dy())), b.Dy()-1)
	return tx, ty
}

// scanner is a rasterx.Scanner that rasterises only the box the path
// covers (rasterx's own scanner walks the whole image for every shape).
type scanner struct {
	dst    *image.RGBA
	z      vector.Rasterizer
	segs   []scanSeg
	src    image.Image
	minX   fixed.Int26_6
	minY   fixed.Int26_6
	maxX   fixed.Int26_6
	maxY   fixed.Int26_6
	nonEmp bool
}

type scanSeg struct {
	move bool
	p    fixed.Point26_6
}

func (s *scanner) grow(p fixed.Point26_6) {
	if !s.nonEmp {
		s.minX, s.minY, s.maxX, s.maxY, s.nonEmp = p.X, p.Y, p.X, p.Y, true
		return
	}
	s.minX, s.minY = min(s.minX, p.X), min(s.minY, p.Y)
	s.maxX, s.maxY = max(s.maxX, p.X), max(s.maxY, p.Y)
}

func (s *scanner) Start(a fixed.Point26_6) { s.segs = append(s.segs, scanSeg{true, a}); s.grow(a) }
func (s *scanner) Line(b fixed.Point26_6)  { s.segs = append(s.segs, scanSeg{false, b}); s.grow(b) }
func (s *scanner) GetPathExtent() fixed.Rectangle26_6 {
	return fixed.Rectangle26_6{Min: fixed.Point26_6{X: s.minX, Y: s.minY}, Max: fixed.Point26_6{X: s.maxX, Y: s.maxY}}
}
func (s *scanner) SetBounds(w, h int)           {}
func (s *scanner) SetWinding(nonZero bool)      {}
func (s *scanner) SetClip(rect image.Rectangle) {}
func (s *scanner) Clear() {
	s.segs = s.segs[:0]
	s.nonEmp = false
}

func (s *scanner) SetColor(c interface{}) {
	switch c := c.(type) {
	case color.Color:
		s.src = image.NewUniform(c)
	case image.Image:
		s.src = c
	}
}

// Draw fills what was added since the last Clear with the colour.
func (s *scanner) Draw() {
	if !s.nonEmp || s.src == nil {
		return
	}
	box := image.Rect(s.minX.Floor(), s.minY.Floor(), s.maxX.Ceil()+1, s.maxY.Ceil()+1).Intersect(s.dst.Bounds())
	if box.Empty() {
		return
	}
	// The rasterizer switches to floating-point sums for a box wider or
	// taller than 512 pixels, and adds those up in another order with the
	// SIMD instructions of amd64 than in plain Go (the web edition's
	// build): a shade apart in a few pixels. A large box is drawn in
	// pieces of at most maxPiece pixels a side, with the whole path each
	// time, so the exact integer sums serve everywhere and every build
	// gives the same bytes.
	for y0 := box.Min.Y; y0 < box.Max.Y; y0 += maxPiece {
		for x0 := box.Min.X; x0 < box.Max.X; x0 += maxPiece {
			s.piece(image.Rect(x0, y0, min(x0+maxPiece, box.Max.X), min(y0+maxPiece, box.Max.Y)))
		}
	}
}

// maxPiece is the largest box the rasterizer sums in integers.
const maxPiece = 512

// piece fills the path's coverage inside box.
func (s *scanner) piece(box image.Rectangle) {
	s.z.Reset(box.Dx(), box.Dy())
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	// Pieces are not closed here: the stroker sends an outline as open
	// pieces that only add up to closed loops together.
	for _, sg := range s.segs {
		x, y := float32(sg.p.X)/64-ox, float32(sg.p.Y)/64-oy
		if sg.move {
			s.z.MoveTo(x, y)
		} else {
			s.z.LineTo(x, y)
		}
	}
	if tiles, ok := s.src.(*image.RGBA); ok {
		// The rasterizer would ask a picture for its colours pixel by
		// pixel; drawing the coverage first and compositing it with the
		// picture in one pass is several times faster.
		mask := image.NewAlpha(image.Rect(0, 0, box.Dx(), box.Dy()))
		s.z.DrawOp = draw.Src
		s.z.Draw(mask, mask.Bounds(), image.Opaque, image.Point{})
		draw.DrawMask(s.dst, box, tiles, box.Min, mask, image.Point{}, draw.Over)
		return
	}
	s.z.DrawOp = draw.Over
	s.z.Draw(s.dst, box, s.src, box.Min)
}
