package layout

import "sort"

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

func (b *Board) adjacent() []Adjacency {
	index := map[[2]int]int{}
	var out []Adjacency
	add := func(za, zb int, e CellEdge) {
		key := [2]int{za, zb}
		k, ok := index[key]
		if !ok {
			k = len(out)
			index[key] = k
			out = append(out, Adjacency{A: za, B: zb})
		}
		out[k].Edges = append(out[k].Edges, e)
	}
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
					add(zi, zj, CellEdge{x, y, d, k})
				} else {
					add(zj, zi, CellEdge{nx, ny, d.Opposite(), k})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].A != out[j].A {
			return out[i].A < out[j].A
		}
		return out[i].B < out[j].B
	})
	for _, a := range out {
		sort.Slice(a.Edges, func(i, j int) bool {
			p, q := a.Edges[i], a.Edges[j]
			if p.Y != q.Y {
				return p.Y < q.Y
			}
			if p.X != q.X {
				return p.X < q.X
			}
			return p.Dir < q.Dir
		})
	}
	return out
}
