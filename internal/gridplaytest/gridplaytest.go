// Package gridplaytest helps the grid games' play tests (rules/invader,
// rules/classic, rules/gridplay): a mission text placed on a built-in tile
// set, the examples' texts, and the metamorphic tests' z-test.
package gridplaytest

import (
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// Place places a mission text on the built-in tile set (no checks: the
// play tests build small boards of their own). The scene is nil where
// rules.Place gives none.
func Place(t testing.TB, tileset, text string) *rules.Scene {
	t.Helper()
	doc, probs := missions.Load("t.yaml", []byte(text), source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("%v", probs)
	}
	m, err := doc.Decode()
	if err != nil {
		t.Fatal(err)
	}
	set, err := layout.Builtin(tileset)
	if err != nil {
		t.Fatal(err)
	}
	place := make([]layout.Placement, len(m.Tiles))
	for i, tl := range m.Tiles {
		place[i] = layout.Placement{Face: tl.Face, Col: tl.At[0], Row: tl.At[1], Rot: tl.Rot}
	}
	b, _ := layout.Build(set, place)
	s, _ := rules.Place(doc, m, b)
	return s
}

// Example is the text of examples/<game>/<name>.yaml, read from a
// package two folders below the repository's root (rules/<game>).
func Example(t testing.TB, game, name string) string {
	t.Helper()
	data, err := os.ReadFile("../../examples/" + game + "/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Replace replaces the first old in s by new; a test whose text has no
// old fails, so a changed example cannot make it test nothing.
func Replace(t testing.TB, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("no %q to replace", old)
	}
	return strings.Replace(s, old, new, 1)
}

// ZAbove is the z of a one-sided two-proportion z-test of "a's win rate
// is above b's" (0 when neither run varies).
func ZAbove(a, b playtest.Count) float64 {
	p := float64(a.Wins+b.Wins) / float64(a.Games+b.Games)
	se := math.Sqrt(p * (1 - p) * (1/float64(a.Games) + 1/float64(b.Games)))
	if se == 0 {
		return 0
	}
	return (a.WinRate - b.WinRate) / se
}

// Run plays games of m with that many Survivors on seed 42 and gives
// their figures; a model that could not be made (err) fails the test.
func Run(t testing.TB, m playtest.Model, err error, games, survivors int) playtest.Count {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	r, err := playtest.Run(m, playtest.Options{Games: games, Seed: 42, Survivors: []int{survivors}})
	if err != nil {
		t.Fatal(err)
	}
	return r.BySurvivors[0]
}

// ZoneAt is the index of the zone of b holding cell x,y.
func ZoneAt(t testing.TB, b *layout.Board, x, y int) int {
	t.Helper()
	z := b.ZoneAt(x, y)
	if z == nil {
		t.Fatalf("no zone at %d,%d", x, y)
	}
	return z.Index
}

// BenchPlay benchmarks one whole game of m with 6 Survivors, a
// sub-benchmark name/agent for each agent named, game i on the stream
// PCG(1, i).
func BenchPlay(b *testing.B, name string, m playtest.Model, agents ...string) {
	for _, ag := range agents {
		b.Run(name+"/"+ag, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				m.Play(playtest.Game{Survivors: 6, Agent: ag}, rand.New(rand.NewPCG(1, uint64(i))))
			}
		})
	}
}
