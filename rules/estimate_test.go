package rules_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// TestEstimateCalibration: every example mission of the tile games (the
// templates of 'new' aside) whose author gave it a difficulty is estimated in that band, and its time
// within a quarter of an hour of the author's (docs/estimates.md).
func TestEstimateCalibration(t *testing.T) {
	files, _ := filepath.Glob("../examples/*/*.yaml")
	n := 0
	for _, f := range files {
		if filepath.Base(filepath.Dir(f)) == "templates" {
			continue // the starting points of 'zmission new', not missions
		}
		r := lint.Path(f, lint.Options{Limits: source.DefaultLimits})
		if r.Scene == nil || r.Mission.Difficulty == "" {
			continue
		}
		an, ok := rules.Lookup(r.Mission.Ruleset).(rules.Analyzer)
		if !ok {
			continue
		}
		n++
		e := an.Analyze(r.Scene).Estimate
		if e == nil {
			t.Fatalf("%s: no estimate", f)
		}
		if e.Difficulty != r.Mission.Difficulty {
			t.Errorf("%s: the author says %s, the estimate %s", f, r.Mission.Difficulty, e.Line())
		}
		if d := e.Minutes - r.Mission.Duration; d < -15 || d > 15 {
			t.Errorf("%s: the author says %d minutes, the estimate %s", f, r.Mission.Duration, e.Line())
		}
	}
	if n < 4 {
		t.Fatalf("only %d calibration missions", n)
	}
}

// TestBands: the bands' bounds as docs/estimates.md gives them.
func TestBands(t *testing.T) {
	for score, want := range map[float64]string{0: "easy", 3.4: "easy", 3.5: "medium", 5.4: "medium", 5.5: "hard", 9: "hard"} {
		if got := rules.Band(score); got != want {
			t.Errorf("Band(%.1f) = %s, want %s", score, got, want)
		}
	}
}

// TestReportOneSurvivor: analyze of a mission for one Survivor read "with
// 1 Survivors"; the count agrees with its noun.
func TestReportOneSurvivor(t *testing.T) {
	for n, want := range map[int]string{1: "with 1 Survivor, agent", 2: "with 2 Survivors, agent"} {
		e := rules.Estimate{From: rules.FromPlaytest, Difficulty: "medium", Formula: "easy",
			Playtest: &rules.PlaytestReading{Wins: 105, Games: 200, Survivors: n, Agent: "careful", Seed: 1}}
		if got := e.Report(); !strings.Contains(got, want) {
			t.Errorf("%d Survivors: report %q does not say %q", n, got, want)
		}
	}
}
