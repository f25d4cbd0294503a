package invader

import "github.com/zmission/zmission/rules/gridplay"

// agent plays the Players' Phase: gridplay.Agents' careful group
// (style) or the strong one (gridplay.Rollout over the variants).
type agent = gridplay.Agent[*state]

func agentNamed(name string) agent { return gridplay.AgentNamed[*state](name, variants) }

// style tunes the careful group.
type style struct {
	cohesion int  // how many zones ahead of the hindmost Survivor one may go
	search   bool // search when safe
	// searchIdle: search only when not stepping toward the goal
	searchIdle bool
	shoot      int // shoot at Xenos this many Xeno moves away (or closer)
}

var (
	careful  = style{cohesion: 3, search: true, searchIdle: true, shoot: 2}
	variants = []style{careful, {cohesion: 9, shoot: 1}, {cohesion: 2, search: true, shoot: 4}}
)

// players: "each player activates their Survivors one after the other, in
// the order of their choice." The group plays them in table order.
func (st style) Players(s *state) {
	for i := range s.surv {
		if s.over {
			return
		}
		if s.surv[i].alive {
			st.turn(s, i)
		}
	}
}

// turn plays Survivor i's Turn. A level reached mid-Turn counts at once:
// "if an Action causes a Survivor to level up and gain a Skill, that Skill
// may be used immediately if the Survivor has any Actions remaining (or
// the Survivor may use any extra Actions the Skill grants)", so the Yellow
// Level's fourth Action is added to what is left, even to none.
func (st style) turn(s *state, i int) {
	sv := &s.surv[i]
	sv.searched, sv.door = false, false
	have := sv.actions()
	for left := have; left > 0 && !s.over; left, have = levelUp(sv, left, have) {
		z := sv.zone
		s.tracef("  S%d in %s armor %d xp %d, %d left; xenos here %v", i, s.m.Names[z], sv.armor, sv.xp, left, s.xenos[z])
		if s.xenosIn(z) > 0 {
			// Kill what is here: it attacks in the Xenos' Phase.
			if u, ranged, conc, v := s.bestAttack(i, z); v > 0.05 {
				s.attack(i, u, z, ranged, conc)
				left--
				continue
			}
			// Cannot fight it: leave if the Actions allow.
			if l, ok := st.next(s, i); ok && s.moveCost(i) <= left {
				left -= s.moveCost(i)
				s.step(i, l)
				continue
			}
			return
		}
		if z, ok := s.burnable(i); ok {
			s.hellfire(i, z)
			left--
			continue
		}
		if t := s.neededHere(i); t >= 0 {
			s.take(i, t)
			left--
			continue
		}
		if s.canTakeTank(i) && s.wantsTank(i) {
			s.takeTank(i)
			left--
			continue
		}
		if st.search && !st.searchIdle && s.canSearch(i) && s.safe(z) {
			s.search(i)
			left--
			continue
		}
		if l, ok := st.next(s, i); ok {
			s.step(i, l)
			left--
			continue
		}
		if z, u, conc, v := st.threat(s, i); v > 0.3 {
			s.attack(i, u, z, true, conc)
			left--
			continue
		}
		if st.search && st.searchIdle && s.canSearch(i) && s.safe(z) {
			s.search(i)
			left--
			continue
		}
		if z, u, conc, v := (style{shoot: 99}).threat(s, i); v > 0.3 {
			s.attack(i, u, z, true, conc)
			left--
			continue
		}
		break // "Do Nothing"
	}
	// Shut the Xenos out: a door of this room to a zone with Xenos and
	// no Survivor, closed with the Turn's free Door Activation.
	if !s.over && sv.alive && !sv.door {
		for _, l := range s.m.links[sv.zone] {
			if l.Kind == linkDoor && s.xenosIn(l.To) > 0 && s.survivorsIn(l.To) == 0 && s.closeDoor(i, l) {
				break
			}
		}
	}
}

// levelUp adds the Actions a level reached since the last look gives.
func levelUp(sv *survivor, left, had int) (int, int) {
	now := sv.actions()
	return left + max(now-had, 0), now
}

