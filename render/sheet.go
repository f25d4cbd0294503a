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
	Mono bool // for black-and-white printers
}

// Sheet layout in mm.
const (
	sheetFace    = 60.0 // side of one face
	sheetPairGap = 5.0  // between the two faces of a tile
	sheetTileGap = 14.0 // between tiles
	sheetRowGap  = 9.0
	sheetMargin  = 10.0
	sheetPerRow  = 2 // physical tiles per row
)

// Sheet draws every face of a tile set: the two faces of a physical tile
// side by side, each with its id and title, zone labels, kinds, special
// rooms and edges, open borders marked with an outward chevron, and the
// names of its zones underneath. The page is just big enough.
func Sheet(out io.Writer, set *layout.TileSet, o SheetOptions) error {
	if set == nil {
		return errors.New("render: no tile set to draw")
	}
	st := style{mono: o.Mono}
	used := map[string]bool{}
	tiles := sheetTiles(set)
	width := sheetPerRow*(2*sheetFace+sheetPairGap) + (sheetPerRow-1)*sheetTileGap
	pw := width + 2*sheetMargin

	var body svgw
	y := sheetMargin
	// Header.
	name := set.Title
	if name == "" {
		name = set.Name
	}
	body.text(sheetMargin, y+7, 7, "start", "bold", st.c("ink"), name, "class", "heading")
	y += 7 * 1.3
	facts := fmt.Sprintf("Tile set %s  ·  %d faces on %d tiles  ·  %d×%d cells per face", set.Name, len(set.Faces), len(tiles), set.Size, set.Size)
	body.text(sheetMargin, y+3.6, bodySize*1.05, "start", "", st.c("faint"), facts)
	y += 3.6 + 2.5
	body.el("path", "d", "M"+num(sheetMargin)+" "+num(y)+"H"+num(sheetMargin+width), "stroke", st.c("ink"), "stroke-width", "0.5")
	y += 5

	var union art
	union.st, union.sheet, union.used = st, true, used
	union.b = &layout.Board{}
	for r := 0; r < len(tiles); r += sheetPerRow {
		rowH := 0.0
		for k := 0; k < sheetPerRow && r+k < len(tiles); k++ {
			x := sheetMargin + float64(k)*(2*sheetFace+sheetPairGap+sheetTileGap)
			for j, f := range tiles[r+k] {
				fx := x + float64(j)*(sheetFace+sheetPairGap)
				h := drawFace(&body, set, f, fx, y, st, used, &union)
				rowH = math.Max(rowH, h)
			}
		}
		y += rowH + sheetRowGap
	}
	// A legend of everything the faces show.
	leg := section(st, "Legend", legend(st, union.legendEntries()))(width, 1)
	leg.draw(&body, sheetMargin, y)
	y += leg.h + sheetMargin

	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(pw)+"mm", "height", num(y)+"mm", "viewBox", "0 0 "+num(pw)+" "+num(y), "font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(name) + "</title>\n")
	w.el("rect", "width", num(pw), "height", num(y), "fill", st.c("paper"))
	writeDefs(&w, used, st)
	w.Write(body.Bytes())
	w.close("svg")
	_, err := out.Write(w.Bytes())
	return err
}

// sheetTiles pairs the faces of each physical tile, in file order.
func sheetTiles(set *layout.TileSet) [][]*layout.Face {
	done := map[string]bool{}
	var out [][]*layout.Face
	for _, f := range set.Faces {
		if done[f.ID] {
			continue
		}
		done[f.ID] = true
		tile := []*layout.Face{f}
		if o := set.Face(f.Other); f.Other != "" && o != nil && !done[o.ID] {
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
	b, _ := layout.Build(set, []layout.Placement{{Face: f.ID}})
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
	a.boardGroup(w, false, nil)
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
