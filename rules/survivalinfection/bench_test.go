package survivalinfection_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
	"github.com/zmission/zmission/validate"
)

// bigSetup is a custom deck of n card names (3 copies each, every third
// one closed), written out in setup:, with a variant on top that edits
// every tenth card: the whole document a large house-rule deck makes.
func bigSetup(n int) []byte {
	var b strings.Builder
	b.WriteString("format: 1\nid: big\ntitle: Big\nruleset: survival-infection\nsetup:\n  deck:\n")
	b.WriteString("    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n")
	types := si.Types
	for i := range n {
		t := types[i%len(types)]
		if t == si.Event {
			t = si.Action
		}
		sym := "open"
		if i%3 == 2 {
			sym = "closed"
		}
		fmt.Fprintf(&b, "    - {card: Card %d, type: %s, symbol: %s, count: 3, text: card number %d}\n", i, t, sym, i)
	}
	b.WriteString("changes:\n  edit:\n")
	for i := 0; i < n; i += 10 {
		fmt.Fprintf(&b, "    - {card: Card %d, count: 2}\n", i)
	}
	return []byte(b.String())
}

var deckSizes = []int{20, 200, 999}

// BenchmarkSurvivalLint: read, schema, load, apply the variant and run
// every check at every player count, as 'zmission validate' does.
func BenchmarkSurvivalLint(b *testing.B) {
	for _, n := range deckSizes {
		doc := bigSetup(n)
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				r := lint.Bytes("big.yaml", doc, lint.Options{})
				if r.Model == nil || len(r.Diags) > 0 && r.Diags[0].Severity == validate.Error {
					b.Fatalf("findings: %+v", r.Diags)
				}
			}
		})
	}
}

// BenchmarkSurvivalAnalyze: the analysis with its default 2000 simulated
// games per player count.
func BenchmarkSurvivalAnalyze(b *testing.B) {
	for _, n := range deckSizes {
		r := lint.Bytes("big.yaml", bigSetup(n), lint.Options{})
		s := r.Model.(*si.Setup)
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) {
			for b.Loop() {
				si.Analyze(s, rules.AnalyzeOptions{})
			}
		})
	}
}

// BenchmarkWholeGames: 10,000 whole games of the base game with 6 players,
// the budget issue 44 sets at 2 s of CPU.
func BenchmarkWholeGames(b *testing.B) {
	s := si.Base()
	for b.Loop() {
		s.PlayGames6(1, 10000)
	}
}
