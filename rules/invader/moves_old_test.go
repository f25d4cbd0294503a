package invader_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

// oldMoves is rules.Moves as it was first written: each move's cell edges
// in a slice of their own. The version that puts them all in one array
// must give the same moves, edges and order.
func oldMoves(b *layout.Board, step func(a, b int, e layout.CellEdge) (rules.Move, bool)) []rules.Move {
	var out []rules.Move
	for _, adj := range b.Adjacent() {
		first := len(out)
	edges:
		for _, e := range adj.Edges {
			m, ok := step(adj.A, adj.B, e)
			if !ok {
				continue
			}
			for i := first; i < len(out); i++ {
				o := &out[i]
				if o.Via == m.Via && slices.Equal(o.Requires, m.Requires) && o.Survivors == m.Survivors &&
					o.Xenos == m.Xenos && o.OneWay == m.OneWay && o.Out == m.Out {
					o.Edges = append(o.Edges, e)
					continue edges
				}
			}
			m.Edges = []layout.CellEdge{e}
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b rules.Move) int {
		if a.From != b.From {
			return a.From - b.From
		}
		if a.To != b.To {
			return a.To - b.To
		}
		if c := strings.Compare(a.Via, b.Via); c != 0 {
			return c
		}
		if c := strings.Compare(strings.Join(a.Requires, ","), strings.Join(b.Requires, ",")); c != 0 {
			return c
		}
		if a.OneWay != b.OneWay {
			if a.OneWay {
				return 1
			}
			return -1
		}
		return a.Out - b.Out
	})
	return out
}

// TestMovesMatchFirstVersion holds the moves of random station boards
// (doors of every colour and state, Mold) to the first version's.
func TestMovesMatchFirstVersion(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(23, 5))
	sets := []*layout.TileSet{station, darkened(r, station)}
	several := 0
	for i := range 300 {
		set := sets[i%len(sets)]
		m := randomMission(r, set)
		w := invader.NewWorld(scene(set, m))
		got, want := w.Movement(), oldMoves(w.B, w.StepOf)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("board %d %v: moves\n%+v\nfirst version\n%+v", i, m.Tiles, got, want)
		}
		for k := 1; k < len(got); k++ {
			if got[k].From == got[k-1].From && got[k].To == got[k-1].To {
				several++
			}
		}
	}
	if several == 0 {
		t.Error("no pair of zones had two ways between them: the boards show little")
	}
}

// TestSceneMovesMadeOnce: the worlds of one scene share its moves (the
// checks, then the graph or the map, each make a world); a copy of the
// scene with other tokens makes its own, the same as a scene placed
// afresh would have.
func TestSceneMovesMadeOnce(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(29, 1))
	changed := 0
	for range 50 {
		m := randomMission(r, station)
		s := scene(station, m)
		a, b := invader.NewWorld(s).Movement(), invader.NewWorld(s).Movement()
		if len(a) == 0 {
			continue
		}
		if &a[0] != &b[0] || cap(a) != len(a) {
			t.Fatalf("%v: the scene's moves were made twice, or can be appended to in place", m.Tiles)
		}
		// Every wall between two zones grown over by Mold: new ways.
		sc := *s
		sc.Tokens = slices.Clone(s.Tokens)
		for _, z := range s.Board.Zones {
			if z.Kind != layout.Exterior {
				tok := &rules.Token{Index: len(m.Tokens), Cell: z.Cells[0], Zone: z}
				tok.Type, tok.State = "mold", "active"
				sc.Tokens = append(sc.Tokens, tok)
			}
		}
		got := invader.NewWorld(&sc).Movement()
		m2 := *m
		m2.Tokens = slices.Clone(m.Tokens)
		for _, z := range s.Board.Zones {
			if z.Kind != layout.Exterior {
				m2.Tokens = append(m2.Tokens, missions.Token{Type: "mold", State: "active", At: &[2]int{z.Cells[0].X, z.Cells[0].Y}})
			}
		}
		want := invader.NewWorld(scene(station, &m2)).Movement()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: a copy of the scene with Mold everywhere kept the first moves", m.Tiles)
		}
		if again := invader.NewWorld(s).Movement(); !reflect.DeepEqual(again, a) {
			t.Fatalf("%v: the first scene's moves changed", m.Tiles)
		}
		if !reflect.DeepEqual(got, a) {
			changed++
		}
	}
	if changed < 10 {
		t.Errorf("Mold everywhere changed the moves of %d boards: the test shows little", changed)
	}
}
