// Package survivalinfection is Zombie: Survival Infection, a card-and-dice
// game of Camps with no board. A document is a setup or a house-rule
// variant: the base game (built in), sections written out in setup:, and
// changes: applied on top. The package reads it into a Setup, checks that
// the arithmetic of the setup holds at every player count it allows, and
// analyses the game it makes (pile sizes, the Hidden Bite window, a seeded
// simulation of when the Infection Phase starts, the City Center, the dice).
package survivalinfection

import (
	"sync"

	"github.com/zmission/zmission/rules"
)

// Ruleset is the document's ruleset value.
const Ruleset = "survival-infection"

// Card types, as the rulebook names them.
const (
	Action    = "action"
	Reaction  = "reaction"
	Event     = "event"
	Character = "character"
	Hideout   = "hideout"
)

// Types lists the card types in the rulebook's order.
var Types = []string{Action, Reaction, Event, Character, Hideout}

// Where the Hidden Bite is shuffled in.
const (
	IntoSecond = "second-pile"
	IntoFirst  = "first-pile"
	IntoDeck   = "whole-deck"
)

// Setup is a whole setup: the base game with the document's sections and
// changes applied. Each part remembers the JSON Pointer of the document
// value that set it last ("" for the built-in base game), so findings point
// at what the author wrote.
type Setup struct {
	ID, Name string
	Author   string
	Notes    string

	Players Players
	Camp    Camp
	Hand    Num
	Redraw  Num
	Bite    Bite
	Deck    []Card
	// DeckPtr is where the deck was last written or changed as a whole.
	DeckPtr string
	Chips   []Chips
	City    City
	Dice    []Die

	// Written tells which sections the document wrote out in setup:.
	Written []string
	// Changes lists, in plain words, what the changes: section did.
	Changes []string
	// Fallback is where a finding about the built-in base game points:
	// the changes (they are what made it wrong) or the ruleset.
	Fallback string

	// played holds the balance checks' games once played, so the form
	// view that shows them after the checks plays nothing again; set by
	// Load, nil on a copy (which may be changed).
	played *lintPlayed
}

type lintPlayed struct {
	once  sync.Once
	games *Games
}

var _ rules.Model = (*Setup)(nil)

// Ruleset implements rules.Model.
func (s *Setup) Ruleset() string { return Ruleset }

// Title implements rules.Model.
func (s *Setup) Title() string { return s.Name }

// Num is a number and where it was set.
type Num struct {
	N   int
	Ptr string
}

// Players is the player range.
type Players struct {
	Min, Max int
	// OpenOnlyUpTo: up to this many players only open-symbol cards are
	// used (3 in the base game).
	OpenOnlyUpTo int
	Ptr          string
}

// Camp is what each player starts with.
type Camp struct {
	Sets    int    // Starting Camp sets in the box (Phase card, Starting Hideout, No Hideout)
	Hideout string // the Starting Hideout's name
	Chips   []int  // Survivor chips per player, by value
	Ptr     string
}

// Bite says how the Hidden Bite goes into the draw deck.
type Bite struct {
	SetAside bool
	Into     string
	Ptr      string
}

// Card is one entry of the deck: a card name and its copies.
type Card struct {
	Name       string
	Type       string // "" when the author gave none (card-no-type)
	Closed     bool   // the closed symbol: left out with few players
	Count      int
	HiddenBite bool
	Text       string
	Ptr        string
}

// PlayedAs is the type the card is played as: its own, except that the
// Hidden Bite is always the Event it is ("The core game has only one Event
// card, the HIDDEN BITE"), whatever type a variant wrote for it
// (hidden-bite-type warns).
func (c Card) PlayedAs() string {
	if c.HiddenBite {
		return Event
	}
	return c.Type
}

// Chips is one chip value of the inventory.
type Chips struct {
	Value, Count int
	Ptr          string
}

// City is the City Center rule: for each player under FullTable, Flip
// chips are turned to their Zombie side.
type City struct {
	FullTable int
	Flip      []Chips
	Ptr       string
}

// Die is one die and its faces.
type Die struct {
	Name  string
	Faces []Face
	Ptr   string
}

// Face is one face of a die: a number, a blank (0) or the symbol (0, and
// the roll's result is doubled).
type Face struct {
	N      int
	Blank  bool
	Symbol bool
}

