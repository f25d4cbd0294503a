package render

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/colony"
)

// colonyView draws colony scenarios: the setup summary in the terminal,
// the analysis as text, the setup sheet and the Main Objective card.
type colonyView struct{}

func init() { RegisterView(colony.Ruleset, colonyView{}) }

func (colonyView) Overlays() []string { return nil }

func asScenario(m rules.Model) (*colony.Scenario, error) {
	s, ok := m.(*colony.Scenario)
	if !ok {
		return nil, fmt.Errorf("not a colony scenario")
	}
	return s, nil
}

// playersLabel words a range: "2-5 players", "1 player".
func playersLabel(s *colony.Scenario) string {
	switch {
	case s.MinP == s.MaxP && s.MinP == 1:
		return "1 player"
	case s.MinP == s.MaxP:
		return fmt.Sprintf("%d players", s.MinP)
	}
	return fmt.Sprintf("%d-%d players", s.MinP, s.MaxP)
}

// placementText words one setup placement, naming the place as printed.
func placementText(s *colony.Scenario, p colony.Placement) string {
	where := p.At
	if l := s.Location(p.At); l != nil {
		where = l.Name
	}
	if p.Noise > 0 {
		return fmt.Sprintf("%d Noise at %s", p.Noise, where)
	}
	if p.At == colony.ColonyID {
		return fmt.Sprintf("%s in the Colony (%s)", rules.CountOf(p.Zombies, "zombie"), entranceText(p.Before, p.Zombies))
	}
	return fmt.Sprintf("%s at %s", rules.CountOf(p.Zombies, "zombie"), where)
}

// entranceText words how n zombies fill the Entrances, 1 to 6 in turn,
// going on after the before zombies the side's earlier entries placed.
func entranceText(before, n int) string {
	if n <= colony.Entrances {
		var at []string
		for i := 0; i < n; i++ {
			at = append(at, fmt.Sprint((before+i)%colony.Entrances+1))
		}
		switch {
		case n == 1:
			return "Entrance " + at[0]
		case (before%colony.Entrances)+n <= colony.Entrances:
			return fmt.Sprintf("one at each of Entrances %s-%s", at[0], at[n-1])
		}
		return "one at each of Entrances " + strings.Join(at, ", ")
	}
	e := colony.EntranceRun(before, n)
	var parts []string
	for _, k := range e {
		parts = append(parts, fmt.Sprint(k))
	}
	return "Entrances 1-6: " + strings.Join(parts, ", ")
}

func deckText(deck map[string]int) string {
	if len(deck) == 0 {
		return "-"
	}
	var parts []string
	for _, k := range sortedKinds(deck) {
		parts = append(parts, fmt.Sprintf("%s %d", k, deck[k]))
	}
	return strings.Join(parts, ", ")
}

