package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/zmission/zmission/missions"
)

// Key names. Keys only ever grow during a game, so reachability is computed
// to a fixpoint: each round of new keys is a "sphere".
const (
	KeyOxygen     = "oxygen"      // an equipped Oxygen Tank (Invader)
	KeyDoorOpener = "door-opener" // a weapon that opens doors (classic)
)

// KeyDoor is the key of doors of one colour.
func KeyDoor(color string) string { return "door:" + color }

// KeyRemoved is the key that a token (a door) is gone.
func KeyRemoved(tokenIndex int) string { return fmt.Sprintf("removed:%d", tokenIndex) }

// Puzzle is what the solver needs from a game.
type Puzzle struct {
	Scene *Scene
	Moves []Move // Survivors' ways between zones with their requirements
	Start int    // the start zone index
	// Keys the team has from the start (equipment).
	Initial []string
	// ZoneKeys gives the keys a Survivor gains by reaching a zone, with the
	// reason worded for the author ("the Oxygen Supply Room 2A/a").
	ZoneKeys func(zone int) map[string]string
	// ItemKey maps an item a rule grants (oxygen-tank) to a key.
	ItemKey func(item string) string
	// Gone lists the tokens the game removes before play (Invader: the
	// Objectives in a Mold zone and the doors on its edges), each with the
	// token that removes it. Checks read the board without them.
	Gone map[int]*Token
	// Destroyed lists the closed doors the enemies destroy for certain
	// (Invader: the only way out of a Spawn Zone's part of the board
	// toward the Survivors), each with the Spawn Zone whose enemies do it.
	// The checks still read them shut (room-shut names the Spawn Zone);
	// the analysis counts them open (see Play.AfterDestroyed).
	Destroyed map[int]*Token

	locked map[string]bool // SelfLocked answers, by key: each costs two solves
	why    *whyParts       // Why's parts of the last solution asked about
	adj    [][]int32       // the adjacency of adjOf (move indexes), for reachable
	adjOf  []Move
}

// Sphere is one step of the play order: what became possible once new keys
// were gained.
type Sphere struct {
	Index  int
	Gained []Gain // the keys that opened this sphere (none for sphere 0)
	Zones  []int  // zones first reachable in this sphere
	Taken  []int  // objective tokens (mission.tokens indexes) taken in this sphere
	Fired  []int  // special rules (mission.rules indexes) that fired in this sphere
}

// Gain is one key gained, and why.
type Gain struct {
	Key    string `json:"key"`
	Reason string `json:"reason"`
}

// Solution is the fixpoint: what can be reached and done, and in which sphere.
type Solution struct {
	Spheres []Sphere
	Reach   []int          // per zone: the sphere it becomes reachable in, -1 never
	Keys    map[string]int // key -> sphere it is gained in (usable from the next one)
	Taken   map[int]int    // objective token -> sphere taken
	Fired   map[int]int    // rule -> sphere fired
	Met     map[int]int    // objective (mission.objectives index) -> sphere met; absent = never
	Active  map[string]int // spawn colour -> sphere it activates (red: 0)
}

// Has reports whether every key in req is held in keys.
func Has(keys map[string]int, req []string) bool {
	for _, k := range req {
		if _, ok := keys[k]; !ok {
			return false
		}
	}
	return true
}

// usable reports whether the Survivors can take move m with keys.
func usable(m *Move, keys map[string]int) bool {
	if !m.Survivors {
		return false
	}
	for _, k := range m.Requires {
		if _, ok := keys[k]; ok {
			continue
		}
		// A removed door no longer needs its colour.
		if strings.HasPrefix(k, "door:") && m.Door >= 0 {
			if _, ok := keys[KeyRemoved(m.Door)]; ok {
				continue
			}
		}
		return false
	}
	return true
}

// Reachable is the set of zones the Survivors reach from start with keys.
func Reachable(moves []Move, n, start int, keys map[string]int) []bool {
	return reachFrom(moves, adjacency(moves, n), n, start, keys)
}

// reachable is Reachable over the puzzle's own moves, whose adjacency is
// made once: a solve asks for it once per step, and the checks solve the
// same puzzle several times. A copy of the puzzle with other moves (see
// Lenient) does not use the copied list: it is kept with the moves it was
// made of and checked against them. A nil list was never made: a board with
// no moves at all has empty lists of both, which compare the same.
func (p *Puzzle) reachable(keys map[string]int) []bool {
	n := len(p.Scene.Board.Zones)
	if p.adj == nil || !sameMoves(p.adjOf, p.Moves) {
		p.adj, p.adjOf = adjacency(p.Moves, n), p.Moves
	}
	return reachFrom(p.Moves, p.adj, n, p.Start, keys)
}

