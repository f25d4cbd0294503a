package render

import (
	"math"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
)

// labelBox is where a zone's label goes: its centre, size and text.
type labelBox struct {
	x, y    float64 // centre of the plate
	w, h    float64 // size of the plate
	main    string
	sub     string // the special-room tag, or ""
	subRole string
	note    string  // what overlays say of the zone, or ""
	nodeX   float64 // graphs: the node dot, under the plate or beside it
	nodeY   float64
}

// Label type sizes, in board units.
const (
	labelFont = 13.0
	subFont   = 8.5
	labelPad  = 4.0
	// samples per cell side when looking for a label's place; odd, so
	// that the middle of a cell is one of them.
	labelSamples = 11
	// nodeRoom is the height kept under a plate for a graph's node dot.
	nodeRoom = 24.0
)

func (a *art) labelText(z *layout.Zone) labelBox {
	l := labelBox{main: z.ID}
	if a.sheet {
		l.main = z.Label
	}
	l.sub, l.subRole = featureTag(z)
	l.w = math.Max(textWidth(l.main, labelFont, true), textWidth(l.sub, subFont, true)) + 2*labelPad
	l.note = strings.Join(a.notes[z.Index], " · ")
	l.w = math.Max(l.w, textWidth(l.note, subFont, true)+2*labelPad)
	l.h = labelFont + 2*labelPad
	if l.sub != "" {
		l.h += subFont + 2
	}
	if l.note != "" {
		l.h += subFont + 2
	}
	return l
}

// placeLabels finds, for each zone, the point inside its cells that is
// farthest from the zone's boundary, its tokens and the tile's face id (a
// pole of inaccessibility measured for the label's box, found on a fine
// sub-grid of every cell). The centroid would fall outside an L-shaped
// zone, or on a wall. Where no place fits the label, it takes a band at
// the top of a cell and that cell's tokens move below it.
func (a *art) placeLabels() {
	b := a.b
	obs := a.obstacles()
	_, by := a.tokenCells()
	a.labels = make([]labelBox, len(b.Zones))
	var last, next map[string]*labelPlace
	var key []byte
	if c := a.labelCache; c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		last, next = c.last, make(map[string]*labelPlace, len(c.last))
		defer func() { c.last = next }()
	}
	for zi, z := range b.Zones {
		l := a.labelText(z)
		full := l.h // the plate, and the node dot under it for graphs
		if a.graph {
			full += nodeRoom
		}
		var x, y, score float64
		if next != nil {
			x, y, score = a.placeOf(z, obs, l.w/2, full/2, last, next, &key)
		} else {
			x, y, score = a.pole(z, obs, l.w/2, full/2)
		}
		l.x, l.y = x, y-full/2+l.h/2
		l.nodeX, l.nodeY = x, y+full/2-nodeRoom/2
		if !a.graph {
			l.nodeY = l.y
		}
		if score < 1 {
			cx, cy := int(x/cell), int(y/cell)
			idx, ok := by[layout.Point{X: cx, Y: cy}]
			if !ok {
				// The plate does not fit; if it covers tokens in another
				// cell of the zone, it takes the band of that cell.
				plate := rect{l.x - l.w/2, l.y - l.h/2, l.x + l.w/2, l.y + l.h/2}
				for _, c := range z.Cells {
					if ti, has := by[c]; has && intersects(plate, a.tokenBox(ti)) {
						cx, cy, idx, ok = c.X, c.Y, ti, true
						break
					}
				}
			}
			if ok {
				// Too tight beside the tokens: the plate takes a band on
				// top of the cell, a graph's node goes beside it, and the
				// tokens move below.
				left, top := float64(cx)*cell, float64(cy)*cell
				l.x, l.y = left+cell/2, top+5+l.h/2
				l.nodeX, l.nodeY = l.x, l.y
				if a.graph {
					l.nodeX = l.x + l.w/2 + 12
					if l.nodeX > left+cell-10 {
						l.nodeX = l.x - l.w/2 - 12
					}
					if l.nodeX < left+10 {
						l.nodeX, l.nodeY = l.x, l.y+l.h/2
					}
				}
				area := cellArea(layout.Point{X: cx, Y: cy})
				area.y1 = top + 8 + l.h
				a.layoutIn(idx, a.tokenArea(layout.Point{X: cx, Y: cy}, area))
			}
		}
		a.labels[zi] = l
	}
}

func intersects(p, q rect) bool {
	return p.x1 < q.x2 && q.x1 < p.x2 && p.y1 < q.y2 && q.y1 < p.y2
}

// obstacleMap lists, per cell (y*W+x), what a label must keep clear of:
// the sides of the cell that bound its zone, its tokens, and a tile's face
// id. reach is how far any of them sticks out of its cell, which bounds
// how close the obstacles of farther cells can come.
type obstacleMap struct {
	at    [][]rect
	reach float64
}

