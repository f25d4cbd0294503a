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
	groups := map[int][]int{}
	var roots []int
	for z := 0; z < n; z++ {
		if !room(z) {
			continue
		}
		r := find(z)
		if _, ok := groups[r]; !ok {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], z)
	}
	var out []Building
	for _, r := range roots {
		zs := groups[r]
		slices.Sort(zs)
		out = append(out, Building{Zones: zs})
	}
	slices.SortFunc(out, func(a, b Building) int { return a.Zones[0] - b.Zones[0] })
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
