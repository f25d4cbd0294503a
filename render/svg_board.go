package render

import (
	"math"
	"sort"
	"strconv"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// cell is the side of one board cell in board units. The board is drawn in
// these units and scaled onto the page as a whole, so line widths, icons
// and labels keep their proportions at any size.
const cell = 100.0

// Where a door opening's gap starts and ends along a cell side.
const (
	gapFrom = 27.0
	gapTo   = cell - gapFrom
	wallW   = 7.0
	wallCap = wallW / 2
)

// sideKind is how one cell side is drawn.
type sideKind uint8

const (
	sideNone    sideKind = iota // inside a zone, or no tile either side
	sideFrame                   // the board edge where the tile shows no wall
	sideOpen                    // tile sheets: a border the zone runs on through
	sideMark                    // a linear marking
	sideOpening                 // an opening: a gap in the wall
	sideDoor                    // a door opening
	sideHatch                   // an airlock hatch
	sideWall                    // a wall
	sideKinds
)

// art is a board ready to draw: its sides, token places and label places
// are worked out once, then drawn layer by layer.
type art struct {
	b     *layout.Board
	st    style
	sheet bool // a tile-set sheet: zones named by label, open borders marked

	h, v []sideKind // side above cell (x, y): y*W+x, y in 0..H; left of cell: y*(W+1)+x

	tokens  []*rules.Token // tokens that stand in a cell, in scene order
	doors   map[rules.EdgeKey]*rules.Token
	spawnNo map[int]int // mission token index -> place in the spawn order, from 1
	enemies string      // "Xenos", "Zombies": how the game's enemies are named
	places  []tokenPlace
	labels  []labelBox // per zone, once placeLabels has run
	used    map[string]bool

	// What overlays add to labels, set before placeLabels: a line of notes
	// per zone (range, threat) and, for graphs, a node dot under each label.
	notes map[int][]string
	graph bool

	badgeAt map[int]layout.Point // tile index -> the cell of its badge
	// Made with badgeAt, so that a board of 1,024 tiles is not searched
	// once per tile and token: the badge cell of the first tile at each
	// grid square, where a badge sits, and the tiles whose badge a cell holds.
	badgeByPos map[[2]int]layout.Point
	badgeCells map[layout.Point]bool
	badgeTiles map[layout.Point][]int

	labelCache *LabelCache   // where labels went on the page before, or nil
	pieces     *pieceDrawing // the badges and labels of the page before (piececache.go), or nil
}

func newArt(b *layout.Board, st style, s *rules.Scene, spawnOrder []int, sheet bool) *art {
	a := &art{b: b, st: st, sheet: sheet, enemies: "Xenos", doors: map[rules.EdgeKey]*rules.Token{}, spawnNo: map[int]int{}, used: map[string]bool{}, notes: map[int][]string{}}
	for i, t := range spawnOrder {
		a.spawnNo[t] = i + 1
	}
	if s != nil {
		for _, t := range s.Tokens {
			if t.Zone == nil || b.Cell(t.Cell.X, t.Cell.Y) == nil {
				continue
			}
			if t.Type == "door" {
				if d, ok := rules.Side(t.Side); ok {
					a.doors[rules.KeyOf(t.Cell.X, t.Cell.Y, d)] = t
				}
				continue
			}
			a.tokens = append(a.tokens, t)
		}
	}
	a.sides()
	a.layoutTokens()
	return a
}

// side decides how side d of cell (x, y) is drawn.
func (a *art) side(x, y int, d layout.Dir) sideKind {
	k, inner, ok := a.b.DrawnSide(x, y, d)
	switch {
	case inner:
		switch k {
		case layout.EdgeWall:
			return sideWall
		case layout.EdgeOpening:
			return sideOpening
		case layout.EdgeDoor:
			return sideDoor
		case layout.EdgeMarking:
			return sideMark
		case layout.EdgeHatch:
			return sideHatch
		case layout.EdgeBoard:
			return sideFrame
		}
		return sideNone
	case !ok:
		return sideNone
	}
	// The board edge: draw what the tile itself shows there.
	switch k {
	case layout.EdgeWall:
		return sideWall
	case layout.EdgeDoor:
		return sideDoor
	case layout.EdgeHatch:
		return sideHatch
	case layout.EdgeOpening:
		if a.sheet {
			return sideOpening
		}
	case layout.EdgeMarking:
		if a.sheet {
			return sideMark
		}
	case layout.EdgeNone:
		if a.sheet {
			return sideOpen
		}
	}
	return sideFrame
}

func (a *art) sides() {
	b := a.b
	a.h = make([]sideKind, (b.H+1)*b.W)
	a.v = make([]sideKind, b.H*(b.W+1))
	for y := 0; y <= b.H; y++ {
		for x := 0; x < b.W; x++ {
			a.h[y*b.W+x] = a.side(x, y, layout.N)
		}
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x <= b.W; x++ {
			a.v[y*(b.W+1)+x] = a.side(x, y, layout.W)
		}
	}
}

// hasSide reports whether any side of kind k is drawn.
func (a *art) hasSide(k sideKind) bool {
	for _, s := range a.h {
		if s == k {
			return true
		}
	}
	for _, s := range a.v {
		if s == k {
			return true
		}
	}
	return false
}

// featureTag is the short word a special zone carries under its id.
func featureTag(z *layout.Zone) (tag, role string) {
	for _, f := range []string{"security", "oxygen", "airlock", "dark"} {
		if z.HasFeature(f) {
			return map[string]string{"security": "SECURITY", "oxygen": "O₂ SUPPLY", "airlock": "AIRLOCK", "dark": "DARK"}[f], "tag:" + f
		}
	}
	return "", ""
}

// zoneFill is the base fill of a zone.
func (a *art) zoneFill(z *layout.Zone) string {
	if z.Kind == layout.Room {
		switch {
		case z.HasFeature("security"):
			return a.st.c("feat:security")
		case z.HasFeature("oxygen"):
			return a.st.c("feat:oxygen")
		}
	}
	return a.st.kindFill(z.Kind)
}

// zonePatterns lists the patterns laid over a zone's fill.
func (a *art) zonePatterns(z *layout.Zone) []string {
	var out []string
	if a.st.mono && z.Kind == layout.Room && z.HasFeature("security") {
		out = append(out, "p-security")
	}
	if a.st.mono && z.Kind == layout.Room && z.HasFeature("oxygen") {
		out = append(out, "p-oxygen")
	}
	if z.Kind == layout.Exterior {
		out = append(out, "p-exterior")
	}
	if z.HasFeature("airlock") {
		out = append(out, "p-airlock")
	}
	if z.HasFeature("dark") {
		out = append(out, "p-dark")
	}
	return out
}

func zonePath(z *layout.Zone) string {
	var p path
	for _, c := range z.Cells {
		p.rect(float64(c.X)*cell, float64(c.Y)*cell, cell, cell)
	}
	return p.String()
}

// drawFills paints every zone by kind, with the patterns of its features.
func (a *art) drawFills(w *svgw) {
	w.open("g", "class", "fills")
	w.WriteByte('\n')
	for _, z := range a.b.Zones {
		// A zone's fill is written from its id, kind, features and cells:
		// a turned tile changes the zones on it, and the others are
		// written as the page before wrote them.
		a.pieces.reset('f')
		a.pieces.str(z.ID, z.Kind)
		a.pieces.float(float64(len(z.Features)))
		a.pieces.str(z.Features...)
		a.pieces.cells(z.Cells)
		a.pieces.drawUsing(w, a.used, func(w *svgw) []string {
			d := zonePath(z)
			w.el("path", "d", d, "fill", a.zoneFill(z), "data-zone", esc(z.ID))
			ps := a.zonePatterns(z)
			for _, p := range ps {
				w.el("path", "d", d, "fill", "url(#"+p+")")
			}
			return ps
		})
	}
	w.close("g")
}

// drawTiles outlines each tile as a seam: a light band with a solid line
// in the tile colour (in mono, a dash-dot line), unlike the dashed
// markings between zones. The face ids go on badges (drawTileBadges).
func (a *art) drawTiles(w *svgw) {
	w.open("g", "class", "tiles")
	w.WriteByte('\n')
	n := float64(a.b.N) * cell
	var p path
	for _, t := range a.b.Tiles {
		p.rect(float64(t.Col)*n, float64(t.Row)*n, n, n)
	}
	a.tileBorder(w, p.String(), 1)
	w.close("g")
}

// tileBorder strokes d as a tile border; k scales the line widths.
func (a *art) tileBorder(w *svgw, d string, k float64) {
	w.el("path", "d", d, "fill", "none", "stroke", a.st.c("paper"), "stroke-width", num(9*k), "stroke-opacity", "0.85", "class", "tile-seam")
	if a.st.mono {
		w.el("path", "d", d, "fill", "none", "stroke", a.st.c("tile"), "stroke-width", num(3*k), "stroke-dasharray", num(18*k)+" "+num(5*k)+" "+num(3*k)+" "+num(5*k), "class", "tile-border")
		return
	}
	w.el("path", "d", d, "fill", "none", "stroke", a.st.c("tile"), "stroke-width", num(3.5*k), "class", "tile-border")
}

// Tile badges: the face id in large type on a dark plate in the tile's
// bottom-right cell, with an arrow showing where the tile's top edge
// went (and the turn in degrees when it is turned), as published mission
// maps do.
const (
	badgeFont  = 20.0
	badgeSub   = 11.5
	badgeH     = 28.0
	badgeInset = 8.0
	badgePad   = 5.0
	badgeArrow = 16.0
)

// badgeBox is where the badge of tile t goes: in its corner cell
// (badgeCell), against the tile's corner.
func (a *art) badgeBox(t layout.Placed) rect {
	n := float64(a.b.N) * cell
	wd := badgePad + textWidth(t.Face, badgeFont, true) + 4 + badgeArrow + badgePad
	if t.Rot != 0 {
		wd += 3 + textWidth(itoa(t.Rot)+"°", badgeSub, true)
	}
	c := a.badgeCell(t)
	left, top := float64(t.Col)*n, float64(t.Row)*n
	x1, y1 := left+badgeInset, top+badgeInset
	if c.X > t.Col*a.b.N {
		x1 = left + n - badgeInset - wd
	}
	if c.Y > t.Row*a.b.N {
		y1 = top + n - badgeInset - badgeH
	}
	return rect{x1, y1, x1 + wd, y1 + badgeH}
}

// placeBadges picks each tile's badge corner: the first of bottom-right,
// bottom-left, top-right and top-left whose cell holds no token, so that
// the badge never crowds a token (bottom-right when every corner has one).
func (a *art) placeBadges(tokens map[layout.Point][]int) {
	a.badgeAt = map[int]layout.Point{}
	a.badgeByPos = map[[2]int]layout.Point{}
	a.badgeCells = map[layout.Point]bool{}
	a.badgeTiles = nil
	n := a.b.N
	for i, t := range a.b.Tiles {
		x0, y0 := t.Col*n, t.Row*n
		corners := []layout.Point{{X: x0 + n - 1, Y: y0 + n - 1}, {X: x0, Y: y0 + n - 1}, {X: x0 + n - 1, Y: y0}, {X: x0, Y: y0}}
		a.badgeAt[i] = corners[0]
		for _, c := range corners {
			if len(tokens[c]) == 0 && !a.besideBadge(c) {
				a.badgeAt[i] = c
				break
			}
		}
		a.badgeCells[a.badgeAt[i]] = true
		if _, ok := a.badgeByPos[[2]int{t.Col, t.Row}]; !ok {
			a.badgeByPos[[2]int{t.Col, t.Row}] = a.badgeAt[i]
		}
	}
}

// tilesBadgedAt lists, per cell, the tiles whose badge it holds, in tile
// order.
func (a *art) tilesBadgedAt() map[layout.Point][]int {
	if a.badgeTiles == nil {
		a.badgeTiles = map[layout.Point][]int{}
		for i, t := range a.b.Tiles {
			c := a.badgeCell(t)
			a.badgeTiles[c] = append(a.badgeTiles[c], i)
		}
	}
	return a.badgeTiles
}

// faceIDBox is the badge of tile t with a margin, for labels and tokens to
// keep clear of.
func (a *art) faceIDBox(t layout.Placed) rect { return a.badgeBox(t).grow(3) }

// besideBadge reports whether a badge already sits in a cell next to c
// (two badges side by side across a border read as one tile's).
func (a *art) besideBadge(c layout.Point) bool {
	for d := layout.N; d <= layout.W; d++ {
		if a.badgeCells[layout.Point{X: c.X + layout.DX[d], Y: c.Y + layout.DY[d]}] {
			return true
		}
	}
	return false
}

// badgeCell is the cell holding tile t's badge.
func (a *art) badgeCell(t layout.Placed) layout.Point {
	if p, ok := a.badgeByPos[[2]int{t.Col, t.Row}]; ok {
		return p
	}
	return layout.Point{X: (t.Col+1)*a.b.N - 1, Y: (t.Row+1)*a.b.N - 1}
}

func (a *art) drawTileBadges(w *svgw) {
	if a.sheet || len(a.b.Tiles) == 0 {
		return
	}
	w.open("g", "class", "tile-badges")
	w.WriteByte('\n')
	for _, t := range a.b.Tiles {
		r := a.badgeBox(t)
		a.pieces.reset('b')
		a.pieces.float(r.x1, r.y1, r.x2, r.y2, float64(t.Rot))
		a.pieces.str(t.Face)
		a.pieces.draw(w, func(w *svgw) { a.tileBadge(w, r, t.Face, t.Rot) })
	}
	w.close("g")
}

// tileBadge draws one badge in box r.
func (a *art) tileBadge(w *svgw, r rect, face string, rot int) {
	ink, paper := a.st.c("ink"), a.st.c("paper")
	w.el("rect", "x", num(r.x1), "y", num(r.y1), "width", num(r.x2-r.x1), "height", num(r.y2-r.y1), "rx", "6",
		"fill", ink, "stroke", paper, "stroke-width", "2", "class", "face-badge")
	x := r.x1 + badgePad
	mid := (r.y1 + r.y2) / 2
	w.text(x, mid+badgeFont*0.36, badgeFont, "start", "bold", paper, face, "class", "face-id")
	x += textWidth(face, badgeFont, true) + 4
	// The arrow points where the top of the face (as printed) lies.
	cx, cy := x+badgeArrow/2, mid
	ang := float64(rot) * math.Pi / 180
	pt := func(dx, dy float64) (float64, float64) { // dy up is negative
		return cx + dx*math.Cos(ang) - dy*math.Sin(ang), cy + dx*math.Sin(ang) + dy*math.Cos(ang)
	}
	var p path
	x1, y1 := pt(0, 9)
	x2, y2 := pt(0, -3)
	p.M(x1, y1)
	p.L(x2, y2)
	w.el("path", "d", p.String(), "stroke", paper, "stroke-width", "3.5", "stroke-linecap", "round")
	var head path
	hx, hy := pt(0, -10)
	lx, ly := pt(-7, -1)
	rx, ry := pt(7, -1)
	head.M(hx, hy)
	head.L(lx, ly)
	head.L(rx, ry)
	head.WriteByte('Z')
	w.el("path", "d", head.String(), "fill", paper, "class", "face-turn")
	if rot != 0 {
		w.text(x+badgeArrow+3, mid+badgeSub*0.36, badgeSub, "start", "bold", paper, itoa(rot)+"°", "class", "face-rot")
	}
}

// interval is a stretch along a line, in board units.
type interval struct{ a, b float64 }

// runs merges touching intervals so that a wall along several cells is one
// stroke with clean joins.
func runs(iv []interval) []interval {
	sort.Slice(iv, func(i, j int) bool { return iv[i].a < iv[j].a })
	var out []interval
	for _, x := range iv {
		if n := len(out); n > 0 && x.a <= out[n-1].b+0.01 {
			out[n-1].b = max(out[n-1].b, x.b)
			continue
		}
		out = append(out, x)
	}
	return out
}

// lineSides walks every board line: horizontal lines first (fixed y, the
// side above row y), then vertical ones (fixed x). For each it calls f with
// the kinds of its sides in order.
func (a *art) lineSides(f func(horizontal bool, fixed int, kinds []sideKind)) {
	b := a.b
	for y := 0; y <= b.H; y++ {
		f(true, y, a.h[y*b.W:(y+1)*b.W])
	}
	col := make([]sideKind, b.H)
	for x := 0; x <= b.W; x++ {
		for y := 0; y < b.H; y++ {
			col[y] = a.v[y*(b.W+1)+x]
		}
		f(false, x, col)
	}
}

// drawEdges draws walls, openings, door openings, markings, hatches and
// the board frame.
func (a *art) drawEdges(w *svgw) {
	var all [edgePaths]path
	var line [edgePaths]path
	p := a.pieces
	a.lineSides(func(horizontal bool, fixed int, kinds []sideKind) {
		if p == nil {
			a.edgeLine(&all, horizontal, fixed, kinds)
			return
		}
		// A line's pieces of the paths are written from its sides (and
		// which side of an open border the tile is): a turned tile changes
		// the lines across it, and the others are written as the page
		// before wrote them.
		p.reset('e')
		p.key = append(p.key, byte(len(kinds)>>24), byte(len(kinds)>>16), byte(len(kinds)>>8), byte(len(kinds)))
		p.key = append(p.key, byte(fixed>>24), byte(fixed>>16), byte(fixed>>8), byte(fixed), 0)
		if horizontal {
			p.key[len(p.key)-1] = 1
		}
		for i, k := range kinds {
			p.key = append(p.key, byte(k))
			if k == sideOpen {
				p.key = append(p.key, byte(a.chevronOut(horizontal, fixed, i)+1))
			}
		}
		k, ok := p.lookup()
		if !ok {
			for i := range line {
				line[i].Reset()
			}
			a.edgeLine(&line, horizontal, fixed, kinds)
			k.parts = make([]string, edgePaths)
			for i := range line {
				k.parts[i] = line[i].String()
			}
			p.keep(k)
		}
		for i, part := range k.parts {
			all[i].WriteString(part)
		}
	})
	walls, marks, frames, hatches, ticks, chevrons := &all[edgeWalls], &all[edgeMarks], &all[edgeFrames], &all[edgeHatches], &all[edgeTicks], &all[edgeChevrons]
	ink := a.st.c("ink")
	w.open("g", "class", "edges", "fill", "none")
	w.WriteByte('\n')
	if frames.Len() > 0 {
		w.el("path", "d", frames.String(), "stroke", ink, "stroke-width", "2", "class", "frame")
	}
	if marks.Len() > 0 {
		w.el("path", "d", marks.String(), "stroke", ink, "stroke-opacity", "0.7", "stroke-width", "2.5", "stroke-dasharray", "9 6", "class", "markings")
	}
	if chevrons.Len() > 0 {
		w.el("path", "d", chevrons.String(), "stroke", ink, "stroke-width", "3", "stroke-linecap", "round", "stroke-linejoin", "round", "class", "open-border")
	}
	if walls.Len() > 0 {
		w.el("path", "d", walls.String(), "stroke", ink, "stroke-width", num(wallW), "stroke-linecap", "square", "class", "walls")
	}
	if ticks.Len() > 0 {
		w.el("path", "d", ticks.String(), "stroke", ink, "stroke-width", "3", "class", "door-frames")
	}
	if hatches.Len() > 0 {
		// A double line: a thick dark stroke with a light one inside it.
		w.el("path", "d", hatches.String(), "stroke", ink, "stroke-width", "11", "stroke-linecap", "square", "class", "hatches")
		w.el("path", "d", hatches.String(), "stroke", a.st.c("paper"), "stroke-width", "4", "stroke-linecap", "butt")
	}
	w.close("g")
}

// The paths drawEdges writes, in edgeLine's array.
const (
	edgeWalls = iota
	edgeMarks
	edgeFrames
	edgeHatches
	edgeTicks
	edgeChevrons
	edgePaths
)

// edgeLine adds one line of sides to the edges' paths.
func (a *art) edgeLine(paths *[edgePaths]path, horizontal bool, fixed int, kinds []sideKind) {
	seg := func(p *path, horizontal bool, fixed float64, iv interval) {
		if horizontal {
			p.M(iv.a, fixed)
			p.cmd('H', iv.b)
		} else {
			p.M(fixed, iv.a)
			p.cmd('V', iv.b)
		}
	}
	ticks, chevrons := &paths[edgeTicks], &paths[edgeChevrons]
	var wall, mark, frame, hatch []interval
	at := float64(fixed) * cell
	for i, k := range kinds {
		s := float64(i) * cell
		switch k {
		case sideWall:
			wall = append(wall, interval{s, s + cell})
		case sideDoor:
			// Square caps reach half a wall's width past each end.
			wall = append(wall, interval{s, s + gapFrom - wallCap}, interval{s + gapTo + wallCap, s + cell})
			for _, g := range []float64{s + gapFrom, s + gapTo} {
				if horizontal {
					ticks.M(g, at-9)
					ticks.cmd('V', at+9)
				} else {
					ticks.M(at-9, g)
					ticks.cmd('H', at+9)
				}
			}
		case sideOpening:
			// A wide gap: short stubs at the ends of a run of openings.
			if i == 0 || kinds[i-1] != sideOpening {
				wall = append(wall, interval{s, s + 12 - wallCap})
			}
			if i+1 == len(kinds) || kinds[i+1] != sideOpening {
				wall = append(wall, interval{s + cell - 12 + wallCap, s + cell})
			}
		case sideMark:
			mark = append(mark, interval{s, s + cell})
		case sideHatch:
			hatch = append(hatch, interval{s, s + cell})
		case sideFrame:
			frame = append(frame, interval{s, s + cell})
		case sideOpen:
			frame = append(frame, interval{s, s + cell})
			a.chevron(chevrons, horizontal, fixed, i)
		}
	}
	for _, iv := range runs(wall) {
		seg(&paths[edgeWalls], horizontal, at, iv)
	}
	for _, iv := range runs(mark) {
		seg(&paths[edgeMarks], horizontal, at, iv)
	}
	for _, iv := range runs(frame) {
		seg(&paths[edgeFrames], horizontal, at, iv)
	}
	for _, iv := range runs(hatch) {
		seg(&paths[edgeHatches], horizontal, at, iv)
	}
}

// chevronOut is the way an open border's chevron points: away from the
// covered cell, -1 or 1.
func (a *art) chevronOut(horizontal bool, fixed, i int) float64 {
	if horizontal {
		if a.b.Covered(i, fixed) { // the cell below is the tile: point up
			return -1
		}
		return 1
	}
	if a.b.Covered(fixed, i) {
		return -1
	}
	return 1
}

// chevron marks an open tile border with an arrow pointing out of the tile.
func (a *art) chevron(p *path, horizontal bool, fixed, i int) {
	c := float64(i)*cell + cell/2
	at := float64(fixed) * cell
	out := a.chevronOut(horizontal, fixed, i)
	if horizontal {
		p.M(c-10, at-out*2)
		p.L(c, at+out*8)
		p.L(c+10, at-out*2)
		return
	}
	p.M(at-out*2, c-10)
	p.L(at+out*8, c)
	p.L(at-out*2, c+10)
}

// drawDoors draws the door tokens on their door openings.
func (a *art) drawDoors(w *svgw) {
	if len(a.doors) == 0 {
		return
	}
	keys := make([]rules.EdgeKey, 0, len(a.doors))
	for k := range a.doors {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		p, q := keys[i], keys[j]
		if p.Y != q.Y {
			return p.Y < q.Y
		}
		if p.X != q.X {
			return p.X < q.X
		}
		return p.Dir < q.Dir
	})
	w.open("g", "class", "doors")
	w.WriteByte('\n')
	for _, k := range keys {
		t := a.doors[k]
		// The edge runs along the east or south side of cell (k.X, k.Y).
		horizontal := k.Dir == layout.S
		var x, y float64
		if horizontal {
			x, y = float64(k.X)*cell, float64(k.Y+1)*cell
		} else {
			x, y = float64(k.X+1)*cell, float64(k.Y)*cell
		}
		// Swing open doors into the room side when there is one.
		into := 1.0
		if z := a.b.ZoneAt(k.X, k.Y); z != nil && z.Kind == layout.Room {
			into = -1
		}
		a.door(w, x, y, horizontal, into, t.Color, t.State)
	}
	w.close("g")
}

