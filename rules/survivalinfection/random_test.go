package survivalinfection_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
	"github.com/zmission/zmission/validate"
)

// randomDoc writes a setup with random sections and changes, inside what
// the schema allows, so that every path of loading and checking is taken.
func randomDoc(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(head)
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	if r.IntN(2) == 0 {
		b.WriteString("setup:\n")
		fmt.Fprintf(&b, "  players: {min: %d, max: %d, open-only-up-to: %d}\n", 1+r.IntN(7), 1+r.IntN(12), r.IntN(5))
		fmt.Fprintf(&b, "  hand: %d\n  redraw: %d\n", r.IntN(9), 1+r.IntN(9))
		fmt.Fprintf(&b, "  hidden-bite: {set-aside: %v, into: %s}\n", r.IntN(4) > 0, pick("second-pile", "second-pile", "first-pile", "whole-deck"))
		b.WriteString("  deck:\n")
		b.WriteString("    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n")
		for i := range r.IntN(12) {
			fmt.Fprintf(&b, "    - {card: C%d, type: %s, symbol: %s, count: %d, hidden-bite: %v}\n", i,
				pick("action", "reaction", "event", "character", "hideout"), pick("open", "closed"), r.IntN(15), r.IntN(8) == 0)
		}
		if r.IntN(3) == 0 {
			b.WriteString("  dice:\n")
			for _, d := range []string{"base", "survival", "infection", "extra"}[:1+r.IntN(4)] {
				faces := make([]string, 1+r.IntN(8))
				for k := range faces {
					faces[k] = pick("-2", "0", "1", "3", "blank", "symbol")
				}
				fmt.Fprintf(&b, "    - {die: %s, faces: [%s]}\n", d, strings.Join(faces, ", "))
			}
		}
	}
	if r.IntN(3) > 0 {
		b.WriteString("changes:\n")
		fmt.Fprintf(&b, "  players: {max: %d}\n", 1+r.IntN(12))
		fmt.Fprintf(&b, "  camp: {sets: %d, chips: [%s]}\n", r.IntN(12), pick("10", "10, 5", "", "20"))
		fmt.Fprintf(&b, "  add:\n    - {card: %s, count: %d}\n", pick("C1", "Shotgun", "Doctor", "New"), 1+r.IntN(5))
		fmt.Fprintf(&b, "  remove:\n    - {card: %s}\n", pick("C2", "First Aid", "Hidden Bite", "Nope"))
		fmt.Fprintf(&b, "  chips:\n    - {value: %s, count: %d}\n", pick("10", "5", "1", "25"), r.IntN(30))
		fmt.Fprintf(&b, "  city-center: {full-table: %d}\n", r.IntN(12))
	}
	return b.String()
}

func TestRandomSetups(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 13))
	view := render.View(si.Ruleset)
	for i := range 400 {
		doc := randomDoc(r)
		res := lint.Bytes("random.yaml", []byte(doc), lint.Options{})
		for _, d := range res.Diags {
			if d.Rule == "internal" || d.Rule == "schema" {
				t.Fatalf("doc %d: %s\n%s", i, d.Message, doc)
			}
		}
		s, ok := res.Model.(*si.Setup)
		if !ok {
			continue
		}
		a := si.Analyze(s, rules.AnalyzeOptions{Runs: 5})
		clean := true
		for _, d := range res.Diags {
			clean = clean && d.Severity != validate.Error
		}
		for _, row := range a.Players {
			if row.Problem == "" && row.Pile1+row.Pile2+row.Dealt != row.Cards+btoi(!s.Bite.SetAside) {
				t.Errorf("doc %d, %d players: piles %d+%d and %d dealt of %d cards", i, row.Players, row.Pile1, row.Pile2, row.Dealt, row.Cards)
			}
			if clean && (row.Problem != "" || row.Infection == nil || row.BiteFirst < 1 || row.BiteLast < row.BiteFirst) {
				t.Errorf("doc %d: clean, but %d players: %+v\n%s", i, row.Players, row, doc)
			}
		}
		if err := view.Analysis(io.Discard, a); err != nil {
			t.Fatal(err)
		}
		if err := view.Show(io.Discard, s); err != nil {
			t.Fatal(err)
		}
		for _, n := range s.Counts() {
			_ = view.Page(io.Discard, s, render.ModelOptions{Players: n})
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
