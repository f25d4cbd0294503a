package survivalinfection_test

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
)

func TestHiddenBiteWindow(t *testing.T) {
	quote(t, "Finally, place the first pile on top of the second forming the draw deck. This puts the trigger for the Infection Phase somewhere randomly in the second half of the deck.")
	b := si.Base()
	a := si.Analyze(b, rules.AnalyzeOptions{Runs: 10})
	for _, r := range a.Players {
		p, _ := b.Piles(r.Players)
		// The first pile is drawn first; the Bite is one of the second
		// pile's cards plus itself.
		if r.BiteFirst != p.First+1 || r.BiteLast != p.First+p.Second+1 {
			t.Errorf("%d players: Bite from draw %d to %d, piles %d and %d", r.Players, r.BiteFirst, r.BiteLast, p.First, p.Second)
		}
	}
}

// The simulation: same seed, same answer; the rounds stay inside what the
// draws allow.
func TestInfectionSimulation(t *testing.T) {
	quote(t, "Draw until you have 6 cards in your hand.")
	b := si.Base()
	one := func(seed int64) []byte {
		out, err := json.Marshal(si.Analyze(b, rules.AnalyzeOptions{Seed: seed, Runs: 500}))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if a, c := one(7), one(7); string(a) != string(c) {
		t.Fatal("the same seed gave two answers")
	}
	if a, c := one(7), one(8); string(a) == string(c) {
		t.Error("seeds 7 and 8 gave the same 500 games at every player count")
	}
	a := si.Analyze(b, rules.AnalyzeOptions{Seed: 3, Runs: 2000})
	if a.Simulation.Seed != 3 || a.Simulation.Runs != 2000 {
		t.Errorf("simulation %+v", a.Simulation)
	}
	for _, r := range a.Players {
		inf := r.Infection
		if inf == nil {
			t.Fatalf("%d players: no estimate", r.Players)
		}
		n := r.Players
		// A turn draws at most the redraw size (6), so the Bite's earliest
		// draw comes no sooner than turn ceil(first/6).
		if turn := (r.BiteFirst + 5) / 6; inf.Earliest < (turn+n-1)/n {
			t.Errorf("%d players: Bite in round %d, but it is at least the %dth draw", n, inf.Earliest, r.BiteFirst)
		}
		// Every turn of the base game puts at least one card out of the
		// hand (played or discarded), so each turn draws at least one.
		if last := (r.BiteLast + n - 1) / n; inf.Latest > last {
			t.Errorf("%d players: Bite in round %d, after draw %d (round %d at one draw a turn)", n, inf.Latest, r.BiteLast, last)
		}
		if !(inf.Earliest <= inf.P10 && inf.P10 <= inf.Median && inf.Median <= inf.P90 && inf.P90 <= inf.Latest) {
			t.Errorf("%d players: %+v out of order", n, inf)
		}
	}
}

func TestCityCenterInAnalysis(t *testing.T) {
	quote(t, "For each player under 6, flip over one 10 and three 5 chips to their Zombie side.")
	a := si.Analyze(si.Base(), rules.AnalyzeOptions{Runs: 1})
	for _, r := range a.Players {
		missing := 6 - r.Players
		if r.Zombies != missing*(10+3*5) {
			t.Errorf("%d players: %d Zombies, want %d", r.Players, r.Zombies, missing*25)
		}
		// 85 chips worth 235 Survivors, less one 10 per Camp and the flips.
		if want := 235 - 10*r.Players - missing*25; r.Survivors != want {
			t.Errorf("%d players: %d Survivors, want %d", r.Players, r.Survivors, want)
		}
	}
}

// Expected values worked out by hand from the faces the rulebook lists.
func TestDiceExpectations(t *testing.T) {
	quote(t, "When the Survival Symbol  is rolled calculate the dice and modifiers as normal then double the result.")
	quote(t, "Subtracting 2 from the blank (0) equals -2. When doubled, this gives her a total of -4.")
	a := si.Analyze(si.Base(), rules.AnalyzeOptions{Runs: 1})
	die := map[string]si.DieStat{}
	for _, d := range a.Dice {
		die[d.Die] = d
	}
	// Base: (1+1+2+2+3+0)/6 = 1.5; variance (1+1+4+4+9)/6 - 2.25 = 0.9167.
	if d := die["base"]; d.Mean != 1.5 || d.SD != round2(math.Sqrt(19.0/6-2.25)) || d.Symbol != 0 {
		t.Errorf("base %+v", d)
	}
	// Infection: (1+2+3+3)/6 = 1.5, two symbols in six.
	if d := die["infection"]; d.Mean != 1.5 || d.Symbol != 0.33 {
		t.Errorf("infection %+v", d)
	}
	roll := map[string]si.RollStat{}
	for _, r := range a.Rolls {
		roll[r.Roll] = r
	}
	// Base + Survival: 5/6 of the time base + a number (1.5 + 1.8), 1/6
	// of the time twice the base alone: 5/6*3.3 + 1/6*3 = 3.25.
	if r := roll["Base + Survival Die"]; r.Mean != 3.25 || r.Doubled != 0.17 || r.PerModifier != 1.17 || r.Min != 0 || r.Max != 6 {
		t.Errorf("survival roll %+v", r)
	}
	// Base + Infection: 4/6 * (1.5 + 2.25) + 2/6 * 3 = 2.5 + 1 = 3.5.
	if r := roll["Base + Infection Die"]; r.Mean != 3.5 || r.Doubled != 0.33 || r.PerModifier != 1.33 {
		t.Errorf("infection roll %+v", r)
	}
	if r := roll["Base Die alone"]; !reflect.DeepEqual(r, si.RollStat{Roll: "Base Die alone", Mean: 1.5, SD: die["base"].SD, Min: 0, Max: 3, PerModifier: 1}) {
		t.Errorf("base roll %+v", r)
	}
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// A deck of a million cards is analysed with fewer games, and says so,
// rather than running for hours.
func TestHugeDeckAnalysisIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(head + "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n")
	for i := range 999 {
		fmt.Fprintf(&b, "    - {card: C%d, type: action, count: 1000}\n", i)
	}
	s, r := load(t, b.String())
	if len(rulesOf(r)) != 0 {
		t.Fatalf("findings %v", rulesOf(r))
	}
	a := si.Analyze(s, rules.AnalyzeOptions{Seed: 1})
	for _, row := range a.Players {
		if row.Infection == nil || row.Infection.Runs >= a.Simulation.Runs || row.Infection.Runs < 1 {
			t.Fatalf("%d players: %+v", row.Players, row.Infection)
		}
	}
}
