package invader

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// The playtest: the game played by the rulebook's text. play_model.go
// reads a mission once into what every game of it shares; play_game.go is
// the round; play_agent.go plays the Survivors.

// How two edge-sharing zones are joined, for actors at play (shared with
// the other grid games).
type (
	linkKind = gridplay.LinkKind
	link     = gridplay.Link
)

const (
	linkOpen  = gridplay.LinkOpen
	linkDoor  = gridplay.LinkDoor
	linkHatch = gridplay.LinkHatch
	linkWall  = gridplay.LinkWall
)

// Door states at play.
const (
	doorClosed uint8 = iota
	doorOpen
	doorDestroyed
	doorGone // removed by Mold
)

type pdoor struct {
	a, b  int    // the zones it stands between
	color string // neutral, green, violet
	state uint8
	key   rules.EdgeKey
}

type pspawn struct {
	zone  int
	color string
	extra bool // stacked for 7+ Survivors
}

type pobjective struct {
	zone  int
	color string
	id    string
}

// model is a mission read for play; it is not changed by a game, so
// games share it across goroutines.
type model struct {
	w                  *World
	b                  *layout.Board
	n                  int
	links              [][]link
	room               []bool
	exterior           []bool
	security           []bool
	oxygen             []bool // Oxygen Supply Room
	doors              []pdoor
	doorAt             map[rules.EdgeKey]int
	start              int
	spawns             []pspawn
	tokens             []pobjective // Objective tokens, in document order
	exits              []int
	goals              []goal // the mission's objectives
	rules              []missions.Rule
	decks              *Decks
	xeno               []XenoCard
	mold               []int8   // Mold at setup
	teamTank           bool     // the team starts with Oxygen Tanks (equipment: [oxygen-tank])
	colours            []string // per Objective token: its colour (gridplay.Judge)
	gridplay.Described          // Zones, Objectives, Approximations, Agents
	dealOrder          []int16  // the Starting Equipment cards in the order dealt
	los                sync.Map // sight tables by door and Mold state
	losBytes           int64    // bytes of the tables kept in los
	losBudget          int64    // bound of losBytes (modelSightBudget)
}

// goal is one objective as the game checks it.
type goal = gridplay.Goal

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
	m := &model{w: w, b: b, n: len(b.Zones), decks: d, doorAt: map[rules.EdgeKey]int{}, start: -1, losBudget: modelSightBudget}
	m.room, m.exterior, m.security, m.oxygen = make([]bool, m.n), make([]bool, m.n), make([]bool, m.n), make([]bool, m.n)
	m.mold = make([]int8, m.n)
	for i, z := range b.Zones {
		m.room[i] = z.Kind == layout.Room
		m.exterior[i] = z.Kind == layout.Exterior
		m.security[i] = z.HasFeature("security")
		m.oxygen[i] = z.HasFeature("oxygen")
		m.mold[i] = int8(w.Mold[i])
		m.Names = append(m.Names, z.ID)
	}
	// Doors: every door token on a door opening; Mold at setup removes
	// the ones on its zones' edges.
	for _, t := range s.Of(missions.TokDoor) {
		d, ok := rules.Side(t.Side)
		if !ok || b.Edge(t.Cell.X, t.Cell.Y, d) != layout.EdgeDoor {
			continue
		}
		k := rules.KeyOf(t.Cell.X, t.Cell.Y, d)
		if _, dup := m.doorAt[k]; dup {
			continue
		}
		other := b.ZoneAt(t.Cell.X+layout.DX[d], t.Cell.Y+layout.DY[d])
		if other == nil {
			continue
		}
		st := doorClosed
		switch t.State {
		case "open":
			st = doorOpen
		case "destroyed":
			st = doorDestroyed
		}
		if w.door(t.Cell.X, t.Cell.Y, d) == nil {
			st = doorGone
		}
		color := t.Color
		if color == "" {
			color = "neutral"
		}
		m.doorAt[k] = len(m.doors)
		m.doors = append(m.doors, pdoor{a: t.Zone.Index, b: other.Index, color: color, state: st, key: k})
	}
	m.links = gridplay.Links(b, m.doorAt)
	if st := s.Of(missions.TokStart); len(st) > 0 {
		m.start = st[0].Zone.Index
	}
	for _, t := range w.SpawnOrder() {
		m.spawns = append(m.spawns, pspawn{zone: t.Zone.Index, color: t.Color})
	}
	for _, t := range s.Of(missions.TokObjective) {
		c := t.Color
		if c == "" {
			c = "red"
		}
		m.tokens = append(m.tokens, pobjective{zone: t.Zone.Index, color: c, id: t.ID})
		m.colours = append(m.colours, c)
	}
	for _, t := range s.Of(missions.TokExit) {
		m.exits = append(m.exits, t.Zone.Index)
	}
	for _, e := range s.Mission.Equipment {
		if itemKey(e) == rules.KeyOxygen {
			m.teamTank = true
		}
	}
	m.rules = s.Mission.Rules
	xeno, err := d.xenoDeck(s.Mission.XenoDeck)
	if err != nil {
		return nil, err
	}
	m.xeno = xeno
	if err := m.readGoals(s); err != nil {
		return nil, err
	}
	if err := m.playable(); err != nil {
		return nil, err
	}
	m.Approx = approximations(m)
	m.dealOrder = dealOrder(d)
	return m, nil
}

