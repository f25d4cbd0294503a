package rules

import "slices"

// Blocker is a way out of the reachable part of the board that the
// Survivors cannot take, on the way to a target, with the keys it lacks.
type Blocker struct {
	Move    Move
	Inside  int      // the reachable zone it leaves
	Missing []string // keys not held, sorted
	Shut    bool     // a door only removed from the far side (Door Activation)
}

// Why explains why zone target cannot be reached after the fixpoint: the
// blockers between the reachable part and the target. walled is true when
// no way at all (whatever keys) leads from the start to the target.
//
// What does not depend on the target (what is reachable, what would be with
// every key, the parts of the board beyond the reachable one) is worked out
// once per solution, so explaining every zone of a large board costs one
// pass over it rather than one pass per zone.
func (p *Puzzle) Why(sol *Solution, target int) (blockers []Blocker, walled bool) {
	w := p.whyOf(sol)
	if w.reach[target] {
		return nil, false
	}
	if !w.free[target] {
		return nil, true
	}
	return w.blockers[w.part[target]], false
}

// whyParts is what Why needs of one solution, whatever the target.
type whyParts struct {
	sol   *Solution
	reach []bool // reachable with the solution's keys
	free  []bool // reachable if every requirement were met
	// part numbers the connected parts of the board outside reach (through
	// any move the Survivors may take, requirements ignored); -1 in reach.
	part []int
	// blockers per part: the moves from reach into it, in move order, with
	// the keys each lacks. The zones from which a target can be reached
	// without re-entering the reachable part are exactly the target's part.
	blockers [][]Blocker
}

func (p *Puzzle) whyOf(sol *Solution) *whyParts {
	if p.why != nil && p.why.sol == sol {
		return p.why
	}
	n := len(p.Scene.Board.Zones)
	w := &whyParts{sol: sol, reach: p.reachable(sol.Keys)}
	free := make([]Move, 0, len(p.Moves))
	for _, m := range p.Moves {
		if m.Survivors {
			m.Requires = nil
			m.Door = -1
			m.OneWay = false
			free = append(free, m)
		}
	}
	w.free = Reachable(free, n, p.Start, nil)
	adj := make([][]int, n)
	for _, m := range free {
		adj[m.From] = append(adj[m.From], m.To)
		adj[m.To] = append(adj[m.To], m.From)
	}
	w.part = make([]int, n)
	for i := range w.part {
		w.part[i] = -1
	}
	parts := 0
	var q []int
	for z := range n {
		if w.reach[z] || w.part[z] >= 0 {
			continue
		}
		w.part[z] = parts
		q = append(q[:0], z)
		for len(q) > 0 {
			c := q[0]
			q = q[1:]
			for _, o := range adj[c] {
				if !w.reach[o] && w.part[o] < 0 {
					w.part[o] = parts
					q = append(q, o)
				}
			}
		}
		parts++
	}
	w.blockers = make([][]Blocker, parts)
	for _, m := range p.Moves {
		if !m.Survivors {
			continue
		}
		in, out := m.From, m.To
		if !w.reach[in] {
			in, out = out, in
		}
		if !w.reach[in] || w.reach[out] {
			continue
		}
		if !m.Leaving(in) {
			// A door the Survivors can remove only from the other side.
			w.blockers[w.part[out]] = append(w.blockers[w.part[out]], Blocker{Move: m, Inside: in, Shut: true})
			continue
		}
		var missing []string
		for _, k := range m.Requires {
			if _, ok := sol.Keys[k]; !ok {
				missing = append(missing, k)
			}
		}
		slices.Sort(missing)
		w.blockers[w.part[out]] = append(w.blockers[w.part[out]], Blocker{Move: m, Inside: in, Missing: missing})
	}
	p.why = w
	return w
}

// Providers lists the special rules (mission.rules indexes) whose effects
// would give key k.
func (p *Puzzle) Providers(k string) []int {
	var out []int
	for i, r := range p.Scene.Mission.Rules {
		for _, e := range r.Then {
			g := e.Grant
			if g != "" && p.ItemKey != nil {
				g = p.ItemKey(g)
			}
			if (e.Open != "" && KeyDoor(e.Open) == k) || (g != "" && g == k) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// SelfLocked reports whether key k is only given by rules that fire once k is
// already held: the key is behind its own lock.
func (p *Puzzle) SelfLocked(k string) bool {
	if v, ok := p.locked[k]; ok {
		return v
	}
	v := p.selfLocked(k)
	if p.locked == nil {
		p.locked = map[string]bool{}
	}
	p.locked[k] = v
	return v
}

func (p *Puzzle) selfLocked(k string) bool {
	prov := p.Providers(k)
	if len(prov) == 0 {
		return false
	}
	with := *p
	with.locked = nil
	with.Initial = append(slices.Clone(p.Initial), k)
	sol := Solve(&with, false)
	without := Solve(p, false)
	for _, r := range prov {
		if _, ok := without.Fired[r]; ok {
			return false
		}
	}
	for _, r := range prov {
		if _, ok := sol.Fired[r]; ok {
			return true
		}
	}
	return false
}
