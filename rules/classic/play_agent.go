package classic

import "github.com/zmission/zmission/rules/gridplay"

// agent plays the Players' Phase: gridplay.Agents' careful group
// (style) or the strong one (gridplay.Rollout over the variants).
type agent = gridplay.Agent[*state]

func agentNamed(name string) agent { return gridplay.AgentNamed[*state](name, variants) }

// style tunes the careful group.
type style struct {
	cohesion   int  // how many zones ahead of the hindmost Survivor one may go
	search     bool // search when safe
	searchIdle bool // search only when not stepping toward the goal
	shoot      int  // shoot at Zombies this many Zombie moves away (or closer)
}

var (
	careful  = style{cohesion: 1, search: true, searchIdle: true, shoot: 2}
	variants = []style{careful, {cohesion: 9, shoot: 1}, {cohesion: 2, search: true, shoot: 4}}
)

// players: "each player activates his Survivors one after the other, in
// the order of his choice": the table order here.
func (st style) Players(s *state) {
	for i := range s.surv {
		if s.over {
			return
		}
		if s.surv[i].inPlay() {
			st.turn(s, i)
		}
	}
}

// turn plays Survivor i's Turn, then escapes through the Exit when it can.
func (st style) turn(s *state, i int) {
	sv := &s.surv[i]
	sv.searched = false
	for left := sv.actions(); left > 0 && !s.over; {
		z := sv.zone
		s.tracef("  S%d in %s wounds %d xp %d, %d left; zombies here %v", i, s.m.Names[z], sv.wounds, sv.xp, left, s.zombies[z])
		if s.zombiesIn(z) > 0 {
			// Fight what it can clear with the Actions left; else leave
			// while it can, as Zombies that stay attack.
			u, ranged, v := s.bestAttack(i, z)
			if v*float64(left) >= float64(s.zombiesIn(z))-0.5 {
				s.attack(i, u, z, ranged)
				left--
				continue
			}
			if l, ok := s.flee(st, i); ok && s.moveCost(i) <= left {
				left -= s.moveCost(i)
				s.move(i, l)
				continue
			}
			if v > 0.05 {
				s.attack(i, u, z, ranged)
				left--
				continue
			}
			// Cannot hurt them: leave, toward the goal if that way is
			// clear, else to the open neighbour with the fewest Zombies.
			if l, ok := s.flee(st, i); ok && s.moveCost(i) <= left {
				left -= s.moveCost(i)
				s.move(i, l)
				continue
			}
			break
		}
		if t := s.neededHere(i); t >= 0 {
			s.takeObjective(i, t)
			left--
			continue
		}
		if z, u, v := st.threat(s, i); v > 0.3 {
			s.attack(i, u, z, true)
			left--
			continue
		}
		if st.search && !st.searchIdle && s.canSearch(i) && s.safe(z) {
			s.search(i)
			left--
			continue
		}
		if l, ok := st.next(s, i); ok {
			switch {
			case s.passable(l):
				s.move(i, l)
				left--
				continue
			case s.canOpen(i, l):
				s.openDoor(i, l)
				left--
				continue
			}
			// A locked door another Survivor will open: wait.
		}
		if st.search && st.searchIdle && s.canSearch(i) && s.safe(z) {
			s.search(i)
			left--
			continue
		}
		if z, u, v := (style{shoot: 99}).threat(s, i); v > 0.3 {
			s.attack(i, u, z, true)
			left--
			continue
		}
		break // "Do Nothing"
	}
	if !s.over && s.canEscape(i) {
		s.escape(i)
	}
}

// clearing is the Zombies in zone z Survivor i's best Melee (or Range 0)
// Action is expected to eliminate, over two Actions.
func (s *state) clearing(i, z int) float64 {
	v := 0.0
	for _, r := range []bool{false, true} {
		for _, w := range s.uses(i, r) {
			if !r || w.w.Range[0] == 0 {
				v = max(v, s.expected(w, s.zombies[z], r))
			}
		}
	}
	return 2 * v
}

