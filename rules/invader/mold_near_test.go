package invader_test

import (
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules/invader"
)

// TestMoldNearFindsEveryClosePair: the bounded search that picks which
// pairs of Spawn Zones to measure finds exactly the pairs whose MoldChain
// is shorter than the limit, on random boards with Active and Inactive
// Mold, so pruning never hides a finding.
func TestMoldNearFindsEveryClosePair(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 9))
	pairs := 0
	for range 120 {
		m := randomMission(r, station)
		b := scene(station, m).Board
		for _, z := range b.Zones {
			if r.IntN(4) == 0 {
				c := z.Cells[0]
				state := []string{"active", "inactive"}[r.IntN(2)]
				m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokMold, State: state, At: &[2]int{c.X, c.Y}})
			}
		}
		w := invader.NewWorld(scene(station, m))
		n := len(w.B.Zones)
		for _, limit := range []int{1, 2, 3} {
			for a := 0; a < n; a++ {
				near := w.MoldNear(a, limit)
				for b := 0; b < n; b++ {
					if a == b {
						continue
					}
					chain, ok := w.MoldChain(a, b)
					want := ok && len(chain) < limit
					got := near[b] >= 0
					for _, z := range w.Touching(b) {
						got = got || near[z] >= 0
					}
					if got != want {
						t.Fatalf("zones %s and %s, limit %d: the bounded search says %v, MoldChain %v (chain %v)", w.B.Zones[a].ID, w.B.Zones[b].ID, limit, got, want, chain)
					}
					if want {
						pairs++
					}
				}
			}
		}
	}
	if pairs < 100 {
		t.Errorf("only %d close pairs on the random boards: the test shows little", pairs)
	}
}
