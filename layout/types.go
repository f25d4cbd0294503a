// Package layout turns tile placement into a board: tile sets (format and the
// built-in sets), rotation, placement on the cell grid, zones (union-find over
// the whole board, so zones straddle tiles), the edges between cells, and the
// Board that rules packages build their graphs on. It knows no objectives.
package layout

// Dir is a side of a cell. Board coordinates: x right, y down.
type Dir uint8

const (
	N Dir = iota
	E
	S
	W
)

// DX and DY step one cell towards a side.
var (
	DX = [4]int{0, 1, 0, -1}
	DY = [4]int{-1, 0, 1, 0}
)

func (d Dir) String() string     { return [...]string{"n", "e", "s", "w"}[d] }
func (d Dir) Opposite() Dir      { return (d + 2) % 4 }
func (d Dir) Rotate(deg int) Dir { return Dir((int(d) + deg/90) % 4) }

// EdgeKind is what stands between two edge-sharing cells.
type EdgeKind uint8

const (
	EdgeNone    EdgeKind = iota // inside one zone: no boundary
	EdgeWall                    // blocks movement and sight
	EdgeOpening                 // passable and transparent
	EdgeDoor                    // door opening: a door token may stand here; open when empty
	EdgeMarking                 // linear marking between corridor/exterior/street zones
	EdgeHatch                   // airlock hatch between an Airlock and the exterior
	EdgeBoard                   // the board edge or empty space (no tile beyond)
)

var edgeNames = [...]string{"none", "wall", "opening", "door", "marking", "hatch", "board"}

func (k EdgeKind) String() string { return edgeNames[k] }

// ParseEdgeKind reads an edge kind name; ok=false when unknown.
func ParseEdgeKind(s string) (EdgeKind, bool) {
	for i, n := range edgeNames {
		if n == s {
			return EdgeKind(i), true
		}
	}
	return 0, false
}

// Zone kinds. Games give them meaning; layout only uses them for defaults and
// for which zones may continue across a tile border.
const (
	Room     = "room"
	Corridor = "corridor"
	Exterior = "exterior"
	Street   = "street"
)

// Point is a board cell.
type Point struct{ X, Y int }

// Zone is a set of edge-connected cells on the board.
type Zone struct {
	Index    int      // position in Board.Zones
	ID       string   // stable, readable: "<face>/<label>" of its first cell in reading order
	Kind     string   // room, corridor, exterior, street
	Features []string // sorted: security, oxygen, airlock, dark, ...
	Cells    []Point  // in reading order (y, then x)
	Face     string   // tile face of its first cell
	Label    string   // zone label of its first cell on that face
	Tile     int      // index in Board.Tiles of its first cell
}

// HasFeature reports whether the zone has feature f.
func (z *Zone) HasFeature(f string) bool {
	for _, g := range z.Features {
		if g == f {
			return true
		}
	}
	return false
}

// Placed is one tile face put on the board.
type Placed struct {
	Index int
	Face  string
	Col   int // tile grid column
	Row   int // tile grid row
	Rot   int // 0, 90, 180, 270 clockwise
}

// Cell of the board. Zone and Tile are -1 where no tile covers the cell.
type Cell struct {
	Zone  int
	Tile  int
	Label string // zone label on its tile face
}
