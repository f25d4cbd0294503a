package editor

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// balanceFigures is what the form view reads of a GET balance answer:
// both games' shapes, as analyze --format json prints them.
type balanceFigures struct {
	Version     string `json:"version"`
	Ruleset     string `json:"ruleset"`
	Unavailable string `json:"unavailable"`
	Figures     struct {
		Seed    int64 `json:"seed"`
		Runs    int   `json:"runs"`
		Players []struct {
			Players int `json:"players"`
			Games   int `json:"games"`
			Seats   []struct {
				Rate, Low, High float64
			} `json:"seats"`
			Rounds struct{ Median, P10, P90 int } `json:"rounds"`
		} `json:"players"`
		Base []struct {
			Players int `json:"players"`
		} `json:"base_game"`
		Rows []struct {
			Side  string `json:"side"`
			Plays int    `json:"plays"`
			Met   struct {
				Rate, Low, High float64
			} `json:"objective_met"`
		} `json:"rows"`
		Flags []struct {
			Rule    string `json:"rule"`
			Players int    `json:"players"`
			Message string `json:"message"`
		} `json:"flags"`
	} `json:"figures"`
}

func getBalance(t *testing.T, s *Session) (balanceFigures, []byte) {
	t.Helper()
	r := s.Call(Request{Method: "GET", Path: "balance"})
	if r.Status != StatusOK {
		t.Fatalf("GET balance: %d %s", r.Status, r.Body)
	}
	var b balanceFigures
	if err := json.Unmarshal(r.Body, &b); err != nil {
		t.Fatal(err)
	}
	return b, r.Body
}

// The form view's Played out figures of a lopsided variant: every player
// count with its seats' rates and lengths, the base game beside it, and
// the flags, which are the findings the state carries (the same games).
// Asked again, the same bytes; on a new session, the same bytes.
func TestBalanceVariantFlags(t *testing.T) {
	const file = "../testdata/broken/variant-unfair.yaml"
	s := sessionOn(t, file)
	b, body := getBalance(t, s)
	if b.Unavailable != "" || b.Ruleset != "survival-infection" || b.Version != Version(s.Data()) {
		t.Fatalf("answer %+v", b)
	}
	f := b.Figures
	if f.Seed != 1 || f.Runs != 300 || len(f.Players) < 4 || len(f.Base) != len(f.Players) {
		t.Fatalf("figures: seed %d, %d runs, %d counts, %d base rows", f.Seed, f.Runs, len(f.Players), len(f.Base))
	}
	for _, r := range f.Players {
		if len(r.Seats) != r.Players || r.Games == 0 || r.Rounds.P10 > r.Rounds.Median || r.Rounds.Median > r.Rounds.P90 {
			t.Errorf("%d players: %+v", r.Players, r)
		}
	}
	st := s.Call(Request{Method: "GET", Path: "state"})
	rules := map[string]bool{}
	for _, fl := range f.Flags {
		rules[fl.Rule] = true
		if !bytes.Contains(st.Body, []byte(fl.Message)) {
			t.Errorf("flag %q is not a finding of the state", fl.Message)
		}
	}
	if !rules["variant-unfair"] || !rules["variant-length"] {
		t.Errorf("flags %+v, want variant-unfair and variant-length", f.Flags)
	}
	if _, again := getBalance(t, s); !bytes.Equal(again, body) {
		t.Error("asked twice, two answers")
	}
	if _, fresh := getBalance(t, sessionOn(t, file)); !bytes.Equal(fresh, body) {
		t.Error("a new session plays other games")
	}
}

// A colony scenario: each side at each count with the odds its Main
// Objective is met; the seldom-won flag of the gallery's scenario. After
// an edit the figures are the new version's.
func TestBalanceColony(t *testing.T) {
	s := sessionOn(t, "../testdata/broken/colony-seldom-won.yaml")
	b, _ := getBalance(t, s)
	if b.Unavailable != "" || b.Ruleset != "colony" || len(b.Figures.Rows) == 0 || b.Figures.Rows[0].Plays == 0 {
		t.Fatalf("answer %+v", b)
	}
	if len(b.Figures.Flags) == 0 || b.Figures.Flags[0].Rule != "colony-seldom-won" {
		t.Fatalf("flags %+v", b.Figures.Flags)
	}
	for _, r := range b.Figures.Rows {
		if r.Met.Low > r.Met.Rate || r.Met.Rate > r.Met.High {
			t.Errorf("%+v: the rate is outside its interval", r)
		}
	}
	edit := s.Call(Request{Method: "POST", Path: "op", Body: []byte(`{"version":"` + b.Version + `","ops":[{"op":"value.set","pointer":"/title","data":"Renamed"}]}`)})
	if edit.Status != StatusOK {
		t.Fatalf("edit: %d %s", edit.Status, edit.Body)
	}
	if after, _ := getBalance(t, s); after.Version == b.Version || after.Version != Version(s.Data()) {
		t.Errorf("after the edit: version %s, the file's %s", after.Version, Version(s.Data()))
	}
}

// A game on tiles has no Played out figures: the answer says so.
func TestBalanceNotAScenario(t *testing.T) {
	s := sessionOn(t, "../examples/invader/violet-lockdown.yaml")
	if r := s.Call(Request{Method: "GET", Path: "balance"}); r.Status != StatusStale {
		t.Fatalf("GET balance on a tiled mission: %d %s", r.Status, r.Body)
	}
}

// BenchmarkBalanceAfterEdit: an edit's lint, then the form view's
// figures of the same version, for a variant whose checks play whole
// games: the figures are the checks' games, so they cost nothing more.
func BenchmarkBalanceAfterEdit(b *testing.B) {
	data, err := os.ReadFile("../examples/survival-infection/long-night.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, err := NewSession("/mission/long-night.yaml", Options{Store: NewMemStore(data)})
		if err != nil {
			b.Fatal(err)
		}
		if r := s.Call(Request{Method: "GET", Path: "balance"}); r.Status != StatusOK {
			b.Fatalf("GET balance: %d", r.Status)
		}
	}
}
