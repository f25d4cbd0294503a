package invader

import (
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

// MaxMoldThreshold is the greatest threshold mold-distance takes from a
// configuration. Mold grows a zone at a time, so a longer chain is no
// risk worth a warning; and every pair of Spawn Zones closer than the
// threshold is measured and may be reported, which on a board of 4,000
// Spawn Zones side by side is 2,000 pairs each at 32 (millions in all),
// about 60 each at 6.
const MaxMoldThreshold = 6

// moldScratch holds what the Mold searches of one World reuse: per-zone
// arrays kept at their unvisited value between searches, reset over the
// zones each search touched, so a search costs what it visits and not the
// size of the board (a board may hold 16,384 zones and a mission 4,000
// Spawn Zones).
type moldScratch struct {
	dist  []int  // cost of the cheapest chain so far; -1 unvisited
	prev  []int  // the zone before on that chain; -1 none
	done  []bool // settled
	goal  []bool
	seen  []int // zones whose dist, prev or done were set
	goals []int
	// A double-ended queue for costs of 0 and 1: zones that cost nothing
	// go in front (a stack), the others at the back (a queue).
	front []int
	back  []int
	head  int
}

func (w *World) scratch() *moldScratch {
	if w.mold == nil {
		n := len(w.B.Zones)
		s := &moldScratch{dist: make([]int, n), prev: make([]int, n), done: make([]bool, n), goal: make([]bool, n)}
		for i := range s.dist {
			s.dist[i], s.prev[i] = -1, -1
		}
		w.mold = s
	}
	return w.mold
}

func (s *moldScratch) reset() {
	for _, z := range s.seen {
		s.dist[z], s.prev[z], s.done[z] = -1, -1, false
	}
	for _, z := range s.goals {
		s.goal[z] = false
	}
	s.seen, s.goals = s.seen[:0], s.goals[:0]
	s.front, s.back, s.head = s.front[:0], s.back[:0], 0
}

// set records d as z's cost, reached from p.
func (s *moldScratch) set(z, d, p int) {
	if s.dist[z] < 0 && !s.done[z] {
		s.seen = append(s.seen, z)
	}
	s.dist[z], s.prev[z] = d, p
}

func (s *moldScratch) push(z, cost int) {
	if cost == 0 {
		s.front = append(s.front, z)
	} else {
		s.back = append(s.back, z)
	}
}

func (s *moldScratch) pop() (int, bool) {
	if n := len(s.front); n > 0 {
		z := s.front[n-1]
		s.front = s.front[:n-1]
		return z, true
	}
	if s.head < len(s.back) {
		s.head++
		return s.back[s.head-1], true
	}
	return 0, false
}

func (w *World) moldable(z int) bool { return w.B.Zones[z].Kind != layout.Exterior }

// moldCost is what zone z adds to a chain: nothing if already Active Mold.
func (w *World) moldCost(z int) int {
	if w.Mold[z] == ActiveMold {
		return 0
	}
	return 1
}

// moldEnds are the zones a chain from Spawn Zone s may start at: s and the
// zones sharing an edge with it, those Mold can grow in, sorted.
func (w *World) moldEnds(s int) []int {
	touch := w.touching()
	out := make([]int, 0, 1+len(touch[s]))
	for _, z := range append([]int{s}, touch[s]...) {
		if w.moldable(z) && !slices.Contains(out, z) {
			out = append(out, z)
		}
	}
	slices.Sort(out)
	return out
}

// MoldChain is the shortest chain of room and corridor zones that, all
// Active Mold, would link Spawn Zones a and b: zones sharing an edge (walls
// do not matter, corners do not count), whose ends are the Spawn Zones or
// their edge-neighbours. Zones already Active Mold cost nothing. It returns
// the zones still to be molded, in chain order, and ok=false when no chain
// can exist.
func (w *World) MoldChain(a, b int) ([]int, bool) {
	touch := w.touching()
	s := w.scratch()
	defer s.reset()
	for _, z := range w.moldEnds(b) {
		s.goal[z] = true
		s.goals = append(s.goals, z)
	}
	for _, z := range w.moldEnds(a) {
		s.set(z, w.moldCost(z), -1)
		s.push(z, w.moldCost(z))
	}
	for {
		u, ok := s.pop()
		if !ok {
			return nil, false
		}
		if s.done[u] {
			continue
		}
		s.done[u] = true
		if s.goal[u] {
			var chain []int
			for z := u; z >= 0; z = s.prev[z] {
				if w.moldCost(z) > 0 {
					chain = append(chain, z)
				}
			}
			slices.Reverse(chain)
			return chain, true
		}
		for _, v := range touch[u] {
			if !w.moldable(v) || s.done[v] {
				continue
			}
			if d := s.dist[u] + w.moldCost(v); s.dist[v] < 0 || d < s.dist[v] {
				s.set(v, d, u)
				s.push(v, w.moldCost(v))
			}
		}
	}
}

// moldNear calls visit with every zone a chain from Spawn Zone a reaches
// with fewer than limit more Active Mold zones, and that number (as
// MoldChain counts them). One bounded search per Spawn Zone tells which
// pairs can be closer than a threshold, so MoldChain runs only for those
// rather than for every pair. It allocates nothing by limit.
func (w *World) moldNear(a, limit int, visit func(z, d int)) {
	touch := w.touching()
	s := w.scratch()
	defer s.reset()
	for _, z := range w.moldEnds(a) {
		if c := w.moldCost(z); c < limit {
			s.set(z, c, -1)
			s.push(z, c)
		}
	}
	for {
		u, ok := s.pop()
		if !ok {
			return
		}
		if s.done[u] {
			continue
		}
		s.done[u] = true
		visit(u, s.dist[u])
		for _, v := range touch[u] {
			if !w.moldable(v) || s.done[v] {
				continue
			}
			if d := s.dist[u] + w.moldCost(v); d < limit && (s.dist[v] < 0 || d < s.dist[v]) {
				s.set(v, d, u)
				s.push(v, w.moldCost(v))
			}
		}
	}
}

// moldLength is the length of MoldChain(a, b) read from a search from a
// that reached the zones in dist (-1 elsewhere): the cheapest end of b.
func (w *World) moldLength(dist []int, b int) int {
	best := -1
	for _, z := range w.moldEnds(b) {
		if d := dist[z]; d >= 0 && (best < 0 || d < best) {
			best = d
		}
	}
	return best
}

// closestSpawns is the first pair of Spawn Zone tokens i < j (in token
// order, on distinct zones) whose MoldChain is the shortest of all pairs,
// with that chain; ok=false when no two Spawn Zones can be linked. It is
// what trying every pair gives, without trying every pair: one search from
// every Spawn Zone at once finds, for each zone, the two nearest Spawn
// Zones (distinct), which gives each Spawn Zone's distance to its nearest
// other; the first token at the least distance is the pair's first end,
// and one search from it finds the second.
func (w *World) closestSpawns() (i, j int, chain []int, ok bool) {
	sp := w.Of(missions.TokSpawn)
	n := len(w.B.Zones)
	touch := w.touching()
	// Per zone, the two nearest Spawn Zones (labels) and their costs.
	var lab, dist [2][]int
	for k := range 2 {
		lab[k], dist[k] = make([]int, n), make([]int, n)
		for z := range lab[k] {
			lab[k][z] = -1
		}
	}
	type entry struct{ z, label, d int }
	var front []entry           // 0-cost entries on a stack in front, the rest queued
	back := make([]entry, 0, n) // the queue, moved down when half of it is done
	head := 0
	push := func(e entry, cost int) {
		if cost == 0 {
			front = append(front, e)
			return
		}
		if head >= 1024 && 2*head >= len(back) {
			back = back[:copy(back, back[head:])]
			head = 0
		}
		back = append(back, e)
	}
	isSpawn := make([]bool, n)
	for _, t := range sp {
		a := t.Zone.Index
		if isSpawn[a] {
			continue
		}
		isSpawn[a] = true
		for _, z := range w.moldEnds(a) {
			push(entry{z, a, w.moldCost(z)}, w.moldCost(z))
		}
	}
	for {
		var e entry
		if k := len(front); k > 0 {
			e, front = front[k-1], front[:k-1]
		} else if head < len(back) {
			e, head = back[head], head+1
		} else {
			break
		}
		z := e.z
		if lab[1][z] >= 0 || lab[0][z] == e.label {
			continue // settled twice, or already by this Spawn Zone
		}
		k := 0
		if lab[0][z] >= 0 {
			k = 1
		}
		lab[k][z], dist[k][z] = e.label, e.d
		for _, v := range touch[z] {
			if w.moldable(v) && lab[1][v] < 0 && lab[0][v] != e.label {
				push(entry{v, e.label, e.d + w.moldCost(v)}, w.moldCost(v))
			}
		}
	}
	// A Spawn Zone's distance to its nearest other: at each of its ends,
	// the nearer Spawn Zone that is not itself.
	nearest := func(a int) int {
		best := -1
		for _, z := range w.moldEnds(a) {
			for k := range 2 {
				if l := lab[k][z]; l >= 0 && l != a {
					if best < 0 || dist[k][z] < best {
						best = dist[k][z]
					}
					break
				}
			}
		}
		return best
	}
	least, first := -1, -1
	for ti, t := range sp {
		if d := nearest(t.Zone.Index); d >= 0 && (least < 0 || d < least) {
			least, first = d, ti
		}
	}
	if first < 0 {
		return 0, 0, nil, false
	}
	// first is the first token at the least distance: any token before it
	// at that distance would have come first, so its partner comes later.
	a := sp[first].Zone.Index
	from := make([]int, n)
	for z := range from {
		from[z] = -1
	}
	w.moldNear(a, least+1, func(z, d int) { from[z] = d })
	for tj := first + 1; tj < len(sp); tj++ {
		b := sp[tj].Zone.Index
		if b != a && w.moldLength(from, b) == least {
			c, ok := w.MoldChain(a, b)
			return first, tj, c, ok
		}
	}
	return 0, 0, nil, false // not reached: the least distance has a partner
}

// shortestMoldChain is the shortest MoldChain over every pair of distinct
// Spawn Zones (the first such pair in token order), or nil.
func (w *World) shortestMoldChain() []int {
	_, _, c, _ := w.closestSpawns()
	return c
}
