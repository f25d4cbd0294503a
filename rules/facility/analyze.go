package facility

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/rules"
)

// Rule numbers the analysis uses, from the rulebook.
const (
	startOxygen   = 7  // "set the oxygen counter to 7"
	oxygenToken   = 3  // "When you use an oxygen token, gain 3 oxygen."
	handSize      = 5  // "draws action cards from their deck until they have 5 cards in hand"
	lastRound     = 14 // "Round 14 ends"
	autodestructN = 5  // "5 spaces ahead of the current round marker"
	costMove      = 1  // "Costing 1 action card: Make a move"
	costRoom      = 2  // "Costing 2 action cards: Use the room"
)

// Analysis is what `zmission analyze` prints for a facility.
type Analysis struct {
	Title      string         `json:"title"`
	Ruleset    string         `json:"ruleset"`
	Slots      int            `json:"slots"`
	Rooms      int            `json:"rooms"`
	Corridors  int            `json:"corridors"`
	Empty      int            `json:"empty_slots"`
	Deadly     bool           `json:"deadly"`
	Start      int            `json:"start_slot"`
	Escapes    []Escape       `json:"escapes"`
	Timeline   []Event        `json:"timeline"`
	Noise      []NoiseRoom    `json:"noise"`
	Intruders  []Route        `json:"intruders"`
	Setup      []Setup        `json:"setup"`
	LifeSupply LifeSupply     `json:"life_support"`
	Objectives []Objective    `json:"objectives"`
	Stacks     map[string]int `json:"stacks"`
	// Estimate is the difficulty and playing time read from the rest.
	Estimate *rules.Estimate `json:"estimate,omitempty"`
}

// LifeSupply is the life support at setup and the oxygen on hand.
type LifeSupply struct {
	Active         []string `json:"active"`
	Inactive       []string `json:"inactive"`
	Hibernatorium  string   `json:"hibernatorium"`
	LandingOxygen  int      `json:"landing_zone_oxygen_tokens"`
	StartOxygen    int      `json:"start_oxygen"`
	OxygenPerToken int      `json:"oxygen_per_token"`
}

// Escape is one way out and the quickest plans to take it.
type Escape struct {
	Way  string `json:"way"` // lander, hibernation, shuttle
	Room string `json:"room"`
	// Slot of the room, 0 when it is still in a stack.
	Slot int `json:"slot"`
	// Plans: the direct one, and one through the section's Life Support
	// Control when that section's life support is inactive.
	Plans []Plan `json:"plans"`
	// Possible says from when and how likely the escape is.
	Possible string `json:"possible"`
	// Odds is the chance it is open when reached (1: certain).
	Odds float64 `json:"odds"`
	Note string  `json:"note,omitempty"`
	// Unreachable: no route from the Landing Zone.
	Unreachable bool `json:"unreachable,omitempty"`
	// Never: reached or not, the way out never opens (a Lander the
	// anti-aircraft system always shoots down); Possible says why.
	Never bool `json:"never,omitempty"`
}

// Plan is a character's route from the Landing Zone, step by step.
type Plan struct {
	Name  string `json:"name"`
	Route []int  `json:"route"` // slot ids, from the Landing Zone
	// Stops are the slots whose room the plan uses, in order (the last
	// one is the escape).
	Stops []int `json:"stops"`
	Moves int   `json:"moves"`
	// Explores: empty slots on the way (rooms drawn on arrival).
	Explores int   `json:"explores"`
	Doors    []int `json:"closed_doors"` // closed doors on the way, by corridor id
	// Jumps: rooms reached by the Technical Corridor Entrance's action
	// ("Move to any room in the facility"), which costs a room use.
	Jumps []int `json:"technical_moves,omitempty"`
	// Round in which the escape action is taken, and the turns played.
	Round int `json:"round"`
	Turns int `json:"turns"`
	// OxygenLost: turns ended in a section with inactive life support.
	OxygenLost int `json:"oxygen_lost"`
	// Margin: oxygen left of the 7 a character starts with (negative:
	// oxygen tokens are needed).
	Margin int `json:"margin"`
	// Tokens: oxygen tokens needed to keep the dial at 0 or more.
	Tokens int `json:"oxygen_tokens_needed"`
	// TooLate: the plan ends after round 14.
	TooLate bool `json:"too_late,omitempty"`
	// used: the round each of Stops is used in.
	used []int
}

