package sitepage

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/site"
)

func playtestOf(t *testing.T, path string) (*site.AnalysisSection, []byte) {
	t.Helper()
	f := File{Path: path, Name: strings.TrimPrefix(path, "../examples/")}
	f.Data = read(t, f.Path)
	pg, _, err := Page(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pg.Analysis == nil {
		t.Fatalf("%s: no analysis", path)
	}
	data, err := json.Marshal(pg.Analysis)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range pg.Analysis.Sections {
		if s.Title == "Playtest" {
			return &pg.Analysis.Sections[i], data
		}
	}
	return nil, data
}

// A playable mission's page shows its win rate at its Survivor count and
// one either side, each with its interval and band, the games, agent and
// seed said; the figures are the short playtest's, the same on every build.
// Both Zombicide games: Blue Line's intervals straddle a band's edge.
func TestPagePlaytest(t *testing.T) {
	for _, path := range []string{"../examples/invader/violet-lockdown.yaml", "../examples/classic/blue-line.yaml"} {
		pagePlaytest(t, path)
	}
}

func pagePlaytest(t *testing.T, path string) {
	sec, first := playtestOf(t, path)
	if sec == nil || sec.Table == nil {
		t.Fatalf("%s: no Playtest section with a table", path)
	}
	if len(sec.Lines) != 1 || !strings.Contains(sec.Lines[0], fmt.Sprintf("%d games per Survivor count", playtest.QuickGames)) ||
		!strings.Contains(sec.Lines[0], fmt.Sprintf("seed %d, agent careful", playtest.QuickSeed)) {
		t.Errorf("the section does not name the games, seed and agent: %q", sec.Lines)
	}
	r := lint.Bytes(path, read(t, path), lint.Options{})
	if r.Scene == nil {
		t.Fatalf("%s: no scene", path)
	}
	_, res, err := playtest.Quick(r.Scene, []int{5, 6, 7}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(sec.Table.Rows) != 3 {
		t.Fatalf("%d rows, want 5, 6 (the mission's) and 7 Survivors", len(sec.Table.Rows))
	}
	for i, c := range res.BySurvivors {
		want := []string{fmt.Sprint(c.Survivors), fmt.Sprint(c.Games), fmt.Sprint(c.Wins), pct(c.WinRate), pct(c.CI95[0]) + "–" + pct(c.CI95[1]), c.ReadsAs}
		if c.Survivors == 6 {
			want[0] += " (the mission's)"
		}
		if got := sec.Table.Rows[i].Cells; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("row %d: %q, want %q", i, got, want)
		}
	}
	if _, again := playtestOf(t, path); string(again) != string(first) {
		t.Error("two builds of the page give different analyses")
	}
}
