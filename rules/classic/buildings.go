package classic

import (
	"slices"
	"strconv"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// Building is a set of room zones joined by openings (not doors), perhaps
// across tiles.
type Building struct {
	Zones []int // sorted zone indexes
}

// Buildings are the connected components of rooms joined by openings, in
// the order of their first zone. They are the board's alone, and made once
// for the last boards asked about: an edit's checks, analysis and paths
// each ask (five times an edit), and an editor's session keeps its board
// from one token moved to the next. Callers share them: they must not
// change them.
func (w *World) Buildings() []Building {
	return boardBuildings.of(w.B)
}

// buildingsMemo holds the buildings of the last few boards. A board is
// not changed once built (layout.BuildCache hands the same one out again
// on that promise, and Board.Adjacent is kept per board likewise); holding
// the board keeps its address from being reused by another.
type buildingsMemo struct {
	mu   sync.Mutex
	last [2]struct {
		board *layout.Board
		bs    []Building
		lines []string // the analysis' line of each building, once asked
	}
}

var boardBuildings buildingsMemo

func (m *buildingsMemo) of(b *layout.Board) []Building {
	m.mu.Lock()
	for i, e := range m.last {
		if e.board == b && b != nil {
			m.last[0], m.last[i] = m.last[i], m.last[0]
			m.mu.Unlock()
			return e.bs[:len(e.bs):len(e.bs)] // an append by a caller copies
		}
	}
	m.mu.Unlock()
	bs := buildingsOf(b)
	m.mu.Lock()
	m.last[1] = m.last[0]
	m.last[0].board, m.last[0].bs, m.last[0].lines = b, bs, nil
	m.mu.Unlock()
	return bs[:len(bs):len(bs)]
}

// linesOf gives the analysis' line of each building of b, as no Survivor
// started in it; nil when b has none.
func (m *buildingsMemo) linesOf(b *layout.Board) []string {
	bs := m.of(b)
	m.mu.Lock()
	for _, e := range m.last {
		if e.board == b && e.lines != nil {
			m.mu.Unlock()
			return e.lines
		}
	}
	m.mu.Unlock()
	w := &World{B: b}
	lines := make([]string, len(bs))
	for i, bl := range bs {
		n := len(bl.Zones)
		lines[i] = buildingLine(w, i, bl, strconv.Itoa(n)+" Zombie card"+rules.Plural(n)+" on first opening")
	}
	m.mu.Lock()
	for i := range m.last {
		if m.last[i].board == b {
			m.last[i].lines = lines
		}
	}
	m.mu.Unlock()
	return lines
}

// buildingsOf works the buildings of a board out.
func buildingsOf(b *layout.Board) []Building {
	w := &World{B: b}
	n := len(w.B.Zones)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	room := func(z int) bool { return w.B.Zones[z].Kind == layout.Room }
	for _, adj := range w.B.Adjacent() {
		if !room(adj.A) || !room(adj.B) {
			continue
		}
		for _, e := range adj.Edges {
			if e.Kind == layout.EdgeOpening || e.Kind == layout.EdgeNone {
				parent[find(adj.A)] = find(adj.B)
				break
			}
		}
	}
	// Zones in order, each to its root's building: a building is made at
	// its first zone, so the buildings come in the order of their first
	// zone and each one's zones sorted (a map of roots was most of this
	// on a big board, which every play of the lint asks for).
	at := make([]int32, n) // root -> its building's index + 1
	var out []Building
	for z := 0; z < n; z++ {
		if !room(z) {
			continue
		}
		r := find(z)
		if at[r] == 0 {
			out = append(out, Building{})
			at[r] = int32(len(out))
		}
		b := &out[at[r]-1]
		b.Zones = append(b.Zones, z)
	}
	return out
}

// BuildingOf returns the index of the building holding zone z, or -1.
func BuildingOf(bs []Building, z int) int {
	for i, b := range bs {
		if slices.Contains(b.Zones, z) {
			return i
		}
	}
	return -1
}
