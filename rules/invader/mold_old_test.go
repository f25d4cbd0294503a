package invader_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules/invader"
)

// oldMoldChain is MoldChain as it was first written: fresh arrays of the
// board's size and a queue that zones of no cost are put in front of by
// copying it. The searches that replaced it must give the same chains.
func oldMoldChain(w *invader.World, a, b int) ([]int, bool) {
	n := len(w.B.Zones)
	moldable := func(z int) bool { return w.B.Zones[z].Kind != layout.Exterior }
	cost := func(z int) int {
		if w.Mold[z] == invader.ActiveMold {
			return 0
		}
		return 1
	}
	ends := func(s int) []int {
		var out []int
		for _, z := range append([]int{s}, w.Touching(s)...) {
			if moldable(z) && !slices.Contains(out, z) {
				out = append(out, z)
			}
		}
		slices.Sort(out)
		return out
	}
	goal := make([]bool, n)
	for _, z := range ends(b) {
		goal[z] = true
	}
	const inf = math.MaxInt
	dist := make([]int, n)
	prev := make([]int, n)
	for i := range dist {
		dist[i], prev[i] = inf, -1
	}
	var dq []int
	for _, z := range ends(a) {
		dist[z] = cost(z)
		if cost(z) == 0 {
			dq = append([]int{z}, dq...)
		} else {
			dq = append(dq, z)
		}
	}
	done := make([]bool, n)
	for len(dq) > 0 {
		u := dq[0]
		dq = dq[1:]
		if done[u] {
			continue
		}
		done[u] = true
		if goal[u] {
			var chain []int
			for z := u; z >= 0; z = prev[z] {
				if cost(z) > 0 {
					chain = append(chain, z)
				}
			}
			slices.Reverse(chain)
			return chain, true
		}
		for _, v := range w.Touching(u) {
			if !moldable(v) || done[v] {
				continue
			}
			if d := dist[u] + cost(v); d < dist[v] {
				dist[v], prev[v] = d, u
				if cost(v) == 0 {
					dq = append([]int{v}, dq...)
				} else {
					dq = append(dq, v)
				}
			}
		}
	}
	return nil, false
}

// oldClosestSpawns tries every pair of Spawn Zone tokens, as the shortest
// Mold chain of analyze and render once did: the first pair in token
// order whose chain is shorter than every earlier one.
func oldClosestSpawns(w *invader.World) (int, int, []int, bool) {
	sp := w.Of(missions.TokSpawn)
	bi, bj, found := 0, 0, false
	var best []int
	for i := range sp {
		for j := i + 1; j < len(sp); j++ {
			a, b := sp[i].Zone.Index, sp[j].Zone.Index
			if a == b {
				continue
			}
			if c, ok := oldMoldChain(w, a, b); ok && (!found || len(c) < len(best)) {
				best, bi, bj, found = c, i, j, true
			}
		}
	}
	return bi, bj, best, found
}

// TestMoldSearchesMatchEveryPair: on small random boards with Active and
// Inactive Mold and a few to many Spawn Zones (some sharing a zone, some
// outside), MoldChain gives the chains of its first version for every pair
// of zones, and the closest pair found without trying every pair is the
// pair, and the chain, that trying every pair finds.
func TestMoldSearchesMatchEveryPair(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(19, 3))
	linked, apart, none := 0, 0, 0
	for range 300 {
		m := randomMission(r, station)
		b := scene(station, m).Board
		moldOdds := 2 + r.IntN(8)
		for _, z := range b.Zones {
			c := z.Cells[r.IntN(len(z.Cells))]
			if r.IntN(moldOdds) == 0 {
				state := []string{"active", "inactive"}[r.IntN(2)]
				m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokMold, State: state, At: &[2]int{c.X, c.Y}})
			}
		}
		for range r.IntN(2 + len(b.Zones)/2) {
			z := b.Zones[r.IntN(len(b.Zones))]
			c := z.Cells[r.IntN(len(z.Cells))]
			m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokSpawn, Color: "red", At: &[2]int{c.X, c.Y}})
		}
		w := invader.NewWorld(scene(station, m))
		n := len(w.B.Zones)
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				got, gotOK := w.MoldChain(a, b)
				want, wantOK := oldMoldChain(w, a, b)
				if gotOK != wantOK || !slices.Equal(got, want) {
					t.Fatalf("MoldChain(%s, %s) = %v %v, first version %v %v", w.B.Zones[a].ID, w.B.Zones[b].ID, ids(w, got), gotOK, ids(w, want), wantOK)
				}
			}
		}
		gi, gj, gc, gok := w.ClosestSpawns()
		wi, wj, wc, wok := oldClosestSpawns(w)
		if gok != wok || (wok && (gi != wi || gj != wj || !slices.Equal(gc, wc))) {
			t.Fatalf("closest Spawn Zones: tokens %d and %d, chain %s (%v); every pair: %d and %d, chain %s (%v)\n%s",
				gi, gj, ids(w, gc), gok, wi, wj, ids(w, wc), wok, tokensString(m))
		}
		switch {
		case !wok:
			none++
		case len(wc) == 0:
			linked++
		default:
			apart++
		}
	}
	if linked < 10 || apart < 50 || none < 5 {
		t.Errorf("the random boards show little: %d pairs already linked, %d apart, %d without a pair", linked, apart, none)
	}
}