// burnable is a zone worth a Hellfire from where Survivor i stands: an
// Abomination or four Xenos or more, or Active Mold next to Xenos, with no
// Survivor and no Objective token the fire would take.
func (s *state) burnable(i int) (int, bool) {
	sv := &s.surv[i]
	if sv.flamer < 0 || sv.ncan == 0 {
		return 0, false
	}
	for _, seen := range s.sight(sv.zone) {
		z := seen.Zone
		if z == sv.zone || !s.canHellfire(i, z, seen.Range) || s.survivorsIn(z) > 0 {
			continue
		}
		if s.xenos[z][Abomination] == 0 && s.xenosIn(z) < 4 {
			continue
		}
		keep := false
		for k, t := range s.m.tokens {
			keep = keep || (t.zone == z && !s.taken[k] && !s.gone[k])
		}
		if !keep {
			return z, true
		}
	}
	return 0, false
}

// step moves Survivor i along l, removing a closed door on the way (the
// free Door Activation).
func (s *state) step(i int, l link) {
	if l.Kind == linkDoor && s.doors[l.Door] == doorClosed && !s.openDoor(i, l) {
		return
	}
	s.move(i, l)
}

// safe: no Xeno in the zone or next to it.
func (s *state) safe(z int) bool {
	if s.xenosIn(z) > 0 {
		return false
	}
	for _, l := range s.m.links[z] {
		if s.xenosIn(l.To) > 0 && s.xenoPassable(z, l) {
			return false
		}
	}
	return true
}

// bestAttack is the best Combat Action at zone z from where Survivor i
// stands: Melee in its own zone, or Ranged at Range 0.
func (s *state) bestAttack(i, z int) (u use, ranged, conc bool, v float64) {
	for _, r := range []bool{false, true} {
		for _, w := range s.uses(i, r) {
			if r && w.w.Range[0] > 0 {
				continue
			}
			if r && s.survivorsIn(z) > 1 {
				continue // misses would hit a friend
			}
			e, c := expected(w, s.xenos[z], r)
			if e > v {
				u, ranged, conc, v = w, r, c, e
			}
		}
	}
	return
}

