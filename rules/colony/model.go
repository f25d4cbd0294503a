// Package colony is the colony survival game (ruleset colony): a fixed hub,
// the Colony and six Locations, and scenarios made of a Main Objective, its
// setup and the card pools it deals from. It reads a scenario into a
// Scenario, checks that it adds up at every player count and variant, and
// analyses its deal, supply and demand.
package colony

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// Ruleset is the document's ruleset value.
const Ruleset = "colony"

// Scenario is a colony document read into the game's terms.
type Scenario struct {
	ID, Name  string
	Author    string
	Briefing  string
	Notes     string
	File      string
	MinP      int
	MaxP      int
	Variants  []string // as declared, in the order of AllVariants
	Objective Objective
	Locations []Location // in document order (six when well formed)
	Coll      *Collection
	// collInline is the collection when it is written in the scenario,
	// so findings about its counts can point at them.
	collInline *source.Node
	// played holds the play checks' plays once made, so the form view
	// that shows them after the checks plays nothing again; set by Load.
	played *lintPlayed
}

type lintPlayed struct {
	once  sync.Once
	plays *Plays
}

// Objective is the Main Objective card.
type Objective struct {
	Name     string
	Normal   *Side
	Hardcore *Side // nil: the card has no Hardcore side
	Needs    []Need
}

// Side is one side of the Main Objective card.
type Side struct {
	Name     string // "normal" or "hardcore"
	Ptr      string // JSON Pointer of the side
	Victory  string
	Rules    []string
	Numbers  []Number
	Morale   int
	Round    int
	Earliest int // first round whose Colony Phase may find it met (1 by default)
	Setup    []Placement
}

// Number is a value of the objective: fixed, or scaled by the players.
type Number struct {
	Fixed  int
	Each   int
	Per    string // "" (fixed), "player" or "non-exiled-player"
	Plus   int
	Scales bool
}

// Value is the number with p players, none of them exiled (as at setup).
func (n Number) Value(p int) int {
	if !n.Scales {
		return n.Fixed
	}
	return n.Each*p + n.Plus
}

// String words the number as a card would: "2 per player + 1".
func (n Number) String() string {
	if !n.Scales {
		return fmt.Sprint(n.Fixed)
	}
	per := "player"
	if n.Per == "non-exiled-player" {
		per = "non-exiled player"
	}
	s := fmt.Sprintf("%d per %s", n.Each, per)
	switch {
	case n.Plus > 0:
		s += fmt.Sprintf(" + %d", n.Plus)
	case n.Plus < 0:
		s += fmt.Sprintf(" − %d", -n.Plus)
	}
	return s
}

// Placement is zombies or Noise put on the board at setup.
type Placement struct {
	Zombies, Noise int
	At             string
	Ptr            string
	// Before is, for the Colony, the zombies the side's earlier entries
	// put there: the Entrances fill in one run across entries.
	Before int
}

// Need is what the objective names: a card kind (counted by one of its
// numbers) or a Location.
type Need struct {
	Cards    string
	Number   int // 1-based placeholder that counts the cards, 0 if none
	Location string
	Ptr      string
}

// Location is one of the six Locations around the Colony.
type Location struct {
	ID     string
	Name   string
	Spaces int            // Zombie spaces at its entrance; 0 when no board says
	Deck   map[string]int // its item deck by card kind; nil when unknown
	Source string         // "base", "collection" or "custom"
	Ptr    string
}

// DeckSize is the number of cards in the Location's item deck.
func (l Location) DeckSize() int { return sum(l.Deck) }

// Colony entrances: the reference's "Entrance 1,2,3,4,5,6,1...".
const Entrances = 6

// NoisePerLocation is the reference's "mx 4 Noise/location".
const NoisePerLocation = 4

// ColonyID is the id of the hub.
const ColonyID = "colony"

// Ruleset implements rules.Model.
func (s *Scenario) Ruleset() string { return Ruleset }

// Title implements rules.Model.
func (s *Scenario) Title() string { return s.Name }

// Sides lists the objective's sides, normal first.
func (s *Scenario) Sides() []*Side {
	out := []*Side{s.Objective.Normal}
	if s.Objective.Hardcore != nil {
		out = append(out, s.Objective.Hardcore)
	}
	return out
}

// Side returns the named side, or nil.
func (s *Scenario) Side(name string) *Side {
	for _, d := range s.Sides() {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// Location returns the Location with an id, or nil.
func (s *Scenario) Location(id string) *Location {
	for i := range s.Locations {
		if s.Locations[i].ID == id {
			return &s.Locations[i]
		}
	}
	return nil
}

// Players lists every player count the scenario allows.
func (s *Scenario) Players() []int {
	var out []int
	for p := s.MinP; p <= s.MaxP && p-s.MinP < 64; p++ {
		out = append(out, p)
	}
	return out
}

// Nodes lists the Colony and its six Locations (rules.GraphModel): the
// Colony in the middle, the Locations around it.
func (s *Scenario) Nodes() []rules.Node {
	feats := []string{"entrances:6"}
	if s.Coll != nil && s.Coll.EntranceSpaces > 0 {
		feats = append(feats, fmt.Sprintf("spaces:%d", s.Coll.EntranceSpaces*Entrances))
	}
	out := []rules.Node{{ID: ColonyID, Kind: "colony", Name: "Colony", Features: feats}}
	n := len(s.Locations)
	for i, l := range s.Locations {
		f := []string{"search"}
		if l.Spaces > 0 {
			f = append(f, fmt.Sprintf("spaces:%d", l.Spaces))
		}
		if l.Deck != nil {
			f = append(f, fmt.Sprintf("deck:%d", l.DeckSize()))
		}
		f = append(f, "source:"+l.Source)
		x, y := ring(i, n)
		out = append(out, rules.Node{ID: l.ID, Kind: "location", Name: l.Name, Features: f, X: x, Y: y})
	}
	return out
}

// Links lists the ways between places: a Survivor moves from any place to
// any other with an empty space, so the hub is a complete graph, each move
// rolling Exposure.
func (s *Scenario) Links() []rules.Link {
	ids := []string{ColonyID}
	for _, l := range s.Locations {
		ids = append(ids, l.ID)
	}
	var out []rules.Link
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			out = append(out, rules.Link{From: ids[i], To: ids[j], Via: "move", Requires: []string{"empty-space"}, Note: "roll Exposure"})
		}
	}
	return out
}

// ring places the i-th of n Locations on a circle around the Colony, the
// first at the top, clockwise (board units: a Location board is about 1).
func ring(i, n int) (float64, float64) {
	if n == 0 {
		return 0, 0
	}
	a := 2 * math.Pi * float64(i) / float64(n)
	return math.Round(300*math.Sin(a)) / 100, math.Round(-300*math.Cos(a)) / 100
}

func sum(m map[string]int) int {
	t := 0
	for _, v := range m {
		t += v
	}
	return t
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
