package colony_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// bigScenario writes a scenario at the schema's limits times scale: every
// player count to 12, every variant, both sides with many placements and
// rules, and `colls` collections of `kinds` card kinds each, summed.
func bigScenario(colls, kinds, placements int) string {
	var b strings.Builder
	b.WriteString("format: 1\nid: big\ntitle: Big\nruleset: colony\nplayers: 1-12\nvariants: [co-op, no-secret-objectives, more-betrayal, pg]\nobjective:\n  name: Big\n")
	for _, side := range []string{"normal", "hardcore"} {
		fmt.Fprintf(&b, "  %s:\n    victory: \"Hold {1} food and {2} fuel.\"\n    rules:\n", side)
		for i := 0; i < 20; i++ {
			fmt.Fprintf(&b, "      - \"Rule %d: add {2} zombies where {1} Survivors stand.\"\n", i)
		}
		b.WriteString("    numbers: [{each: 1, per: player}, 2]\n    morale: 5\n    round: 6\n    setup:\n")
		for i := 0; i < placements; i++ {
			if i%2 == 0 {
				fmt.Fprintf(&b, "      - {zombies: 1, at: %s}\n", []string{"police-station", "school", "hospital"}[i%3])
			} else {
				b.WriteString("      - {zombies: 1, at: colony}\n")
			}
		}
	}
	b.WriteString("  needs:\n    - {cards: food, number: 1}\n    - {location: hospital}\nlocations: [police-station, grocery-store, school, gas-station, library, hospital]\ncollection:\n")
	for c := 0; c < colls; c++ {
		fmt.Fprintf(&b, "  - name: part-%d\n    ruleset: colony\n    tokens: {zombie: 1000, noise: 100}\n    colony: {morale-track: 10, round-track: 10, entrance-spaces: 100}\n", c)
		if c == 0 {
			b.WriteString("    locations:\n")
			for _, l := range []string{"police-station", "grocery-store", "school", "gas-station", "library", "hospital"} {
				fmt.Fprintf(&b, "      %s: {spaces: 100, deck: {", l)
				for k := 0; k < kinds; k++ {
					if k > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(&b, "kind-%d: 3", k)
				}
				b.WriteString(", food: 10, fuel: 10}}\n")
			}
		}
		b.WriteString("    cards:\n      starter-items: {food: 40, fuel: 40")
		for k := 0; k < kinds; k++ {
			fmt.Fprintf(&b, ", kind-%d: 2", k)
		}
		b.WriteString("}\n      survivors: 60\n      secret-objectives: {non-betrayal: 30, betrayal: 5}\n      crisis: {food: 3, fuel: 3")
		for k := 0; k < kinds; k++ {
			fmt.Fprintf(&b, ", kind-%d: 1", k)
		}
		b.WriteString("}\n      crossroads: 40\n      non-coop: {crossroads: 2}\n      mature: {crossroads: 1}\n")
	}
	return b.String()
}

func benchmarkLint(b *testing.B, src string) {
	data := []byte(src)
	opts := lint.Options{Limits: source.DefaultLimits}
	// Warnings are expected (1 player is colony-solo; the played-out
	// odds may be flagged): an error would stop the checks early.
	r := lint.Bytes("big.yaml", data, opts)
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			b.Fatalf("the benchmark scenario has an error: %v", d)
		}
	}
	if r.Model == nil {
		b.Fatal("the benchmark scenario did not load")
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		lint.Bytes("big.yaml", data, opts)
	}
}

// BenchmarkColonySmall: the catalogue's example (one side, 2-4 players).
func BenchmarkColonySmall(b *testing.B) {
	benchmarkLint(b, example(b))
}

// BenchmarkColonyMedium: 1-12 players, every variant, both sides, one
// collection of 10 card kinds, 20 placements a side.
func BenchmarkColonyMedium(b *testing.B) { benchmarkLint(b, bigScenario(1, 10, 20)) }

// BenchmarkColonyLarge: the schema's limits — 16 collections of 62 card
// kinds, 100 placements a side.
func BenchmarkColonyLarge(b *testing.B) { benchmarkLint(b, bigScenario(16, 62, 100)) }