// threat is the best shot at Xenos in sight and range that could reach
// Survivor i within st.shoot Xeno moves, where no other Survivor stands.
func (st style) threat(s *state, i int) (zone int, u use, conc bool, v float64) {
	sv := &s.surv[i]
	ws := s.uses(i, true)
	if len(ws) == 0 {
		return
	}
	var dist []int16
	for _, seen := range s.sight(sv.zone) {
		z := seen.Zone
		if z == sv.zone || s.xenosIn(z) == 0 || s.survivorsIn(z) > 0 {
			continue
		}
		if dist == nil {
			dist = s.xenoDist(sv.zone)
		}
		if dist[z] < 0 || int(dist[z]) > st.shoot {
			continue
		}
		for _, w := range ws {
			if seen.Range < w.w.Range[0] || seen.Range > w.w.Range[1] {
				continue
			}
			if e, c := expected(w, s.xenos[z], true); e > v {
				zone, u, conc, v = z, w, c, e
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

// wanted reports whether Objective token t should be taken now: an open
// objective counts it, or a rule fires on it.
func (s *state) wanted(t int) bool {
	if s.taken[t] || s.gone[t] {
		return false
	}
	tok := s.m.tokens[t]
	return gridplay.Wanted(s.m.goals, s.met, s.m.rules, s.fired, t, tok.color, tok.id)
}

// wantsTank: the group's next goal, or the Exit it must reach in the end,
// lies outside or through the outside: a tank is fetched on the way, not
// after a walk back.
func (s *state) wantsTank(i int) bool {
	g := s.goals()
	for k, goal := range s.m.goals {
		if goal.Kind == gridplay.GoalExit && s.met[k] == 0 {
			g = append(g, s.m.exits...)
		}
	}
	if len(g) == 0 {
		return false
	}
	with := s.reach(i, true)
	without := s.reach(i, false)
	for _, z := range g {
		if without[z] < 0 && with[z] >= 0 {
			return true
		}
	}
	return false
}

// goals are the zones the group heads for now: Objective tokens to take
// and zones to reach, else the Exit.
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
		out = append(out, s.m.exits...)
	}
	return out
}

// reach is Survivor i's moves from its zone to every zone (-1: cannot),
// with or without an Oxygen Tank; a closed neutral door counts when the
// Survivor would stand in its room.
func (s *state) reach(i int, tank bool) []int16 { return s.survDist(s.surv[i].zone, tank, false) }

// survDist is the Survivors' moves from zone z to every zone (back: from
// every zone to z), kept until the doors or the Mold change.
func (s *state) survDist(z int, tank, back bool) []int16 {
	key := int32(z) * 4
	if tank {
		key++
	}
	if back {
		key += 2
	}
	if d, ok := s.sdist[key]; ok {
		return d
	}
	pass := func(a int, l link) bool {
		from, way := a, l
		if back {
			from, way = l.To, link{To: a, Kind: l.Kind, Door: l.Door}
		}
		return s.passable(from, way, tank) || (s.canRemoveDoor(from, way) && (tank || !s.m.exterior[way.To]))
	}
	d, q := gridplay.Distances(s.m.links, z, pass, make([]int16, s.m.n), s.queue)
	s.queue = q
	if s.sdist == nil {
		s.sdist = map[int32][]int16{}
	}
	s.sdist[key] = d
	return d
}

// next is Survivor i's step towards the group's goal, if it should take
// one: the goal is the one nearest the group's first Survivor, each
// Survivor walks its own shortest way there, and none goes more than
// cohesion zones nearer it than the hindmost.
func (st style) next(s *state, i int) (link, bool) {
	sv := &s.surv[i]
	goal, ok := s.groupGoal(i)
	if !ok {
		return link{}, false
	}
	// Distances to the goal, backwards from it, for this Survivor.
	toGoal := s.backDist(goal, sv.tank)
	if toGoal[sv.zone] <= 0 {
		return link{}, false
	}
	// Keep together: wait for the hindmost.
	hind := int16(0)
	for j := range s.surv {
		if j != i && s.surv[j].alive {
			d := s.backDist(goal, s.surv[j].tank)[s.surv[j].zone]
			if d > hind {
				hind = d
			}
		}
	}
	if int(toGoal[sv.zone]-1) < int(hind)-st.cohesion {
		return link{}, false
	}
	for _, l := range s.m.links[sv.zone] {
		if toGoal[l.To] == toGoal[sv.zone]-1 && (s.passable(sv.zone, l, sv.tank) || s.canRemoveDoor(sv.zone, l) && !sv.door) {
			return l, true
		}
	}
	return link{}, false
}

// groupGoal is where Survivor i heads: the group's goal nearest its first
// Survivor, or the nearest Oxygen Supply Room while i needs a tank.
func (s *state) groupGoal(i int) (int, bool) {
	sv := &s.surv[i]
	goals := s.goals()
	if len(goals) == 0 {
		return -1, false
	}
	if !sv.tank && s.wantsTank(i) {
		// Fetch a tank first: the nearest Oxygen Supply Room in reach.
		var rooms []int
		for z := 0; z < s.m.n; z++ {
			if s.m.oxygen[z] && s.mold[z] == NoMold && s.tanks > 0 {
				rooms = append(rooms, z)
			}
		}
		goals = rooms
		if len(goals) == 0 {
			return -1, false // no tank to be had: nothing to walk to
		}
	}
	lead := -1
	for j := range s.surv {
		if s.surv[j].alive {
			lead = j
			break
		}
	}
	leadD := s.reach(lead, s.surv[lead].tank)
	goal := -1
	for _, g := range goals {
		if leadD[g] >= 0 && (goal < 0 || leadD[g] < leadD[goal]) {
			goal = g
		}
	}
	if goal < 0 {
		goal = goals[0]
	}
	return goal, true
}

// backDist is the Survivors' moves from every zone to zone g.
func (s *state) backDist(g int, tank bool) []int16 { return s.survDist(g, tank, true) }

// Score rates a game in progress for the rollouts (gridplay.Rate): won,
// lost, then the objectives met, the Armor left, the Xenos near the group.
func (s *state) Score() float64 {
	return gridplay.Rate(s.over, s.won, s.round, s.met, s.taken, func() float64 {
		v := 0.0
		for i := range s.surv {
			sv := &s.surv[i]
			if sv.alive {
				v += 10 * float64(sv.armor)
				v -= 3 * float64(s.xenosIn(sv.zone))
			}
		}
		return v
	})
}
