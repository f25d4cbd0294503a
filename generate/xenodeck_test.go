package generate_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/validate"
)

// TestXenoDeckTunesPastTheStructure: an Invader mission the playtest finds
// too hard with the gentlest structure takes the easier Xeno cards, and
// one it finds too easy with the deadliest the harder ones, as its
// xeno_deck with a rule telling the players; the playtest plays those
// cards (the same mission without them plays the other way), and the
// formula, which does not read the deck, never writes one.
func TestXenoDeckTunesPastTheStructure(t *testing.T) {
	const book = "000_ada9705b43fae874.txt"
	quote(t, book, "Zombicide: Invader’s difficulty may be tuned up or down using the card numbers.")
	quote(t, book, "Xeno cards #1 to #25 form the easier part of a Xeno invasion.")
	quote(t, book, "Xeno cards #26 to #50 are the harder part.")
	quote(t, book, "Xeno cards #51 to #54 are extra Activations. Add them for an element of surprise, tuning the difficulty up.")
	for _, c := range []struct {
		difficulty, length string
		seed               uint64
		deck               []string
		rule               string
		easier             bool
	}{
		// The default request's seed 0 (docs/generate.md says its figures).
		{"medium", "medium", 0, []string{"1-25"}, "Xeno cards #1 to #25 only", true},
		// Hard on the 2×2 tiles a short mission lays.
		{"hard", "short", 5, []string{"26-50", "51-54"}, "Xeno cards #26 to #54 only", false},
	} {
		o := generate.Options{Ruleset: "zombicide-invader", Difficulty: c.difficulty, Length: c.length, Seed: c.seed}
		r, err := generate.Generate(o)
		if err != nil {
			t.Fatalf("%s %s seed %d: %v", c.difficulty, c.length, c.seed, err)
		}
		if !slices.Equal(r.Mission.XenoDeck, c.deck) || !bytes.Contains(r.Data, []byte(c.rule)) {
			t.Errorf("%s %s seed %d: xeno_deck %v, want %v with a rule saying %q:\n%s", c.difficulty, c.length, c.seed, r.Mission.XenoDeck, c.deck, c.rule, r.Data)
			continue
		}
		for _, d := range lintOf(t, r.Data).Diags {
			if d.Severity == validate.Error || d.Severity == validate.Warning {
				t.Errorf("%s %s seed %d: %s [%s]", c.difficulty, c.length, c.seed, d.Message, d.Rule)
			}
		}
		with := winRate(t, r.Data)
		var without []byte
		for _, l := range strings.SplitAfter(string(r.Data), "\n") {
			if !strings.HasPrefix(l, "xeno_deck:") {
				without = append(without, l...)
			}
		}
		w := winRate(t, without)
		t.Logf("%s %s seed %d: won %.3f with xeno_deck %v, %.3f with the whole deck", c.difficulty, c.length, c.seed, with, c.deck, w)
		if c.easier && with <= w || !c.easier && with >= w {
			t.Errorf("%s %s seed %d: won %.2f with xeno_deck %v, %.2f with the whole deck", c.difficulty, c.length, c.seed, with, c.deck, w)
		}
		o.JudgeBy = generate.JudgeFormula
		if f, err := generate.Generate(o); err == nil && len(f.Mission.XenoDeck) > 0 {
			t.Errorf("%s %s seed %d by the formula: xeno_deck %v, which the formula does not read", c.difficulty, c.length, c.seed, f.Mission.XenoDeck)
		}
	}
}

// winRate plays a mission with the short playtest at its Survivor count.
func winRate(t *testing.T, data []byte) float64 {
	t.Helper()
	res := lintOf(t, data)
	_, run, err := playtest.Quick(res.Scene, []int{playtest.MissionSurvivors(res.Scene)}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return run.BySurvivors[0].WinRate
}

// TestRegenerateTheRestRemakesTheDeck: the editor's "Regenerate the rest"
// around a generated mission's tiles makes its structure again, and the
// Xeno deck the generator tuned for the old structure goes with the
// special rule that told the players of it: a deck kept without its rule
// is one the players are never told of, and the new structure would be
// played, judged and tuned against the old structure's cards.
func TestRegenerateTheRestRemakesTheDeck(t *testing.T) {
	o := generate.Options{Ruleset: "zombicide-invader", Difficulty: "medium", Length: "medium", Seed: 0}
	r, err := generate.Generate(o)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Mission.XenoDeck) == 0 {
		t.Fatalf("seed 0 wrote no xeno_deck (TestXenoDeckTunesPastTheStructure says it does):\n%s", r.Data)
	}
	keep := &generate.Keep{}
	for i := range r.Mission.Tiles {
		keep.Tiles = append(keep.Tiles, i)
	}
	made := 0
	for _, difficulty := range []string{"easy", "hard"} {
		again, err := generate.Generate(generate.Options{Ruleset: o.Ruleset, Difficulty: difficulty, Seed: 2, From: r.Data, FromName: "m.yaml", Keep: keep})
		if err != nil {
			t.Logf("%s: %v", difficulty, err)
			continue
		}
		made++
		told := bytes.Contains(again.Data, []byte("Play with Xeno cards"))
		if len(again.Mission.XenoDeck) > 0 && !told {
			t.Errorf("%s: xeno_deck %v kept with no rule telling the players:\n%s", difficulty, again.Mission.XenoDeck, again.Data)
		}
	}
	if made == 0 {
		t.Fatal("no mission was made again around the tiles")
	}
}
