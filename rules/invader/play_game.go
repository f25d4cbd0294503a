package invader

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
	LostMoldChain = "Spawn Zones linked by Mold"
	LostObjective = gridplay.LostObjective
	LostTime      = gridplay.LostTime
)

// survivor at play.
type survivor struct {
	zone     int
	armor    int
	xp       int
	soldier  bool
	alive    bool
	tank     bool     // an equipped Oxygen Tank
	hands    [2]int16 // indexes in model.decks' cards (see card), -1 empty
	pack     [5]int16 // "The Backpack can hold up to 5 Equipment cards"
	npack    int8     // cards in pack (the first npack)
	searched bool     // a Search this Turn
	door     bool     // the free Door Activation used this Turn
	flamer   int16    // a Flamethrower card, -1 none
	cans     [4]int16 // Canister cards held (the first ncan)
	ncan     int8
}

// state is one game at play. Clone copies it for the rollouts.
type state struct {
	m     *model
	rng   *rand.Rand
	round int
	surv  []survivor
	xenos [][xenoTypes]int16 // per zone
	// During the Spawn step (spawning): the miniatures on the board per
	// type, and the zones that may hold Xenos, in zone order (held; inHeld
	// marks them). See Spawn.
	spawning bool
	onBoard  [xenoTypes]int
	held     []int
	inHeld   []bool
	noise    []int16
	doors    []uint8
	mold     []int8
	taken    []bool // per Objective token
	gone     []bool // per Objective token: removed by Mold
	active   []bool // per spawn (model.spawns + the extra ones)
	spawns   []pspawn
	sgone    []bool // per spawn: its token removed by a rule
	fired    []bool // per rule
	xdeck    []int16
	xdisc    []int16
	edeck    []int16
	edisc    []int16
	tanks    int // Oxygen Tanks left in the supply
	met      []int
	kills    [xenoTypes]int
	reached  []bool // per zone: a Survivor has stood there
	over     bool
	won      bool
	cause    string
	elim     []int
	dist     map[int][]int16 // Xeno distances to a zone, for the current Mold
	ending   bool            // the End Phase is being judged
	// sightTab is the sight table of the doors and Mold of the moment;
	// touch drops it, and the Xenos' distances, when they change.
	sightTab [][]rules.Seen
	sdist    map[int32][]int16 // the Survivors' distances (see survDist)
	queue    []int             // a search's queue, reused
	occ      []int16           // Survivors per zone while the Xenos act
	loudest  []int             // noisy zones, loudest first, while the Xenos act
	zs       []int             // zones with Xenos acting, reused
	// trace, when set, hears what happens (tests read a game with it).
	trace func(format string, args ...any)
}

func (s *state) tracef(format string, args ...any) {
	if s.trace != nil {
		s.trace(format, args...)
	}
}

// touch forgets what depends on the doors and the Mold.
func (s *state) touch() {
	clear(s.dist)
	clear(s.sdist)
	s.sightTab = nil
}