// readGoals reads the mission's objectives into what the game checks
// (gridplay.ReadGoals).
func (m *model) readGoals(s *rules.Scene) error {
	goals, labels, err := gridplay.ReadGoals(s, s.Of(missions.TokObjective), m.exits, xenoType)
	if err != nil {
		return err
	}
	m.goals, m.Labels = goals, labels
	return nil
}

// playable refuses a board the Survivors cannot play on: a start zone
// whose every edge is a wall. Any other way out can be taken some time (a
// door a Survivor opens or the Xenos destroy, a hatch once a tank is
// found).
func (m *model) playable() error {
	if m.start < 0 {
		return fmt.Errorf("the board cannot be played: the mission has no start token")
	}
	for _, l := range m.links[m.start] {
		if l.Kind != linkWall {
			return nil
		}
	}
	return fmt.Errorf("the board cannot be played: no Survivor can move out of the start zone %s", m.Names[m.start])
}

// Play plays one game.
func (m *model) Play(g playtest.Game, rng *rand.Rand) playtest.Outcome {
	st := newState(m, g.Survivors, rng)
	ag := agentNamed(g.Agent)
	st.play(ag)
	return st.outcome()
}

// approximations lists what the model assumes beyond the rulebook's text
// for this mission (docs/playtest.md explains each).
func approximations(m *model) []string {
	out := []string{
		"decks: the Xeno and Equipment cards the rulebook does not print are defaults (decks/core.json)",
		"survivors: Soldiers (Armor 3) and Civilians (Armor 2) alternate; Skills other than the Yellow Level's fourth Action are not played",
		"equipment: weapons are used, and a Flamethrower when its holder has a Canister (no trades); Prototypes, Armor and support cards are kept out of play",
		"objectives give no Experience (the rulebook gives no figure)",
		"machines (Sentry Gun, Bot) are not played",
		"equal routes and equal targets: a group of Xenos splits evenly, the odd Xeno going to the lower zone",
	}
	return append(out, gridplay.FreeText(m.goals, m.rules)...)
}

// dealOrder is the Starting Equipment cards (as state.card indexes), the
// strongest weapons (weaponValue) first, in deck order otherwise: dealt
// round the table, each Survivor gets one of the strongest before any
// gets a second, and their Hands the best of what they get.
func dealOrder(d *Decks) []int16 {
	out := make([]int16, len(d.Starting))
	for i := range out {
		out[i] = int16(len(d.Equipment) + i) // starting cards follow the deck's
	}
	value := func(c int16) float64 { return cardValue(&d.Starting[int(c)-len(d.Equipment)]) }
	slices.SortStableFunc(out, func(a, b int16) int { return cmp.Compare(value(b), value(a)) })
	return out
}
