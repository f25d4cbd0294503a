package generate

import (
	"math/rand/v2"
	"slices"

	"github.com/zmission/zmission/layout"
)

// turned is one face laid at one rotation: what stands on each border
// cell, in tile-local (board) orientation.
type turned struct {
	face *layout.Face
	rot  int
	// side[d][k] is the side kind and zone kind of the k-th border cell
	// on side d, counted left to right (n, s) or top to bottom (e, w).
	side [4][]borderCell
}

type borderCell struct {
	edge  layout.EdgeKind
	kind  string
	hatch bool // an airlock room (a hatch belongs between it and the exterior)
}

// turn lays face f at rot, as layout.Build does.
func turn(f *layout.Face, rot, n int) *turned {
	t := &turned{face: f, rot: rot}
	local := make([]borderCell, n*n)
	sides := make([][4]layout.EdgeKind, n*n)
	for fy := 0; fy < n; fy++ {
		for fx := 0; fx < n; fx++ {
			tx, ty := rotateCell(fx, fy, n, rot)
			z := f.Zones[f.Grid[fy][fx]]
			local[ty*n+tx] = borderCell{kind: z.Kind, hatch: z.Kind == layout.Room && slices.Contains(z.Features, "airlock")}
			for d := layout.N; d <= layout.W; d++ {
				sides[ty*n+tx][d.Rotate(rot)] = f.Sides[fy][fx][d]
			}
		}
	}
	for d := layout.N; d <= layout.W; d++ {
		t.side[d] = make([]borderCell, n)
		for k := 0; k < n; k++ {
			x, y := k, k
			switch d {
			case layout.N:
				y = 0
			case layout.S:
				y = n - 1
			case layout.E:
				x = n - 1
			case layout.W:
				x = 0
			}
			c := local[y*n+x]
			c.edge = sides[y*n+x][d]
			if c.edge > layout.EdgeBoard {
				c.edge = layout.EdgeWall
			}
			t.side[d][k] = c
		}
	}
	return t
}

// rotateCell is layout's turn of face cell (fx, fy) rot degrees clockwise.
var rotateCell = layout.RotateCell

func station(kind string) bool { return kind == layout.Room || kind == layout.Corridor }

func runsOn(kind string) bool {
	return kind == layout.Corridor || kind == layout.Street || kind == layout.Exterior
}

// meet scores two border cells facing each other across a tile border as
// layout.Build would judge them: 0 when they fit, 1 for what Build warns of
// (a wall facing an opening, a corridor into a wall, kinds that do not run
// on, a hatch to no exterior), errorCost for the station opening straight
// onto the exterior.
func meet(a, b borderCell) int {
	outside := station(a.kind) && b.kind == layout.Exterior || station(b.kind) && a.kind == layout.Exterior
	wall := func(k layout.EdgeKind) bool { return k == layout.EdgeWall || k == layout.EdgeBoard }
	passable := func(k layout.EdgeKind) bool {
		return k == layout.EdgeOpening || k == layout.EdgeDoor || k == layout.EdgeHatch
	}
	ea, eb := a.edge, b.edge
	switch {
	case ea == layout.EdgeNone && eb == layout.EdgeNone:
		if a.kind == b.kind {
			return 0
		}
		if outside {
			return errorCost
		}
		return 1
	case wall(ea) && passable(eb) || wall(eb) && passable(ea):
		return 1
	case wall(ea) || wall(eb):
		if outside {
			return 0
		}
		if ea == layout.EdgeNone && runsOn(a.kind) || eb == layout.EdgeNone && runsOn(b.kind) {
			return 1
		}
		return 0
	}
	// Both passable (or one open): the stronger side stands.
	k := strongest(ea, eb)
	if outside && k != layout.EdgeHatch {
		return errorCost
	}
	if k == layout.EdgeHatch && !(a.hatch && b.kind == layout.Exterior || b.hatch && a.kind == layout.Exterior) {
		return 1
	}
	return 0
}

var sideRank = [...]int{layout.EdgeNone: 0, layout.EdgeMarking: 1, layout.EdgeOpening: 2, layout.EdgeDoor: 3, layout.EdgeHatch: 4}

func strongest(a, b layout.EdgeKind) layout.EdgeKind {
	if sideRank[a] >= sideRank[b] {
		return a
	}
	return b
}

// joins reports whether a Survivor crosses between two border cells
// facing each other: open ground of one kind running on, or a doorway
// (an opening, a door, a hatch) facing no wall.
func joins(a, b borderCell) bool {
	wall := func(k layout.EdgeKind) bool { return k == layout.EdgeWall || k == layout.EdgeBoard }
	if wall(a.edge) || wall(b.edge) {
		return false
	}
	if a.edge == layout.EdgeNone && b.edge == layout.EdgeNone {
		return a.kind == b.kind
	}
	return true
}

