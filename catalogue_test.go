package zmission_test

import (
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	_ "github.com/zmission/zmission/rules/invader" // registers the game's checks, as the program does
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// TestCatalogueExamples lints every check's documented examples: the
// failing one must report the check, the fixed one must not, and the fixed
// one must have no error at all (it is shown as the way to write it).
// An example written as a description in parentheses, such as the bytes of a
// UTF-16 file, cannot be linted and is skipped.
func TestCatalogueExamples(t *testing.T) {
	checks := validate.Checks()
	if len(checks) == 0 {
		t.Fatal("the catalogue is empty")
	}
	withExample := 0
	for _, c := range checks {
		t.Run(c.ID, func(t *testing.T) {
			// As written in the catalogue, and as docs/checks.md and
			// 'zmission rules ID' show it (as fmt writes it).
			for _, form := range []func(string) string{func(s string) string { return s }, missions.CanonicalExample} {
				bad, good := form(c.Bad), form(c.Good)
				if c.Bad != "" && !strings.HasPrefix(c.Bad, "(") {
					withExample++
					if r := lintExample(bad); !reports(r, c.ID) {
						t.Errorf("the failing example does not report %s; it reports %v:\n%s", c.ID, ruleIDs(r), bad)
					}
				}
				if c.Good == "" {
					continue
				}
				r := lintExample(good)
				if reports(r, c.ID) {
					t.Errorf("the fixed example reports %s:\n%s", c.ID, good)
				}
				for _, d := range r.Diags {
					if d.Severity == validate.Error {
						t.Errorf("the fixed example has an error: %d:%d: %s [%s]", d.Line, d.Col, d.Message, d.Rule)
					}
				}
			}
		})
	}
	if withExample == 0 {
		t.Error("no check has a failing example")
	}
}

func lintExample(src string) *lint.Result {
	return lint.Bytes("example.yaml", []byte(src), lint.Options{Limits: source.DefaultLimits})
}

func reports(r *lint.Result, id string) bool {
	for _, d := range r.Diags {
		if d.Rule == id {
			return true
		}
	}
	return false
}

func ruleIDs(r *lint.Result) []string {
	var ids []string
	for _, d := range r.Diags {
		ids = append(ids, d.Rule)
	}
	return ids
}
