package invader

import (
	"math"
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// xenoAdj lists, per zone, the zones a Xeno can step to (walls block; closed
// doors do not, they are destroyed; airlocks are free), sorted.
func (w *World) xenoAdj() [][]int {
	adj := make([][]int, len(w.B.Zones))
	for _, s := range w.Movement() {
		if !s.Xenos {
			continue
		}
		if !slices.Contains(adj[s.From], s.To) {
			adj[s.From] = append(adj[s.From], s.To)
			adj[s.To] = append(adj[s.To], s.From)
		}
	}
	for i := range adj {
		slices.Sort(adj[i])
	}
	return adj
}

// XenoDistance is the number of Xeno moves from the nearest of the sources to
// every zone; -1 where no Xeno can go.
func (w *World) XenoDistance(sources []int) []int {
	return bfs(w.xenoAdj(), sources)
}

// XenoPath is a shortest Xeno path from zone a to zone b (both included),
// or nil. Among equal paths it takes the one through lower zone indexes, so
// the result is deterministic.
func (w *World) XenoPath(a, b int) []int {
	adj := w.xenoAdj()
	dist := bfs(adj, []int{b})
	if dist[a] < 0 {
		return nil
	}
	path := []int{a}
	for cur := a; cur != b; {
		for _, n := range adj[cur] {
			if dist[n] == dist[cur]-1 {
				cur = n
				break
			}
		}
		path = append(path, cur)
	}
	return path
}

func bfs(adj [][]int, sources []int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	q := []int{}
	for _, s := range sources {
		if s >= 0 && s < len(adj) && dist[s] < 0 {
			dist[s] = 0
			q = append(q, s)
		}
	}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, n := range adj[z] {
			if dist[n] < 0 {
				dist[n] = dist[z] + 1
				q = append(q, n)
			}
		}
	}
	return dist
}

// SpawnOrder is the order Spawn Zones spawn in: from the first one (marked
// first, else the first declared) clockwise around the board's centre.
func (w *World) SpawnOrder() []*rules.Token {
	sp := w.Of(missions.TokSpawn)
	if len(sp) == 0 {
		return nil
	}
	first := sp[0]
	for _, t := range sp {
		if t.First {
			first = t
			break
		}
	}
	cx, cy := float64(w.B.W)/2, float64(w.B.H)/2
	angle := func(t *rules.Token) float64 {
		// y grows downwards, so a growing atan2 angle turns clockwise on screen.
		return math.Atan2(float64(t.Cell.Y)+0.5-cy, float64(t.Cell.X)+0.5-cx)
	}
	a0 := angle(first)
	turn := func(t *rules.Token) float64 {
		d := angle(t) - a0
		for d < 0 {
			d += 2 * math.Pi
		}
		if t == first {
			return -1
		}
		return d
	}
	out := slices.Clone(sp)
	slices.SortStableFunc(out, func(a, b *rules.Token) int {
		ta, tb := turn(a), turn(b)
		switch {
		case ta < tb:
			return -1
		case ta > tb:
			return 1
		}
		return a.Index - b.Index
	})
	return out
}

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
