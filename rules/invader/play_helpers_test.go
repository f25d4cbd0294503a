package invader

import (
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/rules"
)

// playScene places a mission text on the built-in station tiles (no
// checks: the playtest tests build small boards of their own).
func playScene(t testing.TB, text string) *rules.Scene {
	t.Helper()
	return gridplaytest.Place(t, "station", text)
}

// exampleScene places one of the examples.
func exampleScene(t testing.TB, name string) *rules.Scene {
	t.Helper()
	return playScene(t, gridplaytest.Example(t, "invader", name))
}

// newGame starts a game of text with n Survivors on a seeded stream.
func newGame(t testing.TB, text string, n int) *state {
	t.Helper()
	m, err := NewModel(playScene(t, text), nil)
	if err != nil {
		t.Fatal(err)
	}
	return newState(m, n, rand.New(rand.NewPCG(1, 2)))
}

// zone is the index of the zone holding cell x,y.
func (s *state) zoneAt(t testing.TB, x, y int) int {
	t.Helper()
	return gridplaytest.ZoneAt(t, s.m.b, x, y)
}