// obstacles gathers the obstacleMap of the board.
func (a *art) obstacles() obstacleMap {
	b := a.b
	// Each obstacle is listed with its cell, in the order the cells' lists
	// hold them, and then the lists are cut out of one array: a cell's list
	// made by appending cost several thousand allocations a board of 20×20
	// tiles.
	cells, by := a.tokenCells()
	all := make([]cellRect, 0, len(cells)+len(b.Tiles)+2*b.W*b.H) // about two sides a cell bound a zone
	for _, p := range cells {
		all = append(all, cellRect{p.Y*b.W + p.X, a.tokenBox(by[p]).grow(3)})
	}
	if !a.sheet {
		for _, t := range b.Tiles {
			c := a.badgeCell(t)
			x, y := c.X, c.Y
			if x >= 0 && y >= 0 && x < b.W && y < b.H {
				all = append(all, cellRect{y*b.W + x, a.faceIDBox(t)})
			}
		}
	}
	all = append(all, a.zoneSides()...)
	obs := make([][]rect, b.W*b.H)
	end := make([]int, len(obs)+1) // end[i+1]: where cell i's list ends
	for _, o := range all {
		end[o.i+1]++
	}
	for i := range obs {
		end[i+1] += end[i]
	}
	flat := make([]rect, len(all))
	next := slices.Clone(end[:len(obs)])
	for _, o := range all {
		flat[next[o.i]] = o.r
		next[o.i]++
	}
	for i := range obs {
		if end[i] < end[i+1] {
			obs[i] = flat[end[i]:end[i+1]:end[i+1]]
		}
	}
	reach := 0.0
	for i, rs := range obs {
		x, y := float64(i%max(b.W, 1))*cell, float64(i/max(b.W, 1))*cell
		for _, r := range rs {
			reach = max(reach, x-r.x1, r.x2-x-cell, y-r.y1, r.y2-y-cell)
		}
	}
	return obstacleMap{at: obs, reach: reach}
}

// cellRect is an obstacle and the cell (y*W+x) whose list holds it.
type cellRect struct {
	i int
	r rect
}

// zoneSides is the obstacles of the sides of cells that bound their zone,
// cell by cell in the zones' order: the board's alone, kept by the label
// cache for the board it was drawn for.
func (a *art) zoneSides() []cellRect {
	b := a.b
	c := a.labelCache
	if c != nil {
		c.fixedMu.Lock()
		kept, of := c.sides, c.sidesOf
		c.fixedMu.Unlock()
		if of == b {
			return kept
		}
	}
	var out []cellRect
	for _, z := range b.Zones {
		for _, c := range z.Cells {
			for d := layout.N; d <= layout.W; d++ {
				if b.ZoneAt(c.X+layout.DX[d], c.Y+layout.DY[d]) == z {
					continue
				}
				x, y := float64(c.X)*cell, float64(c.Y)*cell
				var r rect
				switch d {
				case layout.N:
					r = rect{x, y, x + cell, y}
				case layout.S:
					r = rect{x, y + cell, x + cell, y + cell}
				case layout.W:
					r = rect{x, y, x, y + cell}
				default:
					r = rect{x + cell, y, x + cell, y + cell}
				}
				out = append(out, cellRect{c.Y*b.W + c.X, r.grow(4)})
			}
		}
	}
	if c != nil {
		c.fixedMu.Lock()
		c.sides, c.sidesOf = out, b
		c.fixedMu.Unlock()
	}
	return out
}

// pole returns the best label centre for zone z and how well a box of
// half sizes hw, hh fits there: 1 is a snug fit, more is room to spare.
// Of the sample points that fit best, it takes the one nearest the zone's
// centroid, the first of those in cell and sample order.
func (a *art) pole(z *layout.Zone, obs obstacleMap, hw, hh float64) (bx, by, best float64) {
	bx, by, best, _ = a.poleRings(z, obs, hw, hh)
	return bx, by, best
}

// poleRings is pole, and how many rings of cells around the zone's cells
// its search read (their obstacles are all the answer depends on).
func (a *art) poleRings(z *layout.Zone, obs obstacleMap, hw, hh float64) (bx, by, best float64, rings int) {
	var mx, my float64
	for _, c := range z.Cells {
		mx += (float64(c.X) + 0.5) * cell
		my += (float64(c.Y) + 0.5) * cell
	}
	mx /= float64(len(z.Cells))
	my /= float64(len(z.Cells))
	const eps = 1e-9
	// A first guess, the middle of the cell nearest the centroid, gives a
	// floor that most sample points fall below at their first obstacle
	// (the middle of a one-cell zone is its answer): only points that can
	// be as good are measured in full. What the points below it would have
	// been is never the answer, since the guess beats them.
	step := cell / labelSamples
	mid := (float64(labelSamples/2) + 0.5) * step // the middle sample, as the loop below computes it
	floor := math.Inf(-1)
	guessD := math.Inf(1)
	var guess layout.Point
	for _, c := range z.Cells {
		x, y := float64(c.X)*cell+mid, float64(c.Y)*cell+mid
		if d := (x-mx)*(x-mx) + (y-my)*(y-my); d < guessD {
			guess, guessD = c, d
		}
	}
	if len(z.Cells) > 0 {
		x, y := float64(guess.X)*cell+mid, float64(guess.Y)*cell+mid
		var r int
		floor, r = a.clearance(obs, guess, x, y, hw, hh, math.Inf(-1))
		floor -= 2 * eps
		rings = r
	}
	best, bestD := -1.0, math.Inf(1)
	for _, c := range z.Cells {
		for j := 0; j < labelSamples; j++ {
			for i := 0; i < labelSamples; i++ {
				px := float64(c.X)*cell + (float64(i)+0.5)*step
				py := float64(c.Y)*cell + (float64(j)+0.5)*step
				f := floor // max(floor, best-eps), inlined
				if best-eps > f {
					f = best - eps
				}
				s, r := a.clearance(obs, c, px, py, hw, hh, f)
				if r > rings {
					rings = r
				}
				if s < f {
					continue
				}
				d := (px-mx)*(px-mx) + (py-my)*(py-my)
				if s > best+eps || d < bestD-eps {
					best, bestD, bx, by = s, d, px, py
				}
			}
		}
	}
	return bx, by, best, rings
}

