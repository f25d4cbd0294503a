package classic

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
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

// TestBuildingsKeptAsMade: the buildings kept for the last boards are those
// worked out anew, over random boards asked in turn as an editor asks
// (the same board again, the one before, a new one), handed out so that a
// caller's append copies them.
func TestBuildingsKeptAsMade(t *testing.T) {
	set, err := layout.Builtin("city")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 5))
	var boards []*layout.Board
	for len(boards) < 12 {
		side := 1 + r.IntN(5)
		var tiles []layout.Placement
		for i := range side * side {
			f := set.Faces[r.IntN(len(set.Faces))]
			tiles = append(tiles, layout.Placement{Face: f.ID, Col: i % side, Row: i / side, Rot: 90 * r.IntN(4)})
		}
		if b, _ := layout.Build(set, tiles); b != nil {
			boards = append(boards, b)
		}
	}
	kept := 0
	prev := []*layout.Board{nil, nil}
	for range 400 {
		var b *layout.Board
		switch r.IntN(3) {
		case 0:
			b = boards[r.IntN(len(boards))]
		default:
			if b = prev[r.IntN(2)]; b == nil {
				b = boards[0]
			}
		}
		if b == prev[0] || b == prev[1] {
			kept++
		}
		w := &World{B: b}
		got := w.Buildings()
		if want := buildingsOf(b); !reflect.DeepEqual(got, want) {
			t.Fatalf("kept buildings %v, made anew %v", got, want)
		}
		if cap(got) != len(got) {
			t.Fatalf("kept buildings with room for %d more: a caller's append would write the kept array", cap(got)-len(got))
		}
		if b != prev[0] {
			prev[0], prev[1] = b, prev[0]
		}
	}
	if kept < 200 {
		t.Fatalf("only %d of 400 asks for a board asked just before: the test reads too little of the memo", kept)
	}
}

// TestBuildingSectionAsWritten: the analysis' list of buildings, its lines
// kept for the board, is what writing each line with fmt gave (how it was
// written before), for random boards asked in turn and every start.
func TestBuildingSectionAsWritten(t *testing.T) {
	set, err := layout.Builtin("city")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(45, 9))
	var boards []*layout.Board
	for len(boards) < 8 {
		side := 1 + r.IntN(4)
		var tiles []layout.Placement
		for i := range side * side {
			f := set.Faces[r.IntN(len(set.Faces))]
			tiles = append(tiles, layout.Placement{Face: f.ID, Col: i % side, Row: i / side, Rot: 90 * r.IntN(4)})
		}
		if b, _ := layout.Build(set, tiles); b != nil {
			boards = append(boards, b)
		}
	}
	lines := 0
	for range 300 {
		w := &World{B: boards[r.IntN(len(boards))]}
		bs := buildingsOf(w.B)
		startB := -1
		if len(bs) > 0 && r.IntN(4) > 0 {
			startB = r.IntN(len(bs))
		}
		want := rules.Section{Title: "Buildings (rooms joined by openings; opening one draws a Zombie card per room)"}
		for i, b := range bs {
			var ids []string
			for _, z := range b.Zones {
				ids = append(ids, w.B.Zones[z].ID)
			}
			spawn := fmt.Sprintf("%d Zombie card%s on first opening", len(ids), rules.Plural(len(ids)))
			if i == startB {
				spawn = "the Survivors start here: it does not spawn"
			}
			want.Lines = append(want.Lines, fmt.Sprintf("%d. %s — %s", i+1, strings.Join(ids, ", "), spawn))
		}
		got := buildingSection(w, startB)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("start %d: section\n%q\nwritten with fmt\n%q", startB, got.Lines, want.Lines)
		}
		got.Lines = append(got.Lines[:0], "changed by a caller") // a caller's section is its own
		lines += len(want.Lines)
	}
	if lines < 300 {
		t.Fatalf("only %d lines over 300 sections: the test reads too little", lines)
	}
}
