package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// TestWording: counts agree with their nouns, and a cell just off the
// board is named as such, not as "nothing".
func TestWording(t *testing.T) {
	const top = "format: 1\nid: a\ntitle: A\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\n"
	for _, c := range []struct{ doc, want, not string }{
		{top + "objectives:\n  - reach: 9,9\n  - exit: all\n", `"9,9": cell 9,9 is outside the board (x 0-2, y 0-2)`, "names nothing"},
		{facilityLZ(t), "has 1 corridor: setup connects 3", "corridor(s)"},
	} {
		r := Bytes("a.yaml", []byte(c.doc), Options{Limits: source.DefaultLimits})
		var all []string
		for _, d := range r.Diags {
			all = append(all, d.Message+" ["+d.Rule+"]")
		}
		got := strings.Join(all, "\n")
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("want %q and no %q in:\n%s", c.want, c.not, got)
		}
	}
}

// facilityLZ is the facility template with one corridor left at its
// Landing Zone.
func facilityLZ(t *testing.T) string {
	b, err := os.ReadFile("../examples/templates/facility.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, c := range []string{"  - {id: 2, between: [6, 7], noise: 1}\n", "  - {id: 3, between: [7, 8], noise: 3}\n"} {
		if !strings.Contains(s, c) {
			t.Fatalf("the template no longer has %q", c)
		}
		s = strings.Replace(s, c, "", 1)
	}
	return s
}
