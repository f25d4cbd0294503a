package layout

import (
	"slices"
	"sync"
)

// Board is the result of placing tile faces: the cell grid, the resolved edge
// between every pair of edge-sharing cells, and the zones. A Board is not
// changed after Build, so it may be read from several goroutines.
type Board struct {
	Set  *TileSet
	N    int // cells per tile side
	W, H int // board size in cells: the tile grid's bounding box from [0,0], times N
	// Tiles holds the placements that were put on the board, in input order.
	// Placed.Index is the index of that placement in the list given to Build;
	// Cell.Tile and Zone.Tile index this slice. Placements that could not be
	// put down (unknown face, bad position, overlap) are missing here.
	Tiles []Placed
	Cells []Cell  // W*H, index y*W+x
	Zones []*Zone // sorted by the reading order of their first cell

	east  []EdgeKind    // resolved edge on the east side of each cell
	south []EdgeKind    // resolved edge on the south side of each cell
	sides [][4]EdgeKind // what the placed face itself has on each side of each cell
	byID  map[string]*Zone
	first map[faceLabel]int // first cell (reading order) of each placed face label

	adjOnce sync.Once
	adj     []Adjacency // the zone pairs, made once: every graph and check reads them
}

type faceLabel struct{ face, label string }

func (b *Board) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.W && y < b.H }

// Cell returns the cell at (x, y), or nil outside the board.
func (b *Board) Cell(x, y int) *Cell {
	if !b.in(x, y) {
		return nil
	}
	return &b.Cells[y*b.W+x]
}

// Edge returns what stands on side d of cell (x, y) once both tiles meeting
// there are taken into account: EdgeNone inside a zone, EdgeBoard at the board
// edge, towards a cell that no tile covers, and for cells that are themselves
// empty or outside the board.
func (b *Board) Edge(x, y int, d Dir) EdgeKind {
	if !b.in(x, y) || d > W {
		return EdgeBoard
	}
	switch d {
	case E:
		return b.east[y*b.W+x]
	case S:
		return b.south[y*b.W+x]
	case N:
		if y == 0 {
			return EdgeBoard
		}
		return b.south[(y-1)*b.W+x]
	default:
		if x == 0 {
			return EdgeBoard
		}
		return b.east[y*b.W+x-1]
	}
}

// TileSide returns what the placed face itself shows on side d of cell
// (x, y), in board orientation, before it is matched with the neighbouring
// tile: on a tile border EdgeNone means the zone runs on. It is EdgeBoard for
// empty cells and outside the board. Renderers use it to draw a tile's own
// walls along the board edge.
func (b *Board) TileSide(x, y int, d Dir) EdgeKind {
	if !b.in(x, y) || d > W || b.Cells[y*b.W+x].Tile < 0 {
		return EdgeBoard
	}
	return b.sides[y*b.W+x][d]
}

// ZoneAt returns the zone holding cell (x, y), or nil for an empty cell or
// outside the board.
func (b *Board) ZoneAt(x, y int) *Zone {
	c := b.Cell(x, y)
	if c == nil || c.Zone < 0 {
		return nil
	}
	return b.Zones[c.Zone]
}

// Zone returns the zone with the given id, or nil.
func (b *Board) Zone(id string) *Zone { return b.byID[id] }

// FaceZone returns the zone holding the first cell (reading order, board
// coordinates) labelled label on the placed face `face`, and that cell.
// ok is false when the face is not on the board or has no such label.
func (b *Board) FaceZone(face, label string) (z *Zone, at Point, ok bool) {
	i, ok := b.first[faceLabel{face, label}]
	if !ok {
		return nil, Point{}, false
	}
	c := b.Cells[i]
	if c.Zone < 0 {
		return nil, Point{}, false
	}
	return b.Zones[c.Zone], Point{i % b.W, i / b.W}, true
}

// FaceLabels lists the zone labels of the placed face `face` that FaceZone
// finds, sorted; none when the face is not on the board.
func (b *Board) FaceLabels(face string) []string {
	var out []string
	for k := range b.first {
		if k.face == face {
			out = append(out, k.label)
		}
	}
	slices.Sort(out)
	return out
}

// PlacedFaces lists the faces on the board, sorted, each once.
func (b *Board) PlacedFaces() []string {
	var out []string
	for _, t := range b.Tiles {
		if !slices.Contains(out, t.Face) {
			out = append(out, t.Face)
		}
	}
	slices.Sort(out)
	return out
}

// DrawnSide says what a drawing shows on side d of cell (x, y). Between
// two covered cells it is the resolved edge (inner true); on the board's
// outline, where only one side has a tile, it is what that tile itself
// shows there (inner false); ok is false where neither side has a tile.
func (b *Board) DrawnSide(x, y int, d Dir) (k EdgeKind, inner, ok bool) {
	nx, ny := x+DX[d], y+DY[d]
	here, there := b.Covered(x, y), b.Covered(nx, ny)
	switch {
	case here && there:
		return b.Edge(x, y, d), true, true
	case !here && !there:
		return EdgeNone, false, false
	case !here:
		x, y, d = nx, ny, d.Opposite()
	}
	return b.TileSide(x, y, d), false, true
}

// Covered reports whether a tile covers cell (x, y).
func (b *Board) Covered(x, y int) bool {
	c := b.Cell(x, y)
	return c != nil && c.Tile >= 0
}
