package render

import (
	"io"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/rules"
)

func benchmarkRender(b *testing.B, s *rules.Scene, g rules.BoardGame, o Options) {
	b.ReportAllocs()
	for b.Loop() {
		if err := SVG(io.Discard, s, g, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender6 draws the first example (four tiles, six by six cells)
// on an A4 page.
func BenchmarkRender6(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkRender(b, s, g, Options{Page: "a4", Margin: DefaultMargin})
}

// BenchmarkRender6Overlays adds every overlay.
func BenchmarkRender6Overlays(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkRender(b, s, g, Options{Page: "a4", Margin: DefaultMargin, Overlays: allOverlays(b, s, g)})
}

// BenchmarkRender400 draws 20 x 20 random station tiles with 600 tokens,
// of which at most 12 Spawn Zones as on a real map, on a fit page.
func BenchmarkRender400(b *testing.B) {
	s := bigScene(b)
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	benchmarkRender(b, s, g, Options{Page: "fit", Margin: DefaultMargin})
}

// BenchmarkRender400Drawing is the drawing alone, without the game's
// analysis of the board.
func BenchmarkRender400Drawing(b *testing.B) {
	benchmarkRender(b, bigScene(b), nil, Options{Page: "fit", Margin: DefaultMargin})
}

func bigScene(b *testing.B) *rules.Scene {
	s := randomScene(b, rand.New(rand.NewPCG(4, 0)), 20, 20, 600, 0)
	spawns := 0
	for _, t := range s.Tokens {
		if t.Type == "spawn" {
			if spawns++; spawns > 12 {
				t.Type = "noise"
			}
		}
	}
	return s
}
