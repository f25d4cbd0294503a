package invader

import (
	"math/rand/v2"
	"testing"

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
		for _, ag := range []string{"careful", "strong"} {
			b.Run(name+"/"+ag, func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					m.Play(playtest.Game{Survivors: 6, Agent: ag}, rand.New(rand.NewPCG(1, uint64(i))))
				}
			})
		}
	}
}
