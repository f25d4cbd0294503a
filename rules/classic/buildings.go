package classic

import (
	"slices"

	"github.com/zmission/zmission/layout"
)

// Building is a set of room zones joined by openings (not doors), perhaps
// across tiles.
type Building struct {
	Zones []int // sorted zone indexes
}

// Buildings are the connected components of rooms joined by openings, in
// the order of their first zone.
func (w *World) Buildings() []Building {
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