func newState(m *model, n int, rng *rand.Rand) *state {
	s := &state{m: m, rng: rng, round: 1, tanks: 6}
	s.xenos = make([][xenoTypes]int16, m.n)
	s.noise = make([]int16, m.n)
	s.mold = slices.Clone(m.mold)
	s.doors = make([]uint8, len(m.doors))
	for i, d := range m.doors {
		s.doors[i] = d.state
	}
	s.taken = make([]bool, len(m.tokens))
	s.gone = make([]bool, len(m.tokens))
	for i, t := range m.tokens {
		s.gone[i] = m.mold[t.zone] != NoMold
	}
	// "Add 1 additional Xeno Spawn token per 2 Survivors above the sixth
	// (rounded up). Stack these additional Spawn tokens in the same Zones
	// as existing ones": on the red Spawn Zones, first in order first. A
	// stacked token is in its Zone's place in the spawn order ("Always
	// begin with the same Spawn Zone and continue clockwise"): drawn right
	// after the token it is stacked on, not after every other Zone.
	reds := 0
	for _, sp := range m.spawns {
		if sp.color == "red" {
			reds++
		}
	}
	extra := ExtraSpawns(n)
	s.spawns = make([]pspawn, 0, len(m.spawns)+extra)
	red := 0
	for _, sp := range m.spawns {
		s.spawns = append(s.spawns, sp)
		if sp.color != "red" {
			continue
		}
		// The extra tokens i with i % reds == red go on this one.
		for i := red; i < extra; i += reds {
			st := sp
			st.extra = true
			s.spawns = append(s.spawns, st)
		}
		red++
	}
	s.active = make([]bool, len(s.spawns))
	s.sgone = make([]bool, len(s.spawns))
	for i, sp := range s.spawns {
		s.active[i] = sp.color == "red"
	}
	s.fired = make([]bool, len(m.rules))
	s.met = make([]int, len(m.goals))
	s.reached = make([]bool, m.n)
	s.reached[m.start] = true
	s.dist = map[int][]int16{}
	// Survivors: types alternate. "Distribute the Starting Equipment cards
	// as you see fit among the Survivors": dealt round the table ("Each
	// Survivor starts the game with at least 1 card"; Survivors above the
	// cards' count get none), the strongest first (see dealOrder); the
	// first two each gets are in Hand, the rest in the Backpack.
	for i := range n {
		t := m.decks.Survivors[i%len(m.decks.Survivors)]
		s.surv = append(s.surv, survivor{zone: m.start, armor: t.Armor, soldier: t.Soldier, alive: true, tank: m.teamTank, hands: [2]int16{-1, -1}, flamer: -1})
	}
	if n > 0 {
		for i, c := range m.dealOrder {
			s.surv[i%n].take(c)
		}
	}
	if m.teamTank {
		s.tanks = max(0, s.tanks-n)
	}
	s.xdeck = make([]int16, len(m.xeno))
	for i := range s.xdeck {
		s.xdeck[i] = int16(i)
	}
	gridplay.Shuffle(rng, s.xdeck)
	s.edeck = make([]int16, len(m.decks.Equipment))
	for i := range s.edeck {
		s.edeck[i] = int16(i)
	}
	gridplay.Shuffle(rng, s.edeck)
	s.judge()
	return s
}

// take puts card c in an empty Hand, else in the Backpack; it says
// whether there was room.
func (sv *survivor) take(c int16) bool {
	switch {
	case sv.hands[0] < 0:
		sv.hands[0] = c
	case sv.hands[1] < 0:
		sv.hands[1] = c
	case int(sv.npack) < len(sv.pack):
		sv.pack[sv.npack] = c
		sv.npack++
	default:
		return false
	}
	return true
}

// card is the Equipment or Starting Equipment card c.
func (s *state) card(c int16) *Card {
	if int(c) < len(s.m.decks.Equipment) {
		return &s.m.decks.Equipment[c]
	}
	return &s.m.decks.Starting[int(c)-len(s.m.decks.Equipment)]
}

