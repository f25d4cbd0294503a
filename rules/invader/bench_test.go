package invader_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

// benchmarkGraphs builds the board, places the tokens and computes the
// movement and sight graphs, as a command that prints or draws them does.
func benchmarkGraphs(b *testing.B, set *layout.TileSet, m *missions.Mission) {
	b.ReportAllocs()
	for b.Loop() {
		w := invader.NewWorld(scene(set, m))
		if len(w.Movement()) == 0 || len(w.Sight(rules.SightOptions{})) == 0 {
			b.Fatal("no graph")
		}
	}
}

// BenchmarkGraphs6: a 6-tile station mission (testdata/board/graphs6.yaml).
func BenchmarkGraphs6(b *testing.B) {
	path := filepath.Join(boardDir, "graphs6.yaml")
	r := lint.Path(path, lintOpts)
	if r.Mission == nil || r.Scene == nil {
		b.Fatalf("%s: %v", path, r.Diags)
	}
	set, err := lint.Tileset(path, r.Mission, lintOpts.Limits)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkGraphs(b, set, r.Mission)
}

// BenchmarkGraphs400: 20×20 station tiles, random faces and turns, doors on
// half the door openings, Mold in one zone out of ten.
func BenchmarkGraphs400(b *testing.B) {
	set, err := layout.Builtin("station")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkGraphs(b, set, bigMission(set, 20, 20))
}

// bigMission lays cols×rows random station faces (faces repeat: a board
// this size needs many boxes) with a start, doors and Mold.
func bigMission(set *layout.TileSet, cols, rows int) *missions.Mission {
	r := rand.New(rand.NewPCG(1, 2))
	m := &missions.Mission{Format: 1, ID: "big", Title: "Big", Ruleset: invader.Ruleset}
	for i := range cols * rows {
		face := fmt.Sprintf("%d%c", 1+r.IntN(9), "AB"[r.IntN(2)])
		m.Tiles = append(m.Tiles, missions.Tile{Face: face, At: [2]int{i % cols, i / cols}, Rot: 90 * r.IntN(4)})
	}
	bd := scene(set, m).Board
	m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokStart, At: &[2]int{1, 1}})
	for y := 0; y < bd.H; y++ {
		for x := 0; x < bd.W; x++ {
			for _, d := range []layout.Dir{layout.E, layout.S} {
				if bd.Edge(x, y, d) == layout.EdgeDoor && r.IntN(2) == 0 {
					m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokDoor, At: &[2]int{x, y}, Side: d.String()})
				}
			}
		}
	}
	for _, z := range bd.Zones {
		if r.IntN(10) == 0 && z.Kind != layout.Exterior {
			c := z.Cells[0]
			m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokMold, At: &[2]int{c.X, c.Y}})
		}
	}
	return m
}
