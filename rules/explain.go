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
func (p *Puzzle) Why(sol *Solution, target int) (blockers []Blocker, walled bool) {
	n := len(p.Scene.Board.Zones)
	reach := Reachable(p.Moves, n, p.Start, sol.Keys)
	if reach[target] {
		return nil, false
	}
	free := make([]Move, 0, len(p.Moves))
	for _, m := range p.Moves {
		if m.Survivors {
			m.Requires = nil
			m.Door = -1
			m.OneWay = false
			free = append(free, m)
		}
	}
	if !Reachable(free, n, p.Start, nil)[target] {
		return nil, true
	}
	// Zones from which the target can be reached without re-entering the
	// reachable part: the far sides of the blockers that matter.
	adj := make([][]int, n)
	for _, m := range free {
		adj[m.From] = append(adj[m.From], m.To)
		adj[m.To] = append(adj[m.To], m.From)
	}
	behind := make([]bool, n)
	behind[target] = true
	q := []int{target}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, o := range adj[z] {
			if !behind[o] && !reach[o] {
				behind[o] = true
				q = append(q, o)
			}
		}
	}
	for _, m := range p.Moves {
		if !m.Survivors {
			continue
		}
		in, out := m.From, m.To
		if !reach[in] {
			in, out = out, in
		}
		if !reach[in] || reach[out] || !behind[out] {
			continue
		}
		if !m.Leaving(in) {
			// A door the Survivors can remove only from the other side.
			blockers = append(blockers, Blocker{Move: m, Inside: in, Shut: true})
			continue
		}
		var missing []string
		for _, k := range m.Requires {
			if _, ok := sol.Keys[k]; !ok {
				missing = append(missing, k)
			}
		}
		slices.Sort(missing)
		blockers = append(blockers, Blocker{Move: m, Inside: in, Missing: missing})
	}
	return blockers, false
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
