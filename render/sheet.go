package render

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/zmission/zmission/layout"
)

// SheetOptions say how a tile-set sheet is drawn.
type SheetOptions struct {
	Mono      bool    // for black-and-white printers
	Page      string  // a4, letter, a3: pages of that size (Sheets); fit or "": one page just big enough
	Landscape bool    // turn the pages
	Margin    float64 // page margin in mm on a paper size (default DefaultMargin)
}

// Sheet layout in mm.
const (
	sheetFace    = 60.0 // side of one face
	sheetPairGap = 5.0  // between the two faces of a tile
	sheetTileGap = 14.0 // between tiles
	sheetRowGap  = 9.0
	sheetMargin  = 10.0
	sheetPerRow  = 2 // physical tiles per row on a fit page
)

// Sheet draws every face of a tile set on one page just big enough: the
// two faces of a physical tile side by side, each with its id and title,
// zone labels, kinds, special rooms and edges, open borders marked with an
// outward chevron, and the names of its zones underneath.
func Sheet(out io.Writer, set *layout.TileSet, o SheetOptions) error {
	o.Page = "fit"
	pages, err := Sheets(set, o)
	if err != nil {
		return err
	}
	_, err = out.Write(pages[0])
	return err
}

// sheetRow is one row of tiles, measured, ready to draw at a height.
type sheetRow struct {
	h    float64
	draw func(w *svgw, y float64)
}

// Sheets draws the tile-set sheet on pages of o.Page: as many tiles a row
// as the paper is wide enough for, as many rows a page as it is tall
// enough for, the legend at the end. On a fit page it is one page.
func Sheets(set *layout.TileSet, o SheetOptions) ([][]byte, error) {
	if set == nil {
		return nil, errors.New("render: no tile set to draw")
	}
	if o.Page == "" {
		o.Page = "fit"
	}
	if o.Margin == 0 && o.Page != "fit" {
		o.Margin = DefaultMargin
	}
	if err := CheckPage(o.Page, o.Margin); err != nil {
		return nil, err
	}
	st := style{mono: o.Mono}
	tiles := sheetTiles(set)
	pairW := 2*sheetFace + sheetPairGap
	perRow, pw, ph, mg := sheetPerRow, 0.0, 0.0, sheetMargin
	if o.Page != "fit" {
		size := pageSizes[o.Page]
		pw, ph, mg = size[0], size[1], o.Margin
		if o.Landscape {
			pw, ph = ph, pw
		}
		perRow = max(1, int((pw-2*mg+sheetTileGap)/(pairW+sheetTileGap)))
	}
	width := float64(perRow)*pairW + float64(perRow-1)*sheetTileGap
	if o.Page == "fit" {
		pw = width + 2*mg
	}
	left := (pw - width) / 2 // the tiles centred on the paper
	name := set.Title
	if name == "" {
		name = set.Name
	}

	// Measure every row once (drawing into a scratch buffer), gathering
	// what the legend must explain.
	used := map[string]bool{}
	var union art
	union.st, union.sheet, union.used = st, true, used
	union.b = &layout.Board{}
	var rows []sheetRow
	for r := 0; r < len(tiles); r += perRow {
		row := tiles[r:min(r+perRow, len(tiles))]
		var scratch svgw
		h := 0.0
		for k, tile := range row {
			x := left + float64(k)*(pairW+sheetTileGap)
			for j, f := range tile {
				h = math.Max(h, drawFace(&scratch, set, f, x+float64(j)*(sheetFace+sheetPairGap), 0, st, used, &union))
			}
		}
		rows = append(rows, sheetRow{h: h, draw: func(w *svgw, y float64) {
			for k, tile := range row {
				x := left + float64(k)*(pairW+sheetTileGap)
				for j, f := range tile {
					drawFace(w, set, f, x+float64(j)*(sheetFace+sheetPairGap), y, st, map[string]bool{}, &art{b: &layout.Board{}})
				}
			}
		}})
	}
	leg := section(st, "Legend", legend(st, union.legendEntries()))(width, 1)
	rows = append(rows, sheetRow{h: leg.h, draw: func(w *svgw, y float64) { leg.draw(w, left, y) }})

	// Lay the rows out on pages; every page starts with the header.
	headerH := 7*1.3 + 3.6 + 2.5 + 5
	var pages [][]sheetRow
	var cur []sheetRow
	y := mg + headerH
	for _, r := range rows {
		if o.Page != "fit" && len(cur) > 0 && y+r.h > ph-mg {
			pages = append(pages, cur)
			cur, y = nil, mg+headerH
		}
		cur = append(cur, r)
		y += r.h + sheetRowGap
	}
	pages = append(pages, cur)
	if o.Page == "fit" {
		ph = y - sheetRowGap + mg
	}

	var out [][]byte
	for i, page := range pages {
		var body svgw
		y := mg
		body.text(left, y+7, 7, "start", "bold", st.c("ink"), name, "class", "heading")
		y += 7 * 1.3
		facts := fmt.Sprintf("Tile set %s  ·  %d faces on %d tiles  ·  %d×%d cells per face", set.Name, len(set.Faces), len(tiles), set.Size, set.Size)
		if len(pages) > 1 {
			facts += fmt.Sprintf("  ·  page %d of %d", i+1, len(pages))
		}
		body.text(left, y+3.6, bodySize*1.05, "start", "", st.c("faint"), facts)
		y += 3.6 + 2.5
		body.el("path", "d", "M"+num(left)+" "+num(y)+"H"+num(left+width), "stroke", st.c("ink"), "stroke-width", "0.5")
		y += 5
		for _, r := range page {
			r.draw(&body, y)
			y += r.h + sheetRowGap
		}
		var w svgw
		w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
		w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
			"width", num(pw)+"mm", "height", num(ph)+"mm", "viewBox", "0 0 "+num(pw)+" "+num(ph), "font-family", fontFamily)
		w.WriteByte('\n')
		w.WriteString("<title>" + esc(name) + "</title>\n")
		w.el("rect", "width", num(pw), "height", num(ph), "fill", st.c("paper"))
		writeDefs(&w, used, st)
		w.Write(body.Bytes())
		w.close("svg")
		out = append(out, w.Bytes())
	}
	return out, nil
}