// Event is a moment of the round track.
type Event struct {
	Round int    `json:"round"`
	What  string `json:"what"`
}

// NoiseRoom is a room's noise profile: which die numbers hit which
// corridors, and the numbers on which a roll there does nothing.
type NoiseRoom struct {
	Slot    int        `json:"slot"`
	Room    string     `json:"room"`
	Hits    []NoiseHit `json:"hits"`
	Nothing []int      `json:"nothing"`
}

// NoiseHit is the corridors one die number hits from a room.
type NoiseHit struct {
	Number    int   `json:"number"`
	Corridors []int `json:"corridors"`
	// NoMarker: corridors hit where no noise marker can be placed (they
	// lead to the covered Hibernatorium).
	NoMarker []int `json:"no_marker,omitempty"`
}

// Route is an intruder's way to the closest character.
type Route struct {
	From  string   `json:"from"` // "corridor 3", "room 7"
	Steps []string `json:"steps"`
	// Length in intruder moves (a room to a corridor, or a corridor to a room).
	Length int `json:"length"`
	// Target is the characters' room it ends in, -1 when none is reachable.
	Target int `json:"target"`
	// Token: the route of a token the scenario places.
	Token bool `json:"token,omitempty"`
	// TieBroken: another route of the same length existed; the lowest id won.
	TieBroken bool `json:"tie_broken,omitempty"`
}

// Setup is the setup arithmetic for one player count.
type Setup struct {
	Players       int `json:"players"`
	Bag           int `json:"intruder_bag"`
	BagBlank      int `json:"bag_blank"`
	BagLarvae     int `json:"bag_larvae"`
	BagAdults     int `json:"bag_adults"`
	Eggs          int `json:"eggs"`
	Ammo          int `json:"landing_zone_ammo"`
	Grenades      int `json:"landing_zone_grenades"`
	Oxygen        int `json:"landing_zone_oxygen"`
	Medpacks      int `json:"landing_zone_medpacks"`
	BeltTokens    int `json:"belt_tokens"`
	SupportDrawn  int `json:"support_equipment_drawn"`
	ObjectiveCard int `json:"objective_cards"`
}

// AnalyzeModel implements rules.ModelAnalyzer.
func (Game) AnalyzeModel(m rules.Model, _ rules.AnalyzeOptions) any {
	f, ok := m.(*Facility)
	if !ok {
		return nil
	}
	return f.Analyze()
}

