package classic

import (
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/rules"
)

// playScene places a mission text on the built-in city tiles.
func playScene(t testing.TB, text string) *rules.Scene {
	t.Helper()
	s := gridplaytest.Place(t, "city", text)
	if s == nil {
		t.Fatal("not placed")
	}
	return s
}

// exampleText is one of the classic examples.
func exampleText(t testing.TB, name string) string {
	t.Helper()
	return gridplaytest.Example(t, "classic", name)
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

// zoneAt is the index of the zone holding cell x,y.
func (s *state) zoneAt(t testing.TB, x, y int) int {
	t.Helper()
	return gridplaytest.ZoneAt(t, s.m.b, x, y)
}