// door draws one door on the side starting at (x, y), along x when
// horizontal. into (+1 or -1) is the side an open door swings to.
func (a *art) door(w *svgw, x, y float64, horizontal bool, into float64, colour, state string) {
	ink := a.st.c("ink")
	fill := a.st.token(colour)
	if colour == "" || colour == "neutral" {
		// A solid door leaf, darker than any floor: nothing like the
		// light-cored double line of an airlock hatch.
		fill = a.st.c("door:neutral")
	}
	// pt maps (along, across) to board units.
	pt := func(along, across float64) (float64, float64) {
		if horizontal {
			return x + along, y + across
		}
		return x + across, y + along
	}
	bar := func(from, to, thick float64) string {
		var p path
		x1, y1 := pt(from, -thick/2)
		x2, y2 := pt(to, thick/2)
		p.rect(min(x1, x2), min(y1, y2), abs(x2-x1), abs(y2-y1))
		return p.String()
	}
	switch state {
	case "open":
		// The leaf swung open on its hinge, with its arc.
		hx, hy := pt(gapFrom, 0)
		ex, ey := pt(gapFrom, into*(gapTo-gapFrom))
		fx, fy := pt(gapTo, 0)
		var leaf, arc path
		if horizontal {
			leaf.rect(hx-4, min(hy, ey), 8, abs(ey-hy))
		} else {
			leaf.rect(min(hx, ex), hy-4, abs(ex-hx), 8)
		}
		arc.M(ex, ey)
		// Around the hinge, from the leaf's end back to the doorway.
		sweep := 1.0
		if (horizontal && into > 0) || (!horizontal && into < 0) {
			sweep = 0
		}
		arc.WriteString("A" + num(gapTo-gapFrom) + " " + num(gapTo-gapFrom) + " 0 0 " + num(sweep) + " " + num(fx) + " " + num(fy))
		w.el("path", "d", arc.String(), "fill", "none", "stroke", ink, "stroke-width", "1.5", "stroke-dasharray", "4 3", "class", "door-open")
		w.el("path", "d", leaf.String(), "fill", fill, "stroke", ink, "stroke-width", "2")
		if l := a.st.letter(colour); l != "" {
			cx, cy := pt(gapFrom, into*(gapTo-gapFrom)/2)
			a.letterBadge(w, cx, cy, 9, l)
		}
	case "destroyed":
		// Two broken stubs and a cross where the door was.
		w.el("path", "d", bar(gapFrom-2, gapFrom+12, 11)+bar(gapTo-12, gapTo+2, 11), "fill", fill, "stroke", ink, "stroke-width", "2", "class", "door-destroyed")
		c1x, c1y := pt(cell/2-10, -10)
		c2x, c2y := pt(cell/2+10, 10)
		c3x, c3y := pt(cell/2-10, 10)
		c4x, c4y := pt(cell/2+10, -10)
		var p path
		p.M(c1x, c1y)
		p.L(c2x, c2y)
		p.M(c3x, c3y)
		p.L(c4x, c4y)
		w.el("path", "d", p.String(), "stroke", ink, "stroke-width", "4", "stroke-linecap", "round")
		if l := a.st.letter(colour); l != "" {
			cx, cy := pt(gapFrom+5, 0)
			a.letterBadge(w, cx, cy, 8, l)
		}
	default:
		w.el("path", "d", bar(gapFrom-3, gapTo+3, 13), "fill", fill, "stroke", ink, "stroke-width", "2.5", "class", "door-closed")
		if l := a.st.letter(colour); l != "" {
			cx, cy := pt(cell/2, 0)
			w.text(cx, cy+4, 11, "middle", "bold", ink, l)
		}
	}
}

// letterBadge is a colour letter in a small disc, for mono drawings.
func (a *art) letterBadge(w *svgw, x, y, r float64, l string) {
	w.el("circle", "cx", num(x), "cy", num(y), "r", num(r), "fill", a.st.c("paper"), "stroke", a.st.c("ink"), "stroke-width", "1.5")
	w.text(x, y+r*0.42, r*1.15, "middle", "bold", a.st.c("ink"), l)
}

// drawGrid draws a light line on every cell side, for authors.
func (a *art) drawGrid(w *svgw) {
	var p path
	for x := 0; x <= a.b.W; x++ {
		p.M(float64(x)*cell, 0)
		p.cmd('V', float64(a.b.H)*cell)
	}
	for y := 0; y <= a.b.H; y++ {
		p.M(0, float64(y)*cell)
		p.cmd('H', float64(a.b.W)*cell)
	}
	w.el("path", "d", p.String(), "class", "grid", "fill", "none", "stroke", a.st.c("grid"), "stroke-width", "1", "stroke-opacity", "0.6")
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func itoa(n int) string { return strconv.Itoa(n) }
