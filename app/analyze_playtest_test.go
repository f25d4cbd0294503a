package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

func analyzeEstimate(t *testing.T, args ...string) (rules.Estimate, string) {
	t.Helper()
	out, _ := runOK(t, append([]string{"analyze", "--format", "json"}, args...)...)
	var a struct {
		Estimate *rules.Estimate `json:"estimate"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil || a.Estimate == nil {
		t.Fatalf("analyze %v: %v, no estimate in\n%s", args, err, out)
	}
	return *a.Estimate, out
}

// An Invader mission's difficulty is the band of the short playtest's win
// rate at its Survivor count; the sample, agent and seed are said, the
// formula's band is kept, and the same file and seed give the same bytes.
func TestAnalyzeReadsDifficultyFromPlaytest(t *testing.T) {
	const m = "../examples/invader/violet-lockdown.yaml"
	e, _ := analyzeEstimate(t, m)
	p := e.Playtest
	if e.From != rules.FromPlaytest || p == nil {
		t.Fatalf("difficulty not read from a playtest: %+v", e)
	}
	if p.Games != playtest.QuickGames || p.Seed != playtest.QuickSeed || p.Agent != "careful" || p.Survivors != 6 {
		t.Errorf("playtest %+v: want %d games, seed %d, agent careful, 6 Survivors", p, playtest.QuickGames, playtest.QuickSeed)
	}
	if want := float64(p.Wins) / float64(p.Games); p.WinRate != want || p.CI95[0] > want || p.CI95[1] < want {
		t.Errorf("win rate %v, interval %v: want %v inside it", p.WinRate, p.CI95, want)
	}
	if e.Difficulty != playtest.Band(p.WinRate) || e.Formula != rules.Band(e.Score) {
		t.Errorf("difficulty %q (formula %q) for win rate %v and score %v", e.Difficulty, e.Formula, p.WinRate, e.Score)
	}
	if again, _ := analyzeEstimate(t, m); again.Playtest == nil || *again.Playtest != *p {
		t.Errorf("a second analyze read %+v, the first %+v", again.Playtest, p)
	}
	other, _ := analyzeEstimate(t, "--runs", "120", "--seed", "9", m)
	if q := other.Playtest; q == nil || q.Games != 120 || q.Seed != 9 {
		t.Errorf("--runs 120 --seed 9 read %+v", q)
	}
	text, _ := runOK(t, "analyze", m)
	if !strings.Contains(text, "read from a playtest: won ") || !strings.Contains(text, "agent careful, seed 1") {
		t.Errorf("the text does not say the difficulty came from a playtest:\n%s", text)
	}
}

// Where no playtest can run the formula's reading stands, and says why.
func TestAnalyzeFallsBackToFormula(t *testing.T) {
	e, _ := analyzeEstimate(t, "../examples/classic/blue-line.yaml")
	if e.From != "" || e.Playtest != nil || !strings.Contains(e.NoPlaytest, "no playtest for the zombicide-classic ruleset") {
		t.Errorf("classic estimate %+v: want the formula, saying there is no playtest", e)
	}
	if e.Difficulty != rules.Band(e.Score) {
		t.Errorf("difficulty %q is not the formula's band of %v", e.Difficulty, e.Score)
	}
}
