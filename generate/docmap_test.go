package generate_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

var update = flag.Bool("update", false, "rewrite docs/generated-map.svg")

// TestDocsGeneratedMap keeps docs/generated-map.svg, the map README's
// "Generate a mission" shows: the mission its example generates
// (zombicide-invader, 3×3, hard, seed 2026), rendered on A4.
func TestDocsGeneratedMap(t *testing.T) {
	r, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", W: 3, H: 3, Difficulty: "hard", Seed: 2026})
	if err != nil {
		t.Fatal(err)
	}
	res := lintOf(t, r.Data)
	var out bytes.Buffer
	if err := render.SVG(&out, res.Scene, rules.Lookup(res.Mission.Ruleset).(rules.BoardGame), render.Options{Page: "a4", Margin: render.DefaultMargin}); err != nil {
		t.Fatal(err)
	}
	const doc = "../docs/generated-map.svg"
	if *update {
		if err := os.WriteFile(doc, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(doc)
	if err != nil || !bytes.Equal(want, out.Bytes()) {
		t.Errorf("%s is out of date (%v): run 'go test ./generate -run DocsGeneratedMap -update'", doc, err)
	}
}
