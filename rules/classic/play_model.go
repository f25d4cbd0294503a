package classic

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// The playtest: classic Zombicide played by the Actions chapter's text
// and, where it is silent, by the rules both grid games share
// (rules/gridplay). play_model.go reads a mission once; play_game.go is a
// game's state, the round, win and loss; play_actions.go the Survivors'
// Actions; play_zombies.go the Zombies' Phase; play_agent.go who plays.

type link = gridplay.Link

// Door states at play.
const (
	doorClosed uint8 = iota
	doorOpen
	doorGone // removed by a mission rule
)

type pdoor struct {
	a, b  int
	color string
	state uint8
}

type pspawn struct {
	zone  int
	color string
}

type pobjective struct {
	zone  int
	color string
	id    string
}

type pcar struct {
	zone   int
	police bool // a police car; else a Pimpmobile
}

// sightBudget bounds the sight tables a model keeps, in bytes, so the
// mission and its what-if changes together stay within 400 MB.
const sightBudget = (400 << 20) / (playtest.MaxChanges + 1)

// model is a mission read for play; games share it across goroutines.
type model struct {
	w                  *World
	b                  *layout.Board
	n                  int
	links              [][]link
	room               []bool
	building           []int // per zone: its building, -1 outside
	buildings          [][]int
	openAtSet          []bool // per building: open at setup (the start's, an opening or an open door to the outside)
	doors              []pdoor
	doorAt             map[rules.EdgeKey]int
	start              int
	spawns             []pspawn
	tokens             []pobjective
	exits              []int
	exitIDs            []string // per Exit: its token's id, for a rule that removes it
	cars               []pcar
	noise              []int16 // Noise tokens at setup
	goals              []gridplay.Goal
	rules              []missions.Rule
	decks              *Decks
	opener             bool     // the team starts with a door-opening weapon (equipment: [door-opener])
	colours            []string // per Objective token: its colour (gridplay.Judge)
	gridplay.Described          // Zones, Objectives, Approximations, Agents
	dealOrder          []int16
	table              gridplay.Table
	sight              gridplay.SightCache
}

// Playtest reads a placed mission into a model of play (playtest.Grid).
func (game) Playtest(s *rules.Scene, decks []byte) (playtest.Model, error) {
	d, err := gridplay.ReadIf(decks, ReadDecks)
	if err != nil {
		return nil, err
	}
	return NewModel(s, d)
}

// NewModel reads a placed mission for play with the decks d (nil: the
// embedded defaults).
func NewModel(s *rules.Scene, d *Decks) (*model, error) {
	if d == nil {
		d = DefaultDecks()
	}
	w := NewWorld(s)
	b := s.Board
	m := &model{w: w, b: b, n: len(b.Zones), decks: d, doorAt: map[rules.EdgeKey]int{}, start: -1}
	m.sight.Budget = sightBudget
	m.room = make([]bool, m.n)
	m.building = make([]int, m.n)
	m.noise = make([]int16, m.n)
	for i, z := range b.Zones {
		m.room[i] = z.Kind == layout.Room
		m.building[i] = -1
		m.Names = append(m.Names, z.ID)
	}
	for i, bl := range w.Buildings() {
		m.buildings = append(m.buildings, bl.Zones)
		for _, z := range bl.Zones {
			if m.building[z] < 0 {
				m.building[z] = i
			}
		}
	}
	for _, t := range s.Of(missions.TokDoor) {
		dir, ok := rules.Side(t.Side)
		if !ok || b.Edge(t.Cell.X, t.Cell.Y, dir) != layout.EdgeDoor {
			continue
		}
		k := rules.KeyOf(t.Cell.X, t.Cell.Y, dir)
		if _, dup := m.doorAt[k]; dup {
			continue
		}
		other := b.ZoneAt(t.Cell.X+layout.DX[dir], t.Cell.Y+layout.DY[dir])
		if other == nil {
			continue
		}
		st := doorClosed
		if t.State == "open" || t.State == "destroyed" {
			st = doorOpen
		}
		color := t.Color
		if color == "" {
			color = "neutral"
		}
		m.doorAt[k] = len(m.doors)
		m.doors = append(m.doors, pdoor{a: t.Zone.Index, b: other.Index, color: color, state: st})
	}
	m.links = gridplay.Links(b, m.doorAt)
	if st := s.Of(missions.TokStart); len(st) > 0 {
		m.start = st[0].Zone.Index
	}
	for _, t := range rules.SpawnOrder(s) {
		m.spawns = append(m.spawns, pspawn{zone: t.Zone.Index, color: t.Color})
	}
	objs := s.Of(missions.TokObjective)
	for _, t := range objs {
		c := t.Color
		if c == "" {
			c = "red"
		}
		m.tokens = append(m.tokens, pobjective{zone: t.Zone.Index, color: c, id: t.ID})
		m.colours = append(m.colours, c)
	}
	for _, t := range s.Of(missions.TokExit) {
		m.exits = append(m.exits, t.Zone.Index)
		m.exitIDs = append(m.exitIDs, t.ID)
	}
	for _, t := range s.Of(missions.TokCar) {
		m.cars = append(m.cars, pcar{zone: t.Zone.Index, police: t.Kind == "police"})
	}
	for _, t := range s.Of(missions.TokNoise) {
		m.noise[t.Zone.Index]++
	}
	for _, e := range s.Mission.Equipment {
		if itemKey(e) == rules.KeyDoorOpener {
			m.opener = true
		}
	}
	m.rules = s.Mission.Rules
	var err error
	if m.goals, m.Labels, err = gridplay.ReadGoals(s, objs, m.exits, zombieKind); err != nil {
		return nil, err
	}
	if err := m.playable(); err != nil {
		return nil, err
	}
	m.openAtSet = m.openBuildings()
	for t := range zombieKinds {
		m.table.ToKill[t] = d.Zombies[t].ToKill
	}
	// The Targeting Priority Order and the Melee share as Invader's
	// rulebook words them (the Actions chapter refers to its Combat
	// chapter, which the project does not hold).
	m.table.Ranged = [zombieKinds]int{Fatty, Abomination, Walker, Runner}
	m.table.Melee = [zombieKinds]int{Runner, Walker, Fatty, Abomination}
	m.Approx = approximations(m)
	m.dealOrder = dealOrder(d)
	return m, nil
}

