package invader_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
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