func sortedKinds(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func numbersText(d *colony.Side) string {
	var parts []string
	for i, n := range d.Numbers {
		parts = append(parts, fmt.Sprintf("{%d} = %s", i+1, n))
	}
	return strings.Join(parts, "; ")
}

// Show writes the setup summary.
func (colonyView) Show(w io.Writer, m rules.Model) error {
	s, err := asScenario(m)
	if err != nil {
		return err
	}
	vs := "standard game only"
	if len(s.Variants) > 0 {
		vs = "variants " + strings.Join(s.Variants, ", ")
	}
	fmt.Fprintf(w, "%s (colony): %s, %s\n", s.Name, playersLabel(s), vs)
	fmt.Fprintf(w, "Main Objective: %s\n", s.Objective.Name)
	for _, d := range s.Sides() {
		fmt.Fprintf(w, "  %s side: Morale %d, Round %d", d.Name, d.Morale, d.Round)
		if d.Earliest > 1 {
			fmt.Fprintf(w, ", met from round %d", d.Earliest)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "    victory: %s\n", d.Victory)
		for _, r := range d.Rules {
			fmt.Fprintf(w, "    rule:    %s\n", r)
		}
		if len(d.Numbers) > 0 {
			fmt.Fprintf(w, "    numbers: %s\n", numbersText(d))
		}
		for _, p := range d.Setup {
			fmt.Fprintf(w, "    setup:   %s\n", placementText(s, p))
		}
	}
	c := s.Coll
	fmt.Fprintf(w, "Colony: 6 Entrances")
	if c.EntranceSpaces > 0 {
		fmt.Fprintf(w, " × %d spaces", c.EntranceSpaces)
	}
	if c.MoraleTrack > 0 || c.RoundTrack > 0 {
		fmt.Fprintf(w, "; Morale track to %d, Round track to %d", c.MoraleTrack, c.RoundTrack)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Locations:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, l := range s.Locations {
		sp := "?"
		if l.Spaces > 0 {
			sp = fmt.Sprint(l.Spaces)
		}
		fmt.Fprintf(tw, "  %d.\t%s\t%s\t%s spaces\t%d cards: %s\n", i+1, l.ID, orDash(l.Source), sp, l.DeckSize(), deckText(l.Deck))
	}
	tw.Flush()
	fmt.Fprintln(w, "Deal:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  players\tstarter items\tSurvivors dealt\tkept\tSecret Objectives")
	for _, p := range s.Players() {
		d := colony.DealFor(p, "")
		fmt.Fprintf(tw, "  %d\t%d × %d\t%d\t%d × %d\t%d + %d\n", p, d.StarterPer, p, d.SurvivorsDealt, d.KeepPer, p, d.NonBetrayal, d.Betrayal)
	}
	tw.Flush()
	fmt.Fprintf(w, "Collection: %s\n", strings.Join(c.Names, " + "))
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Analysis writes the tables of colony.Analysis.
func (colonyView) Analysis(w io.Writer, v any) error {
	a, ok := v.(colony.Analysis)
	if !ok {
		return fmt.Errorf("not a colony analysis")
	}
	fmt.Fprintf(w, "%s (colony): Main Objective %q\n", a.Title, a.Objective)
	fmt.Fprintln(w, "\nPer player count (every Survivor in play in the Colony, as at setup):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  players\tstarter items\tSurvivors dealt\tin play\tSecret Objectives\tFood/round\tzombies/round: home\tall out")
	for _, r := range a.Table {
		fmt.Fprintf(tw, "  %d\t%d\t%d\t%d\t%d + %d\t%d\t%d\t%d\n", r.Players, r.StarterItems, r.SurvivorsDealt, r.SurvivorsKept, r.NonBetrayal, r.Betrayal, r.FoodPerRound, r.ZombiesColony, r.ZombiesOut)
	}
	tw.Flush()
	if len(a.Table) > 0 {
		for si := range a.Table[0].Sides {
			side := a.Table[0].Sides[si]
			fmt.Fprintf(w, "\nThe %s side (Morale %d, Round %d), filled in:\n", side.Side, side.Morale, side.Round)
			for _, r := range a.Table {
				f := r.Sides[si]
				fmt.Fprintf(w, "  %d players: %s\n", r.Players, f.Victory)
				for _, rule := range f.Rules {
					fmt.Fprintf(w, "             %s\n", rule)
				}
				fmt.Fprintf(w, "             Food over the whole Round track: %d\n", f.FoodOverTrack)
			}
		}
	}
	fmt.Fprintln(w, "\nSupply and demand by card kind (cards):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	// The Starter Items count as dealt, as the objective check counts them:
	// a range where the player count changes it.
	fmt.Fprintln(tw, "  kind\tLocation decks\tStarter Items dealt, at most\tin all\tCrisis cards asking\tobjective needs")
	for _, r := range a.Supply {
		obj := "-"
		if r.Objective > 0 {
			obj = fmt.Sprint(r.Objective)
		}
		d := r.StarterDealt
		fmt.Fprintf(tw, "  %s\t%d\t%s\t%s\t%d\t%s\n", r.Kind, r.Locations, countRange(d[0], d[1]), countRange(r.Locations+d[0], r.Locations+d[1]), r.Crisis, obj)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nCard pools of the collection:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  pool\tcards\tnon-co-op\t\"!?!\"")
	for _, p := range a.Pools {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\n", p.Pool, p.Cards, p.NonCoop, p.Mature)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nVariants (✓ declared by the scenario):")
	for _, e := range a.Variants {
		mark := " "
		if e.Declared {
			mark = "✓"
		}
		fmt.Fprintf(w, "  %s %s: removes %s\n", mark, e.Variant, strings.Join(e.Removes, "; "))
		for _, sh := range e.Short {
			fmt.Fprintf(w, "      short: %s\n", sh)
		}
	}
	if a.Plays != nil {
		writePlays(w, a.Plays)
	}
	return nil
}

// writePlays prints the scenario played out: per side and player count,
// the odds the Main Objective is met, that Morale and Food hold, and the
// round it is met in.
func writePlays(w io.Writer, p *colony.Plays) {
	capped := ""
	if p.Capped {
		capped = fmt.Sprintf(" (--runs is capped at %d)", colony.MaxPlays)
	}
	fmt.Fprintf(w, "\nPlayed out (%d plays per side and player count, seed %d%s; rates with their 95%% interval):\n", p.Plays, p.Seed, capped)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  side\tplayers\tobjective met\tmorale held\tfood held\tmet in round (p10 / median / p90)\tendings")
	for _, r := range p.Rows {
		if r.Problem != "" {
			fmt.Fprintf(tw, "  %s\t%d\t%s\t\t\t\t\n", r.Side, r.Players, r.Problem)
			continue
		}
		rounds := "-"
		if r.Met.Games > 0 {
			rounds = fmt.Sprintf("%d / %d / %d", r.Rounds.P10, r.Rounds.Median, r.Rounds.P90)
		}
		var ends []string
		for _, e := range r.Endings {
			ends = append(ends, fmt.Sprintf("%s %d", strings.ReplaceAll(e.How, "-", " "), e.Plays))
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\t%s\t%s\t%s\t%s\n", r.Side, r.Players, rateText(r.Met), rateText(r.MoraleHeld), rateText(r.FoodHeld), rounds, strings.Join(ends, ", "))
	}
	tw.Flush()
	// A block of its own, so a page shows the table apart from the words.
	fmt.Fprintln(w, "\nPlayed out, in words:")
	for _, f := range p.Flags {
		fmt.Fprintf(w, "Flag [%s]: %s.\n", f.Rule, f.Message)
	}
	if len(p.Flags) == 0 {
		fmt.Fprintf(w, "No flag: at every count the objective is met in %.0f%% to %.0f%% of plays, or the interval reaches into that band.\n", p.Low*100, p.High*100)
	}
	fmt.Fprintf(w, "Players' policy: %s.\n", p.Policy)
}

// countRange is "a", or "a–b" when the two differ.
func countRange(a, b int) string {
	if a == b {
		return fmt.Sprint(a)
	}
	return fmt.Sprintf("%d–%d", a, b)
}