// openBuildings marks the buildings open at setup: the start's ("The
// building containing the Survivors' starting Zone does not spawn"), and
// any the Survivors can walk into from a street or the start without
// opening a door (an opening or an open door, maybe through another
// building): nothing is opened there, so nothing is revealed. A building
// joined by an open door to another building only is still closed.
func (m *model) openBuildings() []bool {
	open := make([]bool, len(m.buildings))
	seen := make([]bool, m.n)
	var q []int
	for z := range m.n {
		if m.building[z] < 0 || z == m.start || m.building[z] == m.building[m.start] {
			seen[z] = true
			q = append(q, z)
		}
	}
	for h := 0; h < len(q); h++ {
		z := q[h]
		if b := m.building[z]; b >= 0 {
			open[b] = true
		}
		for _, l := range m.links[z] {
			if !seen[l.To] && (l.Kind == gridplay.LinkOpen || (l.Kind == gridplay.LinkDoor && m.doors[l.Door].state != doorClosed)) {
				seen[l.To] = true
				q = append(q, l.To)
			}
		}
	}
	return open
}

// playable refuses a board the Survivors cannot play on: a start zone
// walled in on every side.
func (m *model) playable() error {
	if m.start < 0 {
		return fmt.Errorf("the board cannot be played: the mission has no start token")
	}
	for _, l := range m.links[m.start] {
		if l.Kind != gridplay.LinkWall {
			return nil
		}
	}
	return fmt.Errorf("the board cannot be played: no Survivor can move out of the start zone %s", m.Names[m.start])
}

// Play plays one game.
func (m *model) Play(g playtest.Game, rng *rand.Rand) playtest.Outcome {
	st := newState(m, g.Survivors, rng)
	st.play(agentNamed(g.Agent))
	return st.outcome()
}

// Changes are the what-if changes of the mission (playtest.Varied).
func (m *model) Changes(limit int) ([]playtest.Change, int) {
	return gridplay.Changes(m.w.Scene, limit, func(sc *rules.Scene) (playtest.Model, error) { return NewModel(sc, m.decks) })
}

// approximations lists what the model assumes beyond the Actions chapter
// for this mission (docs/playtest.md explains each).
func approximations(m *model) []string {
	out := []string{
		"decks: the Zombie and Equipment cards, the Zombies' figures and the Starting Equipment are defaults (decks/core.json)",
		"the round, the Zombies' Phase, the Spawn step, combat and the loss on a Survivor's elimination follow Invader's rulebook (the classic text held is the Actions chapter)",
		fmt.Sprintf("survivors: eliminated at %d Wounds; an Objective gives %d Experience; Skills, trades and Wounded cards are not played", m.decks.Wounds, m.decks.ObjectiveXP),
		"equal routes and equal targets: a group of Zombies splits evenly, the odd Zombie going to the lower zone",
	}
	if len(m.cars) > 0 {
		out = append(out, "cars are Searched, never driven: no mission field allows driving")
	}
	return append(out, gridplay.FreeText(m.goals, m.rules)...)
}

// dealOrder is the Starting Equipment cards (as card indexes), the
// door-opening weapons first, then the strongest: dealt round the table,
// so the group holds a way through the locked doors before any Survivor
// gets a second card.
func dealOrder(d *Decks) []int16 {
	out := make([]int16, len(d.Starting))
	for i := range out {
		out[i] = int16(len(d.Equipment) + i)
	}
	value := func(c int16) float64 {
		card := &d.Starting[int(c)-len(d.Equipment)]
		v := cardValue(card)
		if card.Weapon != nil && card.Weapon.OpensDoors {
			v += 100
		}
		return v
	}
	slices.SortStableFunc(out, func(a, b int16) int { return cmp.Compare(value(b), value(a)) })
	return out
}