func sameMoves(a, b []Move) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// adjacency lists, per zone, the indexes of the moves that touch it.
func adjacency(moves []Move, n int) [][]int32 {
	deg := make([]int32, n+1)
	for i := range moves {
		deg[moves[i].From]++
		deg[moves[i].To]++
	}
	// One backing array, cut per zone.
	all := make([]int32, 2*len(moves))
	adj := make([][]int32, n)
	at := 0
	for z := 0; z < n; z++ {
		adj[z] = all[at : at : at+int(deg[z])]
		at += int(deg[z])
	}
	for i := range moves {
		adj[moves[i].From] = append(adj[moves[i].From], int32(i))
		adj[moves[i].To] = append(adj[moves[i].To], int32(i))
	}
	return adj
}

func reachFrom(moves []Move, adj [][]int32, n, start int, keys map[string]int) []bool {
	seen := make([]bool, n)
	if start < 0 || start >= n {
		return seen
	}
	seen[start] = true
	q := make([]int, 1, n)
	q[0] = start
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, mi := range adj[z] {
			m := &moves[mi]
			o := m.Other(z)
			if !seen[o] && m.Leaving(z) && usable(m, keys) {
				seen[o] = true
				q = append(q, o)
			}
		}
	}
	return seen
}

// Solve runs the play to its fixpoint. With ordered false, objective order is
// ignored (used to tell an order problem from a reachability problem).
func Solve(p *Puzzle, ordered bool) *Solution {
	s := p.Scene
	m := s.Mission
	n := len(s.Board.Zones)
	sol := &Solution{Reach: make([]int, n), Keys: map[string]int{}, Taken: map[int]int{}, Fired: map[int]int{}, Met: map[int]int{}, Active: map[string]int{"red": 0}}
	for i := range sol.Reach {
		sol.Reach[i] = -1
	}
	for _, k := range p.Initial {
		sol.Keys[k] = 0
	}
	var opened []Gain // the gains that open the next sphere
	limit := 4*n + len(m.Tokens) + len(m.Rules) + 8
	for sphere := 0; sphere < limit; sphere++ {
		sp := Sphere{Index: sphere, Gained: opened}
		var gains []Gain
		gain := func(k, why string) {
			if _, ok := sol.Keys[k]; ok {
				return
			}
			for _, g := range gains {
				if g.Key == k {
					return
				}
			}
			gains = append(gains, Gain{Key: k, Reason: why})
		}
		reach := p.reachable(sol.Keys)
		for z, ok := range reach {
			if ok && sol.Reach[z] < 0 {
				sol.Reach[z] = sphere
				sp.Zones = append(sp.Zones, z)
			}
		}
		// Keys found in reachable zones. A zone's keys are all gained in
		// the sphere that first reaches it, so only new zones are asked.
		if p.ZoneKeys != nil {
			for _, z := range sp.Zones {
				ks := p.ZoneKeys(z)
				names := make([]string, 0, len(ks))
				for k := range ks {
					names = append(names, k)
				}
				sort.Strings(names)
				for _, k := range names {
					gain(k, ks[k])
				}
			}
		}
		fire := func(ri int, why string) {
			if _, done := sol.Fired[ri]; done {
				return
			}
			sol.Fired[ri] = sphere
			sp.Fired = append(sp.Fired, ri)
			for _, e := range m.Rules[ri].Then {
				switch {
				case e.Open != "":
					gain(KeyDoor(e.Open), why)
				case e.Activate != "":
					if _, ok := sol.Active[e.Activate]; !ok {
						sol.Active[e.Activate] = sphere
					}
				case e.Grant != "":
					k := e.Grant
					if p.ItemKey != nil {
						k = p.ItemKey(e.Grant)
					}
					gain(k, why)
				case e.Remove != "":
					if t := s.ByID(e.Remove); t != nil {
						gain(KeyRemoved(t.Index), why)
					}
				}
			}
		}
		// Round triggers fire on their own: time passes.
		for ri, r := range m.Rules {
			if r.When != nil && r.When.Round > 0 {
				fire(ri, fmt.Sprintf("round %d starting", r.When.Round))
			}
		}
		// Objectives taken, honouring the order of ordered objectives.
		for _, t := range s.Of(missions.TokObjective) {
			if _, done := sol.Taken[t.Index]; done || !reach[t.Zone.Index] || p.Gone[t.Index] != nil {
				continue
			}
			if ordered && !takeable(m, sol, t) {
				continue
			}
			sol.Taken[t.Index] = sphere
			sp.Taken = append(sp.Taken, t.Index)
			for ri, r := range m.Rules {
				if r.When != nil && r.When.Take == t.Color {
					fire(ri, fmt.Sprintf("taking the %s Objective", t.Color))
				}
			}
		}
		// Reach and activate triggers.
		for ri, r := range m.Rules {
			if r.When == nil {
				continue
			}
			if ref := r.When.Reach; ref != "" {
				if z, ok := RefZone(s, ref); ok && reach[z] {
					fire(ri, "reaching "+ref)
				}
			}
			if id := r.When.Activate; id != "" {
				if t := s.ByID(id); t != nil && reach[t.Zone.Index] {
					fire(ri, "activating "+id)
				}
			}
		}
		met := judge(s, sol, reach, sphere, ordered)
		for _, g := range gains {
			sol.Keys[g.Key] = sphere
		}
		empty := len(sp.Zones) == 0 && len(sp.Taken) == 0 && len(sp.Fired) == 0 && len(sp.Gained) == 0
		if !empty || sphere == 0 {
			sol.Spheres = append(sol.Spheres, sp)
		}
		if len(gains) == 0 && len(sp.Taken) == 0 && len(sp.Fired) == 0 && !met {
			break
		}
		opened = gains
	}
	return sol
}

