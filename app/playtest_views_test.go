package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
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

// unplayable writes a classic mission lint lets through (its config turns
// the missing start into a warning) that the playtest cannot play.
func unplayable(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../examples/classic/blue-line.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	text := strings.Replace(string(data), "  - {type: start, at: [1, 4]}\n", "", 1)
	m := filepath.Join(dir, "no-start.yaml")
	if err := os.WriteFile(m, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".zmission.yaml"), []byte("rules:\n  start-missing: warning\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return m
}

// Both Zombicide games read their difficulty from a playtest; where none
// can run the formula's reading stands, and says why.
func TestAnalyzeFallsBackToFormula(t *testing.T) {
	if e, _ := analyzeEstimate(t, "../examples/classic/blue-line.yaml"); e.From != rules.FromPlaytest || e.Playtest == nil {
		t.Errorf("classic estimate %+v: want the difficulty read from a playtest", e)
	}
	e, _ := analyzeEstimate(t, unplayable(t))
	if e.From != "" || e.Playtest != nil || !strings.Contains(e.NoPlaytest, "the board cannot be played: the mission has no start token") {
		t.Errorf("estimate %+v: want the formula, saying the board cannot be played", e)
	}
	if e.Difficulty != rules.Band(e.Score) {
		t.Errorf("difficulty %q is not the formula's band of %v", e.Difficulty, e.Score)
	}
}

// render --overlay danger draws what playtest --heatmap draws for the same
// games (the short playtest: its games, seed and agent, named in the
// legend), the same bytes each time; a game without a playtest is refused.
func TestRenderDangerOverlay(t *testing.T) {
	const m = "../examples/invader/violet-lockdown.yaml"
	dir := t.TempDir()
	one, two, heat := filepath.Join(dir, "one.svg"), filepath.Join(dir, "two.svg"), filepath.Join(dir, "heat.svg")
	runOK(t, "render", "--page", "fit", "--overlay", "danger", m, "-o", one)
	runOK(t, "render", "--page", "fit", "--overlay", "danger", m, "-o", two)
	runOK(t, "playtest", "--games", fmt.Sprint(playtest.QuickGames), "--seed", fmt.Sprint(playtest.QuickSeed), "--no-what-if", m, "--heatmap", heat)
	read := func(p string) []byte {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	a, b, h := read(one), read(two), read(heat)
	if !bytes.Equal(a, b) {
		t.Error("two renders of the danger overlay differ")
	}
	tints := regexp.MustCompile(`data-eliminations="\d+"`)
	got, want := tints.FindAll(a, -1), tints.FindAll(h, -1)
	if len(got) == 0 || !slices.EqualFunc(got, want, bytes.Equal) {
		t.Errorf("render tints %s, playtest --heatmap %s", got, want)
	}
	var words []string
	for _, w := range regexp.MustCompile(`>([^<>]+)</text>`).FindAllSubmatch(a, -1) {
		words = append(words, string(w[1]))
	}
	legend := fmt.Sprintf("over %d games of a playtest (agent careful, seed %d)", playtest.QuickGames, playtest.QuickSeed)
	if !strings.Contains(strings.Join(words, " "), legend) {
		t.Errorf("the legend does not say %q", legend)
	}
	var out, errb bytes.Buffer
	if code := runRenderCmd([]string{"render", "--overlay", "danger", "../examples/classic/blue-line.yaml", "-o", filepath.Join(dir, "classic.svg")}, &out, &errb); code != ExitOK {
		t.Errorf("classic --overlay danger: exit %d, %s", code, errb.String())
	}
	errb.Reset()
	if code := runRenderCmd([]string{"render", "--overlay", "danger", unplayable(t)}, &out, &errb); code != ExitUsage ||
		!strings.Contains(errb.String(), "overlay danger: the board cannot be played") {
		t.Errorf("unplayable --overlay danger: exit %d, %s", code, errb.String())
	}
}

// BenchmarkAnalyzeWithPlaytest is analyze on a 6-tile Invader example with
// its short playtest: the budget is well under a second a run.
func BenchmarkAnalyzeWithPlaytest(b *testing.B) {
	for b.Loop() {
		var out, errb bytes.Buffer
		if code := runRenderCmd([]string{"analyze", "../examples/invader/violet-lockdown.yaml"}, &out, &errb); code != ExitOK {
			b.Fatalf("exit %d: %s", code, errb.String())
		}
	}
}

// The default deck file tells how to replace it; the flag it names must be
// the playtest's.
func TestDeckFileNamesTheDecksFlag(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "rules", "invader", "decks", "core.json"))
	if err != nil {
		t.Fatal(err)
	}
	flags := regexp.MustCompile(`zmission playtest (--[a-z-]+)`).FindAllStringSubmatch(string(data), -1)
	if len(flags) == 0 {
		t.Fatal("core.json no longer says how to replace it")
	}
	cmd := (&env{}).playtestCmd()
	for _, f := range flags {
		if !slices.ContainsFunc(cmd.Flags, func(fl cli.Flag) bool { return slices.Contains(fl.Names(), f[1][2:]) }) {
			t.Errorf("core.json names %s, not a flag of zmission playtest", f[1])
		}
	}
}