// Analyze works out the facility's escapes, noise and intruder routes.
func (f *Facility) Analyze() *Analysis {
	a := &Analysis{Title: f.Name, Ruleset: Ruleset, Slots: len(f.Slots), Corridors: len(f.Corridors),
		Deadly: f.Deadly, Objectives: f.Objectives, Stacks: map[string]int{},
		Escapes: []Escape{}, Intruders: []Route{}, Noise: []NoiseRoom{}}
	if a.Objectives == nil {
		a.Objectives = []Objective{}
	}
	for t, ids := range f.Stacks {
		a.Stacks[t] = len(ids)
	}
	for _, s := range f.Slots {
		if s.RoomID != "" {
			a.Rooms++
		}
	}
	a.Empty = len(f.empties())
	a.LifeSupply.Active, a.LifeSupply.Inactive = []string{}, []string{}
	for _, x := range Sections {
		if f.LifeSupport[x] {
			a.LifeSupply.Active = append(a.LifeSupply.Active, x)
		} else {
			a.LifeSupply.Inactive = append(a.LifeSupply.Inactive, x)
		}
	}
	a.LifeSupply.Hibernatorium = "inactive"
	if f.HibActive {
		a.LifeSupply.Hibernatorium = "active"
	}
	a.LifeSupply.LandingOxygen, a.LifeSupply.StartOxygen, a.LifeSupply.OxygenPerToken = f.Gear["oxygen"], startOxygen, oxygenToken
	lz := f.Find(LandingZone)
	if lz != nil {
		a.Start = lz.ID
		if e := f.escapes(lz); e != nil {
			a.Escapes = e
		}
		if r := f.intruderRoutes(); r != nil {
			a.Intruders = r
		}
	}
	a.Timeline = f.timeline(a.Escapes)
	if n := f.noiseProfiles(); n != nil {
		a.Noise = n
	}
	for p := max(f.PlayersMin, 1); p <= max(f.PlayersMax, f.PlayersMin); p++ {
		a.Setup = append(a.Setup, setupFor(f, p))
	}
	e := f.Estimate(a)
	a.Estimate = &e
	return a
}

// setupFor is the setup arithmetic for p characters.
func setupFor(f *Facility, p int) Setup {
	// "Place these tokens in the intruder bag: 1 blank, 2 Larva, 3 random
	// Adult, and 1 additional random Adult for each character in the game."
	s := Setup{Players: p, BagBlank: 1, BagLarvae: 2, BagAdults: 3 + p, Eggs: f.Eggs,
		Ammo: f.Gear["ammo"], Grenades: f.Gear["grenade"], Oxygen: f.Gear["oxygen"], Medpacks: f.Gear["medpack"],
		BeltTokens: 4 * p, SupportDrawn: 7, ObjectiveCard: 2 * p}
	s.Bag = s.BagBlank + s.BagLarvae + s.BagAdults
	return s
}

// path is a shortest route between two slots, preferring the lower slot id
// at each step; nil when there is none. Corridors come first: the
// Technical Corridor Entrance's move (which costs a room action and an
// Adult's attack) is taken only when no corridor leads there.
func (f *Facility) path(adj map[int][]edge, from, to int) []int {
	if p := bfsPath(adj, from, to, false); p != nil {
		return p
	}
	if p := bfsPath(adj, from, to, true); p != nil {
		return p
	}
	return drillPath(adj, from, to)
}

// drillPath is a shortest route that may take the corridors a Drilling
// Station lays (the plan uses that room first: see escapes).
func drillPath(adj map[int][]edge, from, to int) []int {
	return walk(adj, from, to, func(e edge) bool { return true })
}

// bfsPath is a shortest route over the corridors, and the Technical
// Corridor Entrance's moves when jumps is set; never a drilled corridor.
func bfsPath(adj map[int][]edge, from, to int, jumps bool) []int {
	return walk(adj, from, to, func(e edge) bool { return !e.drill && (jumps || !e.jump) })
}

