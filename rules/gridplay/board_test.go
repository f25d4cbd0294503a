package gridplay

import (
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// nightShift places the classic example Night Shift (city tiles: rooms,
// streets, door openings with and without door tokens).
func nightShift(t *testing.T) *rules.Scene {
	t.Helper()
	s := gridplaytest.Place(t, "city", gridplaytest.Example(t, "classic", "night-shift"))
	if s == nil {
		t.Fatal("Night Shift not placed")
	}
	return s
}

// TestLinksReadTheBoard: every join is read both ways alike, a door token
// makes its edge a door, and the kinds match the board's edges.
func TestLinksReadTheBoard(t *testing.T) {
	s := nightShift(t)
	b := s.Board
	doorAt := map[rules.EdgeKey]int{}
	for _, tok := range s.Of(missions.TokDoor) {
		d, ok := rules.Side(tok.Side)
		if ok && b.Edge(tok.Cell.X, tok.Cell.Y, d) == layout.EdgeDoor {
			doorAt[rules.KeyOf(tok.Cell.X, tok.Cell.Y, d)] = len(doorAt)
		}
	}
	if len(doorAt) == 0 {
		t.Fatal("Night Shift's door tokens were not found on door openings")
	}
	links := Links(b, doorAt)
	kinds := map[LinkKind]int{}
	doors := map[int]bool{}
	for a, ls := range links {
		for _, l := range ls {
			kinds[l.Kind]++
			if (l.Kind == LinkDoor) != (l.Door >= 0) {
				t.Errorf("zone %d to %d: kind %d with door %d", a, l.To, l.Kind, l.Door)
			}
			if l.Door >= 0 {
				doors[l.Door] = true
			}
			back := false
			for _, r := range links[l.To] {
				if r.To == a {
					back = r.Kind == l.Kind && r.Door == l.Door
				}
			}
			if !back {
				t.Errorf("zone %d to %d is not read alike both ways", a, l.To)
			}
		}
	}
	if len(doors) != len(doorAt) || kinds[LinkOpen] == 0 || kinds[LinkWall] == 0 || kinds[LinkHatch] != 0 {
		t.Errorf("kinds %v, doors %d of %d: a city board has open joins, walls, its door tokens and no hatch", kinds, len(doors), len(doorAt))
	}
}

// TestDistancesAreShortest: the distances along open joins are exact
// (each zone at d has a way from a zone at d-1 and none shorter).
func TestDistancesAreShortest(t *testing.T) {
	s := nightShift(t)
	links := Links(s.Board, nil)
	open := func(_ int, l Link) bool { return l.Kind == LinkOpen }
	var q []int
	for z := range links {
		var d []int16
		d, q = Distances(links, z, open, make([]int16, len(links)), q)
		if d[z] != 0 {
			t.Fatalf("zone %d is %d from itself", z, d[z])
		}
		for a, ls := range links {
			hasPrev := d[a] <= 0
			for _, l := range ls {
				if !open(a, l) {
					continue
				}
				if d[a] >= 0 && (d[l.To] < 0 || d[l.To] > d[a]+1) {
					t.Fatalf("from %d: zone %d at %d, its neighbour %d at %d", z, a, d[a], l.To, d[l.To])
				}
				if d[a] > 0 && d[l.To] == d[a]-1 {
					hasPrev = true
				}
			}
			if !hasPrev {
				t.Fatalf("from %d: zone %d at %d has no neighbour one nearer", z, a, d[a])
			}
		}
	}
}
