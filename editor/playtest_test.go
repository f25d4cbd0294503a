package editor

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/playtest"
)

func getPlaytest(t *testing.T, s *Session) Playtest {
	t.Helper()
	r := s.Call(Request{Method: "GET", Path: "playtest"})
	if r.Status != StatusOK {
		t.Fatalf("GET playtest: %d %s", r.Status, r.Body)
	}
	var p Playtest
	if err := json.Unmarshal(r.Body, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// The Playtest panel shows the win rate per Survivor count (the mission's
// and one either side) of the version on screen, the short playtest's
// figures; after an edit it plays the new version.
func TestPlaytestPanel(t *testing.T) {
	const file = "../examples/invader/violet-lockdown.yaml"
	s := sessionOn(t, file)
	p := getPlaytest(t, s)
	if p.Unavailable != "" || p.Version != Version(s.Data()) || p.Survivors != 6 || p.Games != playtest.QuickGames ||
		p.Seed != playtest.QuickSeed || p.Agent == nil || p.Agent.Name != "careful" {
		t.Fatalf("panel %+v", p)
	}
	r := lint.Bytes(file, s.Data(), lint.Options{})
	_, res, err := playtest.Quick(r.Scene, []int{5, 6, 7}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Counts) != 3 {
		t.Fatalf("%d Survivor counts, want 5, 6 and 7", len(p.Counts))
	}
	for i, c := range res.BySurvivors {
		if got := p.Counts[i]; got.Survivors != c.Survivors || got.Wins != c.Wins || got.WinRate != c.WinRate || got.CI95 != c.CI95 || got.Difficulty != c.ReadsAs {
			t.Errorf("%d Survivors: %+v, the playtest %+v", c.Survivors, got, c)
		}
	}
	edit := s.Call(Request{Method: "POST", Path: "op", Body: []byte(`{"version":"` + p.Version + `","ops":[{"op":"field.set","field":"survivors","value":"4"}]}`)})
	if edit.Status != StatusOK {
		t.Fatalf("edit: %d %s", edit.Status, edit.Body)
	}
	after := getPlaytest(t, s)
	if after.Version == p.Version || after.Version != Version(s.Data()) || after.Survivors != 4 ||
		len(after.Counts) != 3 || after.Counts[0].Survivors != 3 || after.Counts[2].Survivors != 5 {
		t.Errorf("after setting 4 Survivors: %+v", after)
	}
}

// A game without a playtest says so; the danger overlay is drawn on the
// map with the short playtest's counts.
func TestPlaytestPanelUnavailableAndDangerMap(t *testing.T) {
	// A classic mission plays too; Blue Line's intervals straddle a band's
	// edge, so the panel reads "between A and B" where the point reads one.
	cs := sessionOn(t, "../examples/classic/blue-line.yaml")
	cp := getPlaytest(t, cs)
	cr := lint.Bytes("blue-line.yaml", cs.Data(), lint.Options{})
	_, cres, err := playtest.Quick(cr.Scene, []int{5, 6, 7}, 0, 0)
	if err != nil || cp.Unavailable != "" || len(cp.Counts) != 3 {
		t.Fatalf("classic panel %+v (%v): want the win rates of 5, 6 and 7 Survivors", cp, err)
	}
	for i, c := range cres.BySurvivors {
		if got := cp.Counts[i]; got.Wins != c.Wins || got.Difficulty != c.ReadsAs {
			t.Errorf("classic, %d Survivors: %+v, the playtest %+v", c.Survivors, got, c)
		}
	}
	p := getPlaytest(t, noStartSession(t))
	if !strings.Contains(p.Unavailable, "the board cannot be played") || len(p.Counts) != 0 {
		t.Errorf("a mission without a start: panel %+v", p)
	}
	s := sessionOn(t, "../examples/invader/violet-lockdown.yaml")
	r := s.Call(Request{Method: "GET", Path: "svg", Query: map[string][]string{"overlay": {"danger"}}})
	if r.Status != StatusOK || len(regexp.MustCompile(`data-eliminations="\d+"`).FindAll(r.Body, -1)) == 0 {
		t.Errorf("danger map: %d, no tinted zone", r.Status)
	}
	r = noStartSession(t).Call(Request{Method: "GET", Path: "svg", Query: map[string][]string{"overlay": {"danger"}}})
	if r.Status != StatusRefused || !strings.Contains(string(r.Body), "cannot be played") {
		t.Errorf("danger map of a mission without a start: %d %s", r.Status, r.Body)
	}
}

// noStartSession edits a classic mission with no start token: the playtest
// cannot play it.
func noStartSession(t *testing.T) *Session {
	t.Helper()
	data, err := os.ReadFile("../examples/classic/blue-line.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "  - {type: start, at: [1, 4]}\n", "", 1)
	s, err := NewSession("/mission/no-start.yaml", Options{Store: NewMemStore([]byte(text))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