func walk(adj map[int][]edge, from, to int, ok func(edge) bool) []int {
	prev := map[int]int{from: from}
	queue := []int{from}
	for len(queue) > 0 && prev[to] == 0 && to != from {
		s := queue[0]
		queue = queue[1:]
		for _, e := range adj[s] {
			if !ok(e) {
				continue
			}
			if _, seen := prev[e.to]; !seen {
				prev[e.to] = s
				queue = append(queue, e.to)
			}
		}
	}
	if _, ok := prev[to]; !ok {
		return nil
	}
	var out []int
	for s := to; s != from; s = prev[s] {
		out = append(out, s)
	}
	out = append(out, from)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// target is the slot a room is on, or the nearest empty slot exploration
// could put it in (a room still in a stack), or 0.
// taken holds the empty slots a plan has already filled with rooms from
// the stacks, so that two rooms of one plan never share a slot.
func (f *Facility) target(adj map[int][]edge, from int, id string, taken map[int]bool) (slot int, onMap bool) {
	if s := f.Find(id); s != nil {
		return s.ID, true
	}
	r := f.Cat[id]
	if r == nil || !f.stackHas(id) {
		return 0, false
	}
	best, bestLen := 0, -1
	for _, s := range f.empties() {
		if !canHold(s, r.Type) || taken[s.ID] {
			continue
		}
		if p := f.path(adj, from, s.ID); p != nil && (bestLen < 0 || len(p) < bestLen) {
			best, bestLen = s.ID, len(p)
		}
	}
	if best != 0 && taken != nil {
		taken[best] = true
	}
	return best, false
}

// step is one stage of a plan: walk to a slot, then use its room.
type step struct {
	to       int
	activate string // section whose life support the room action turns on
	hibern   bool   // activates the Hibernatorium
	escape   bool
	wait     int // the escape action is possible from this round on
	// shutdown: the Reactor's action, after which every section's life
	// support is inactive for good.
	shutdown bool
}

func (f *Facility) escapes(lz *Slot) []Escape {
	adj := f.planGraph()
	var out []Escape
	ways := []struct{ way, room string }{{"lander", LandingZone}, {"hibernation", Hibernatorium}, {"shuttle", EscapeShuttle}}
	for _, w := range ways {
		slot, onMap := f.target(adj, lz.ID, w.room, nil)
		if slot == 0 && !onMap && f.Find(w.room) == nil && !f.stackHas(w.room) {
			continue // not in this scenario
		}
		e := Escape{Way: w.way, Room: f.Cat[w.room].Name, Odds: 1}
		if onMap {
			e.Slot = slot
		}
		if slot == 0 {
			e.Unreachable = true
			out = append(out, e)
			continue
		}
		var base []step
		first := "direct" // the plan without a detour for life support
		swapRoom := ""    // the room the Lander's plan beats the anti-aircraft system in
		swapSlot, lsccSlot := 0, 0
		switch w.way {
		case "lander":
			e.Possible, e.Odds = f.landerOdds()
			if e.Never = strings.HasPrefix(e.Possible, "never"); e.Never {
				out = append(out, e)
				continue
			}
			base = []step{{to: slot, escape: true, wait: f.LanderRound}}
			// "ACTIVE: The Lander is destroyed": with the top token fixed
			// active the plan first swaps the tokens in Life Support
			// Control B, or shuts the system down in the Reactor.
			if f.AntiAircraft == "active" {
				dist := f.reach(lz.ID)
				for _, id := range []string{LSCB, Reactor} {
					if !f.canCome(id, dist) {
						continue
					}
					if at, on := f.target(adj, lz.ID, id, map[int]bool{slot: true}); at != 0 {
						base = append([]step{{to: at, shutdown: id == Reactor}}, base...)
						first, swapRoom, swapSlot = "swap in "+f.Cat[id].Name, id, at
						if id == Reactor {
							first = "shut down in the " + f.Cat[id].Name
						}
						if !on {
							e.Note = f.Cat[id].Name + " is still in its stack: the plan assumes it turns up in the nearest empty slot of its section"
						}
						break
					}
				}
			}
		case "hibernation":
			if f.HibActive {
				base = []step{{to: slot, escape: true}}
				e.Possible = "once the Hibernatorium is reached: it is active from the start"
			} else {
				c, cOn := f.target(adj, lz.ID, LSCC, map[int]bool{slot: true})
				if c == 0 {
					e.Unreachable = true
					e.Note = "the Hibernatorium is activated only in Life Support Control C, which cannot be reached"
					out = append(out, e)
					continue
				}
				base = []step{{to: c, hibern: true, activate: ""}, {to: slot, escape: true}}
				lsccSlot = c
				e.Possible = "after Life Support Control C activates the Hibernatorium"
				if !cOn {
					e.Note = "Life Support Control C is still in the C stack: the plan assumes it turns up in the nearest empty C slot"
				}
			}
		case "shuttle":
			base = []step{{to: slot, escape: true}}
			e.Possible = "once per game: after one character escapes in it, the Escape Shuttle cannot be used again"
		}
		if !onMap && e.Note == "" {
			e.Note = e.Room + " is still in its stack: the plan assumes it turns up in the nearest empty slot of its section"
		}
		if d := f.Find(DrillingStation); d != nil && needsDrill(adj, lz.ID, base) {
			// Only the corridor the Drilling Station lays from the
			// robot's room leads on: the plan uses that room first.
			base = append([]step{{to: d.ID}}, base...)
			if first == "direct" {
				first = "drill in the " + f.Cat[DrillingStation].Name
			} else {
				first += ", after drilling in the " + f.Cat[DrillingStation].Name
			}
			drill := "the " + f.Cat[DrillingStation].Name + " lays a corridor from the Hibernatorium, where the robot stands from setup"
			if e.Note == "" {
				e.Note = drill
			} else {
				e.Note += "; " + drill
			}
		}
		direct := f.simulate(adj, lz.ID, base, first)
		e.Plans = append(e.Plans, direct)
		if swapRoom != "" && direct.Moves >= 0 {
			e.Odds, e.Possible = f.swapOdds(direct, swapRoom, slices.IndexFunc(base, func(st step) bool { return st.to == swapSlot }), e.Possible)
		}
		if direct.Moves < 0 {
			e.Unreachable = true
			e.Plans = nil
		}
		// With the Life Support Control of the escape room's section on
		// the way, when that section's life support is inactive.
		es := f.slotByID[slot]
		for _, x := range Sections {
			if !es.InSection(x) || f.LifeSupport[x] {
				continue
			}
			id := f.Cat.lifeSupportRoom(x)
			taken := map[int]bool{}
			for _, st := range base {
				taken[st.to] = true
			}
			ls, _ := f.target(adj, lz.ID, id, taken)
			if id == swapRoom {
				ls = swapSlot // the one room, used twice: its action is one thing OR the other
			}
			if ls == 0 || e.Unreachable {
				continue
			}
			plan := append([]step{{to: ls, activate: x}}, base...)
			if w.way == "hibernation" && !f.HibActive && ls == lsccSlot {
				continue
			}
			p := f.simulate(adj, lz.ID, plan, "via "+f.Cat[id].Name)
			if p.Moves >= 0 {
				e.Plans = append(e.Plans, p)
			}
			break
		}
		out = append(out, e)
	}
	return out
}

// swapOdds: with the top anti-aircraft token fixed active, a plan that
// sets the tokens in Life Support Control B ("Look at both anti-aircraft
// tokens and place them in any order") or removes them in the Reactor
// ("If it is inactive (or the anti-aircraft tokens have been removed from
// the game), the Lander lands successfully") makes the landing certain,
// if it uses the room before the round marker enters the lander token's
// space, at the end of the round before.
func (f *Facility) swapOdds(p Plan, room string, at int, possible string) (float64, string) {
	if at < 0 || at >= len(p.used) {
		return 0, possible
	}
	what := "setting the tokens in Life Support Control B"
	if room == Reactor {
		what = "removing them in the Reactor"
	}
	if r := p.used[at]; r > f.LanderRound-1 {
		return 0, possible + "; the plan reaches the room only in round " + strconv.Itoa(r) + ", after the check"
	}
	return 1, possible + "; certain by " + what + " before the check"
}

// needsDrill says whether some stage of a plan is reached only through a
// corridor the Drilling Station lays.
func needsDrill(adj map[int][]edge, from int, plan []step) bool {
	at := from
	for _, st := range plan {
		if bfsPath(adj, at, st.to, true) == nil && drillPath(adj, at, st.to) != nil {
			return true
		}
		at = st.to
	}
	return false
}

// landerOdds: "If it is inactive … the Lander lands successfully";
// setup shuffles "both anti-aircraft tokens facedown", one active and one
// inactive.
func (f *Facility) landerOdds() (string, float64) {
	r := "from round " + strconv.Itoa(f.LanderRound) + " (the lander token is on slot " + strconv.Itoa(f.LanderRound) + " of the round track)"
	switch f.AntiAircraft {
	case "active":
		var ways []string
		if lz := f.Find(LandingZone); lz != nil {
			dist := f.reach(lz.ID)
			if f.canCome(LSCB, dist) {
				ways = append(ways, "the top anti-aircraft token is swapped in Life Support Control B")
			}
			if f.canCome(Reactor, dist) {
				ways = append(ways, "the Reactor shuts the system down")
			}
		}
		if len(ways) == 0 {
			return "never: the scenario sets the top anti-aircraft token active, and " + f.noSwap() + ", so the Lander is destroyed", 0
		}
		return r + ", only if " + strings.Join(ways, " or ") + ": the scenario sets the top anti-aircraft token active", 0
	case "inactive":
		return r + ": the scenario sets the anti-aircraft token inactive", 1
	}
	return r + ", if the anti-aircraft check passes: 1 in 2 (one of the two shuffled tokens is inactive); certain once a character sets the tokens in Life Support Control B, or the Reactor removes them", 0.5
}

// simulate plays a plan for one character with the rules' costs: 5 action
// cards a round, 2 actions a turn, oxygen lost at the end of each turn in a
// section with inactive life support, a pass ending the round's turns.
func (f *Facility) simulate(adj map[int][]edge, from int, plan []step, name string) Plan {
	p := Plan{Name: name, Route: []int{from}, Doors: []int{}, Stops: []int{}}
	// The actions, in order: moves (cost 1) and room uses (cost 2), the
	// Technical Corridor Entrance's move (jump) being a room use.
	type action struct {
		to             int
		use, jump      bool
		activate       string
		hibern, escape bool
		wait           int
		shutdown       bool
	}
	var acts []action
	at := from
	explored := map[int]bool{}
	for _, st := range plan {
		route := f.path(adj, at, st.to)
		if route == nil {
			p.Moves = -1
			return p
		}
		for i := 1; i < len(route); i++ {
			p.Route = append(p.Route, route[i])
			var by *edge // a corridor when there is one, else the Entrance's move
			for j := range adj[route[i-1]] {
				if e := &adj[route[i-1]][j]; e.to == route[i] && (by == nil || by.jump && !e.jump) {
					by = e
				}
			}
			if by.jump {
				acts = append(acts, action{to: route[i], jump: true})
				p.Jumps = append(p.Jumps, route[i])
				continue
			}
			acts = append(acts, action{to: route[i]})
			p.Moves++
			if f.slotByID[route[i]].RoomID == "" && !explored[route[i]] {
				explored[route[i]] = true
				p.Explores++
			}
			if by.door == "closed" {
				p.Doors = append(p.Doors, by.corridor)
			}
		}
		acts = append(acts, action{to: st.to, use: true, activate: st.activate, hibern: st.hibern, escape: st.escape, wait: st.wait, shutdown: st.shutdown})
		p.Stops = append(p.Stops, st.to)
		at = st.to
	}
	active := map[string]bool{}
	for x, on := range f.LifeSupport {
		active[x] = on
	}
	off := false // the Reactor has shut every section down
	pos := from
	inactive := func() bool {
		s := f.slotByID[pos]
		for _, x := range Sections {
			if s.InSection(x) && !active[x] {
				return true // in a section with inactive life support (a border slot is in both)
			}
		}
		return false
	}
	i := 0
	for round := 1; round <= 40 && i < len(acts); round++ {
		cards := handSize
		done := false
		for !done { // turns of this round
			p.Turns++
			for n := 0; n < 2; n++ {
				a := acts[i]
				cost := costMove
				if a.use || a.jump {
					cost = costRoom
				}
				if cost > cards || (a.wait > round) {
					done = true // pass: the turn ends, and the round's turns
					break
				}
				cards -= cost
				if a.use {
					p.used = append(p.used, round)
					if a.activate != "" && !off {
						active[a.activate] = true
					}
					if a.shutdown {
						// "Then treat all sections as [inactive]. …
						// [Life support] … cannot be turned on again."
						off = true
						for x := range active {
							active[x] = false
						}
					}
					if a.escape {
						p.Round = round
						p.Margin = startOxygen - p.OxygenLost
						if p.Margin < 0 {
							p.Tokens = (-p.Margin + oxygenToken - 1) / oxygenToken
						}
						p.TooLate = round > lastRound
						return p
					}
				} else {
					pos = a.to
				}
				i++
			}
			if inactive() {
				p.OxygenLost++
			}
		}
	}
	p.Moves = -1
	return p
}

// timeline lists when each escape becomes possible, and the end.
func (f *Facility) timeline(es []Escape) []Event {
	var out []Event
	for _, e := range es {
		if e.Never {
			// The marker enters the lander token's space at the end of
			// the round before.
			out = append(out, Event{Round: f.LanderRound - 1, What: "the round marker enters the lander token's space: the Lander is destroyed (the top anti-aircraft token is active, and nothing can swap or remove it)"})
			continue
		}
		if e.Unreachable || len(e.Plans) == 0 {
			continue
		}
		best := e.Plans[0]
		for _, p := range e.Plans[1:] {
			if p.Round < best.Round {
				best = p
			}
		}
		what := "the earliest " + e.Way + " (" + e.Room + ", " + best.Name + " plan)"
		if e.Way == "lander" {
			what = "the Lander lands if the anti-aircraft check passes (odds " + strconv.FormatFloat(e.Odds*100, 'f', 0, 64) + "%); launch at the start of the Event phase"
		}
		out = append(out, Event{Round: best.Round, What: what})
	}
	if cs := f.Find(CoolingSystem); cs != nil || f.stackHas(CoolingSystem) {
		adj := f.planGraph()
		if lz := f.Find(LandingZone); lz != nil {
			if t, _ := f.target(adj, lz.ID, CoolingSystem, nil); t != 0 {
				p := f.simulate(adj, lz.ID, []step{{to: t, escape: true}}, "")
				if p.Moves >= 0 {
					end := p.Round + autodestructN - 1
					what := "autodestruction started in the Cooling System at the earliest: the facility explodes at the end of round " + strconv.Itoa(end) + " (the token 5 spaces ahead)"
					if p.Round+autodestructN > lastRound {
						what = "autodestruction started in the Cooling System at the earliest: too late for the track, it activates at game end"
					}
					out = append(out, Event{Round: p.Round, What: what})
				}
			}
		}
	}
	out = append(out, Event{Round: lastRound, What: "round 14 ends: every character who has not escaped or hibernated dies"})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Round < out[j].Round })
	return out
}