// joined reports whether t at position p joins a tile laid to its north
// or west (true for the first tile): every tile is then reached from the
// first, so the board is one place, not islands the Survivors never see.
func (s *tileSearch) joined(t *turned, p int) bool {
	x, y := p%s.w, p/s.w
	if p == 0 {
		return true
	}
	if y > 0 {
		if up := s.grid[p-s.w]; up != nil {
			for k := 0; k < s.n; k++ {
				if joins(up.side[layout.S][k], t.side[layout.N][k]) {
					return true
				}
			}
		}
	}
	if x > 0 {
		if left := s.grid[p-1]; left != nil {
			for k := 0; k < s.n; k++ {
				if joins(left.side[layout.E][k], t.side[layout.W][k]) {
					return true
				}
			}
		}
	}
	return false
}

// edgeOfBoard scores a border cell on the board's outline: an opening, a
// door opening or a hatch there leads off the board.
func edgeOfBoard(c borderCell) int {
	switch c.edge {
	case layout.EdgeOpening, layout.EdgeDoor, layout.EdgeHatch:
		return 1
	}
	return 0
}

const errorCost = 1000

// physical is one physical tile the boxes hold: its faces.
type physical struct {
	faces []*layout.Face
}

// tileSearch lays w×h tiles on a grid, each physical tile at most once
// (one face), so that no two tiles meet badly: a depth-first search over
// the positions in reading order, choices in seeded random order, bounded
// in the steps it may take.
type tileSearch struct {
	n     int
	w, h  int
	tiles []physical
	fixed map[[2]int]*turned // positions an author fixed
	used  map[int]bool       // physical tiles fixed by the author
	rng   *rand.Rand
	steps int // left to take
	grid  []*turned
	phys  []int // physical tile at each position, -1 for fixed
	taken []bool
	cache map[turnKey]*turned
}

type turnKey struct {
	face *layout.Face
	rot  int
}

func (s *tileSearch) turnOf(f *layout.Face, rot int) *turned {
	k := turnKey{f, rot}
	if t, ok := s.cache[k]; ok {
		return t
	}
	t := turn(f, rot, s.n)
	s.cache[k] = t
	return t
}

// costAt is what placing t at position p costs against the tiles already
// laid to its north and west, and the board's outline.
func (s *tileSearch) costAt(t *turned, p int) int {
	x, y := p%s.w, p/s.w
	c := 0
	if y == 0 {
		for _, b := range t.side[layout.N] {
			c += edgeOfBoard(b)
		}
	} else if up := s.grid[p-s.w]; up != nil {
		for k := 0; k < s.n; k++ {
			c += meet(up.side[layout.S][k], t.side[layout.N][k])
		}
	}
	if x == 0 {
		for _, b := range t.side[layout.W] {
			c += edgeOfBoard(b)
		}
	} else if left := s.grid[p-1]; left != nil {
		for k := 0; k < s.n; k++ {
			c += meet(left.side[layout.E][k], t.side[layout.W][k])
		}
	}
	if y == s.h-1 {
		for _, b := range t.side[layout.S] {
			c += edgeOfBoard(b)
		}
	}
	if x == s.w-1 {
		for _, b := range t.side[layout.E] {
			c += edgeOfBoard(b)
		}
	}
	// A fixed tile to the east or south meets this one too.
	if x < s.w-1 {
		if r, ok := s.fixed[[2]int{x + 1, y}]; ok {
			for k := 0; k < s.n; k++ {
				c += meet(t.side[layout.E][k], r.side[layout.W][k])
			}
		}
	}
	if y < s.h-1 {
		if d, ok := s.fixed[[2]int{x, y + 1}]; ok {
			for k := 0; k < s.n; k++ {
				c += meet(t.side[layout.S][k], d.side[layout.N][k])
			}
		}
	}
	return c
}

// run fills the grid; false when the steps ran out or no layout exists.
func (s *tileSearch) run() bool {
	s.grid = make([]*turned, s.w*s.h)
	s.phys = make([]int, s.w*s.h)
	s.taken = make([]bool, len(s.tiles))
	for i := range s.tiles {
		s.taken[i] = s.used[i]
	}
	return s.place(0)
}

func (s *tileSearch) place(p int) bool {
	if p == len(s.grid) {
		return true
	}
	if t, ok := s.fixed[[2]int{p % s.w, p / s.w}]; ok {
		// An author's tile stands as it is; the tiles laid around it
		// meet it cleanly (costAt counts their sides against it).
		s.grid[p], s.phys[p] = t, -1
		if s.place(p + 1) {
			return true
		}
		s.grid[p] = nil
		return false
	}
	type choice struct {
		tile int
		t    *turned
	}
	var opts []choice
	for i, ph := range s.tiles {
		if s.taken[i] {
			continue
		}
		for _, f := range ph.faces {
			for _, rot := range []int{0, 90, 180, 270} {
				opts = append(opts, choice{i, s.turnOf(f, rot)})
			}
		}
	}
	s.rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	for _, o := range opts {
		if s.steps <= 0 {
			return false
		}
		s.steps--
		if s.costAt(o.t, p) > 0 || len(s.fixed) == 0 && !s.joined(o.t, p) {
			continue
		}
		s.grid[p], s.phys[p], s.taken[o.tile] = o.t, o.tile, true
		if s.place(p + 1) {
			return true
		}
		s.grid[p], s.taken[o.tile] = nil, false
	}
	return false
}
