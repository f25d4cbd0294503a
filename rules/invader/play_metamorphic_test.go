package invader

import (
	"math"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/playtest"
)

// Metamorphic tests: a change whose effect on play anyone can predict
// must move the numbers that way, at a stated significance. Each compares
// two runs on the same seeds with a one-sided two-proportion z-test (or a
// z-test on mean rounds) and asks z ≥ 3.09, p < 0.001.

const zCritical = 3.09

const metaGames = 800

func exampleText(t *testing.T, name string) string {
	t.Helper()
	return gridplaytest.Example(t, "invader", name)
}

func runText(t *testing.T, text string, survivors int) playtest.Count {
	t.Helper()
	m, err := NewModel(playScene(t, text), nil)
	return gridplaytest.Run(t, m, err, metaGames, survivors)
}

// On Violet Lockdown, where 4 Survivors win about a third of their games:
// First Contact is won nearly always at every count, too near 100% for a
// Spawn Zone more to show (0.999 → 0.994).
func TestMetamorphicExtraSpawnZone(t *testing.T) {
	text := exampleText(t, "violet-lockdown")
	more := gridplaytest.Replace(t, text, "  - {type: spawn, color: red, at: [8, 5]}\n", "  - {type: spawn, color: red, at: [8, 5]}\n  - {type: spawn, color: red, at: [4, 4]}\n")
	a, b := runText(t, text, 4), runText(t, more, 4)
	t.Logf("an extra Spawn Zone: %.3f → %.3f, z = %.2f", a.WinRate, b.WinRate, gridplaytest.ZAbove(a, b))
	if z := gridplaytest.ZAbove(a, b); z < zCritical {
		t.Fatalf("an extra Spawn Zone: %.3f → %.3f, z = %.2f < %.2f", a.WinRate, b.WinRate, z, zCritical)
	}
}

func TestMetamorphicSpawnNextToTheStart(t *testing.T) {
	text := exampleText(t, "first-contact")
	near := gridplaytest.Replace(t, text, "  - {type: spawn, color: red, first: true, at: [4, 0]}\n", "  - {type: spawn, color: red, first: true, at: [1, 1]}\n")
	a, b := runText(t, text, 4), runText(t, near, 4)
	t.Logf("a Spawn Zone moved next to the start: %.3f → %.3f, z = %.2f", a.WinRate, b.WinRate, gridplaytest.ZAbove(a, b))
	if z := gridplaytest.ZAbove(a, b); z < zCritical {
		t.Fatalf("a Spawn Zone moved next to the start: %.3f → %.3f, z = %.2f < %.2f", a.WinRate, b.WinRate, z, zCritical)
	}
}

// An Objective moved farther from the start, to the far end of the
// north-east tiles, lengthens the game: it is met no sooner, and the
// games won last longer (the rounds of won games: a loss can come sooner on a
// longer walk). On Violet Lockdown: First Contact's games all end in
// round 2 wherever its Objective stands.
func TestMetamorphicObjectiveFartherLengthensTheGame(t *testing.T) {
	text := exampleText(t, "violet-lockdown")
	far := gridplaytest.Replace(t, text, "  - {type: objective, at: [5, 2]}\n", "  - {type: objective, at: [8, 2]}\n")
	a, b := runText(t, text, 4), runText(t, far, 4)
	t.Logf("objective 2 met at round %d, then %d; rounds of won games %+v, then %+v", a.Objectives[1].Median, b.Objectives[1].Median, a.TurnsWon, b.TurnsWon)
	if b.Objectives[1].Median < a.Objectives[1].Median {
		t.Fatalf("objective 2 met at round %d, then %d when farther", a.Objectives[1].Median, b.Objectives[1].Median)
	}
	// A z-test on the won games' mean rounds.
	na, nb := float64(a.Wins), float64(b.Wins)
	se := math.Sqrt(a.TurnsWon.SD*a.TurnsWon.SD/na + b.TurnsWon.SD*b.TurnsWon.SD/nb)
	if a.Wins < 30 || b.Wins < 30 || se == 0 {
		t.Fatalf("%d and %d games won, deviation %v: too few to compare", a.Wins, b.Wins, se)
	}
	if z := (b.TurnsWon.Mean - a.TurnsWon.Mean) / se; z < zCritical {
		t.Fatalf("won games' mean rounds %.2f, then %.2f when farther: z = %.2f < %.2f", a.TurnsWon.Mean, b.TurnsWon.Mean, z, zCritical)
	}
}

// "Getting through the Airlock to an exterior Zone requires an equipped
// (Body slot) Oxygen Tank": with the only Oxygen Supply Room lost to Mold,
// an Exit outside is a certain loss.
func TestMetamorphicNoOxygenNoExit(t *testing.T) {
	playQuote(t, "Getting through the Airlock to an exterior Zone requires an equipped (Body slot) Oxygen Tank.")
	with := runText(t, airlock, 2)
	without := runText(t, gridplaytest.Replace(t, airlock, "tokens:\n", "tokens:\n  - {type: mold, state: inactive, at: [2, 3]}\n"), 2)
	t.Logf("with oxygen %d of %d won, without %d", with.Wins, with.Games, without.Wins)
	if with.Wins == 0 {
		t.Fatal("no game won even with the Oxygen Supply Room")
	}
	if without.Wins != 0 {
		t.Fatalf("%d games won without oxygen", without.Wins)
	}
}

// The examples' labelled difficulties order their win rates: the easy
// First Contact is won more often than the medium Violet Lockdown.
func TestMetamorphicLabelsOrderWinRates(t *testing.T) {
	easy, medium := runText(t, exampleText(t, "first-contact"), 4), runText(t, exampleText(t, "violet-lockdown"), 4)
	t.Logf("easy %.3f, medium %.3f: z = %.2f", easy.WinRate, medium.WinRate, gridplaytest.ZAbove(easy, medium))
	if z := gridplaytest.ZAbove(easy, medium); z < zCritical {
		t.Fatalf("easy %.3f, medium %.3f: z = %.2f < %.2f", easy.WinRate, medium.WinRate, z, zCritical)
	}
}

// Each example reads, at its own Survivor count, as the difficulty its
// author labelled it.
func TestExamplesReadAsLabelled(t *testing.T) {
	for name, label := range map[string]string{"first-contact": "easy", "violet-lockdown": "medium"} {
		c := runText(t, exampleText(t, name), 6)
		if c.Difficulty != label {
			t.Errorf("%s: win rate %.3f reads %s, labelled %s", name, c.WinRate, c.Difficulty, label)
		}
	}
}