// noiseProfiles: "Find all corridors adjacent to the room your character is
// in that share the rolled value." Deadly mode adds the second values.
func (f *Facility) noiseProfiles() []NoiseRoom {
	var out []NoiseRoom
	for _, s := range f.sortedSlots() {
		if s.Room == nil || s.Covered {
			continue
		}
		nr := NoiseRoom{Slot: s.ID, Room: s.Room.Name, Hits: []NoiseHit{}, Nothing: []int{}}
		for n := 1; n <= 4; n++ {
			h := NoiseHit{Number: n, Corridors: []int{}}
			for _, c := range s.Corridors {
				if c.Noise == n || (f.Deadly && c.Noise != 0 && c.Deadly == n) {
					h.Corridors = append(h.Corridors, c.ID)
					if o := f.slotByID[c.Other(s.ID)]; o != nil && o.Is(Hibernatorium) && o.Covered {
						h.NoMarker = append(h.NoMarker, c.ID)
					}
				}
			}
			if len(h.Corridors) == 0 {
				nr.Nothing = append(nr.Nothing, n)
			} else {
				nr.Hits = append(nr.Hits, h)
			}
		}
		out = append(out, nr)
	}
	return out
}

// intruderRoutes: "Intruders move as a group to the closest character …
// using the shortest possible route. Disregard doors when choosing the
// shortest route." and "If an intruder has with 2 shortest routes to a
// character, they use the shortest route that starts with the
// corridor/room with the lowest id number." The routes run on the map as
// placed (rooms and the corridors between them); characters stand in the
// Landing Zone unless the scenario places them.
func (f *Facility) intruderRoutes() []Route {
	targets := map[int]bool{}
	for _, t := range f.Tokens {
		if t.Type == "character" && f.slotByID[t.Slot] != nil {
			targets[t.Slot] = true
		}
	}
	if len(targets) == 0 {
		if lz := f.Find(LandingZone); lz != nil {
			targets[lz.ID] = true
		}
	}
	// Nodes: rooms +id, corridors -id. Distances from the characters.
	type node = int
	nb := func(n node) []node {
		var out []node
		if n > 0 {
			s := f.slotByID[n]
			for _, c := range s.Corridors {
				out = append(out, -c.ID)
			}
		} else {
			c := f.corByID[-n]
			for _, end := range []int{c.A, c.B} {
				if s := f.slotByID[end]; s != nil && s.RoomID != "" {
					out = append(out, end)
				}
			}
		}
		sort.Slice(out, func(i, j int) bool { return abs(out[i]) < abs(out[j]) })
		return out
	}
	dist := map[node]int{}
	var queue []node
	for _, s := range f.sortedSlots() {
		if targets[s.ID] {
			dist[s.ID] = 0
			queue = append(queue, s.ID)
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, m := range nb(n) {
			if _, seen := dist[m]; !seen {
				dist[m] = dist[n] + 1
				queue = append(queue, m)
			}
		}
	}
	name := func(n node) string {
		if n > 0 {
			return "room " + f.slotByID[n].Label()
		}
		return "corridor " + strconv.Itoa(-n)
	}
	walk := func(from node, token bool) Route {
		r := Route{From: name(from), Target: -1, Token: token, Steps: []string{}}
		d, ok := dist[from]
		if !ok {
			return r
		}
		r.Length = d
		n := from
		for dist[n] > 0 {
			var best []node
			for _, m := range nb(n) {
				if dm, ok := dist[m]; ok && dm == dist[n]-1 {
					best = append(best, m)
				}
			}
			if len(best) == 0 {
				// Only with ids used twice (reported by slot-duplicate
				// and corridor-duplicate): the ways are not well defined.
				r.Target = -1
				return r
			}
			if len(best) > 1 {
				r.TieBroken = true
			}
			n = best[0] // nb is sorted by id: the lowest id wins
			r.Steps = append(r.Steps, name(n))
		}
		r.Target = n
		return r
	}
	var out []Route
	seen := map[node]bool{}
	for _, t := range f.Tokens {
		if t.Type != "intruder" {
			continue
		}
		var n node
		switch {
		case t.Corridor != 0 && f.corByID[t.Corridor] != nil:
			n = -t.Corridor
		case t.Slot != 0 && f.slotByID[t.Slot] != nil:
			n = t.Slot
		default:
			continue
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, walk(n, true))
		}
	}
	cs := append([]*Corridor(nil), f.Corridors...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
	for _, c := range cs {
		if !seen[-c.ID] && f.corByID[c.ID] == c {
			seen[-c.ID] = true
			out = append(out, walk(-c.ID, false))
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
