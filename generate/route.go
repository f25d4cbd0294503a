package generate

import (
	"fmt"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Where a Spawn Zone may stand, read the same way by the placement and by
// the quality floor: players judged a Spawn Zone beside the Start or the
// Exit, or on the crossroads every trip passes, as made by no one who had
// played (issue 43's blind reading).

// SpawnAway is how many Survivor moves a Spawn Zone stands at least from
// the Start: never beside it. From the Exit (or the getaway car) the
// placement keeps SpawnPrefer moves, then 2, and comes beside it only
// when the board has no other room for the difficulty asked: a floor of 2
// there refused 14 of 16 regenerations around blue-line's pinned start.
// SpawnPrefer is the distance the placement keeps where the board has room:
// on the city's long streets three moves from both ends leaves most 3×3
// boards room for 2 Spawn Zones and 2×2 ones for 1 (classic short missions
// were then refused 8 times in 10, and the Spawn Zones no longer grew with
// the Survivors), so a Spawn Zone comes nearer, never beside, only when the
// farther zones have run out.
const (
	SpawnAway   = 2
	SpawnPrefer = 3
)

// routeView is the Survivors' ways on a board, for telling where a Spawn
// Zone would sit on the route.
type routeView struct {
	adj     [][]int
	start   int
	goals   []int // the Objectives and the Exit (or getaway car)
	fromS   []int // moves from the start
	fromEnd []int // moves from the Exit (or car); nil when there is none
	away    int   // the fewest moves a Spawn Zone stands from either end
	chokes  map[int]bool
}

func newRouteView(adj [][]int, start int, objs []int, end int) *routeView {
	r := &routeView{adj: adj, start: start, fromS: rules.Distances(adj, start), away: SpawnAway}
	r.goals = append(r.goals, objs...)
	if end >= 0 {
		r.goals = append(r.goals, end)
		r.fromEnd = rules.Distances(adj, end)
	}
	return r
}

// spawnFault says why a Spawn Zone in zone z stands where players would not
// put one; "" when it is clear of the route.
func (r *routeView) spawnFault(z int) string {
	if d := r.fromS[z]; d >= 0 && d < r.away {
		return "moves from the start"
	}
	if r.choke(z) {
		return "a chokepoint"
	}
	return ""
}

// choke reports whether every route from the start to an Objective or the
// Exit crosses zone z: with z taken out, one of them is cut off. (A zone
// whose loss only lengthens a way is a street the team may go round: on
// the city's long streets, counting those too left a 3×3 board room for
// two Spawn Zones whatever the Survivors.)
func (r *routeView) choke(z int) bool {
	if z == r.start {
		return true
	}
	if c, ok := r.chokes[z]; ok {
		return c // the placement asks of each zone again for each Spawn Zone
	}
	if r.chokes == nil {
		r.chokes = map[int]bool{}
	}
	c := r.cuts(z)
	r.chokes[z] = c
	return c
}

// cuts reports whether taking zone z out cuts the start off a goal.
func (r *routeView) cuts(z int) bool {
	d := distancesWithout(r.adj, r.start, z)
	for _, g := range r.goals {
		if g == z || r.fromS[g] < 0 {
			continue
		}
		if d[g] < 0 {
			return true
		}
	}
	return false
}

// distancesWithout is the moves from start along adj, zone cut left out.
func distancesWithout(adj [][]int, start, cut int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	q := []int{start}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, o := range adj[z] {
			if o != cut && dist[o] < 0 {
				dist[o] = dist[z] + 1
				q = append(q, o)
			}
		}
	}
	return dist
}

// survivorWays is the Survivors' adjacency on the board with every door
// open and every key held, as the floor reads it.
func survivorWays(pl *rules.Play, n int) [][]int {
	adj := make([][]int, n)
	for _, m := range pl.Moves {
		if !m.Survivors {
			continue
		}
		adj[m.From] = append(adj[m.From], m.To)
		if !m.OneWay {
			adj[m.To] = append(adj[m.To], m.From)
		}
	}
	return adj
}

// route reads the plan's board with the Objectives and the Exit (or the
// getaway car) placed so far.
func (p *plan) route() *routeView {
	var objs []int
	end := -1
	for _, t := range p.m.Tokens {
		z := p.zoneOf(t)
		if z == nil {
			continue
		}
		switch {
		case t.Type == missions.TokObjective:
			objs = append(objs, z.Index)
		case t.Type == missions.TokExit, t.Type == missions.TokCar && t.ID == "getaway":
			end = z.Index
		}
	}
	return newRouteView(survivorWays(p.pl, len(p.zones)), p.start, objs, end)
}

// moves words a count of moves: "1 move", "2 moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// near reports whether zone z is fewer than n moves from the start or the
// Exit.
func (r *routeView) near(z, n int) bool {
	if d := r.fromS[z]; d >= 0 && d < n {
		return true
	}
	return r.nearEnd(z, n)
}

// nearEnd reports whether zone z is fewer than n moves from the Exit (or
// the getaway car).
func (r *routeView) nearEnd(z, n int) bool {
	if r.fromEnd != nil {
		if d := r.fromEnd[z]; d >= 0 && d < n {
			return true
		}
	}
	return false
}
