package colony

import (
	"fmt"

	"github.com/zmission/zmission/rules"
)

// Analysis is what `zmission analyze` prints for a scenario: the deal and
// the upkeep at each player count, supply against demand by card kind, and
// what each variant removes.
type Analysis struct {
	Scenario  string          `json:"scenario"`
	Title     string          `json:"title"`
	Objective string          `json:"objective"`
	Locations []LocationRow   `json:"locations"`
	Table     []PlayerRow     `json:"players"`
	Supply    []SupplyRow     `json:"supply"`
	Pools     []PoolRow       `json:"pools"`
	Variants  []VariantEffect `json:"variants"`
	// Plays is the scenario played out, per side and player count.
	Plays *Plays `json:"plays"`
}

// LocationRow is one of the six Locations.
type LocationRow struct {
	ID     string         `json:"id"`
	Name   string         `json:"name"`
	Source string         `json:"source"`
	Spaces int            `json:"spaces"`
	Deck   map[string]int `json:"deck"`
	Cards  int            `json:"cards"`
}

// PlayerRow is the setup and a round's upkeep with one player count.
type PlayerRow struct {
	Deal
	// FoodPerRound with every Survivor in play in the Colony, as at setup.
	FoodPerRound int `json:"food_per_round"`
	// ZombiesColony is added per round with every Survivor in the Colony;
	// ZombiesOut with every Survivor at the Locations.
	ZombiesColony int         `json:"zombies_per_round_in_colony"`
	ZombiesOut    int         `json:"zombies_per_round_all_out"`
	Sides         []SideFills `json:"sides"`
}

// SideFills is one side of the objective filled in for a player count.
type SideFills struct {
	Side    string   `json:"side"`
	Values  []int    `json:"values"`
	Victory string   `json:"victory"`
	Rules   []string `json:"rules,omitempty"`
	Morale  int      `json:"morale"`
	Round   int      `json:"round"`
	// FoodOverTrack is the Food the whole Round track eats with every
	// Survivor at home: the most the colony must find.
	FoodOverTrack int `json:"food_over_track"`
}

// SupplyRow is one card kind: where it is found and what asks for it.
type SupplyRow struct {
	Kind      string `json:"kind"`
	Locations int    `json:"location_decks"`
	Starter   int    `json:"starter_items"` // in the Starter Item pool
	// StarterDealt is the most of the kind the Starter Items bring to the
	// table, as dealt ("5 (2-PL: 7) cards / Player"): the least and the
	// most of that over the scenario's player counts. It is what an
	// objective can count from them.
	StarterDealt [2]int `json:"starter_items_dealt"`
	Crisis       int    `json:"crisis_cards_asking"`
	// Objective is the most the objective asks for (any side, any player
	// count in range); 0 when it does not name the kind.
	Objective int `json:"objective_needs"`
}

// PoolRow is one card pool of the collection with its marked cards.
type PoolRow struct {
	Pool    string `json:"pool"`
	Cards   int    `json:"cards"`
	NonCoop int    `json:"non_coop"`
	Mature  int    `json:"mature"`
}

// VariantEffect is what a variant takes out of the game and whether the
// pools still suffice.
type VariantEffect struct {
	Variant  string   `json:"variant"`
	Declared bool     `json:"declared"`
	Removes  []string `json:"removes"`
	Short    []string `json:"short"`
}

// AnalyzeModel implements rules.ModelAnalyzer.
func (game) AnalyzeModel(m rules.Model, o rules.AnalyzeOptions) any {
	s, ok := m.(*Scenario)
	if !ok {
		return nil
	}
	a := Analyze(s)
	a.Plays = s.PlayOut(o.Seed, o.Runs)
	return a
}

