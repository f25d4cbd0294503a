package survivalinfection

import (
	"github.com/zmission/zmission/rules"
)

// Simulation defaults and bounds.
const (
	DefaultSeed = 1
	DefaultRuns = 2000
	// MaxRuns bounds --runs, so a typo cannot make analyze run for hours.
	MaxRuns = 200000
)

// Analysis is what `zmission analyze` prints (as JSON, as it is).
type Analysis struct {
	Title   string   `json:"title"`
	Ruleset string   `json:"ruleset"`
	Written []string `json:"written"` // the setup: sections written out
	Changes []string `json:"changes"` // what the variant changed
	Deck    DeckStat `json:"deck"`
	// BiteAside: the Hidden Bite is set aside before the deal, so it is in
	// no pile count (false: a house rule shuffles it in with the rest).
	BiteAside bool `json:"bite_set_aside"`
	Chips     int  `json:"chips"`
	// Players is one row per player count the setup allows.
	Players []PlayerRow `json:"players"`
	// Simulation says how the Infection Phase estimate was made.
	Simulation SimInfo    `json:"simulation"`
	Dice       []DieStat  `json:"dice"`
	Rolls      []RollStat `json:"rolls"`
	// Games is whole games played out, per player count, and for a
	// variant the base game's figures beside them.
	Games *Games `json:"games"`
}

// DeckStat counts the deck by type and symbol.
type DeckStat struct {
	Cards  int            `json:"cards"` // every copy, Hidden Bites included
	Open   int            `json:"open"`
	Closed int            `json:"closed"`
	ByType map[string]int `json:"by_type"`
}

// PlayerRow is the setup with one player count.
type PlayerRow struct {
	Players  int  `json:"players"`
	OpenOnly bool `json:"open_only"`
	// Cards is the deck used, without the Hidden Bite; Left the
	// closed-symbol cards returned to the box.
	Cards int `json:"cards"`
	Left  int `json:"left_in_box"`
	Dealt int `json:"dealt"`
	// Pile1 and Pile2 are the two piles; they count the Hidden Bite only
	// when it is not set aside (Analysis.BiteAside).
	Pile1 int `json:"pile1"`
	Pile2 int `json:"pile2"`
	// BiteFirst and BiteLast are the earliest and latest draws (counted
	// from the first card drawn from the deck) that can be the Hidden
	// Bite; 0 when the setup cannot be made.
	BiteFirst int `json:"bite_first_draw"`
	BiteLast  int `json:"bite_last_draw"`
	// Infection is the simulated round in which the Hidden Bite is drawn.
	Infection *RoundStat `json:"infection_round,omitempty"`
	// City is the City Center after setup, by chip value.
	City      []Center `json:"city_center"`
	Survivors int      `json:"city_survivors"` // Survivors (people) in the City Center
	Zombies   int      `json:"city_zombies"`
	// Problem says why the setup cannot be made with this many players.
	Problem string `json:"problem,omitempty"`
}

// Analyze analyses a setup: every player count, the simulation, the dice.
func Analyze(s *Setup, o rules.AnalyzeOptions) *Analysis {
	a := &Analysis{Title: s.Name, Ruleset: Ruleset, Written: nonNil(s.Written), Changes: nonNil(s.Changes), BiteAside: s.Bite.SetAside}
	a.Deck.ByType = map[string]int{}
	for _, c := range s.Deck {
		a.Deck.Cards += c.Count
		if c.Closed {
			a.Deck.Closed += c.Count
		} else {
			a.Deck.Open += c.Count
		}
		t := c.PlayedAs()
		if t == "" {
			t = "none"
		}
		a.Deck.ByType[t] += c.Count
	}
	for _, c := range s.Chips {
		a.Chips += c.Count
	}
	a.Simulation = simInfo(o)
	for _, n := range s.Counts() {
		a.Players = append(a.Players, s.row(n, a.Simulation))
	}
	a.Dice, a.Rolls = diceStats(s)
	a.Games = s.PlayAll(a.Simulation.Seed, a.Simulation.Runs)
	return a
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (s *Setup) row(n int, sim SimInfo) PlayerRow {
	f := s.Filter(n)
	p, rest := s.Piles(n)
	r := PlayerRow{Players: n, OpenOnly: f.OpenOnly, Cards: f.Cards, Left: f.Left, Dealt: p.Dealt, Pile1: p.First, Pile2: p.Second}
	r.City = s.CityCenter(n)
	for _, c := range r.City {
		r.Survivors += c.Value * c.Survivors
		r.Zombies += c.Value * c.Zombies
	}
	switch {
	case f.Bites != 1:
		r.Problem = "the deck does not hold exactly one Hidden Bite"
	case rest < 2:
		r.Problem = "the deck cannot be dealt and split into two piles"
	}
	if r.Problem != "" {
		return r
	}
	r.BiteFirst, r.BiteLast = s.biteWindow(p)
	r.Infection = s.simulate(n, sim)
	return r
}

// biteWindow is the earliest and latest draw that can be the Hidden Bite:
// the first pile lies on top, and the Bite is anywhere in the second.
func (s *Setup) biteWindow(p Piles) (first, last int) {
	total := p.First + p.Second + 1
	switch {
	case !s.Bite.SetAside:
		return 1, total // it can be dealt too; 1 is then the earliest draw
	case s.Bite.Into == IntoFirst:
		return 1, p.First + 1
	case s.Bite.Into == IntoDeck:
		return 1, total
	}
	return p.First + 1, total
}
