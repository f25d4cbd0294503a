package classic

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/playtest"
)

// Metamorphic tests compare two runs on the same seeds with a one-sided
// two-proportion z-test and ask z ≥ 3.09, p < 0.001.
const (
	zCritical = 3.09
	metaGames = 800
)

func runText(t *testing.T, text string, survivors int) playtest.Count {
	t.Helper()
	m, err := NewModel(playScene(t, text), nil)
	return gridplaytest.Run(t, m, err, metaGames, survivors)
}

// An extra red Spawn Zone, on the street between the start and the
// Exit, lowers Night Shift's win rate.
func TestMetamorphicExtraSpawnZone(t *testing.T) {
	text := exampleText(t, "night-shift")
	more := gridplaytest.Replace(t, text, "  - {type: spawn, color: red, at: [4, 0]}\n", "  - {type: spawn, color: red, at: [4, 0]}\n  - {type: spawn, color: red, at: [2, 4]}\n")
	a, b := runText(t, text, 6), runText(t, more, 6)
	t.Logf("an extra Spawn Zone: %.3f → %.3f, z = %.2f", a.WinRate, b.WinRate, gridplaytest.ZAbove(a, b))
	if z := gridplaytest.ZAbove(a, b); z < zCritical {
		t.Fatalf("an extra Spawn Zone: %.3f → %.3f, z = %.2f < %.2f", a.WinRate, b.WinRate, z, zCritical)
	}
}

// The examples' labels order their win rates: the easy Night Shift is
// won more often than the medium Blue Line.
func TestMetamorphicLabelsOrderWinRates(t *testing.T) {
	easy, medium := runText(t, exampleText(t, "night-shift"), 6), runText(t, exampleText(t, "blue-line"), 6)
	t.Logf("easy %.3f, medium %.3f: z = %.2f", easy.WinRate, medium.WinRate, gridplaytest.ZAbove(easy, medium))
	if z := gridplaytest.ZAbove(easy, medium); z < zCritical {
		t.Fatalf("easy %.3f, medium %.3f: z = %.2f < %.2f", easy.WinRate, medium.WinRate, z, zCritical)
	}
}

// The same stream plays the same game, for both agents.
func TestPlayIsDeterministic(t *testing.T) {
	m, err := NewModel(playScene(t, exampleText(t, "blue-line")), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ag := range []string{"careful", "strong"} {
		for i := range 20 {
			a := m.Play(playtest.Game{Survivors: 4, Agent: ag}, rand.New(rand.NewPCG(5, uint64(i))))
			b := m.Play(playtest.Game{Survivors: 4, Agent: ag}, rand.New(rand.NewPCG(5, uint64(i))))
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%s, game %d: %+v then %+v", ag, i, a, b)
			}
		}
	}
}

// A run gives the same numbers on one worker or four.
func TestRunSameOnAnyWorkers(t *testing.T) {
	m, err := NewModel(playScene(t, exampleText(t, "night-shift")), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ag := range []string{"careful", "strong"} {
		games := 200
		if ag == "strong" {
			games = 40
		}
		opt := playtest.Options{Games: games, Seed: 3, Survivors: []int{3, 6}, Agent: ag, Workers: 1}
		a, err := playtest.Run(m, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.Workers = 4
		b, _ := playtest.Run(m, opt)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: 1 worker %+v, 4 workers %+v", ag, a.BySurvivors, b.BySurvivors)
		}
	}
}

// Games end: every game of both agents is won, lost, or lost on time,
// and a lost one names its cause.
func TestGamesEnd(t *testing.T) {
	for _, name := range []string{"night-shift", "blue-line"} {
		m, err := NewModel(playScene(t, exampleText(t, name)), nil)
		if err != nil {
			t.Fatal(err)
		}
		wins := 0
		for i := range 200 {
			o := m.Play(playtest.Game{Survivors: 6}, rand.New(rand.NewPCG(1, uint64(i))))
			if !o.Won && o.Cause == "" || o.Rounds < 1 || o.Rounds > playtest.MaxRounds || len(o.Met) != len(m.goals) {
				t.Fatalf("%s game %d: %+v", name, i, o)
			}
			if o.Won {
				wins++
			}
		}
		if wins == 0 {
			t.Errorf("%s: no game of 200 won", name)
		}
	}
}

func TestUnplayableBoards(t *testing.T) {
	text := exampleText(t, "night-shift")
	if _, err := NewModel(playScene(t, gridplaytest.Replace(t, text, "  - {type: start, at: [1, 1]}\n", "")), nil); err == nil || !strings.Contains(err.Error(), "no start") {
		t.Fatalf("no start: %v", err)
	}
	if _, err := NewModel(playScene(t, gridplaytest.Replace(t, text, "  - take: all\n    order: 1\n", "  - take: blue\n    order: 1\n")), nil); err == nil {
		t.Fatal("an objective asking for blue Objectives the map lacks was accepted")
	}
}

// Every what-if change is a Spawn Zone left out or a door turned, and the
// list is bounded.
func TestChanges(t *testing.T) {
	m, err := NewModel(playScene(t, exampleText(t, "blue-line")), nil)
	if err != nil {
		t.Fatal(err)
	}
	ch, of := m.Changes(2)
	if len(ch) != 2 || of != 5 {
		t.Fatalf("%d changes of %d, want 2 of 5 (3 Spawn Zones, 2 doors)", len(ch), of)
	}
	all, _ := m.Changes(playtest.MaxChanges)
	for _, c := range all {
		if !strings.HasPrefix(c.Name, "without the ") && !strings.HasPrefix(c.Name, "with the door") {
			t.Errorf("change %q", c.Name)
		}
	}
}