// Analyze works out a scenario's tables.
func Analyze(s *Scenario) Analysis {
	a := Analysis{Scenario: s.ID, Title: s.Name, Objective: s.Objective.Name}
	for _, l := range s.Locations {
		a.Locations = append(a.Locations, LocationRow{ID: l.ID, Name: l.Name, Source: l.Source, Spaces: l.Spaces, Deck: nonNil(l.Deck), Cards: l.DeckSize()})
	}
	for _, p := range s.Players() {
		d := DealFor(p, "")
		row := PlayerRow{Deal: d, FoodPerRound: FoodPerRound(d.SurvivorsKept),
			ZombiesColony: ZombiesPerRound(d.SurvivorsKept, 0), ZombiesOut: ZombiesPerRound(0, d.SurvivorsKept)}
		for _, sd := range s.Sides() {
			v := sd.Values(p)
			f := SideFills{Side: sd.Name, Values: v, Victory: Fill(sd.Victory, v), Morale: sd.Morale, Round: sd.Round,
				FoodOverTrack: max(sd.Round, 0) * row.FoodPerRound}
			for _, r := range sd.Rules {
				f.Rules = append(f.Rules, Fill(r, v))
			}
			row.Sides = append(row.Sides, f)
		}
		a.Table = append(a.Table, row)
	}
	kinds := map[string]bool{}
	for _, k := range s.Kinds() {
		kinds[k] = true
	}
	for k := range s.Coll.Crisis {
		kinds[k] = true
	}
	need := map[string]int{}
	for _, n := range s.Objective.Needs {
		if n.Cards == "" {
			continue
		}
		kinds[n.Cards] = true
		for _, sd := range s.Sides() {
			if n.Number < 1 || n.Number > len(sd.Numbers) {
				need[n.Cards] = max(need[n.Cards], 1)
				continue
			}
			for _, p := range s.Players() {
				need[n.Cards] = max(need[n.Cards], sd.Numbers[n.Number-1].Value(p))
			}
		}
	}
	for _, k := range sortedKeys(boolCounts(kinds)) {
		loc, st := s.Supply(k)
		row := SupplyRow{Kind: k, Locations: loc, Starter: st, Crisis: s.Coll.Crisis[k], Objective: need[k]}
		for i, p := range s.Players() {
			d := StarterDealt(p, st)
			if i == 0 {
				row.StarterDealt = [2]int{d, d}
			}
			row.StarterDealt = [2]int{min(row.StarterDealt[0], d), max(row.StarterDealt[1], d)}
		}
		a.Supply = append(a.Supply, row)
	}
	c := s.Coll
	a.Pools = append(a.Pools, PoolRow{Pool: "secret-objectives (non-Betrayal)", Cards: c.NonBetrayal}, PoolRow{Pool: "secret-objectives (Betrayal)", Cards: c.Betrayal})
	for _, p := range pools {
		a.Pools = append(a.Pools, PoolRow{Pool: p, Cards: c.poolSize(p), NonCoop: c.NonCoop[p], Mature: c.Mature[p]})
	}
	for _, v := range AllVariants {
		if v == NoMature && !contains(s.Variants, v) {
			continue // a house rule, shown only where the scenario offers it
		}
		a.Variants = append(a.Variants, s.variantEffect(v))
	}
	return a
}

func boolCounts(m map[string]bool) map[string]int {
	out := map[string]int{}
	for k := range m {
		out[k] = 1
	}
	return out
}

// variantEffect words what a variant removes ("Co-op variant = remove
// non-co-op cards"; "Ignore Secret Objective in Co-op"; "no Secret
// Objective / Exile"; "OPT 1 (per Player) non-Betrayal for Betrayal
// variant"; "remove „!?!“ Crossroads cards").
func (s *Scenario) variantEffect(v string) VariantEffect {
	c := s.Coll
	e := VariantEffect{Variant: v, Declared: contains(s.Variants, v), Removes: []string{}, Short: []string{}}
	marked := func(m map[string]int, what string) {
		for _, pool := range sortedKeys(m) {
			if m[pool] > 0 {
				e.Removes = append(e.Removes, fmt.Sprintf("%d %s cards (%s)", m[pool], pool, what))
			}
		}
	}
	switch v {
	case CoOp:
		marked(c.NonCoop, "non-co-op")
		e.Removes = append(e.Removes, "the Secret Objectives (none dealt)", "Exile (no vote to exile)")
	case NoSecretObjectives:
		e.Removes = append(e.Removes, "the Secret Objectives (none dealt)", "Exile and the Exiled Objectives")
	case MoreBetrayal:
		e.Removes = append(e.Removes, "half the non-Betrayal Secret Objectives: 1 per player instead of 2, with the 1 Betrayal")
	case PG:
		// "remove „!?!“ Crossroads cards": the Crossroads only.
		if n := c.Mature["crossroads"]; n > 0 {
			e.Removes = append(e.Removes, fmt.Sprintf(`%d crossroads cards ("!?!")`, n))
		} else {
			e.Removes = append(e.Removes, `the "!?!" Crossroads cards (the collection marks none)`)
		}
	case NoMature:
		marked(c.Mature, "mature")
		if sum(c.Mature) == 0 {
			e.Removes = append(e.Removes, "the cards marked mature (the collection marks none)")
		}
	}
	seen := map[string]bool{}
	for _, sd := range s.Sides() {
		for _, p := range s.Players() {
			for _, n := range s.PoolNeeds(p, sd, v) {
				if n.Need > n.Have && !seen[n.Pool] {
					seen[n.Pool] = true
					e.Short = append(e.Short, fmt.Sprintf("%s: %d needed with %d players, %d left", n.Pool, n.Need, p, n.Have))
				}
			}
		}
	}
	return e
}
