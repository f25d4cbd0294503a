package survivalinfection_test

import (
	"encoding/json"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
)

func diagRules(r *lint.Result) map[string]bool {
	out := map[string]bool{}
	for _, d := range r.Diags {
		out[d.Rule] = true
	}
	return out
}

// The base game played out is fair within the margin at every count, so a
// variant's flag is about what the variant changed.
func TestBaseGameIsFairInTheModel(t *testing.T) {
	quote(t, "If at any point only one Camp has Characters and/or Survivors remaining they are the winner.")
	for _, r := range si.Base().PlayGames(si.LintSeed, si.LintRuns) {
		lo, hi := r.Fair*(1-si.FairMargin), r.Fair*(1+si.FairMargin)
		for i, x := range r.Seats {
			if x.High < lo || x.Low > hi {
				t.Errorf("%d players: seat %d wins %v, fair %v", r.Players, i+1, x, r.Fair)
			}
		}
		if r.Zombies.Rate >= r.Fair {
			t.Errorf("%d players: the Zombies win %v, more than a seat's share", r.Players, r.Zombies)
		}
	}
}

// The flags fire on the lopsided variants of the gallery, and not on the
// base game or a mild variant.
func TestBalanceFlags(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want []string
		not  []string
	}{
		{"changes:\n  add:\n    - {card: Massacre, type: action, count: 12, text: -30 Survivors}\n", []string{"variant-unfair", "variant-length"}, nil},
		{"changes:\n  redraw: 4\n", []string{"variant-length"}, []string{"variant-unfair"}},
		{"changes:\n  add:\n    - {card: Shotgun, count: 2}\n", nil, []string{"variant-unfair", "variant-length"}},
		{"", nil, []string{"variant-unfair", "variant-length"}},
	} {
		r := lint.Bytes("v.yaml", []byte(head+c.doc), lint.Options{})
		got := diagRules(r)
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%s: no %s in %v", c.doc, w, got)
			}
		}
		for _, w := range c.not {
			if got[w] {
				t.Errorf("%s: %s fired", c.doc, w)
			}
		}
	}
	// A setup with an error is not played out.
	r := lint.Bytes("v.yaml", []byte(head+"changes:\n  redraw: 4\n  chips:\n    - {value: 10, count: 5}\n"), lint.Options{})
	if got := diagRules(r); !got["chips-short"] || got["variant-length"] {
		t.Errorf("findings %v", got)
	}
}

// analyze carries the whole games: the same seed gives the same bytes,
// and a variant is shown beside the base game.
func TestAnalyzeWholeGames(t *testing.T) {
	s, _ := load(t, head+"changes:\n  redraw: 4\n")
	one := func() []byte {
		b, err := json.Marshal(si.Analyze(s, rules.AnalyzeOptions{Seed: 4, Runs: 300}))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if string(one()) != string(one()) {
		t.Fatal("the same seed gave two answers")
	}
	a := si.Analyze(s, rules.AnalyzeOptions{Seed: 4, Runs: 300})
	g := a.Games
	if g == nil || g.Policy != si.GamePolicy || g.Runs != 300 || len(g.Rows) != 5 || len(g.Base) != 5 {
		t.Fatalf("games %+v", g)
	}
	if len(g.Flags) == 0 || g.Flags[0].Rule != "variant-length" {
		t.Errorf("flags %+v", g.Flags)
	}
	for _, r := range g.Rows {
		if r.Games != 300 || len(r.Seats) != r.Players || r.Rounds.P10 > r.Rounds.Median || r.Rounds.Median > r.Rounds.P90 {
			t.Errorf("%d players: %+v", r.Players, r)
		}
	}
	if b := si.Analyze(si.Base(), rules.AnalyzeOptions{Runs: 50}).Games; len(b.Base) != 0 || len(b.Flags) != 0 {
		t.Errorf("the base game compared with itself: %+v", b)
	}
}
