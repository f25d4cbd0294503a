package generate

import (
	"fmt"
	"testing"
)

// BenchmarkGenerate makes one mission per iteration, a new seed each time,
// for each game and a small and the largest board the core box allows.
func BenchmarkGenerate(b *testing.B) {
	for _, g := range []string{"zombicide-invader", "zombicide-classic"} {
		for _, sz := range [][2]int{{3, 3}, {2, 2}} {
			b.Run(fmt.Sprintf("%s/%dx%d", g, sz[0], sz[1]), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := Generate(Options{Ruleset: g, W: sz[0], H: sz[1], Seed: uint64(i)}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
