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

// adjacent counts the cell edges of each zone A first (the lower zone of
// each pair), puts every (B, edge) straight into its zone's run of one
// array, sorts each zone's few, and cuts the runs into pairs: no map, no
// regrown slice, and one backing array for all the edges. On a board of
// 262,144 one-cell zones, growing and copying these slices cost more than
// the rest of the work.
func (b *Board) adjacent() []Adjacency {
	type pairEdge struct {
		b int
		e CellEdge
	}
	start := make([]int, len(b.Zones)+1)
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := y*b.W + x
			zi := b.Cells[i].Zone
			if zi < 0 {
				continue
			}
			if x+1 < b.W {
				if zj := b.Cells[i+1].Zone; zj >= 0 && zj != zi {
					start[min(zi, zj)+1]++
				}
			}
			if y+1 < b.H {
				if zj := b.Cells[i+b.W].Zone; zj >= 0 && zj != zi {
					start[min(zi, zj)+1]++
				}
			}
		}
	}
	for z := range b.Zones {
		start[z+1] += start[z]
	}
	all := make([]pairEdge, start[len(b.Zones)])
	at := slices.Clone(start[:len(b.Zones)])
	put := func(zi, zj, x, y, nx, ny int, d Dir, k EdgeKind) {
		if zi < zj {
			all[at[zi]] = pairEdge{zj, CellEdge{x, y, d, k}}
			at[zi]++
		} else {
			all[at[zj]] = pairEdge{zi, CellEdge{nx, ny, d.Opposite(), k}}
			at[zj]++
		}
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := y*b.W + x
			zi := b.Cells[i].Zone
			if zi < 0 {
				continue
			}
			if x+1 < b.W {
				if zj := b.Cells[i+1].Zone; zj >= 0 && zj != zi {
					put(zi, zj, x, y, x+1, y, E, b.east[i])
				}
			}
			if y+1 < b.H {
				if zj := b.Cells[i+b.W].Zone; zj >= 0 && zj != zi {
					put(zi, zj, x, y, x, y+1, S, b.south[i])
				}
			}
		}
	}
	// Each zone's run by the rest of the key; counting the pairs on the way.
	pairs := 0
	for z := range b.Zones {
		run := all[start[z]:start[z+1]]
		if len(run) > 1 {
			slices.SortFunc(run, func(p, q pairEdge) int {
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
		for k := range run {
			if k == 0 || run[k].b != run[k-1].b {
				pairs++
			}
		}
	}
	if pairs == 0 {
		return nil
	}
	edges := make([]CellEdge, len(all))
	out := make([]Adjacency, 0, pairs)
	for z := range b.Zones {
		for i := start[z]; i < start[z+1]; {
			j := i
			for j < start[z+1] && all[j].b == all[i].b {
				edges[j] = all[j].e
				j++
			}
			out = append(out, Adjacency{A: z, B: all[i].b, Edges: edges[i:j:j]})
			i = j
		}
	}
	return out
}
