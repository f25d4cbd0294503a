package survivalinfection_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
)

// FuzzSurvivalSetup runs any document through everything a user can ask
// of a setup: lint, analyze, show and the sheets. None may panic or hang.
//
//	go test ./rules/survivalinfection -run '^$' -fuzz FuzzSurvivalSetup -fuzztime 60s
func FuzzSurvivalSetup(f *testing.F) {
	seeds, _ := filepath.Glob("../../examples/survival-infection/*.yaml")
	for _, id := range []string{"camp-range", "deck-short", "hidden-bite-count", "hidden-bite-early", "chips-short", "variant-card", "die-faces", "card-no-type", "hidden-bite-type", "infection-die-harmless", "outcome-impossible"} {
		seeds = append(seeds, "../../testdata/broken/"+id+".yaml")
	}
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	view := render.View(si.Ruleset)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := lint.Bytes("fuzz.yaml", data, lint.Options{})
		s, ok := r.Model.(*si.Setup)
		if !ok {
			return
		}
		a := si.Analyze(s, rules.AnalyzeOptions{Runs: 3})
		if err := view.Analysis(io.Discard, a); err != nil {
			t.Fatal(err)
		}
		if err := view.Show(io.Discard, s); err != nil {
			t.Fatal(err)
		}
		for _, n := range s.Counts() {
			_ = view.Page(io.Discard, s, render.ModelOptions{Players: n, Page: "fit"})
		}
		_ = view.Page(io.Discard, s, render.ModelOptions{Card: true, Page: "fit"})
	})
}
