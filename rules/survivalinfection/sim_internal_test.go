package survivalinfection

import (
	"testing"

	"github.com/zmission/zmission/rules"
)

// --runs is bounded, and 0 means the defaults.
func TestSimInfoBounds(t *testing.T) {
	if s := simInfo(rules.AnalyzeOptions{Runs: MaxRuns + 1}); !s.Capped || s.Runs != MaxRuns {
		t.Errorf("not capped: %+v", s)
	}
	if s := simInfo(rules.AnalyzeOptions{}); s.Seed != DefaultSeed || s.Runs != DefaultRuns || s.Capped {
		t.Errorf("defaults: %+v", s)
	}
}
