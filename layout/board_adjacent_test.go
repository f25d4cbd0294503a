package layout

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// adjacentByPairSort is the first way of listing a board's zone pairs: every
// (pair, edge) in one slice, gathered by zone A and sorted. Kept to hold
// the counted version to the same pairs, edges and order.
func adjacentByPairSort(b *Board) []Adjacency {
	type pairEdge struct {
		a, b int
		e    CellEdge
	}
	var all []pairEdge
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			zi := b.Cells[y*b.W+x].Zone
			if zi < 0 {
				continue
			}
			for _, d := range [2]Dir{E, S} {
				nx, ny := x+DX[d], y+DY[d]
				if !b.in(nx, ny) {
					continue
				}
				zj := b.Cells[ny*b.W+nx].Zone
				if zj < 0 || zj == zi {
					continue
				}
				k := b.Edge(x, y, d)
				if zi < zj {
					all = append(all, pairEdge{zi, zj, CellEdge{x, y, d, k}})
				} else {
					all = append(all, pairEdge{zj, zi, CellEdge{nx, ny, d.Opposite(), k}})
				}
			}
		}
	}
	slices.SortFunc(all, func(p, q pairEdge) int {
		switch {
		case p.a != q.a:
			return cmp.Compare(p.a, q.a)
		case p.b != q.b:
			return cmp.Compare(p.b, q.b)
		case p.e.Y != q.e.Y:
			return cmp.Compare(p.e.Y, q.e.Y)
		case p.e.X != q.e.X:
			return cmp.Compare(p.e.X, q.e.X)
		}
		return cmp.Compare(p.e.Dir, q.e.Dir)
	})
	var out []Adjacency
	for i := 0; i < len(all); {
		j := i
		var edges []CellEdge
		for j < len(all) && all[j].a == all[i].a && all[j].b == all[i].b {
			edges = append(edges, all[j].e)
			j++
		}
		out = append(out, Adjacency{A: all[i].a, B: all[i].b, Edges: edges})
		i = j
	}
	return out
}

// TestAdjacentMatchesPairSort holds the counted adjacency to the sorted one
// on random boards and a 20×20 board of random 6×6 faces.
func TestAdjacentMatchesPairSort(t *testing.T) {
	check := func(name string, b *Board) {
		t.Helper()
		got, want := b.adjacent(), adjacentByPairSort(b)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: adjacency\n%+v\nwant\n%+v", name, got, want)
		}
	}
	for seed := range uint64(600) {
		r := rand.New(rand.NewPCG(seed, 11))
		set, tiles := randomBoard(r)
		b, _ := Build(set, tiles)
		check(fmt.Sprintf("seed %d: %+v", seed, tiles), b)
	}
	set, tiles := benchBoard(20, 20)
	b, _ := Build(set, tiles)
	check("20x20", b)
}

// BenchmarkAdjacentBuild400 lists the zone pairs of a 20×20 board afresh
// each time (Adjacent itself is made once per board).
func BenchmarkAdjacentBuild400(b *testing.B) {
	set, tiles := benchBoard(20, 20)
	board, _ := Build(set, tiles)
	b.ReportAllocs()
	for b.Loop() {
		board.adjacent()
	}
}
