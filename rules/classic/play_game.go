package classic

import (
	"math/rand/v2"
	"slices"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// Loss causes, as a result prints them.
const (
	LostSurvivor  = gridplay.LostSurvivor
	LostObjective = gridplay.LostObjective
	LostTime      = gridplay.LostTime
)

// survivor at play.
type survivor struct {
	zone     int
	wounds   int
	xp       int
	alive    bool
	escaped  bool               // left the board through the Exit
	hands    [2]int16           // card indexes (see state.card), -1 empty
	pack     [maxBackpack]int16 // the Backpack: its first Decks.Backpack cards
	npack    int8
	room     int8 // the Backpack's size
	searched bool // a Search this Turn
}

// inPlay: alive and still on the board.
func (sv *survivor) inPlay() bool { return sv.alive && !sv.escaped }

// state is one game at play; Clone copies it for the rollouts.
type state struct {
	m        *model
	rng      *rand.Rand
	round    int
	surv     []survivor
	zombies  []gridplay.Pack // per zone
	noise    []int16
	doors    []uint8
	unlocked []bool // per door: a coloured door's rule has fired
	opened   []bool // per building: opened (its Zombies revealed)
	taken    []bool // per Objective token
	gone     []bool // per Objective token: removed by a rule
	exitGone []bool // per Exit: removed by a rule
	active   []bool // per Spawn Zone
	fired    []bool // per rule
	pimps    []int16
	carDone  []bool // per car: a Pimpmobile Searched
	zdeck    []int16
	zdisc    []int16
	edeck    []int16
	edisc    []int16
	met      []int
	kills    [zombieKinds]int
	reached  []bool
	over     bool
	won      bool
	cause    string
	elim     []int
	ending   bool
	dist     map[int][]int16   // the Zombies' distances to a zone, for the doors of the moment
	sdist    map[int32][]int16 // the Survivors' distances
	sightTab [][]rules.Seen
	queue    []int
	occ      []int16
	loudest  []int
	zs       []int
	trace    func(format string, args ...any)
}

func (s *state) tracef(format string, args ...any) {
	if s.trace != nil {
		s.trace(format, args...)
	}
}

// touch forgets what depends on the doors.
func (s *state) touch() {
	clear(s.dist)
	clear(s.sdist)
	s.sightTab = nil
}

func newState(m *model, n int, rng *rand.Rand) *state {
	s := &state{m: m, rng: rng, round: 1}
	s.zombies = make([]gridplay.Pack, m.n)
	s.noise = slices.Clone(m.noise)
	s.doors = make([]uint8, len(m.doors))
	s.unlocked = make([]bool, len(m.doors))
	for i, d := range m.doors {
		s.doors[i] = d.state
		s.unlocked[i] = d.color == "neutral"
	}
	s.opened = slices.Clone(m.openAtSet)
	s.taken = make([]bool, len(m.tokens))
	s.gone = make([]bool, len(m.tokens))
	s.exitGone = make([]bool, len(m.exits))
	s.active = make([]bool, len(m.spawns))
	for i, sp := range m.spawns {
		s.active[i] = sp.color == "red"
	}
	s.fired = make([]bool, len(m.rules))
	s.carDone = make([]bool, len(m.cars))
	s.met = make([]int, len(m.goals))
	s.reached = make([]bool, m.n)
	s.reached[m.start] = true
	s.dist = map[int][]int16{}
	// Starting Equipment dealt round the table, door-opening weapons and
	// the strongest first (dealOrder); two in Hand, the rest in the
	// Backpack.
	for range n {
		s.surv = append(s.surv, survivor{zone: m.start, alive: true, hands: [2]int16{-1, -1}, room: int8(m.decks.Backpack)})
	}
	if n > 0 {
		for i, c := range m.dealOrder {
			s.surv[i%n].take(c)
		}
	}
	s.pimps = make([]int16, len(m.decks.Pimpmobile))
	for i := range s.pimps {
		s.pimps[i] = int16(len(m.decks.Equipment) + len(m.decks.Starting) + i)
	}
	s.zdeck = make([]int16, len(m.decks.Zombie))
	for i := range s.zdeck {
		s.zdeck[i] = int16(i)
	}
	gridplay.Shuffle(rng, s.zdeck)
	s.edeck = make([]int16, len(m.decks.Equipment))
	for i := range s.edeck {
		s.edeck[i] = int16(i)
	}
	gridplay.Shuffle(rng, s.edeck)
	if n > 0 && m.opener && !s.groupOpener() {
		// equipment: [door-opener]: the first Survivor holds one.
		s.giveOpener(0)
	}
	s.judge()
	return s
}

// giveOpener puts a door-opening weapon in Survivor i's Hand (the mission
// equips the team with one), the card it displaces going to the Backpack
// or the discards. The card is one nobody holds: a Starting Equipment
// card left over, else one taken out of the Equipment deck or its
// discards, so that no card is both held and drawn.
func (s *state) giveOpener(i int) {
	d := s.m.decks
	opens := func(c int16) bool { w := s.card(c).Weapon; return w != nil && w.OpensDoors }
	c := int16(-1)
	for k := range d.Starting {
		if sc := int16(len(d.Equipment) + k); opens(sc) && !s.held(sc) && !slices.Contains(s.edeck, sc) && !slices.Contains(s.edisc, sc) {
			c = sc
			break
		}
	}
	for _, pile := range []*[]int16{&s.edeck, &s.edisc} {
		if c >= 0 {
			break
		}
		if k := slices.IndexFunc(*pile, opens); k >= 0 {
			c = (*pile)[k]
			*pile = slices.Delete(*pile, k, k+1)
		}
	}
	if c < 0 {
		return // every door-opening card is held already
	}
	sv := &s.surv[i]
	old := sv.hands[1]
	sv.hands[1] = c
	if old >= 0 && !sv.take(old) {
		s.discard(old)
	}
}

// held: a Survivor holds card c, in Hand or Backpack.
func (s *state) held(c int16) bool {
	for i := range s.surv {
		sv := &s.surv[i]
		if slices.Contains(sv.hands[:], c) || slices.Contains(sv.pack[:sv.npack], c) {
			return true
		}
	}
	return false
}

// take puts card c in an empty Hand, else in the Backpack.
func (sv *survivor) take(c int16) bool {
	switch {
	case sv.hands[0] < 0:
		sv.hands[0] = c
	case sv.hands[1] < 0:
		sv.hands[1] = c
	case sv.npack < sv.room:
		sv.pack[sv.npack] = c
		sv.npack++
	default:
		return false
	}
	return true
}

// card is the Equipment, Starting Equipment or Pimpmobile card c.
func (s *state) card(c int16) *Card {
	d := s.m.decks
	switch i := int(c); {
	case i < len(d.Equipment):
		return &d.Equipment[i]
	case i < len(d.Equipment)+len(d.Starting):
		return &d.Starting[i-len(d.Equipment)]
	default:
		return &d.Pimpmobile[i-len(d.Equipment)-len(d.Starting)]
	}
}

func (s *state) Clone(rng *rand.Rand) *state {
	c := *s
	c.rng = rng
	c.surv = slices.Clone(s.surv)
	c.zombies = slices.Clone(s.zombies)
	c.noise = slices.Clone(s.noise)
	c.doors = slices.Clone(s.doors)
	c.unlocked = slices.Clone(s.unlocked)
	c.opened = slices.Clone(s.opened)
	c.taken = slices.Clone(s.taken)
	c.gone = slices.Clone(s.gone)
	c.exitGone = slices.Clone(s.exitGone)
	c.active = slices.Clone(s.active)
	c.fired = slices.Clone(s.fired)
	c.pimps = slices.Clone(s.pimps)
	c.carDone = slices.Clone(s.carDone)
	c.zdeck = slices.Clone(s.zdeck)
	c.zdisc = slices.Clone(s.zdisc)
	c.edeck = slices.Clone(s.edeck)
	c.edisc = slices.Clone(s.edisc)
	c.met = slices.Clone(s.met)
	c.reached = slices.Clone(s.reached)
	c.elim = slices.Clone(s.elim)
	c.dist = map[int][]int16{}
	c.sdist = nil
	c.trace = nil
	c.queue, c.occ, c.loudest, c.zs = nil, nil, nil, nil
	return &c
}

func (s *state) outcome() playtest.Outcome {
	return gridplay.Outcome(s.won, s.round, s.cause, s.met, s.elim)
}

// play plays rounds until the game is won or lost, or MaxRounds pass.
func (s *state) play(ag agent) {
	if gridplay.Play(s, ag, &s.round, playtest.MaxRounds) {
		s.over, s.cause = true, LostTime
	}
}

func (s *state) playRound(ag agent) { gridplay.PlayRound(s, ag) }

// The state as gridplay's round and rollouts drive it (gridplay.Sim).

func (s *state) Over() bool       { return s.over }
func (s *state) Rand() *rand.Rand { return s.rng }
func (s *state) NextRound()       { s.round++ }

// EndRound: the Noise tokens are removed (Invader's End Phase), then what
// is met at the end of a round.
func (s *state) EndRound() {
	clear(s.noise)
	s.ending = true
	s.judge()
	s.ending = false
}

func (s *state) StartRound() {
	gridplay.RoundRules(s.m.rules, s.round, func(r int) { s.fire(r, -1) })
	s.judge()
}

// actions: "Each Survivor can execute three Actions at the Blue Danger
// Level. This is increased to four when the Survivor reaches the Yellow
// Danger Level."
func (sv *survivor) actions() int { return gridplay.Actions(sv.xp) }

// danger is the Danger Level of the most experienced Survivor in play.
func (s *state) danger() int {
	d := 0
	for i := range s.surv {
		if s.surv[i].inPlay() {
			d = max(d, gridplay.Level(s.surv[i].xp))
		}
	}
	return d
}

func (s *state) zombiesIn(z int) int {
	x := &s.zombies[z]
	return int(x[0] + x[1] + x[2] + x[3])
}

func (s *state) survivorsIn(z int) int {
	n := 0
	for i := range s.surv {
		if s.surv[i].inPlay() && s.surv[i].zone == z {
			n++
		}
	}
	return n
}

func (s *state) lose(cause string) {
	if !s.over {
		s.over, s.won, s.cause = true, false, cause
	}
}

// wound deals d Wounds to Survivor i; at the decks' Wounds it is
// eliminated, and the game lost.
func (s *state) wound(i, d int) {
	sv := &s.surv[i]
	if !sv.inPlay() || d <= 0 {
		return
	}
	sv.wounds += d
	if sv.wounds >= s.m.decks.Wounds {
		sv.alive = false
		s.elim = append(s.elim, sv.zone)
		s.lose(LostSurvivor)
	}
}

// passable: a Survivor "cannot move through external building walls or
// closed doors".
func (s *state) passable(l link) bool {
	switch l.Kind {
	case gridplay.LinkOpen:
		return true
	case gridplay.LinkDoor:
		return s.doors[l.Door] != doorClosed
	}
	return false
}

// zombiePassable: Zombies walk what Survivors walk; they never open a
// door.
func (s *state) zombiePassable(_ int, l link) bool { return s.passable(l) }

// zombieDist is the Zombies' steps from every zone to zone t.
func (s *state) zombieDist(t int) []int16 {
	if d, ok := s.dist[t]; ok {
		return d
	}
	var d []int16
	d, s.queue = gridplay.Distances(s.m.links, t, s.zombiePassable, make([]int16, s.m.n), s.queue)
	s.dist[t] = d
	return d
}

// judge records the objectives met now: the game is won when every
// objective is met, lost when one can no longer be (gridplay.Judge).
func (s *state) judge() {
	if s.over {
		return
	}
	j := gridplay.Judge{Goals: s.m.goals, Met: s.met, Round: s.round, Ending: s.ending, Colours: s.m.colours,
		Taken: s.taken, Gone: s.gone, Reached: s.reached, Kills: &s.kills, Exit: s.exitNow, ExitPossible: s.exitPossible}
	switch won, lost := j.Run(); {
	case lost:
		s.lose(LostObjective)
	case won:
		s.over, s.won = true, true
	case s.inPlay() == 0:
		s.lose(LostObjective) // every Survivor escaped with objectives left
	}
}

func (s *state) inPlay() int {
	n := 0
	for i := range s.surv {
		if s.surv[i].inPlay() {
			n++
		}
	}
	return n
}

func (s *state) orderOpen(order int) bool { return gridplay.OrderOpen(s.m.goals, s.met, order) }

// exitNow: "a Survivor may escape through this Zone at the end of his
// Turn": escaped Survivors count, for good.
func (s *state) exitNow(g gridplay.Goal) bool {
	out, alive := 0, 0
	for i := range s.surv {
		if s.surv[i].alive {
			alive++
			if s.surv[i].escaped {
				out++
			}
		}
	}
	if g.Need == 0 {
		return alive > 0 && out == alive
	}
	return out >= g.Need
}

// exitPossible: an Exit is left (a rule removes one), and Survivors
// enough to go through it.
func (s *state) exitPossible(g gridplay.Goal) bool {
	alive := 0
	for i := range s.surv {
		if s.surv[i].alive {
			alive++
		}
	}
	return slices.Contains(s.exitGone, false) && alive >= g.Need
}

// takeObjective: "The Survivor takes an Objective token or activates an
// object in the same Zone. The game effects are explained in the
// Mission's description."
func (s *state) takeObjective(sv, i int) {
	s.taken[i] = true
	s.surv[sv].xp += s.m.decks.ObjectiveXP
	for r := range s.m.rules {
		if s.firesOn(r, i) {
			s.fire(r, sv)
		}
	}
	s.judge()
}

// firesOn: rule r waits for Objective token t to be taken (its colour, or
// any with take: all) or activated (its id). Taking a token and the agent's
// wish to take it both read it here, so they cannot disagree.
func (s *state) firesOn(r, t int) bool {
	tok := s.m.tokens[t]
	return gridplay.TakeFires(s.m.rules[r].When, tok.color, tok.id)
}

// enter records Survivor sv entering zone z.
func (s *state) enter(sv, z int) {
	s.surv[sv].zone = z
	if s.reached[z] {
		return
	}
	s.reached[z] = true
	gridplay.ReachRules(s.m.w.Scene, s.m.rules, z, func(r int) { s.fire(r, sv) })
}

// fire applies rule r's effects once. "Once the blue Objective has been
// taken, the blue door can be opened": a coloured door is unlocked, and
// opened as any locked door is.
func (s *state) fire(r, sv int) {
	if s.fired[r] {
		return
	}
	s.fired[r] = true
	for _, e := range s.m.rules[r].Then {
		switch {
		case e.Open != "":
			for i, d := range s.m.doors {
				if d.color == e.Open {
					s.unlocked[i] = true
				}
			}
		case e.Activate != "":
			for i, sp := range s.m.spawns {
				if sp.color == e.Activate {
					s.active[i] = true
				}
			}
		case e.Grant != "":
			// "the team gains an item": the Survivor who fired the rule,
			// else (a round's rule) the first one in play.
			to := sv
			for j := range s.surv {
				if to < 0 && s.surv[j].inPlay() {
					to = j
				}
			}
			if itemKey(e.Grant) == rules.KeyDoorOpener && to >= 0 && !s.holdsOpener(to) {
				s.giveOpener(to)
			}
		case e.Remove != "":
			s.remove(e.Remove)
		}
	}
	s.touch()
}

// remove takes the token with id off the board (a rule's effect).
func (s *state) remove(id string) {
	for i, t := range s.m.tokens {
		if t.id == id {
			s.gone[i] = true
		}
	}
	for i, e := range s.m.exitIDs {
		if e != "" && e == id {
			s.exitGone[i] = true
		}
	}
	t := s.m.w.ByID(id)
	if t == nil {
		return
	}
	switch t.Type {
	case "door":
		if d, ok := rules.Side(t.Side); ok {
			if i, ok := s.m.doorAt[rules.KeyOf(t.Cell.X, t.Cell.Y, d)]; ok {
				s.doors[i] = doorGone
			}
		}
	case "spawn":
		for i, sp := range s.m.spawns {
			if sp.zone == t.Zone.Index {
				s.active[i] = false
			}
		}
	}
}