// String is the face as the format writes it.
func (f Face) String() string {
	switch {
	case f.Symbol:
		return "symbol"
	case f.Blank:
		return "blank"
	}
	return itoa(f.N)
}

// Die returns the die of a name, or nil.
func (s *Setup) Die(name string) *Die {
	for i := range s.Dice {
		if s.Dice[i].Name == name {
			return &s.Dice[i]
		}
	}
	return nil
}

// Filtered is the deck used at a player count: the cards and the Hidden
// Bites among them, after the open-symbol filter.
type Filtered struct {
	Players  int
	OpenOnly bool
	Cards    int // cards other than Hidden Bites
	Bites    int
	Left     int // closed-symbol copies returned to the box
}

// Filter returns the deck used with n players.
func (s *Setup) Filter(n int) Filtered {
	f := Filtered{Players: n, OpenOnly: n <= s.Players.OpenOnlyUpTo}
	for _, c := range s.Deck {
		if f.OpenOnly && c.Closed {
			f.Left += c.Count
			continue
		}
		if c.HiddenBite {
			f.Bites += c.Count
		} else {
			f.Cards += c.Count
		}
	}
	return f
}

// Piles is the setup procedure with n players: the cards dealt, then the
// rest split into two piles, the first on top.
type Piles struct {
	Dealt  int
	First  int // cards of the first pile
	Second int // cards of the second pile, without the Hidden Bite
}

// Piles splits the deck of n players. The rulebook says "approximately
// equal": the first pile gets the smaller half, and the second (the Hidden
// Bite's) the odd card. Rest is negative when the deal runs out.
func (s *Setup) Piles(n int) (p Piles, rest int) {
	f := s.Filter(n)
	p.Dealt = s.Hand.N * n
	rest = f.Cards - p.Dealt
	if !s.Bite.SetAside {
		rest += f.Bites // the Bite is shuffled in before the deal
	}
	if rest > 0 {
		p.First = rest / 2
		p.Second = rest - p.First
	}
	return p, rest
}

// CampChips is how many chips of a value each Camp starts with.
func (s *Setup) CampChips(value int) int {
	n := 0
	for _, v := range s.Camp.Chips {
		if v == value {
			n++
		}
	}
	return n
}

// Missing is how many players short of the full table n players are: the
// City Center rule flips chips "for every player less than 6", and nothing
// for more.
func (s *Setup) Missing(n int) int { return max(0, s.City.FullTable-n) }

// FlipChips is how many chips of a value are flipped per missing player.
func (s *Setup) FlipChips(value int) int {
	n := 0
	for _, c := range s.City.Flip {
		if c.Value == value {
			n += c.Count
		}
	}
	return n
}

// ChipCount is how many chips of a value the inventory has, and where it
// is set (ok false when it has none of that value).
func (s *Setup) ChipCount(value int) (Chips, bool) {
	for _, c := range s.Chips {
		if c.Value == value {
			return c, true
		}
	}
	return Chips{Value: value}, false
}

// Values lists every chip value the setup mentions (inventory, Camp,
// flips), largest first.
func (s *Setup) Values() []int {
	seen := map[int]bool{}
	var out []int
	add := func(v int) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, c := range s.Chips {
		add(c.Value)
	}
	for _, v := range s.Camp.Chips {
		add(v)
	}
	for _, c := range s.City.Flip {
		add(c.Value)
	}
	sortDesc(out)
	return out
}

// Center is the City Center after setup with n players: per chip value,
// Survivor-side and Zombie-side chips.
type Center struct {
	Value     int `json:"value"`
	Survivors int `json:"survivors"`
	Zombies   int `json:"zombies"`
}

// CityCenter is the City Center after setup with n players: all chips
// Survivor side up, less the Camps' chips, with the flips turned to
// Zombie. Counts can be negative when the chips run out (chips-short).
func (s *Setup) CityCenter(n int) []Center {
	var out []Center
	for _, v := range s.Values() {
		have, _ := s.ChipCount(v)
		z := s.Missing(n) * s.FlipChips(v)
		out = append(out, Center{Value: v, Survivors: have.Count - n*s.CampChips(v) - z, Zombies: z})
	}
	return out
}