// clearance is the scale of the largest label box centred on (px, py)
// that touches no obstacle, searching rings of cells outward from c. It
// stops early with an answer below floor once it has one, or when no
// farther ring can come closer. rings is the last ring of cells around c
// it read.
func (a *art) clearance(obs obstacleMap, c layout.Point, px, py, hw, hh, floor float64) (m float64, rings int) {
	b := a.b
	m = math.Inf(1)
	// How far the point is from its own cell's sides: a cell r rings out
	// is at least (r-1) cells and that much farther, less what its
	// obstacles stick out of it.
	left, top := float64(c.X)*cell, float64(c.Y)*cell
	ex, ey := px-left, py-top // the nearer side of each, min inlined
	if d := left + cell - px; d < ex {
		ex = d
	}
	if d := top + cell - py; d < ey {
		ey = d
	}
	ex -= obs.reach
	ey -= obs.reach
	for r := 0; r <= max(b.W, b.H); r++ {
		if r > 0 {
			gap := float64(r-1) * cell
			if a, b := (gap+ex)/hw, (gap+ey)/hh; m <= a && m <= b { // min, inlined
				break
			}
		}
		rings = r
		for y := c.Y - r; y <= c.Y+r; y++ {
			if y < 0 || y >= b.H {
				continue
			}
			step := 1
			if r > 0 && y != c.Y-r && y != c.Y+r {
				step = 2 * r // rows inside the ring: only its two ends
			}
			for x := c.X - r; x <= c.X+r; x += step {
				if x < 0 || x >= b.W {
					continue
				}
				for _, o := range obs.at[y*b.W+x] {
					// max by comparisons: the built-in's answers for these
					// numbers (never NaN; a -0 gives way to the 0 it starts
					// from), inlined on every platform, where WebAssembly
					// calls a function for the built-in (this loop runs for
					// every sample point of every zone).
					dx, dy := 0.0, 0.0
					if d := o.x1 - px; d > dx {
						dx = d
					}
					if d := px - o.x2; d > dx {
						dx = d
					}
					if d := o.y1 - py; d > dy {
						dy = d
					}
					if d := py - o.y2; d > dy {
						dy = d
					}
					s := dx / hw
					if t := dy / hh; t > s {
						s = t
					}
					if s < m {
						m = s
						if m < floor {
							return m, rings
						}
					}
				}
			}
		}
	}
	return m, rings
}

// drawLabels writes each zone's label on a light plate.
func (a *art) drawLabels(w *svgw) {
	w.open("g", "class", "labels")
	w.WriteByte('\n')
	ink, paper := a.st.c("ink"), a.st.c("paper")
	for _, l := range a.labels {
		a.pieces.reset('l')
		a.pieces.float(l.x, l.y, l.w, l.h)
		a.pieces.str(l.main, l.sub, l.subRole, l.note)
		a.pieces.draw(w, func(w *svgw) { a.drawLabel(w, l, ink, paper) })
	}
	w.close("g")
}

// drawLabel writes one zone's label, on its plate.
func (a *art) drawLabel(w *svgw, l labelBox, ink, paper string) {
	{
		top := l.y - l.h/2
		// Opaque in mono, so no pattern runs under the letters.
		op := "0.88"
		if a.st.mono {
			op = ""
			// A margin of paper too, so patterns stop short of the plate.
			w.el("rect", "x", num(l.x-l.w/2-4), "y", num(top-4), "width", num(l.w+8), "height", num(l.h+8), "rx", "6", "fill", paper)
		}
		w.el("rect", "x", num(l.x-l.w/2), "y", num(top), "width", num(l.w), "height", num(l.h), "rx", "4",
			"fill", paper, "fill-opacity", op)
		w.text(l.x, top+labelPad+labelFont*0.76, labelFont, "middle", "bold", ink, l.main, "class", "zone-id")
		y := top + labelPad + labelFont
		if l.sub != "" {
			w.text(l.x, y+2+subFont*0.76, subFont, "middle", "bold", a.st.c(l.subRole), l.sub, "class", "zone-tag")
			y += subFont + 2
		}
		if l.note != "" {
			w.text(l.x, y+2+subFont*0.76, subFont, "middle", "bold", ink, l.note, "class", "zone-note")
		}
	}
}
