package sitepage

import (
	"fmt"
	"math"
	"regexp"
	"strconv"

	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/render"
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
	return printing.FastPNG(cut, min(max(dpi, 10), 1200))
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
	// A sheet: its figure is at the top, the width of the page.
	return 0, 0, pw, min(ph, pw*0.62), nil
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
