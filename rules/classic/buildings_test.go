package classic

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/zmission/zmission/layout"
)

// TestBuildingsAsComponents: Buildings gives what grouping the rooms by
// their union's root in a map gives, sorted (how it was written before),
// on random boards of the built-in city tiles, turned and set apart.
func TestBuildingsAsComponents(t *testing.T) {
	set, err := layout.Builtin("city")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(6, 2))
	seen := 0
	for range 200 {
		side := 1 + r.IntN(6)
		var tiles []layout.Placement
		for i := range side * side {
			if r.IntN(6) == 0 {
				continue // a hole in the board
			}
			f := set.Faces[r.IntN(len(set.Faces))]
			tiles = append(tiles, layout.Placement{Face: f.ID, Col: i % side, Row: i / side, Rot: 90 * r.IntN(4)})
		}
		b, _ := layout.Build(set, tiles)
		if b == nil {
			continue
		}
		w := &World{B: b}
		got, want := w.Buildings(), buildingsByMap(b)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v: buildings %v, by the map %v", tiles, got, want)
		}
		seen += len(got)
	}
	if seen < 100 {
		t.Fatalf("only %d buildings on 200 boards: the test reads too few", seen)
	}
}

// buildingsByMap is Buildings as it was written before: the rooms grouped
// by their root in a map, each group sorted, the groups by first zone.
func buildingsByMap(b *layout.Board) []Building {
	n := len(b.Zones)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	room := func(z int) bool { return b.Zones[z].Kind == layout.Room }
	for _, adj := range b.Adjacent() {
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
	for z := range n {
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
