package facility_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
)

// randomFacility writes a scenario that passes the schema but may break
// any rule: slots off the grid or doubled, unknown and misplaced rooms,
// corridors to nowhere, odd noise values and doors, tokens anywhere.
func randomFacility(r *rand.Rand) string {
	var b strings.Builder
	cols, rows := 1+r.IntN(6), 1+r.IntN(5)
	fmt.Fprintf(&b, "format: 1\nid: random\ntitle: Random\nruleset: facility\ngrid: [%d, %d]\n", cols, rows)
	if r.IntN(2) == 0 {
		b.WriteString("borders: [A/B, B/C]\nmode: deadly\n")
	}
	secs := []string{"A", "B", "C", "A/B", "B/C", "A/C"}
	n := 1 + r.IntN(cols*rows+2)
	b.WriteString("slots:\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  - {id: %d, at: [%d, %d], section: %s}\n", 1+r.IntN(n+1), r.IntN(cols+1), r.IntN(rows+1), secs[r.IntN(len(secs))])
	}
	rooms := []string{"landing-zone", "hibernatorium", "nest", "escape-shuttle", "life-support-control-c", "armory", "reactor", "cooling-system", "landing-zon", "mystery"}
	b.WriteString("rooms:\n  - {slot: 1, room: landing-zone}\n")
	for i := 0; i < r.IntN(n+1); i++ {
		fmt.Fprintf(&b, "  - {slot: %d, room: %s%s}\n", 1+r.IntN(n+1), rooms[r.IntN(len(rooms))], []string{"", ", covered: true", ", covered: false"}[r.IntN(3)])
	}
	b.WriteString("corridors:\n  - {id: 1, between: [1, 2], noise: 1}\n")
	doors := []string{"", ", door: open", ", door: closed", ", door: destroyed", ", door: none"}
	for i := 0; i < r.IntN(2*n+2); i++ {
		extra := doors[r.IntN(len(doors))]
		if r.IntN(3) == 0 {
			extra += fmt.Sprintf(", door_at: %d", 1+r.IntN(n+1))
		}
		if r.IntN(4) == 0 {
			extra += fmt.Sprintf(", deadly: %d", r.IntN(6)-1)
		}
		if r.IntN(6) == 0 {
			extra += ", technical: true"
		}
		fmt.Fprintf(&b, "  - {id: %d, between: [%d, %d], noise: %d%s}\n", 1+r.IntN(2*n+2), 1+r.IntN(n+1), 1+r.IntN(n+1), r.IntN(7)-1, extra)
	}
	if r.IntN(2) == 0 {
		b.WriteString("stacks: {C: [escape-shuttle, nest], \"?\": [armory, mystery]}\n")
	}
	if r.IntN(2) == 0 {
		fmt.Fprintf(&b, "corridor_pool: %d\nlife_support: {A: active}\nhibernatorium: active\nanti_aircraft: active\nlander_round: %d\n", r.IntN(5), 1+r.IntN(14))
	}
	types := []string{"noise", "intruder", "character", "fire", "malfunction", "secure"}
	kinds := []string{"larva", "adult", "drone", "queen"}
	b.WriteString("tokens:\n  - {type: noise, corridor: 1}\n")
	for i := 0; i < r.IntN(8); i++ {
		where := fmt.Sprintf("corridor: %d", 1+r.IntN(2*n+2))
		if r.IntN(2) == 0 {
			where = fmt.Sprintf("slot: %d", 1+r.IntN(n+1))
		}
		fmt.Fprintf(&b, "  - {type: %s, kind: %s, count: %d, %s}\n", types[r.IntN(len(types))], kinds[r.IntN(len(kinds))], 1+r.IntN(8), where)
	}
	b.WriteString("objectives:\n  - escape: " + []string{"any", "lander", "hibernation", "shuttle"}[r.IntN(4)] + "\n  - destroy: nest\n")
	return b.String()
}

// TestRandomFacilities: whatever a scenario gets wrong, lint reports it
// without a panic, and analyze, show and render still finish with
// well-formed output.
func TestRandomFacilities(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 2026))
	v := render.View(facility.Ruleset)
	for i := 0; i < 150; i++ {
		src := randomFacility(r)
		res := lint.Bytes("random.yaml", []byte(src), lint.Options{Limits: source.DefaultLimits})
		for _, d := range res.Diags {
			if d.Rule == "schema" || d.Rule == "internal" {
				t.Fatalf("case %d: %s: %s\n%s", i, d.Rule, d.Message, src)
			}
			if d.Line < 1 || d.Col < 1 {
				t.Errorf("case %d: unlocated %s", i, d.Rule)
			}
		}
		if res.Model == nil {
			t.Fatalf("case %d: no model\n%s", i, src)
		}
		a := (facility.Game{}).AnalyzeModel(res.Model, rules.AnalyzeOptions{})
		if err := v.Analysis(io.Discard, a); err != nil {
			t.Fatal(err)
		}
		if err := v.Show(io.Discard, res.Model); err != nil {
			t.Fatal(err)
		}
		var svg bytes.Buffer
		if err := v.Page(&svg, res.Model, render.ModelOptions{Overlays: v.Overlays()}); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		d := xml.NewDecoder(&svg)
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("case %d: the SVG is not well-formed: %v", i, err)
			}
		}
	}
}
