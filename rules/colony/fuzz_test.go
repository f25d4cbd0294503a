package colony_test

import (
	"io"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// FuzzColony: any document lints, analyses and draws without a panic.
func FuzzColony(f *testing.F) {
	for _, c := range validate.Checks() {
		if strings.Contains(c.Bad, "ruleset: colony") {
			f.Add(c.Bad)
			f.Add(c.Good)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := lint.Bytes("f.yaml", []byte(src), lint.Options{Limits: source.DefaultLimits})
		s, ok := r.Model.(*colony.Scenario)
		if !ok {
			return
		}
		colony.Analyze(s)
		v := render.View(colony.Ruleset)
		_ = v.Show(io.Discard, s)
		for _, o := range []render.ModelOptions{{Page: "a4", Margin: 10}, {Page: "fit", Margin: 10, Card: true, Side: "hardcore", Players: 3}} {
			_ = v.Page(io.Discard, s, o)
		}
	})
}
