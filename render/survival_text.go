package render

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
)

// survivalView draws Zombie: Survival Infection setups: the setup in the
// terminal, the analysis as text, and the printable setup sheet.
type survivalView struct{}

func init() { RegisterView(si.Ruleset, survivalView{}) }

func (survivalView) Overlays() []string { return nil }

func setupOf(m rules.Model) (*si.Setup, error) {
	s, ok := m.(*si.Setup)
	if !ok {
		return nil, fmt.Errorf("not a survival-infection setup")
	}
	return s, nil
}

// Show prints the setup: what is in the box and how it is set up.
func (survivalView) Show(w io.Writer, m rules.Model) error {
	s, err := setupOf(m)
	if err != nil {
		return err
	}
	p := s.Players
	fmt.Fprintf(w, "%s — %s players, no board\n", s.Name, si.Span(p.Min, p.Max))
	switch {
	case len(s.Written) > 0 && len(s.Changes) > 0:
		fmt.Fprintf(w, "the base game with its %s written out, then changed\n", strings.Join(s.Written, ", "))
	case len(s.Written) > 0:
		fmt.Fprintf(w, "the base game with its %s written out\n", strings.Join(s.Written, ", "))
	case len(s.Changes) > 0:
		fmt.Fprintln(w, "the base game, changed")
	default:
		fmt.Fprintln(w, "the base game")
	}
	for _, c := range s.Changes {
		fmt.Fprintf(w, "  ~ %s\n", c)
	}
	fmt.Fprintln(w)
	open, closed := 0, 0
	for _, c := range s.Deck {
		if c.Closed {
			closed += c.Count
		} else {
			open += c.Count
		}
	}
	fmt.Fprintf(w, "Deck: %d cards, %d open-symbol and %d closed-symbol (%s only open-symbol cards)\n",
		open+closed, open, closed, openOnlyWords(p))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  CARD\tTYPE\tSYMBOL\tCOPIES")
	for _, c := range s.Deck {
		t := c.Type
		if t == "" {
			t = "(none)"
		}
		name := c.Name
		if c.HiddenBite {
			name += " ★"
		}
		if c.Text != "" {
			name += " (" + c.Text + ")"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%d\n", name, t, c.Symbol(), c.Count)
	}
	tw.Flush()
	fmt.Fprintf(w, "  ★ the Hidden Bite: %s\n\n", si.BiteWords(s.Bite))
	total := 0
	for _, c := range s.Chips {
		total += c.Count
	}
	fmt.Fprintf(w, "Chips: %d (%s), double-sided Survivor/Zombie\n", total, si.ChipWords(s.Chips))
	fmt.Fprintf(w, "Starting Camp, each player: a Phase card (Survival side up), %s over No Hideout, Survivor chips %s (%d sets in the box)\n",
		s.Camp.Hideout, valuesWords(s.Camp.Chips), s.Camp.Sets)
	fmt.Fprintf(w, "City Center: every chip Survivor side up; for each player under %d, flip %s to Zombie\n",
		s.City.FullTable, si.ChipWords(s.City.Flip))
	fmt.Fprintf(w, "Deal %d cards to each player; each turn draw until the hand holds %d\n\n", s.Hand.N, s.Redraw.N)
	fmt.Fprintln(w, "Dice:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, d := range s.Dice {
		fmt.Fprintf(tw, "  %s\t%s\n", d.Name, si.FaceWords(d.Faces))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nSetup by player count: zmission analyze; setup sheet: zmission render")
	return nil
}

func openOnlyWords(p si.Players) string {
	switch {
	case p.OpenOnlyUpTo <= 0:
		return "no player count uses"
	case p.OpenOnlyUpTo <= p.Min:
		return fmt.Sprintf("%d players use", p.OpenOnlyUpTo)
	}
	return fmt.Sprintf("%s players use", si.Span(p.Min, min(p.OpenOnlyUpTo, p.Max)))
}

func valuesWords(v []int) string {
	if len(v) == 0 {
		return "none"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " + ")
}

func ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return fmt.Sprintf("%d%s", n, suf)
}

func pct(v float64) string { return fmt.Sprintf("%.0f%%", v*100) }

// Analysis prints an analysis made by survivalinfection.Analyze.
func (survivalView) Analysis(w io.Writer, a any) error {
	an, ok := a.(*si.Analysis)
	if !ok {
		return fmt.Errorf("not a survival-infection analysis")
	}
	fmt.Fprintf(w, "%s (%s): no board\n", an.Title, an.Ruleset)
	var types []string
	for _, t := range si.Types {
		if n := an.Deck.ByType[t]; n > 0 {
			types = append(types, fmt.Sprintf("%d %s", n, t))
		}
	}
	if n := an.Deck.ByType["none"]; n > 0 {
		types = append(types, fmt.Sprintf("%d of no type", n))
	}
	if len(types) == 0 {
		types = []string{"no cards"}
	}
	fmt.Fprintf(w, "Deck: %d cards (%d open-symbol, %d closed): %s; %d chips\n", an.Deck.Cards, an.Deck.Open, an.Deck.Closed, strings.Join(types, ", "), an.Chips)
	for _, c := range an.Changes {
		fmt.Fprintf(w, "  ~ %s\n", c)
	}
	sim := an.Simulation
	fmt.Fprintln(w, "\nSetup by player count (draws count from the first card drawn after the deal):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PLAYERS\tDECK\tDEALT\tPILE 1\tPILE 2\tHIDDEN BITE\tINFECTION PHASE STARTS (estimate)")
	for _, r := range an.Players {
		deck := fmt.Sprintf("%d", r.Cards)
		if r.OpenOnly {
			deck += fmt.Sprintf(" open (%d left out)", r.Left)
		}
		if r.Problem != "" {
			fmt.Fprintf(tw, "%d\t%s\t%d\t-\t-\t-\t%s\n", r.Players, deck, r.Dealt, r.Problem)
			continue
		}
		inf := "-"
		if r.Infection != nil {
			inf = fmt.Sprintf("round %d earliest, %d median, %d latest", r.Infection.Earliest, r.Infection.Median, r.Infection.Latest)
		}
		pile2 := fmt.Sprintf("%d + Bite", r.Pile2)
		if !an.BiteAside {
			pile2 = fmt.Sprint(r.Pile2) // the Bite was shuffled in before the deal
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%s to %s draw\t%s\n", r.Players, deck, r.Dealt, r.Pile1, pile2,
			ordinal(r.BiteFirst), ordinal(r.BiteLast), inf)
	}
	tw.Flush()
	capped := ""
	if sim.Capped {
		capped = fmt.Sprintf(" (--runs is capped at %d)", si.MaxRuns)
	}
	fmt.Fprintf(w, "Estimate: %d simulated games per player count, seed %d%s; repeat with --seed %d --runs %d.\n", sim.Runs, sim.Seed, capped, sim.Seed, sim.Runs)
	for _, r := range an.Players {
		if r.Infection != nil && r.Infection.Runs < sim.Runs {
			fmt.Fprintf(w, "With %d players the deck is so large that %d games were played.\n", r.Players, r.Infection.Runs)
		}
	}
	fmt.Fprintf(w, "Simulated play: %s.\n", sim.Policy)
	if an.Games != nil {
		writeGames(w, an.Games)
	}

	fmt.Fprintln(w, "\nCity Center after setup (Survivor / Zombie chips by value; Survivors and Zombies in people):")
	var values []int
	seen := map[int]bool{}
	for _, r := range an.Players {
		for _, c := range r.City {
			if !seen[c.Value] {
				seen[c.Value] = true
				values = append(values, c.Value)
			}
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(values)))
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "PLAYERS\t"
	for _, v := range values {
		head += fmt.Sprintf("%d\t", v)
	}
	fmt.Fprintln(tw, head+"SURVIVORS\tZOMBIES")
	for _, r := range an.Players {
		line := fmt.Sprintf("%d\t", r.Players)
		for _, v := range values {
			cell := "-"
			for _, c := range r.City {
				if c.Value == v {
					cell = fmt.Sprintf("%d / %d", c.Survivors, c.Zombies)
				}
			}
			line += cell + "\t"
		}
		fmt.Fprintf(tw, "%s%d\t%d\n", line, r.Survivors, r.Zombies)
	}
	tw.Flush()

	fmt.Fprintln(w, "\nDice (blank and symbol show 0; a symbol doubles the whole roll):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DIE\tFACES\tMEAN\tSPREAD (SD)\tSYMBOL")
	for _, d := range an.Dice {
		fmt.Fprintf(tw, "%s\t%s\t%.2f\t%.2f\t%s\n", d.Die, d.Faces, d.Mean, d.SD, pct(d.Symbol))
	}
	tw.Flush()
	if len(an.Rolls) > 0 {
		fmt.Fprintln(w, "\nRolls, before modifiers (each +1 modifier adds its doubling's average):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ROLL\tMEAN\tSPREAD (SD)\tRANGE\tDOUBLED\t+1 MODIFIER ADDS")
		for _, r := range an.Rolls {
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%d to %d\t%s\t%.2f\n", r.Roll, r.Mean, r.SD, r.Min, r.Max, pct(r.Doubled), r.PerModifier)
		}
		tw.Flush()
	}
	return nil
}

// writeGames prints the whole games played out: per player count, the
// seats' win rates, the Zombies' and the length, then the base game's for
// a variant, and the flags.
func writeGames(w io.Writer, g *si.Games) {
	fmt.Fprintf(w, "\nWhole games, played out to the end (%d games per player count, seed %d; rates with their 95%% interval):\n", g.Runs, g.Seed)
	gameTable(w, g.Rows)
	if len(g.Base) > 0 {
		fmt.Fprintln(w, "\nThe base game, played the same way:")
		gameTable(w, g.Base)
	}
	fmt.Fprintln(w, "\nWhole games, in words:")
	for _, f := range g.Flags {
		fmt.Fprintf(w, "Flag [%s]: %s.\n", f.Rule, f.Message)
	}
	if len(g.Base) > 0 && len(g.Flags) == 0 {
		fmt.Fprintf(w, "No seat strays from its fair share by more than %.0f%% of it, and the length stays in the base game's range.\n", g.Margin*100)
	}
	fmt.Fprintf(w, "Players' policy: %s.\n", g.Policy)
}

func gameTable(w io.Writer, rows []si.GameStat) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "PLAYERS\tFIRST SEAT\tZOMBIES WIN\tROUNDS (P10 / MEDIAN / P90)\tENDINGS\tSEAT WIN RATES, STARTING PLAYER FIRST")
	for _, r := range rows {
		if r.Problem != "" {
			fmt.Fprintf(tw, "%d\t-\t-\t-\t-\t%s\n", r.Players, r.Problem)
			continue
		}
		var ends, seats []string
		for _, e := range r.Endings {
			ends = append(ends, fmt.Sprintf("%s %d", strings.ReplaceAll(e.How, "-", " "), e.Games))
		}
		for _, x := range r.Seats {
			seats = append(seats, rateText(x))
		}
		fmt.Fprintf(tw, "%d\t%+.1f pts\t%s\t%d / %d / %d\t%s\t%s\n", r.Players, r.FirstSeat*100, rateText(r.Zombies),
			r.Rounds.P10, r.Rounds.Median, r.Rounds.P90, strings.Join(ends, ", "), strings.Join(seats, " · "))
	}
	tw.Flush()
}

// rateText is a rate with its 95% interval, in points: the card games'
// sheets and analysis print their playtest.Rate figures the same way.
func rateText(r playtest.Rate) string {
	return fmt.Sprintf("%.1f%% (%.1f–%.1f)", r.Rate*100, r.Low*100, r.High*100)
}