// flee is Survivor i's way out of a zone with Zombies it cannot hurt.
func (s *state) flee(st style, i int) (link, bool) {
	if l, ok := st.next(s, i); ok && s.passable(l) && s.zombiesIn(l.To) == 0 {
		return l, true
	}
	var best link
	found := false
	for _, l := range s.m.links[s.surv[i].zone] {
		if s.passable(l) && (!found || s.zombiesIn(l.To) < s.zombiesIn(best.To)) {
			best, found = l, true
		}
	}
	return best, found && s.zombiesIn(best.To) < s.zombiesIn(s.surv[i].zone)
}

// safe: no Zombie in the zone or next to it.
func (s *state) safe(z int) bool {
	if s.zombiesIn(z) > 0 {
		return false
	}
	for _, l := range s.m.links[z] {
		if s.zombiesIn(l.To) > 0 && s.passable(l) {
			return false
		}
	}
	return true
}

// bestAttack is the best Combat Action at zone z from where Survivor i
// stands: Melee, or Ranged at Range 0 when no friend would take the
// misses.
func (s *state) bestAttack(i, z int) (u use, ranged bool, v float64) {
	for _, r := range []bool{false, true} {
		for _, w := range s.uses(i, r) {
			if r && (w.w.Range[0] > 0 || s.survivorsIn(z) > 1) {
				continue
			}
			if e := s.expected(w, s.zombies[z], r); e > v {
				u, ranged, v = w, r, e
			}
		}
	}
	return
}

// threat is the best shot at Zombies in sight and range that could reach
// Survivor i within st.shoot Zombie moves, where no Survivor stands.
func (st style) threat(s *state, i int) (zone int, u use, v float64) {
	sv := &s.surv[i]
	ws := s.uses(i, true)
	if len(ws) == 0 {
		return
	}
	var dist []int16
	for _, seen := range s.sight(sv.zone) {
		z := seen.Zone
		if z == sv.zone || s.zombiesIn(z) == 0 || s.survivorsIn(z) > 0 {
			continue
		}
		if dist == nil {
			dist = s.zombieDist(sv.zone)
		}
		if dist[z] < 0 || int(dist[z]) > st.shoot {
			continue
		}
		for _, w := range ws {
			if seen.Range < w.w.Range[0] || seen.Range > w.w.Range[1] {
				continue
			}
			if e := s.expected(w, s.zombies[z], true); e > v {
				zone, u, v = z, w, e
			}
		}
	}
	return
}

// neededHere is an Objective token in Survivor i's zone the mission wants
// taken now, or -1.
func (s *state) neededHere(i int) int {
	z := s.surv[i].zone
	for t, tok := range s.m.tokens {
		if tok.zone == z && s.wanted(t) {
			return t
		}
	}
	return -1
}

// wanted: an open objective counts token t, or a rule fires on it.
func (s *state) wanted(t int) bool {
	if s.taken[t] || s.gone[t] {
		return false
	}
	tok := s.m.tokens[t]
	return gridplay.Wanted(s.m.goals, s.met, s.m.rules, s.fired, t, tok.color, tok.id)
}

// goals are the zones the group heads for: Objective tokens to take and
// zones to reach, else the Exit.
func (s *state) goals() []int {
	var out []int
	for t, tok := range s.m.tokens {
		if s.wanted(t) {
			out = append(out, tok.zone)
		}
	}
	exit := false
	for i, g := range s.m.goals {
		if s.met[i] > 0 || (g.Order > 0 && !s.orderOpen(g.Order)) {
			continue
		}
		switch g.Kind {
		case gridplay.GoalReach:
			out = append(out, g.Zone)
		case gridplay.GoalActivate:
			if g.Token < 0 {
				out = append(out, g.Zone)
			}
		case gridplay.GoalExit:
			exit = true
		}
	}
	if len(out) == 0 && exit {
		for k, z := range s.m.exits {
			if !s.exitGone[k] {
				out = append(out, z)
			}
		}
	}
	return out
}

