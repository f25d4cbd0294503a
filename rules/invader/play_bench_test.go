package invader

import (
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/playtest"
)

// BenchmarkPlay is one whole game of each example with the careful group
// (the figure docs/performance.md gives as games per second per core:
// 1e9 / ns/op).
func BenchmarkPlay(b *testing.B) {
	for _, name := range []string{"first-contact", "violet-lockdown"} {
		m, err := NewModel(exampleScene(b, name), nil)
		if err != nil {
			b.Fatal(err)
		}
		gridplaytest.BenchPlay(b, name, m, "careful", "strong")
	}
}

// BenchmarkPlay400 is one whole game on the 20×20-tile board of
// internal/benchgen (40 Objectives, 20 Spawn Zones) with the careful
// group: the target is 1,000 games in 10 s, 10 ms a game.
func BenchmarkPlay400(b *testing.B) {
	data, err := benchgen.Mission(Ruleset, "station", 20, 20)
	if err != nil {
		b.Fatal(err)
	}
	m, err := NewModel(playScene(b, string(data)), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m.Play(playtest.Game{Survivors: 6, Agent: "careful"}, rand.New(rand.NewPCG(1, uint64(i))))
	}
}
