package invader

import (
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// xenosPhase: "STEP 1 – ACTIVATION", Hunters' second Action, then "STEP 2
// – SPAWN".
func (s *state) xenosPhase() { gridplay.EnemiesPhase(s) }

type xenoMask = gridplay.KindSet

var allXenos = gridplay.AllKinds

// Activate gives the Xenos of the types in mask one Activation: "Resolve
// all the Attacks first, then all the Moves. Each Xeno performs either an
// Attack OR a Move with a single Action."
func (s *state) Activate(mask xenoMask) {
	n := s.m.n
	// Survivors do not move while the Xenos act: count them once.
	if len(s.occ) != n {
		s.occ = make([]int16, n)
	}
	clear(s.occ)
	for i := range s.surv {
		if s.surv[i].alive {
			s.occ[s.surv[i].zone]++
		}
	}
	s.loudest = s.loudest[:0]
	// The zones holding Xenos of the mask's types, in zone order: one pass
	// over the board, or during the Spawn step over the zones the step
	// keeps (see Spawn), then only they are visited.
	zs := s.zs[:0]
	has := func(z int) bool {
		x := &s.xenos[z]
		return (mask[0] && x[0] > 0) || (mask[1] && x[1] > 0) || (mask[2] && x[2] > 0) || (mask[3] && x[3] > 0)
	}
	if s.spawning {
		if mask == gridplay.Only(Abomination) && s.onBoard[Abomination] == 0 {
			return
		}
		kept := s.held[:0]
		for _, z := range s.held {
			if s.xenosIn(z) > 0 {
				kept = append(kept, z)
				if has(z) {
					zs = append(zs, z)
				}
			} else {
				s.inHeld[z] = false
			}
		}
		s.held = kept
	} else {
		for z := 0; z < n; z++ {
			if has(z) {
				zs = append(zs, z)
			}
		}
	}
	s.zs = zs
	if len(zs) == 0 {
		return
	}
	// "If there is more than one route of the same length, Xenos split
	// into groups of equal numbers and types to follow all possible
	// routes." The odd Xeno goes the first way (zone order).
	var buf [4]gridplay.Move
	moves, over := gridplay.Activate(xenoHunt{s}, s.m.links, s.xenos, mask, zs, s.occ, s.noise, &s.loudest, buf[:0])
	if over {
		return
	}
	for _, g := range moves {
		s.hold(g.To)
	}
	// Only Abominations that acted can stand somewhere new: look where
	// they were and where they went, not over the whole board.
	if mask[Abomination] {
		for _, z := range zs {
			s.moldAt(z)
		}
		for _, g := range moves {
			s.moldAt(g.To)
		}
	}
}

// count is the Xenos of the mask's types in zone z.
func (s *state) count(z int, mask xenoMask) int {
	n := 0
	for t := range xenoTypes {
		if mask[t] {
			n += int(s.xenos[z][t])
		}
	}
	return n
}

// xenoAttack: "Each Xeno in the same Zone as Survivors performs an Attack",
// "Survivors in the same Zone split the Xenos' Attacks in any way the
// players prefer". The players here spread the blows so that the fewest
// Survivors fall: the heaviest blow first, each on the Survivor with the
// most Armor left.
func (s *state) xenoAttack(z int, mask xenoMask) {
	var blows []int
	for t := Abomination; t >= Worker; t-- {
		if mask[t] {
			for range s.xenos[z][t] {
				blows = append(blows, xenoDamage[t])
			}
		}
	}
	for _, d := range blows {
		best := -1
		for i := range s.surv {
			sv := &s.surv[i]
			if sv.alive && sv.zone == z && (best < 0 || sv.armor > s.surv[best].armor) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		s.damage(best, d)
		if s.over {
			return
		}
	}
}

// xenoHunt is a game at play as the Xenos' Activation reads it
// (gridplay.Horde): their Move goes by gridplay.EnemySteps (Survivors in
// sight, else the noisiest zone, by the shortest path ignoring closed
// doors).
type xenoHunt struct{ s *state }

func (h xenoHunt) Sight(z int) []rules.Seen            { return h.s.sight(z) }
func (h xenoHunt) EnemyDist(t int) []int16             { return h.s.xenoDist(t) }
func (h xenoHunt) EnemyPassable(from int, l link) bool { return h.s.xenoPassable(from, l) }
func (h xenoHunt) Over() bool                          { return h.s.over }
func (h xenoHunt) Attack(z int, mask xenoMask)         { h.s.xenoAttack(z, mask) }
func (h xenoHunt) Blocked(_ int, steps []link) bool    { return h.s.destroyDoor(steps) }

// destroyDoor: "If a closed door bars the path to the next Zone toward
// their destination, all Xenos in the Zone spend their Action destroying
// it": all of them, though other routes be open to a split.
func (s *state) destroyDoor(steps []link) bool {
	i := slices.IndexFunc(steps, func(l link) bool {
		return l.Kind == linkDoor && s.doors[l.Door] == doorClosed
	})
	if i < 0 {
		return false
	}
	s.doors[steps[i].Door] = doorDestroyed
	s.touch()
	return true
}

// spreadMold: "Whenever a Spoiler Abomination stands in a room or corridor
// Zone without Mold, set an Active Mold token in the Zone. [...] If the
// Zone has an Inactive Mold token, flip it back to its Active side
// instead."
func (s *state) spreadMold() {
	for z := 0; z < s.m.n; z++ {
		s.moldAt(z)
	}
}

// moldAt spreads Mold in zone z if an Abomination stands there.
func (s *state) moldAt(z int) {
	if !s.over && s.xenos[z][Abomination] > 0 && !s.m.exterior[z] && s.mold[z] != ActiveMold {
		s.setMold(z)
	}
}

// setMold makes z an Active Mold Zone: "Remove any Objective and Door
// tokens in the Zone. They cannot be recovered."; its walls open and it
// loses its special properties (read where they are used).
func (s *state) setMold(z int) {
	s.mold[z] = ActiveMold
	for i, t := range s.m.tokens {
		if t.zone == z && !s.taken[i] {
			s.gone[i] = true
		}
	}
	for i, d := range s.m.doors {
		if d.a == z || d.b == z {
			s.doors[i] = doorGone
		}
	}
	s.touch()
	if s.moldLinked() {
		s.lose(LostMoldChain)
		return
	}
	s.judge()
}

// moldLinked: "The game is lost as soon as 2 (or more) Spawn Zones are
// linked by an uninterrupted chain of Active Mold Zones (diagonals don't
// count)." Read at play as docs/playtest.md's Decision P1 says: a chain
// links the Spawn Zones it holds or touches along an edge, walls or not
// (as the mold-distance check counts it); every Spawn Zone on the board
// counts, active or not yet, and a Zone counts once however many tokens
// it holds; a Spawn token a rule removed is no longer a Spawn Zone.
func (s *state) moldLinked() bool {
	n := s.m.n
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	c := 0
	for z := 0; z < n; z++ {
		if s.mold[z] != ActiveMold || comp[z] >= 0 {
			continue
		}
		comp[z] = c
		q := []int{z}
		for len(q) > 0 {
			a := q[0]
			q = q[1:]
			for _, l := range s.m.links[a] {
				if s.mold[l.To] == ActiveMold && comp[l.To] < 0 {
					comp[l.To] = c
					q = append(q, l.To)
				}
			}
		}
		c++
	}
	if c == 0 {
		return false
	}
	first := make([]int, c) // per chain: the first Spawn Zone it links, +1
	for i, sp := range s.spawns {
		if s.sgone[i] {
			continue
		}
		var mine []int
		if comp[sp.zone] >= 0 {
			mine = append(mine, comp[sp.zone])
		}
		for _, l := range s.m.links[sp.zone] {
			if comp[l.To] >= 0 && !slices.Contains(mine, comp[l.To]) {
				mine = append(mine, comp[l.To])
			}
		}
		for _, k := range mine {
			switch {
			case first[k] == 0:
				first[k] = sp.zone + 1
			case first[k] != sp.zone+1:
				return true
			}
		}
	}
	return false
}

// Spawn: "Indicate a Spawn Zone and draw a Xeno card. Read the Xeno
// type and the line that corresponds to the Danger Level of the most
// experienced Survivor [...] Repeat this for each Spawn Zone." and
// "Always begin with the same Spawn Zone and continue clockwise."
//
// During the step Xenos are only placed and moved, never eliminated, so
// the step counts the miniatures on the board once and keeps the zones
// holding Xenos (held, in zone order) as they are placed and move: the
// Abominations' extra Activations, one per card once the miniatures run
// out, then look at those zones instead of the whole board.
func (s *state) Spawn() {
	s.startSpawning()
	defer func() { s.spawning = false }()
	for i, sp := range s.spawns {
		if !s.active[i] {
			continue
		}
		c, ok := s.drawXeno()
		if !ok {
			return
		}
		s.resolve(c, sp.zone)
		if s.over {
			return
		}
	}
	s.spreadMold()
}

// drawXeno draws a card: "When the Xeno deck runs out, reshuffle all the
// discarded Xeno cards to make a new deck."
func (s *state) drawXeno() (*XenoCard, bool) {
	if len(s.xdeck) == 0 {
		s.xdeck, s.xdisc = s.xdisc, s.xdeck[:0]
		gridplay.Shuffle(s.rng, s.xdeck)
	}
	if len(s.xdeck) == 0 {
		return nil, false
	}
	c := s.xdeck[len(s.xdeck)-1]
	s.xdeck = s.xdeck[:len(s.xdeck)-1]
	s.xdisc = append(s.xdisc, c)
	return &s.m.xeno[c], true
}

// resolve plays a Xeno card drawn for the Spawn Zone z.
func (s *state) resolve(c *XenoCard, z int) {
	d := s.danger()
	switch {
	case c.Spawn >= 0:
		s.place(c.Spawn, c.Count[d], z)
	case c.Extra >= 0:
		// "Notice that these cards have no effect at the Blue Danger
		// Level!"
		if d > 0 {
			s.extraActivation(gridplay.Only(c.Extra))
		}
	case c.Abomination:
		// "(1) All Abominations on the board immediately perform an extra
		// Activation. (2) Place a Spoiler Abomination on the Spawn Zone,
		// if you have any."
		s.extraActivation(gridplay.Only(Abomination))
		if !s.over {
			s.place(Abomination, 1, z)
		}
	case c.Mold >= 0:
		// "set the indicated amount of the corresponding Xeno type in
		// every Active Mold Zone". Short of miniatures, "place the
		// remaining Xenos [...] then perform the following effects in
		// order": once for the card, in the first Zone left short.
		short := -1
		for m := 0; m < s.m.n; m++ {
			if s.mold[m] == ActiveMold && !s.put(c.Mold, c.Count[d], m) && short < 0 {
				short = m
			}
		}
		if short >= 0 {
			s.runOut(c.Mold, short)
		}
	}
}

// place puts k Xenos of type t in zone z. Out of miniatures: "the
// remaining Xeno miniatures are placed (if there are any), then [...] (1)
// All Abominations on the board immediately perform an extra Activation.
// (2) Place an available Abomination you may have (any type) in the
// Spawn Zone."
func (s *state) place(t, k, z int) {
	if !s.put(t, k, z) {
		s.runOut(t, z)
	}
}

// put places what is left of k Xenos of type t in zone z and says
// whether there were enough.
func (s *state) put(t, k, z int) bool {
	if k <= 0 {
		return true
	}
	avail := xenoPool[t] - s.onBoardOf(t)
	n := min(k, max(avail, 0))
	s.add(z, t, n)
	return n == k
}

// add puts n Xenos of type t in zone z.
func (s *state) add(z, t, n int) {
	if n <= 0 {
		return
	}
	s.xenos[z][t] += int16(n)
	if s.spawning {
		s.onBoard[t] += n
		s.hold(z)
	}
}

// startSpawning counts the miniatures on the board and lists the zones
// holding Xenos, for the Spawn step.
func (s *state) startSpawning() {
	if len(s.inHeld) != s.m.n {
		s.inHeld = make([]bool, s.m.n)
	}
	clear(s.inHeld)
	s.held = s.held[:0]
	s.onBoard = [xenoTypes]int{}
	for z := range s.xenos {
		x := &s.xenos[z]
		if x[0]|x[1]|x[2]|x[3] != 0 {
			s.held = append(s.held, z)
			s.inHeld[z] = true
			for t := range xenoTypes {
				s.onBoard[t] += int(x[t])
			}
		}
	}
	s.spawning = true
}

// hold adds zone z to the zones the Spawn step keeps, in zone order.
func (s *state) hold(z int) {
	if !s.spawning || s.inHeld[z] {
		return
	}
	s.inHeld[z] = true
	i, _ := slices.BinarySearch(s.held, z)
	s.held = slices.Insert(s.held, i, z)
}

// runOut is what running out of Xenos of type t does, the Abomination
// placed in zone z. "Running out of Abomination miniatures does not
// create an extra Activation."
func (s *state) runOut(t, z int) {
	if t != Abomination {
		s.extraActivation(gridplay.Only(Abomination))
	}
	if !s.over && xenoPool[Abomination]-s.onBoardOf(Abomination) > 0 {
		s.add(z, Abomination, 1)
	}
}

// extraActivation gives the Xenos of the types in mask an extra
// Activation: "Hunters have 2 Actions every time they are activated", so
// Hunters act twice, "After all Xenos [...] have gone through the
// Activation step and resolved their first Action".
func (s *state) extraActivation(mask xenoMask) {
	s.Activate(mask)
	if mask[Hunter] && !s.over {
		s.Activate(gridplay.Only(Hunter))
	}
}

func (s *state) onBoardOf(t int) int {
	if s.spawning {
		return s.onBoard[t]
	}
	n := 0
	for z := range s.xenos {
		n += int(s.xenos[z][t])
	}
	return n
}

// Line of sight at play: the shared ray casting (rules.CastLOS) over the
// doors and Mold of the moment. The tables are kept per state of the
// doors and Mold, shared by every game of the model.

type playSight struct{ s *state }

func (p playSight) RoomLike(z int) bool {
	switch p.s.mold[z] {
	case ActiveMold:
		return true
	case InactiveMold:
		return false
	}
	return p.s.m.room[z]
}

func (p playSight) Dark(z int) bool { return p.s.m.b.Zones[z].HasFeature("dark") }

func (p playSight) BlocksSight(x, y int, d layout.Dir, a, b int) bool {
	switch p.s.m.b.Edge(x, y, d) {
	case layout.EdgeBoard, layout.EdgeHatch:
		return true
	case layout.EdgeWall:
		return !p.s.moldOpening(a, b)
	case layout.EdgeDoor:
		if i, ok := p.s.m.doorAt[rules.KeyOf(x, y, d)]; ok {
			return p.s.doors[i] == doorClosed
		}
	}
	return false
}

// sightBudget bounds, in bytes, the sight tables all the models of one
// what-if run keep at once: the mission and its playtest.MaxChanges
// changes each get an equal share. A count of tables would not do: one
// whole-board table grows with the square of the zones, so 512 of them on
// a 4,096-zone board held gigabytes.
const sightBudget = 400 << 20

// modelSightBudget is the share of one model.
const modelSightBudget = sightBudget / (playtest.MaxChanges + 1)

// tableBytes is what a sight table holds in memory.
func tableBytes(t [][]rules.Seen) int64 {
	n := int64(len(t)) * int64(unsafe.Sizeof([]rules.Seen(nil)))
	for _, row := range t {
		n += int64(cap(row)) * int64(unsafe.Sizeof(rules.Seen{}))
	}
	return n
}

// sight lists what zone z sees now, itself at range 0 first.
func (s *state) sight(z int) []rules.Seen {
	if s.sightTab != nil {
		return s.sightTab[z]
	}
	key := make([]byte, 0, len(s.doors)+len(s.mold))
	for _, d := range s.doors {
		key = append(key, d)
	}
	for _, m := range s.mold {
		key = append(key, byte(m))
	}
	if t, ok := s.m.los.Load(string(key)); ok {
		s.sightTab = t.([][]rules.Seen)
		return s.sightTab[z]
	}
	table := make([][]rules.Seen, s.m.n)
	for i := range table {
		table[i] = rules.CastLOS(s.m.b, playSight{s}, i, rules.SightOptions{})
	}
	size := tableBytes(table) + int64(len(key))
	if atomic.AddInt64(&s.m.losBytes, size) <= s.m.losBudget {
		s.m.los.Store(string(key), table)
	} else {
		atomic.AddInt64(&s.m.losBytes, -size) // not kept: free for a smaller one
	}
	s.sightTab = table
	return table[z]
}
