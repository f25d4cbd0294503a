package layout

// RotateCell maps face cell (fx, fy) of an n x n face turned rot degrees
// clockwise to its tile-local cell: the one turn a generator and the board
// must agree on.
func RotateCell(fx, fy, n, rot int) (int, int) { return rotateCell(fx, fy, n, rot) }

// rotateCell is RotateCell.
func rotateCell(fx, fy, n, rot int) (int, int) {
	switch rot {
	case 90:
		return n - 1 - fy, fx
	case 180:
		return n - 1 - fx, n - 1 - fy
	case 270:
		return fy, n - 1 - fx
	}
	return fx, fy
}

// fill sizes the board to the placed tiles and copies every face, turned,
// onto the cell grid.
func (p *placer) fill() {
	b, n := p.b, p.b.N
	maxC, maxR := -1, -1
	for _, t := range b.Tiles {
		maxC, maxR = max(maxC, t.Col), max(maxR, t.Row)
	}
	b.W, b.H = (maxC+1)*n, (maxR+1)*n
	size := b.W * b.H
	b.Cells = make([]Cell, size)
	for i := range b.Cells {
		b.Cells[i] = Cell{Zone: -1, Tile: -1}
	}
	b.sides = make([][4]EdgeKind, size)
	b.east = make([]EdgeKind, size)
	b.south = make([]EdgeKind, size)
	for i := range b.east {
		b.east[i], b.south[i] = EdgeBoard, EdgeBoard
	}
	p.spec = make([]*ZoneSpec, size)
	p.parent = make([]int32, size)
	for i := range p.parent {
		p.parent[i] = int32(i)
	}
	// Sized up front: on a board of hundreds of distinct faces of 256
	// labels each, growing the map cost more than filling it.
	labels, counted := 0, make(map[*Face]bool, len(p.on))
	for _, f := range p.on {
		if !counted[f] {
			counted[f] = true
			labels += len(f.Zones)
		}
	}
	b.first = make(map[faceLabel]int, labels)
	for ti, t := range b.Tiles {
		f := p.on[ti]
		firstOf := make(map[string]int, len(f.Zones))
		for fy := 0; fy < n; fy++ {
			for fx := 0; fx < n; fx++ {
				tx, ty := rotateCell(fx, fy, n, t.Rot)
				i := (t.Row*n+ty)*b.W + t.Col*n + tx
				label := f.Grid[fy][fx]
				b.Cells[i] = Cell{Zone: -1, Tile: ti, Label: label}
				p.spec[i] = f.Zones[label]
				for d := N; d <= W; d++ {
					k := f.Sides[fy][fx][d]
					if k > EdgeBoard {
						k = EdgeWall // not a kind this build knows: the safe reading
					}
					b.sides[i][d.Rotate(t.Rot)] = k
				}
				// Cells of one label on one placed face are one zone.
				if j, ok := firstOf[label]; ok {
					p.union(i, j)
				} else {
					firstOf[label] = i
				}
				key := faceLabel{f.ID, label}
				if j, ok := b.first[key]; !ok || i < j {
					b.first[key] = i
				}
			}
		}
	}
}
