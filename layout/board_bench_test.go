package layout

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchBoard lays cols x rows tiles of a box-sized set (18 faces of 6x6
// cells), turning them in turn.
func benchBoard(cols, rows int) (*TileSet, []Placement) {
	r := rand.New(rand.NewPCG(1, 2))
	var faces []*Face
	for i := range 18 {
		faces = append(faces, randomFace(r, fmt.Sprintf("%d%c", i/2+1, 'A'+i%2), 6))
	}
	var tiles []Placement
	for i := range cols * rows {
		tiles = append(tiles, Placement{Face: faces[i%len(faces)].ID, Col: i % cols, Row: i / cols, Rot: 90 * (i % 4)})
	}
	return handSet(6, faces...), tiles
}

func benchmarkBuild(b *testing.B, cols, rows int) {
	set, tiles := benchBoard(cols, rows)
	b.ReportAllocs()
	for b.Loop() {
		board, _ := Build(set, tiles)
		if len(board.Zones) == 0 {
			b.Fatal("no zones")
		}
	}
}

func BenchmarkBuild6(b *testing.B)   { benchmarkBuild(b, 3, 2) }
func BenchmarkBuild400(b *testing.B) { benchmarkBuild(b, 20, 20) }

func BenchmarkAdjacent400(b *testing.B) {
	set, tiles := benchBoard(20, 20)
	board, _ := Build(set, tiles)
	b.ReportAllocs()
	for b.Loop() {
		board.Adjacent()
	}
}
