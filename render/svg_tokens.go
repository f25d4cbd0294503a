package render

import (
	"math"
	"sort"

	"github.com/zmission/zmission/layout"
)

// rect is an axis-aligned box in board units.
type rect struct{ x1, y1, x2, y2 float64 }

func (r rect) grow(d float64) rect { return rect{r.x1 - d, r.y1 - d, r.x2 + d, r.y2 + d} }

// tokenPlace is where a token's icon goes: its centre and size.
type tokenPlace struct{ x, y, size float64 }

// Token icons keep this far from the cell sides, and are never bigger
// than tokenMax, so that a lone token still leaves room for a label.
const (
	tokenInset = 11.0
	tokenGap   = 4.0
	tokenMax   = 48.0
	// minTokenRoom is the least height a tile badge leaves to tokens.
	minTokenRoom = 36.0
)

// cellArea is the part of cell p that tokens may use.
func cellArea(p layout.Point) rect {
	x, y := float64(p.X)*cell, float64(p.Y)*cell
	return rect{x + tokenInset, y + tokenInset, x + cell - tokenInset, y + cell - tokenInset}
}

// tokenCells groups token indexes (into a.tokens) by cell, cells in
// reading order.
func (a *art) tokenCells() ([]layout.Point, map[layout.Point][]int) {
	by := map[layout.Point][]int{}
	var cells []layout.Point
	for i, t := range a.tokens {
		if _, ok := by[t.Cell]; !ok {
			cells = append(cells, t.Cell)
		}
		by[t.Cell] = append(by[t.Cell], i)
	}
	sort.Slice(cells, func(i, j int) bool {
		if cells[i].Y != cells[j].Y {
			return cells[i].Y < cells[j].Y
		}
		return cells[i].X < cells[j].X
	})
	return cells, by
}

// layoutTokens lays each cell's tokens out in a small grid inside it, so
// that several tokens in one cell never overlap.
func (a *art) layoutTokens() {
	a.places = make([]tokenPlace, len(a.tokens))
	cells, by := a.tokenCells()
	a.placeBadges(by)
	for _, p := range cells {
		a.layoutIn(by[p], a.tokenArea(p, cellArea(p)))
	}
}

// tokenArea is area less the band a tile badge in cell p takes.
func (a *art) tokenArea(p layout.Point, area rect) rect {
	for _, i := range a.tilesBadgedAt()[p] {
		b := a.faceIDBox(a.b.Tiles[i])
		cut := area
		if b.y1 > area.y1+(area.y2-area.y1)/2 {
			cut.y2 = math.Min(area.y2, b.y1) // badge at the bottom: tokens above it
		} else {
			cut.y1 = math.Max(area.y1, b.y2) // badge at the top: tokens below it
		}
		// A cell crowded on every corner keeps its room; the badge is
		// drawn over it then, rather than tokens shrinking to dots.
		if cut.y2-cut.y1 >= minTokenRoom {
			area = cut
		}
	}
	return area
}

// layoutIn places tokens idx in area: the grid shape that gives the
// biggest icons, rows filled in order, the last row centred.
func (a *art) layoutIn(idx []int, area rect) {
	n := len(idx)
	w, h := area.x2-area.x1, area.y2-area.y1
	bestCols, bestSize := 1, -1.0
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		s := math.Min((w-float64(cols-1)*tokenGap)/float64(cols), (h-float64(rows-1)*tokenGap)/float64(rows))
		if s > bestSize+1e-9 {
			bestCols, bestSize = cols, s
		}
	}
	size := math.Max(4, math.Min(bestSize, tokenMax))
	cols := bestCols
	rows := (n + cols - 1) / cols
	gridH := float64(rows)*size + float64(rows-1)*tokenGap
	top := area.y1 + (h-gridH)/2
	for k, i := range idx {
		r, c := k/cols, k%cols
		inRow := cols
		if r == rows-1 && n%cols != 0 {
			inRow = n % cols
		}
		rowW := float64(inRow)*size + float64(inRow-1)*tokenGap
		left := area.x1 + (w-rowW)/2
		a.places[i] = tokenPlace{
			x:    left + float64(c)*(size+tokenGap) + size/2,
			y:    top + float64(r)*(size+tokenGap) + size/2,
			size: size,
		}
	}
}

// tokenBox is the box around the icons of tokens idx.
func (a *art) tokenBox(idx []int) rect {
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, i := range idx {
		p := a.places[i]
		r.x1 = math.Min(r.x1, p.x-p.size/2)
		r.y1 = math.Min(r.y1, p.y-p.size/2)
		r.x2 = math.Max(r.x2, p.x+p.size/2)
		r.y2 = math.Max(r.y2, p.y+p.size/2)
	}
	return r
}

// drawTokens draws every token's icon, with the spawn order number on
// Spawn Zones and, in mono, the colour letter on coloured tokens.
func (a *art) drawTokens(w *svgw) {
	if len(a.tokens) == 0 {
		return
	}
	w.open("g", "class", "tokens")
	w.WriteByte('\n')
	ink := a.st.c("ink")
	for i, t := range a.tokens {
		p := a.places[i]
		id := iconID(t.Type, t.State, t.Kind)
		a.used[id] = true
		colour := ""
		if t.Type == "spawn" || t.Type == "objective" {
			colour = a.st.token(t.Color)
		}
		w.use(id, p.x, p.y, p.size, colour)
		if n := a.spawnNo[t.Index]; n > 0 && t.Type == "spawn" {
			fs := p.size * 0.34
			w.text(p.x, p.y+fs*0.36, fs, "middle", "bold", ink, itoa(n), "class", "spawn-no")
		}
		if t.Type == "spawn" || t.Type == "objective" {
			if l := a.st.letter(t.Color); l != "" {
				r := p.size * 0.2
				a.letterBadge(w, p.x+p.size/2-r*0.6, p.y-p.size/2+r*0.6, r, l)
			}
		}
	}
	w.close("g")
}