func (s *state) Clone(rng *rand.Rand) *state {
	c := *s
	c.rng = rng
	c.surv = slices.Clone(s.surv)
	c.xenos = slices.Clone(s.xenos)
	c.noise = slices.Clone(s.noise)
	c.doors = slices.Clone(s.doors)
	c.mold = slices.Clone(s.mold)
	c.taken = slices.Clone(s.taken)
	c.gone = slices.Clone(s.gone)
	c.active = slices.Clone(s.active)
	c.spawns = slices.Clone(s.spawns)
	c.sgone = slices.Clone(s.sgone)
	c.fired = slices.Clone(s.fired)
	c.xdeck = slices.Clone(s.xdeck)
	c.xdisc = slices.Clone(s.xdisc)
	c.edeck = slices.Clone(s.edeck)
	c.edisc = slices.Clone(s.edisc)
	c.met = slices.Clone(s.met)
	c.reached = slices.Clone(s.reached)
	c.elim = slices.Clone(s.elim)
	c.dist = map[int][]int16{}
	c.trace = nil // a rollout is not the game being told
	c.sdist = nil
	c.queue = nil
	c.occ = nil
	c.loudest = nil
	c.zs = nil
	c.held, c.inHeld, c.spawning = nil, nil, false
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

// playRound is one Game Round: "Players' Phase", "Xenos' Phase", "End
// Phase".
func (s *state) playRound(ag agent) { gridplay.PlayRound(s, ag) }

// The state as gridplay's round and rollouts drive it (gridplay.Sim).

func (s *state) Over() bool       { return s.over }
func (s *state) Rand() *rand.Rand { return s.rng }
func (s *state) NextRound()       { s.round++ }

// EndRound: "END PHASE All Noise tokens are removed from the board".
func (s *state) EndRound() {
	clear(s.noise)
	s.endRound()
}

// StartRound fires round-triggered rules.
func (s *state) StartRound() {
	gridplay.RoundRules(s.m.rules, s.round, func(r int) { s.fire(r, -1) })
	s.judge()
}

// endRound meets survive objectives.
func (s *state) endRound() {
	s.ending = true
	s.judge()
	s.ending = false
}

// actions is how many Actions Survivor i has this Turn: "Each Survivor
// can execute up to 3 Actions at the Blue Danger Level"; "A Survivor moves
// to the Yellow Danger Level upon reaching 7 Experience Points. They gain
// a fourth Action."
func (sv *survivor) actions() int { return gridplay.Actions(sv.xp) }

// danger is the Danger Level of "the Survivor still in play with the
// highest Danger Level".
func (s *state) danger() int {
	d := 0
	for i := range s.surv {
		if s.surv[i].alive {
			d = max(d, gridplay.Level(s.surv[i].xp))
		}
	}
	return d
}

// xenosIn counts the Xenos in zone z.
func (s *state) xenosIn(z int) int {
	x := &s.xenos[z]
	return int(x[0] + x[1] + x[2] + x[3])
}

// survivorsIn counts the Survivors at play in zone z.
func (s *state) survivorsIn(z int) int {
	n := 0
	for i := range s.surv {
		if s.surv[i].alive && s.surv[i].zone == z {
			n++
		}
	}
	return n
}

// loud is a zone's Noise: its Noise tokens, and "Each Survivor miniature
// also counts as a Noise token."
func (s *state) loud(z int) int { return int(s.noise[z]) + s.survivorsIn(z) }

// lose ends the game lost.
func (s *state) lose(cause string) {
	if !s.over {
		s.over, s.won, s.cause = true, false, cause
	}
}

// damage deals d Damage to Survivor i: "The Survivor is eliminated as soon
// as the Armor Bar drops to 0", and "The game is lost whenever a starting
// Survivor has been eliminated".
func (s *state) damage(i, d int) {
	sv := &s.surv[i]
	if !sv.alive || d <= 0 {
		return
	}
	sv.armor -= d
	if sv.armor <= 0 {
		sv.armor = 0
		sv.alive = false
		s.elim = append(s.elim, sv.zone)
		s.lose(LostSurvivor)
	}
}

// passable reports whether a Survivor may take link l out of zone from
// now: "cannot move through external building walls or closed doors";
// to go outside, "Getting through the Airlock to an exterior Zone
// requires an equipped (Body slot) Oxygen Tank".
func (s *state) passable(from int, l link, tank bool) bool {
	if s.m.exterior[l.To] && !tank {
		return false
	}
	switch l.Kind {
	case linkOpen, linkHatch:
		return true
	case linkDoor:
		return s.doors[l.Door] != doorClosed
	}
	return s.moldOpening(from, l.To)
}

// xenoPassable: Xenos take every way a Survivor may, closed doors (which
// they destroy) and hatches without oxygen.
func (s *state) xenoPassable(from int, l link) bool {
	return l.Kind != linkWall || s.moldOpening(from, l.To)
}

// moldOpening: "All walls in the Zone, except the ones leading to exterior
// Zones, are considered as having an opening."
func (s *state) moldOpening(a, b int) bool {
	return (s.mold[a] != NoMold || s.mold[b] != NoMold) && !s.m.exterior[a] && !s.m.exterior[b]
}

// canRemoveDoor: "The Survivor either places or removes a closed Door
// token on a door opening in a room Zone they occupy. This Action cannot
// be performed on a door opening shared with a Mold Zone." Coloured doors
// follow the mission's rules: they open when a rule opens them.
func (s *state) canRemoveDoor(from int, l link) bool {
	if l.Kind != linkDoor || s.doors[l.Door] != doorClosed {
		return false
	}
	d := s.m.doors[l.Door]
	return d.color == "neutral" && s.m.room[from] && s.mold[from] == NoMold && s.mold[l.To] == NoMold
}

// xenoDist is the Xenos' distance from every zone to zone t: "Closed doors
// are not taken into account to determine that path."
func (s *state) xenoDist(t int) []int16 {
	if d, ok := s.dist[t]; ok {
		return d
	}
	var d []int16
	d, s.queue = gridplay.Distances(s.m.links, t, s.xenoPassable, make([]int16, s.m.n), s.queue)
	s.dist[t] = d
	return d
}

// judge records the objectives met now; the game "is won immediately when
// all of the Mission Objectives have been accomplished", and lost "when
// the Mission Objectives can no longer be fulfilled" (gridplay.Judge).
// Reaching the Exit is where the Survivors stand now, not a thing done
// once: it counts while they are there (ExitHeld).
func (s *state) judge() {
	if s.over {
		return
	}
	j := gridplay.Judge{Goals: s.m.goals, Met: s.met, Round: s.round, Ending: s.ending, Colours: s.m.colours,
		Taken: s.taken, Gone: s.gone, Reached: s.reached, Kills: &s.kills, ExitHeld: true, Exit: s.exitNow}
	switch won, lost := j.Run(); {
	case lost:
		s.lose(LostObjective)
	case won:
		s.over, s.won = true, true
	}
}

// orderOpen: every objective of a lower order is met.
func (s *state) orderOpen(order int) bool { return gridplay.OrderOpen(s.m.goals, s.met, order) }

// exitNow: the Survivors alive at an Exit now are enough (all of them
// for exit: all).
func (s *state) exitNow(g goal) bool {
	at, alive := 0, 0
	for i := range s.surv {
		if s.surv[i].alive {
			alive++
			if slices.Contains(s.m.exits, s.surv[i].zone) {
				at++
			}
		}
	}
	if g.Need == 0 {
		return alive > 0 && at == alive
	}
	return at >= g.Need
}

// take takes (or activates) Objective token i: "The Survivor takes an
// Objective or activates an Objective in the same Zone. The game effects
// are explained in the Mission's description."
func (s *state) take(sv, i int) {
	s.taken[i] = true
	t := s.m.tokens[i]
	for r, rule := range s.m.rules {
		if gridplay.TakeFires(rule.When, t.color, t.id) {
			s.fire(r, sv)
		}
	}
	s.judge()
}

// enter records a Survivor entering zone z (reach objectives and rules).
func (s *state) enter(sv, z int) {
	s.surv[sv].zone = z
	if s.reached[z] {
		return
	}
	s.reached[z] = true
	gridplay.ReachRules(s.m.w.Scene, s.m.rules, z, func(r int) { s.fire(r, sv) })
}

// fire applies rule r's effects once; sv is the Survivor who set it off
// (-1: none).
func (s *state) fire(r, sv int) {
	if s.fired[r] {
		return
	}
	s.fired[r] = true
	for _, e := range s.m.rules[r].Then {
		switch {
		case e.Open != "":
			for i, d := range s.m.doors {
				if d.color == e.Open && s.doors[i] == doorClosed {
					s.doors[i] = doorOpen
				}
			}
		case e.Activate != "":
			for i, sp := range s.spawns {
				if sp.color == e.Activate {
					s.active[i] = true
				}
			}
		case e.Grant != "":
			// "the team gains an item": the Survivor who fired the rule,
			// else (a round's rule) the first one in play without a tank.
			to := sv
			for j := range s.surv {
				if to < 0 && s.surv[j].alive && !s.surv[j].tank {
					to = j
				}
			}
			if itemKey(e.Grant) == rules.KeyOxygen && to >= 0 {
				s.surv[to].tank = true
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
	t := s.m.w.ByID(id)
	if t == nil {
		return
	}
	switch t.Type {
	case "door":
		if d, ok := rules.Side(t.Side); ok {
			if i, ok := s.m.doorAt[rules.KeyOf(t.Cell.X, t.Cell.Y, d)]; ok {
				s.doors[i] = doorGone
				s.touch()
			}
		}
	case "spawn":
		for i, sp := range s.spawns {
			if sp.zone == t.Zone.Index {
				s.active[i], s.sgone[i] = false, true
			}
		}
	}
}
