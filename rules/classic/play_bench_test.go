package classic

import (
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/playtest"
)

// BenchmarkPlayClassic is one whole game of each classic example with 6
// Survivors (docs/performance.md gives it as games per second per core:
// 1e9 / ns/op; the budget is 1,000).
func BenchmarkPlayClassic(b *testing.B) {
	for _, name := range []string{"night-shift", "blue-line"} {
		m, err := NewModel(playScene(b, exampleText(b, name)), nil)
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