// sheetTiles pairs the faces of each physical tile, in file order.
func sheetTiles(set *layout.TileSet) [][]*layout.Face {
	done := map[string]bool{}
	byID := make(map[string]*layout.Face, len(set.Faces))
	for _, f := range set.Faces {
		if _, dup := byID[f.ID]; !dup {
			byID[f.ID] = f
		}
	}
	var out [][]*layout.Face
	for _, f := range set.Faces {
		if done[f.ID] {
			continue
		}
		done[f.ID] = true
		tile := []*layout.Face{f}
		if o := byID[f.Other]; f.Other != "" && o != nil && !done[o.ID] {
			done[o.ID] = true
			tile = append(tile, o)
		}
		out = append(out, tile)
	}
	return out
}

// drawFace draws one face at (x, y) with its caption above and its zone
// names below, and returns the height used.
func drawFace(w *svgw, set *layout.TileSet, f *layout.Face, x, y float64, st style, used map[string]bool, union *art) float64 {
	ink := st.c("ink")
	capSize := 3.6
	caption := []span{{text: f.ID, bold: true}}
	if f.Title != "" {
		caption = append(caption, span{text: f.Title})
	}
	lines := wrapSpans(caption, capSize, sheetFace-textWidth("…", capSize, false))
	if len(lines) > 0 {
		first := lines[0]
		if len(lines) > 1 { // one line only: the face sits right under it
			first[len(first)-1].text += "…"
		}
		writeLine(w, st, x, y+capSize, capSize, "start", first)
	}
	top := y + capSize*1.6
	// Built from a set of this face alone: Build indexes every face of its
	// set, and a sheet of thousands of faces built each against all the
	// others was quadratic.
	one := *set
	one.Faces = []*layout.Face{f}
	b, _ := layout.Build(&one, []layout.Placement{{Face: f.ID}})
	w.open("g", "class", "face", "data-face", esc(f.ID))
	w.WriteByte('\n')
	if b == nil || len(b.Tiles) == 0 || b.W == 0 {
		w.el("rect", "x", num(x), "y", num(top), "width", num(sheetFace), "height", num(sheetFace), "fill", "none", "stroke", ink, "stroke-dasharray", "2 2")
		w.text(x+sheetFace/2, top+sheetFace/2, bodySize, "middle", "", ink, "cannot be drawn")
		w.close("g")
		return top - y + sheetFace
	}
	a := newArt(b, st, nil, nil, true)
	a.placeLabels()
	scale := sheetFace / (float64(b.W) * cell)
	w.open("g", "transform", "translate("+num(x)+" "+num(top)+") scale("+num4(scale)+")")
	w.WriteByte('\n')
	a.boardGroup(w, false, nil, func() {})
	w.close("g")
	w.close("g")
	for k := range a.used {
		used[k] = true
	}
	union.b.Zones = append(union.b.Zones, b.Zones...)
	union.h = append(union.h, a.h...)
	union.v = append(union.v, a.v...)

	// Zone names under the face: "a Security Room · c corridor".
	var names []span
	for _, l := range f.Labels() {
		z := f.Zones[l]
		if z == nil {
			continue
		}
		what := z.Name
		if what == "" {
			what = z.Kind
		}
		if len(names) > 0 {
			names[len(names)-1].text += " ·"
		}
		names = append(names, span{text: l, bold: true}, span{text: what})
	}
	fs := smallSize
	nl := wrapSpans(names, fs, sheetFace)
	ny := top + sheetFace + 1.5
	for i, l := range nl {
		writeLine(w, st, x, ny+fs*0.93+float64(i)*fs*leading, fs, "start", l)
	}
	return ny + float64(len(nl))*fs*leading - y
}
