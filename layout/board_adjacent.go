package layout

import (
	"cmp"
	"slices"
)

// Adjacency is a pair of zones sharing at least one cell edge, whatever
// stands on it: rules decide what may cross.
type Adjacency struct {
	A, B  int        // zone indexes, A < B
	Edges []CellEdge // the cell edges between them, in reading order of the cell, then side
}

// CellEdge is side Dir of cell (X, Y), which belongs to zone A of its
// Adjacency, and what stands there.
type CellEdge struct {
	X, Y int
	Dir  Dir
	Kind EdgeKind
}

// Adjacent lists every pair of zones sharing at least one cell edge, sorted
// by (A, B). It is computed once per board, on the first call, and shared:
// callers must not change it.
func (b *Board) Adjacent() []Adjacency {
	b.adjOnce.Do(func() { b.adj = b.adjacent() })
	return b.adj
}

// adjacent collects every (pair, edge) in one slice, sorts it once, and
// cuts it into pairs: no map and one backing array for all the edges.
func (b *Board) adjacent() []Adjacency {
	type pairEdge struct {
		a, b int
		e    CellEdge
	}
	// Counted first: on a board of a million cells, growing the slice
	// moved more memory than the rest of the work.
	count := 0
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			zi := b.Cells[y*b.W+x].Zone
			if zi < 0 {
				continue
			}
			if x+1 < b.W {
				if zj := b.Cells[y*b.W+x+1].Zone; zj >= 0 && zj != zi {
					count++
				}
			}
			if y+1 < b.H {
				if zj := b.Cells[(y+1)*b.W+x].Zone; zj >= 0 && zj != zi {
					count++
				}
			}
		}
	}
	all := make([]pairEdge, 0, count)
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := y*b.W + x
			zi := b.Cells[i].Zone
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
	// Sorted by zone A with a count per zone (all is as long as the board
	// has cells), then each zone's few by the rest of the key.
	start := make([]int, len(b.Zones)+1)
	for _, p := range all {
		start[p.a+1]++
	}
	for z := range b.Zones {
		start[z+1] += start[z]
	}
	sorted := make([]pairEdge, len(all))
	at := slices.Clone(start)
	for _, p := range all {
		sorted[at[p.a]] = p
		at[p.a]++
	}
	all = sorted
	for z := range b.Zones {
		slices.SortFunc(all[start[z]:start[z+1]], func(p, q pairEdge) int {
			switch {
			case p.b != q.b:
				return cmp.Compare(p.b, q.b)
			case p.e.Y != q.e.Y:
				return cmp.Compare(p.e.Y, q.e.Y)
			case p.e.X != q.e.X:
				return cmp.Compare(p.e.X, q.e.X)
			}
			return cmp.Compare(p.e.Dir, q.e.Dir)
		})
	}
	edges := make([]CellEdge, len(all))
	var out []Adjacency
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].a == all[i].a && all[j].b == all[i].b {
			edges[j] = all[j].e
			j++
		}
		out = append(out, Adjacency{A: all[i].a, B: all[i].b, Edges: edges[i:j:j]})
		i = j
	}
	return out
}
