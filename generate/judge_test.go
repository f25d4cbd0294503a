package generate_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// TestJudgeHasTheLastWord: a judge (in place of the playtest) that
// agrees with the estimate's formula changes nothing; one that plays
// every candidate harder than asked has the request refused, saying what
// it found; its error stops the generation.
func TestJudgeHasTheLastWord(t *testing.T) {
	o := generate.Options{Ruleset: "zombicide-invader", W: 3, H: 2, Difficulty: "medium", Seed: 5, JudgeBy: generate.JudgeFormula}
	plain, err := generate.Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	o.Judge = func(r *lint.Result) (string, error) {
		calls++
		if r == nil || r.Scene == nil {
			return "", errors.New("no scene to play")
		}
		return rules.Lookup(r.Scene.Mission.Ruleset).(rules.Analyzer).Analyze(r.Scene).Estimate.Difficulty, nil
	}
	agreed, err := generate.Generate(o)
	if err != nil || calls == 0 || !bytes.Equal(agreed.Data, plain.Data) {
		t.Fatalf("a judge agreeing with the formula (%d calls) changed the mission: %v", calls, err)
	}
	o.Judge = func(*lint.Result) (string, error) { return "hard", nil }
	_, err = generate.Generate(o)
	var no *generate.Impossible
	if !errors.As(err, &no) || !no.SeedBound || !strings.Contains(no.Reason, "no medium mission by the judge") || !strings.Contains(no.Reason, "they played hard") {
		t.Errorf("a judge finding every candidate hard: %v", err)
	}
	o.Judge = func(*lint.Result) (string, error) { return "", errors.New("the playtest ran out of time") }
	if _, err = generate.Generate(o); err == nil || !strings.Contains(err.Error(), "the playtest ran out of time") {
		t.Errorf("a failing judge: %v", err)
	}
}

// TestDifficultyByPlaytest: for a game whose rules package plays its
// missions, --difficulty is the short playtest's reading at the
// Survivor count asked — the file written, read back by analyze's
// playtest, plays at the difficulty asked; for a game with none yet (or
// --judge formula) the result says the formula decided, and why.
func TestDifficultyByPlaytest(t *testing.T) {
	for _, game := range generate.Rulesets() {
		for _, sv := range []int{4, 6} {
			for _, d := range []string{"easy", "medium", "hard"} {
				for s := uint64(0); s < uint64(seeds(t, 3)); s++ {
					o := generate.Options{Ruleset: game, Difficulty: d, Survivors: sv, Seed: s}
					if game == "facility" {
						o.Survivors = 0
					}
					r, err := generate.Generate(o)
					var no *generate.Impossible
					if errors.As(err, &no) && no.SeedBound {
						t.Logf("%s %s, %d Survivors, seed %d: %v", game, d, sv, s, err)
						continue
					}
					if err != nil {
						t.Fatalf("%s %s seed %d: %v", game, d, s, err)
					}
					if !generate.Playable(game) {
						if !strings.Contains(r.Judged, "by the formula: no playtest for "+game+" yet") {
							t.Errorf("%s: judged %q, want the formula named with the reason", game, r.Judged)
						}
						continue
					}
					res := lintOf(t, r.Data)
					e := *rules.Lookup(game).(rules.Analyzer).Analyze(res.Scene).Estimate
					playtest.ReadDifficulty(res.Scene, &e, 0, 0)
					if e.From != rules.FromPlaytest || e.Difficulty != d || e.Playtest.Survivors != sv {
						t.Errorf("%s %s, %d Survivors, seed %d: analyze reads %s from %q at %v Survivors", game, d, sv, s, e.Difficulty, e.From, e.Playtest)
					}
					if !strings.HasPrefix(r.Judged, "by a playtest: won ") {
						t.Errorf("%s: judged %q", game, r.Judged)
					}
				}
			}
		}
	}
	r, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", Seed: 1, JudgeBy: generate.JudgeFormula})
	if err != nil || !strings.Contains(r.Judged, "by the formula, as asked") || !strings.Contains(string(r.Data), "--judge formula") {
		t.Errorf("--judge formula: %v, %+v", err, r)
	}
}
