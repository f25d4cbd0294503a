package classic

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// playScene places a mission text on the built-in city tiles.
func playScene(t testing.TB, text string) *rules.Scene {
	t.Helper()
	doc, probs := missions.Load("t.yaml", []byte(text), source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("%v", probs)
	}
	m, err := doc.Decode()
	if err != nil {
		t.Fatal(err)
	}
	set, err := layout.Builtin("city")
	if err != nil {
		t.Fatal(err)
	}
	place := make([]layout.Placement, len(m.Tiles))
	for i, tl := range m.Tiles {
		place[i] = layout.Placement{Face: tl.Face, Col: tl.At[0], Row: tl.At[1], Rot: tl.Rot}
	}
	b, _ := layout.Build(set, place)
	s, _ := rules.Place(doc, m, b)
	if s == nil {
		t.Fatal("not placed")
	}
	return s
}

// exampleText is one of the classic examples.
func exampleText(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile("../../examples/classic/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
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
	z := s.m.b.ZoneAt(x, y)
	if z == nil {
		t.Fatalf("no zone at %d,%d", x, y)
	}
	return z.Index
}