// takeable reports whether objective token t may be taken now: every ordered
// objective that counts it must have all lower-order objectives met.
func takeable(m *missions.Mission, sol *Solution, t *Token) bool {
	for _, o := range m.Objectives {
		if o.Order == 0 || !(o.Take == t.Color || o.Take == "all") {
			continue
		}
		for j, p := range m.Objectives {
			if p.Order > 0 && p.Order < o.Order {
				if _, ok := sol.Met[j]; !ok {
					return false
				}
			}
		}
	}
	return true
}

// Lenient is the puzzle once the enemies have destroyed every door the
// Survivors can remove only from the other side (OneWay moves): what they
// reach only with the enemies' help.
func (p *Puzzle) Lenient() *Puzzle {
	q := *p
	q.locked = nil
	q.Moves = make([]Move, len(p.Moves))
	for i, m := range p.Moves {
		m.OneWay = false
		q.Moves[i] = m
	}
	return &q
}

// HasOneWay reports whether some way is one-way for the Survivors.
func (p *Puzzle) HasOneWay() bool {
	for _, m := range p.Moves {
		if m.OneWay && m.Survivors {
			return true
		}
	}
	return false
}

// Needed is how many objective tokens an objective asks for, and how many
// the map has.
func Needed(s *Scene, o missions.Objective) (need, have int) {
	for _, t := range s.Of(missions.TokObjective) {
		if o.Take == "all" || t.Color == o.Take {
			have++
		}
	}
	need = have
	if o.Count > 0 {
		need = o.Count
	}
	return need, have
}

// judge records the objectives met in this sphere; it reports whether any
// new one was.
func judge(s *Scene, sol *Solution, reach []bool, sphere int, ordered bool) bool {
	m := s.Mission
	idx := make([]int, len(m.Objectives))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return m.Objectives[idx[a]].Order < m.Objectives[idx[b]].Order })
	changed := false
	for _, i := range idx {
		if _, done := sol.Met[i]; done {
			continue
		}
		o := m.Objectives[i]
		if ordered && o.Order > 0 {
			blocked := false
			for j, p := range m.Objectives {
				if _, ok := sol.Met[j]; p.Order > 0 && p.Order < o.Order && !ok {
					blocked = true
				}
			}
			if blocked {
				continue
			}
		}
		if metNow(s, sol, reach, o) {
			sol.Met[i] = sphere
			changed = true
		}
	}
	return changed
}

func metNow(s *Scene, sol *Solution, reach []bool, o missions.Objective) bool {
	switch {
	case o.Take != "":
		need, have := Needed(s, o)
		if have == 0 || need > have {
			return false
		}
		got := 0
		for _, t := range s.Of(missions.TokObjective) {
			if _, ok := sol.Taken[t.Index]; ok && (o.Take == "all" || t.Color == o.Take) {
				got++
			}
		}
		return got >= need
	case o.Exit != "":
		for _, t := range s.Of(missions.TokExit) {
			if reach[t.Zone.Index] {
				return true
			}
		}
		return false
	case o.Reach != "":
		z, ok := RefZone(s, o.Reach)
		return ok && reach[z]
	case o.Activate != "":
		t := s.ByID(o.Activate)
		return t != nil && reach[t.Zone.Index]
	}
	// survive, kill and text: nothing on the map decides them.
	return true
}

// RefZone resolves a reference (a token id, a zone id, or a cell "x,y") to a
// zone index.
func RefZone(s *Scene, ref string) (int, bool) {
	if t := s.ByID(ref); t != nil {
		return t.Zone.Index, true
	}
	z, err := s.Board.Ref(ref)
	if err != nil {
		return -1, false
	}
	return z.Index, true
}

// SortedKeys lists keys by the sphere they were gained in, then by name.
func (sol *Solution) SortedKeys() []string {
	ks := make([]string, 0, len(sol.Keys))
	for k := range sol.Keys {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b string) int {
		if d := sol.Keys[a] - sol.Keys[b]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return ks
}
