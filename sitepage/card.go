package sitepage

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"regexp"
	"sort"
	"strconv"

	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/render/printout"
)

// CardWidth is the width in pixels of the picture a link preview shows
// (OpenGraph, Twitter's large card): above their smallest, and small.
const CardWidth = 480

var (
	rootSizeRe = regexp.MustCompile(`(<svg\b[^>]*?)\swidth="[^"]*" height="[^"]*" viewBox="[^"]*"`)
	pageSizeRe = regexp.MustCompile(`<svg\b[^>]*?\sviewBox="0 0 ([0-9.]+) ([0-9.]+)"`)
	boardRe    = regexp.MustCompile(`<g class="board" transform="translate\(([0-9.-]+) ([0-9.-]+)\) scale\(([0-9.]+)\)"`)
)

// Crop is the map's rectangle on the drawn page (page, an SVG in
// millimetres), as fractions of the page's width: x, y, width, height. A
// board of cells (board, in cells) is cut to the board; a sheet without
// one to its upper part, where its figure is drawn. The index's cards show
// the page's own SVG through it: sharp at any size, and no file more.
func Crop(page []byte, board [2]int) ([4]float64, error) {
	m := pageSizeRe.FindSubmatch(page)
	x, y, w, h, err := crop(page, board)
	if err != nil {
		return [4]float64{}, err
	}
	pw, _ := strconv.ParseFloat(string(m[1]), 64)
	r := func(f float64) float64 { return math.Round(f/pw*1e4) / 1e4 }
	return [4]float64{r(x), r(y), r(w), r(h)}, nil
}

// Card is the map alone as a PNG CardWidth wide, for link previews: cut
// out of the drawn page as Crop cuts it.
func Card(page []byte, board [2]int) ([]byte, error) {
	x, y, w, h, err := crop(page, board)
	if err != nil {
		return nil, err
	}
	loc := rootSizeRe.FindSubmatchIndex(page)
	if loc == nil {
		return nil, fmt.Errorf("sitepage: the drawn page has no size")
	}
	box := fmt.Sprintf(` width="%smm" height="%smm" viewBox="%s %s %s %s"`, num(w), num(h), num(x), num(y), num(w), num(h))
	cut := append(append(append([]byte{}, page[:loc[3]]...), box...), page[loc[1]:]...)
	dpi := CardWidth / (w / 25.4)
	pg, err := printout.Parse(cut)
	if err != nil {
		return nil, err
	}
	img, err := printout.Raster(pg, min(max(dpi, 10), 1200))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, paletted(img)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// paletted is img in its 256 most common colours, each other colour
// given the nearest of them. A drawn map is flat colour but for its
// anti-aliased edges: this keeps its look in a third of the bytes of the
// full-colour picture (15-19 KB for the examples at 480 pixels, not 43-67).
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	// Colours as one number each; a run of one colour (most of a row) is
	// counted, and later looked up, once.
	at := func(x, y int) uint32 {
		i := img.PixOffset(x, y)
		p := img.Pix[i : i+4 : i+4]
		return uint32(p[0])<<24 | uint32(p[1])<<16 | uint32(p[2])<<8 | uint32(p[3])
	}
	count := map[uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		run, n := at(b.Min.X, y), 0
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := at(x, y); c != run {
				count[run] += n
				run, n = c, 0
			}
			n++
		}
		count[run] += n
	}
	colours := make([]uint32, 0, len(count))
	for c := range count {
		colours = append(colours, c)
	}
	// The most common first; ties by value, so the same picture gives the
	// same palette.
	sort.Slice(colours, func(i, j int) bool {
		if count[colours[i]] != count[colours[j]] {
			return count[colours[i]] > count[colours[j]]
		}
		return colours[i] < colours[j]
	})
	rgba := func(c uint32) color.RGBA { return color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)} }
	pal := make(color.Palette, 0, 256)
	for _, c := range colours[:min(len(colours), 256)] {
		pal = append(pal, rgba(c))
	}
	out := image.NewPaletted(b, pal)
	index := make(map[uint32]uint8, len(colours))
	for i, c := range colours[:len(pal)] {
		index[c] = uint8(i)
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		last, li := at(b.Min.X, y)+1, uint8(0) // no colour yet
		for x := b.Min.X; x < b.Max.X; x++ {
			c := at(x, y)
			if c != last {
				i, ok := index[c]
				if !ok {
					i = uint8(pal.Index(rgba(c)))
					index[c] = i
				}
				last, li = c, i
			}
			out.Pix[out.PixOffset(x, y)] = li
		}
	}
	return out
}

// crop finds the map's rectangle on the page, in millimetres.
func crop(page []byte, board [2]int) (x, y, w, h float64, err error) {
	m := pageSizeRe.FindSubmatch(page)
	if m == nil {
		return 0, 0, 0, 0, fmt.Errorf("sitepage: the drawn page has no size")
	}
	pw, _ := strconv.ParseFloat(string(m[1]), 64)
	ph, _ := strconv.ParseFloat(string(m[2]), 64)
	const pad = 2.0
	if b := boardRe.FindSubmatch(page); b != nil && board[0] > 0 && board[1] > 0 {
		bx, _ := strconv.ParseFloat(string(b[1]), 64)
		by, _ := strconv.ParseFloat(string(b[2]), 64)
		s, _ := strconv.ParseFloat(string(b[3]), 64)
		w = s * render.CellUnits * float64(board[0])
		h = s * render.CellUnits * float64(board[1])
		x, y = max(0, bx-pad), max(0, by-pad)
		return x, y, min(pw-x, w+2*pad), min(ph-y, h+2*pad), nil
	}
	// A sheet: cut to its main figure (the facility's map, the colony's
	// board at setup, Survival Infection's table), with a margin; a sheet
	// that marks none shows its upper part.
	if p, err := printout.Parse(page); err == nil {
		for _, class := range sheetFigures {
			if b, ok := p.Box(class); ok && b[2] > 10 && b[3] > 10 {
				const margin = 1.5
				x, y = max(0, b[0]-margin), max(0, b[1]-margin)
				return x, y, min(pw-x, b[2]+2*margin), min(ph-y, b[3]+2*margin), nil
			}
		}
	}
	return 0, 0, pw, min(ph, pw*0.62), nil
}

// sheetFigures are the classes of the group that holds a sheet's main
// figure, as render draws it.
var sheetFigures = []string{"figure", "facility"}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
