package invader

import (
	"math"
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// XenoDistance is the number of Xeno moves from the nearest of the sources
// to every zone; -1 where no Xeno can go.
func (w *World) XenoDistance(sources []int) []int { return w.Play().EnemyDistance(sources) }

// XenoPath is a shortest Xeno path from zone a to zone b, or nil.
func (w *World) XenoPath(a, b int) []int { return w.Play().EnemyPath(a, b) }

// SpawnOrder is the spawning order, clockwise from the first Spawn Zone.
func (w *World) SpawnOrder() []*rules.Token { return rules.SpawnOrder(w.Scene) }

// MoldChain is the shortest chain of room and corridor zones that, all
// Active Mold, would link Spawn Zones a and b: zones sharing an edge (walls
// do not matter, corners do not count), whose ends are the Spawn Zones or
// their edge-neighbours. Zones already Active Mold cost nothing. It returns
// the zones still to be molded, in chain order, and ok=false when no chain
// can exist.
func (w *World) MoldChain(a, b int) ([]int, bool) {
	n := len(w.B.Zones)
	touch := make([][]int, n)
	for _, adj := range w.B.Adjacent() {
		touch[adj.A] = append(touch[adj.A], adj.B)
		touch[adj.B] = append(touch[adj.B], adj.A)
	}
	moldable := func(z int) bool { return w.B.Zones[z].Kind != layout.Exterior }
	cost := func(z int) int {
		if w.Mold[z] == ActiveMold {
			return 0
		}
		return 1
	}
	ends := func(s int) map[int]bool {
		m := map[int]bool{}
		if moldable(s) {
			m[s] = true
		}
		for _, x := range touch[s] {
			if moldable(x) {
				m[x] = true
			}
		}
		return m
	}
	starts, goals := ends(a), ends(b)
	// Dijkstra over node costs; with costs 0/1 a deque would do, but zone
	// counts are small and this reads plainly.
	const inf = math.MaxInt
	dist := make([]int, n)
	prev := make([]int, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i], prev[i] = inf, -1
	}
	for s := range starts {
		dist[s] = cost(s)
	}
	for {
		u := -1
		for i := 0; i < n; i++ {
			if !done[i] && dist[i] != inf && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 {
			return nil, false
		}
		if goals[u] {
			var chain []int
			for z := u; z >= 0; z = prev[z] {
				if cost(z) > 0 {
					chain = append(chain, z)
				}
			}
			slices.Reverse(chain)
			return chain, true
		}
		done[u] = true
		for _, v := range touch[u] {
			if !moldable(v) || done[v] {
				continue
			}
			if d := dist[u] + cost(v); d < dist[v] {
				dist[v], prev[v] = d, u
			}
		}
	}
}

// shortestMoldChain is the shortest MoldChain over every pair of distinct
// Spawn Zones, or nil.
func (w *World) shortestMoldChain() []int {
	sp := w.Of(missions.TokSpawn)
	var best []int
	found := false
	for i := range sp {
		for j := i + 1; j < len(sp); j++ {
			a, b := sp[i].Zone.Index, sp[j].Zone.Index
			if a == b {
				continue
			}
			if c, ok := w.MoldChain(a, b); ok && (!found || len(c) < len(best)) {
				best, found = c, true
			}
		}
	}
	return best
}