// survDist is the Survivors' moves from zone z to every zone (back: from
// every zone to z): through open ways, and through the locked doors the
// mission lets be opened while the group holds a weapon that opens them.
func (s *state) survDist(z int, back bool) []int16 {
	opener := s.groupOpener()
	key := int32(z) * 4
	if back {
		key += 2
	}
	if opener {
		key++
	}
	if d, ok := s.sdist[key]; ok {
		return d
	}
	pass := func(_ int, l link) bool {
		return s.passable(l) || (opener && l.Kind == gridplay.LinkDoor && s.doors[l.Door] == doorClosed && s.unlocked[l.Door])
	}
	d, q := gridplay.Distances(s.m.links, z, pass, make([]int16, s.m.n), s.queue)
	s.queue = q
	if s.sdist == nil {
		s.sdist = map[int32][]int16{}
	}
	s.sdist[key] = d
	return d
}

// next is Survivor i's step toward the group's goal, if it should take
// one; none goes more than cohesion zones nearer it than the hindmost.
func (st style) next(s *state, i int) (link, bool) {
	sv := &s.surv[i]
	goal, ok := s.groupGoal()
	if !ok {
		return link{}, false
	}
	toGoal := s.survDist(goal, true)
	if toGoal[sv.zone] <= 0 {
		return link{}, false
	}
	hind := int16(0)
	for j := range s.surv {
		if j != i && s.surv[j].inPlay() {
			hind = max(hind, toGoal[s.surv[j].zone])
		}
	}
	if int(toGoal[sv.zone]-1) < int(hind)-st.cohesion {
		return link{}, false
	}
	// An open way first, then a door this Survivor can open, then one
	// another will.
	var door link
	found := false
	for _, l := range s.m.links[sv.zone] {
		if toGoal[l.To] != toGoal[sv.zone]-1 {
			continue
		}
		if s.passable(l) {
			if s.zombiesIn(l.To) > 0 && s.clearing(i, l.To) < 1 {
				continue // not into Zombies it cannot clear
			}
			return l, true
		}
		if l.Kind == gridplay.LinkDoor && (!found || s.canOpen(i, l) && !s.canOpen(i, door)) {
			door, found = l, true
		}
	}
	return door, found
}

// groupGoal is where the group heads: its goal nearest the first Survivor
// in play; while no goal can be reached and nobody holds a weapon that
// opens doors, the nearest building Zone or car to Search for one.
func (s *state) groupGoal() (int, bool) {
	lead := -1
	for j := range s.surv {
		if s.surv[j].inPlay() {
			lead = j
			break
		}
	}
	if lead < 0 {
		return -1, false
	}
	leadD := s.survDist(s.surv[lead].zone, false)
	goal := -1
	for _, g := range s.goals() {
		if leadD[g] >= 0 && (goal < 0 || leadD[g] < leadD[goal]) {
			goal = g
		}
	}
	if goal >= 0 {
		return goal, true
	}
	if s.groupOpener() {
		return -1, false
	}
	for z := range s.m.n {
		if leadD[z] >= 0 && (s.m.building[z] >= 0 || s.car(z) >= 0) && (goal < 0 || leadD[z] < leadD[goal]) {
			goal = z
		}
	}
	return goal, goal >= 0
}

// Score rates a game in progress (gridplay.Rate): won, lost, then
// objectives met, Survivors escaped, Wounds, Zombies near the group.
func (s *state) Score() float64 {
	return gridplay.Rate(s.over, s.won, s.round, s.met, s.taken, func() float64 {
		v := 0.0
		for i := range s.surv {
			sv := &s.surv[i]
			if sv.escaped {
				v += 40
			} else if sv.alive {
				v -= 15 * float64(sv.wounds)
				v -= 3 * float64(s.zombiesIn(sv.zone))
			}
		}
		return v
	})
}
