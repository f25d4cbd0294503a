package classic

import (
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
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
		gridplaytest.BenchPlay(b, name, m, "careful", "strong")
	}
}
