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
	touch := w.touching()
	moldable := func(z int) bool { return w.B.Zones[z].Kind != layout.Exterior }
	cost := func(z int) int {
		if w.Mold[z] == ActiveMold {
			return 0
		}
		return 1
	}
	ends := func(s int) []int {
		var out []int
		for _, z := range append([]int{s}, touch[s]...) {
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
	// Costs are 0 (already Active Mold) or 1, so a double-ended queue
	// finds the cheapest chain in linear time: 0-cost zones go in front.
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
		for _, v := range touch[u] {
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

// moldNear is, per zone, the fewest more Active Mold zones a chain from
// Spawn Zone a needs to reach it (as MoldChain counts them), for the zones
// that need fewer than limit; -1 elsewhere. One bounded search per Spawn
// Zone tells which pairs can be closer than a threshold, so MoldChain runs
// only for those rather than for every pair.
func (w *World) moldNear(a, limit int) []int {
	n := len(w.B.Zones)
	touch := w.touching()
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	moldable := func(z int) bool { return w.B.Zones[z].Kind != layout.Exterior }
	cost := func(z int) int {
		if w.Mold[z] == ActiveMold {
			return 0
		}
		return 1
	}
	// Buckets by distance: 0-1 costs, so each bucket is a plain queue.
	buckets := make([][]int, limit)
	push := func(z, d int) {
		if d < limit && (dist[z] < 0 || d < dist[z]) {
			dist[z] = d
			buckets[d] = append(buckets[d], z)
		}
	}
	for _, z := range append([]int{a}, touch[a]...) {
		if moldable(z) {
			push(z, cost(z))
		}
	}
	for d := 0; d < limit; d++ {
		for i := 0; i < len(buckets[d]); i++ {
			u := buckets[d][i]
			if dist[u] != d {
				continue // reached more cheaply since
			}
			for _, v := range touch[u] {
				if moldable(v) {
					push(v, d+cost(v))
				}
			}
		}
	}
	return dist
}

// touching lists, per zone, the zones sharing an edge with it (whatever
// stands on the edge), sorted; computed once per World.
func (w *World) touching() [][]int {
	if w.touch == nil {
		w.touch = make([][]int, len(w.B.Zones))
		for _, adj := range w.B.Adjacent() {
			w.touch[adj.A] = append(w.touch[adj.A], adj.B)
			w.touch[adj.B] = append(w.touch[adj.B], adj.A)
		}
		for i := range w.touch {
			slices.Sort(w.touch[i])
		}
	}
	return w.touch
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
