package survivalinfection

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/zmission/zmission/rules"
)

// The same seed gives the same numbers on one core or two: the whole
// games, their comparison with the base game and the Hidden Bite estimate
// are played by the playtest engine, a stream per game.
func TestSameNumbersWhateverTheCores(t *testing.T) {
	s := Base()
	s.Changes = []string{"a variant, so the base game is played beside it"}
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	one := Analyze(s, rules.AnalyzeOptions{Seed: 3, Runs: 400})
	baseGames.Clear() // the base game's figures played again, not remembered
	runtime.GOMAXPROCS(2)
	two := Analyze(s, rules.AnalyzeOptions{Seed: 3, Runs: 400})
	if !reflect.DeepEqual(one, two) {
		t.Fatalf("one core and two disagree:\n%+v\n%+v", one.Games.Rows, two.Games.Rows)
	}
	if one.Games.Rows[0].Games != 400 || len(one.Games.Base) == 0 || one.Players[0].Infection == nil {
		t.Fatalf("not every figure was played: %+v", one.Games)
	}
	// A work budget stops a row at the same game on any number of cores.
	runtime.GOMAXPROCS(1)
	a := s.playCount(6, 3, 10_000, 20_000)
	runtime.GOMAXPROCS(2)
	b := s.playCount(6, 3, 10_000, 20_000)
	if !reflect.DeepEqual(a, b) || a.Games >= 10_000 || a.Games < 10 {
		t.Fatalf("the budget stopped at game %d on one core, %d on two", a.Games, b.Games)
	}
}
