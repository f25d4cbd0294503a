package layout

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Placement puts one tile face on the tile grid at [Col, Row], turned Rot
// degrees clockwise (0, 90, 180 or 270).
type Placement struct {
	Face          string
	Col, Row, Rot int
}

// Problem is something wrong with a placement list. Build reports problems
// and still builds what it can; checks decide how severe each one is.
type Problem struct {
	Code    string // stable id, one of the Problem* constants
	Tile    int    // index into the placements it is about (-1 if none)
	Field   string // "face", "at" or "rot": which key of that placement to point at ("" = the placement itself)
	Message string
	Hint    string
	Cell    *Point // a board cell it is about, if any
}

// Problem codes.
const (
	ProblemNoTiles           = "no-tiles"
	ProblemBadTileSet        = "bad-tileset"
	ProblemUnknownFace       = "unknown-face"
	ProblemBadFace           = "bad-face"
	ProblemBadRotation       = "bad-rotation"
	ProblemBadPosition       = "bad-position"
	ProblemBoardTooLarge     = "board-too-large"
	ProblemTileOverlap       = "tile-overlap"
	ProblemBothFaces         = "both-faces"
	ProblemBoardDisconnected = "board-disconnected"
	ProblemBorderMismatch    = "border-mismatch"
	ProblemBorderOpenSpace   = "border-open-space"
	ProblemExteriorNoAirlock = "exterior-without-airlock"
	ProblemHatchMisplaced    = "hatch-misplaced"
	ProblemBorderDeadEnd     = "border-dead-end"
)

// MaxTileGrid bounds tile grid positions: Col and Row must be below it. No
// real table holds a board this large; the bound keeps a typo from
// allocating millions of cells.
const MaxTileGrid = 64

// MaxBoardSide bounds the board's frame, in cells a side: the frame is what
// the per-cell arrays are sized by, however few tiles stand in it, so tiles
// of 16×16 cells stay in the first 32 columns and rows of the tile grid.
const MaxBoardSide = 512

// gridSide is how many columns and rows of the tile grid tiles may use.
func (p *placer) gridSide() int { return min(MaxTileGrid, MaxBoardSide/p.b.N) }

// MaxBoardCells bounds the cells the placed tiles cover together: 128×128
// cells, a table over 10 m a side in 3-cell tiles, where 1,024 tiles of the
// built-in sets cover 9,216. Every command is linear in the cells, and this
// keeps the largest board within a second of work (docs/performance.md).
const MaxBoardCells = 16384

// Build places the tiles of set on a board, resolves the edges where tiles
// meet and forms the zones. It never fails: what cannot be placed is left out
// and reported, so the rest of the board can still be checked and drawn.
// Problems come in a fixed order: per placement, then tile groups, then
// edges in reading order.
func Build(set *TileSet, tiles []Placement) (*Board, []Problem) {
	p := &placer{set: set, in: tiles}
	return p.build()
}

// placer holds the state of one Build.
type placer struct {
	set   *TileSet
	in    []Placement
	faces map[string]*Face
	on    []*Face // face of each placed tile (Board.Tiles order)
	b     *Board
	probs []Problem

	spec   []*ZoneSpec // zone description of each cell's label
	parent []int32     // union-find over cells
	// Edge problems are reported once per run of alike cell edges.
	edgeSeen  map[string]int // key -> index in probs
	edgeCount map[int]int    // index in probs -> cell edges it stands for
}

func (p *placer) add(pr Problem) { p.probs = append(p.probs, pr) }

// tile names placement i for messages, counting from 1 as the editor and
// the schema's item numbers do: "tile 5 (3B at [2,1])" is tiles[4].
func (p *placer) tile(i int) string {
	t := p.in[i]
	return fmt.Sprintf("tile %d (%s at [%d,%d])", i+1, t.Face, t.Col, t.Row)
}

func (p *placer) build() (*Board, []Problem) {
	p.b = &Board{Set: p.set, byID: map[string]*Zone{}, first: map[faceLabel]int{}}
	if p.set == nil || p.set.Size < 1 {
		msg := "no tile set to place tiles from"
		if p.set != nil {
			msg = fmt.Sprintf("tile set %q has tile size %d; it must be at least 1 cell", p.set.Name, p.set.Size)
		}
		p.add(Problem{Code: ProblemBadTileSet, Tile: -1, Message: msg})
		return p.b, p.probs
	}
	p.b.N = p.set.Size
	if len(p.in) == 0 {
		p.add(Problem{Code: ProblemNoTiles, Tile: -1, Message: "the mission places no tiles",
			Hint: "add tiles, e.g. {face: 1A, at: [0, 0], rot: 0}"})
		return p.b, p.probs
	}
	p.indexFaces()
	p.placeAll()
	p.checkGroups()
	p.fill()
	p.resolveEdges()
	p.makeZones()
	return p.b, p.probs
}

func (p *placer) indexFaces() {
	p.faces = make(map[string]*Face, len(p.set.Faces))
	for _, f := range p.set.Faces {
		if f == nil {
			continue
		}
		if _, dup := p.faces[f.ID]; !dup {
			p.faces[f.ID] = f
		}
	}
}

// faceShapeError says why face f cannot be placed in a set of size n, or "".
// The tile-set loader guarantees this shape; Build checks it anyway so a
// hand-made set can never make it index out of range.
func faceShapeError(f *Face, n int) string {
	if len(f.Grid) != n || len(f.Sides) != n {
		return fmt.Sprintf("has %d grid rows and %d side rows, want %d", len(f.Grid), len(f.Sides), n)
	}
	for y := 0; y < n; y++ {
		if len(f.Grid[y]) != n || len(f.Sides[y]) != n {
			return fmt.Sprintf("row %d has %d cells and %d sides, want %d", y, len(f.Grid[y]), len(f.Sides[y]), n)
		}
		for x, l := range f.Grid[y] {
			if f.Zones[l] == nil {
				return fmt.Sprintf("cell %d,%d has zone label %q that the face does not describe", x, y, l)
			}
		}
	}
	return ""
}

// placeAll checks each placement and puts the good ones on the board.
func (p *placer) placeAll() {
	over, overN := -1, 0       // the board-too-large problem, the tiles it stands for
	taken := map[[2]int]int{}  // grid square -> placement index
	faceAt := map[string]int{} // placed face -> placement index
	otherAt := map[string]int{}
	for i, t := range p.in {
		f := p.faces[t.Face]
		ok := true
		if f == nil {
			p.add(Problem{Code: ProblemUnknownFace, Tile: i, Field: "face",
				Message: fmt.Sprintf("%s: tile set %q has no face %q", p.tile(i), p.set.Name, t.Face),
				Hint:    p.faceHint(t.Face)})
			ok = false
		} else if why := faceShapeError(f, p.set.Size); why != "" {
			p.add(Problem{Code: ProblemBadFace, Tile: i, Field: "face",
				Message: fmt.Sprintf("%s: face %s of tile set %q cannot be placed: it %s", p.tile(i), t.Face, p.set.Name, why)})
			ok = false
		}
		if grid := p.gridSide(); t.Col < 0 || t.Row < 0 || t.Col >= grid || t.Row >= grid {
			hint := fmt.Sprintf("columns and rows count from 0 at the top left and stay below %d", grid)
			if grid < MaxTileGrid {
				hint += fmt.Sprintf(" with tiles of %d×%d cells (a board is at most %d cells a side)", p.b.N, p.b.N, MaxBoardSide)
			}
			p.add(Problem{Code: ProblemBadPosition, Tile: i, Field: "at",
				Message: fmt.Sprintf("%s: position [%d,%d] is off the tile grid", p.tile(i), t.Col, t.Row),
				Hint:    hint})
			ok = false
		}
		rot := t.Rot
		if rot%90 != 0 || rot < 0 || rot >= 360 {
			rot = 0
			if t.Rot%90 == 0 {
				rot = ((t.Rot % 360) + 360) % 360
			}
			p.add(Problem{Code: ProblemBadRotation, Tile: i, Field: "rot",
				Message: fmt.Sprintf("%s: rotation %d is not one of 0, 90, 180, 270; placed at %d", p.tile(i), t.Rot, rot),
				Hint:    "rot is the clockwise turn of the tile in degrees: 0, 90, 180 or 270"})
		}
		if !ok {
			continue
		}
		sq := [2]int{t.Col, t.Row}
		if j, dup := taken[sq]; dup {
			p.add(Problem{Code: ProblemTileOverlap, Tile: i, Field: "at",
				Message: fmt.Sprintf("%s overlaps %s; it is left off the board", p.tile(i), p.tile(j)),
				Hint:    "each grid square holds one tile; move one of them"})
			continue
		}
		if cells := (len(p.b.Tiles) + 1) * p.b.N * p.b.N; cells > MaxBoardCells {
			// Left off like an overlapping tile: the tiles before it are
			// still drawn and checked, and no board grows past the bound.
			// One problem, at the first, says how many more.
			if over < 0 {
				over = len(p.probs)
				p.add(Problem{Code: ProblemBoardTooLarge, Tile: i,
					Message: fmt.Sprintf("%s is left off the board: with it the tiles would cover %s cells, past the %s a board covers",
						p.tile(i), thousands(cells), thousands(MaxBoardCells)),
					Hint: fmt.Sprintf("a board holds %d tiles of %d×%d cells; split the mission, or use a tile set of fewer cells a side",
						MaxBoardCells/(p.b.N*p.b.N), p.b.N, p.b.N)})
			}
			overN++
			continue
		}
		taken[sq] = i
		if j, dup := faceAt[f.ID]; dup {
			p.add(Problem{Code: ProblemBothFaces, Tile: i, Field: "face",
				Message: fmt.Sprintf("%s uses face %s, already placed as %s; there is only one such tile", p.tile(i), f.ID, p.tile(j)),
				Hint:    "each physical tile can be on the board once; pick another face"})
		} else if j, dup := p.otherPlaced(f, faceAt, otherAt); dup {
			p.add(Problem{Code: ProblemBothFaces, Tile: i, Field: "face",
				Message: fmt.Sprintf("%s: face %s is the back of %s; one physical tile cannot show both faces", p.tile(i), f.ID, p.tile(j)),
				Hint:    "pick a face of another tile"})
		}
		if _, dup := faceAt[f.ID]; !dup {
			faceAt[f.ID] = i
		}
		if _, dup := otherAt[f.Other]; f.Other != "" && !dup {
			otherAt[f.Other] = i
		}
		p.b.Tiles = append(p.b.Tiles, Placed{Index: i, Face: f.ID, Col: t.Col, Row: t.Row, Rot: rot})
		p.on = append(p.on, f)
	}
	if overN > 1 {
		pr := &p.probs[over]
		pr.Message = strings.Replace(pr.Message, " is left off the board: with it",
			fmt.Sprintf(" and the %s after it are left off the board: with the first", thousands(overN-1)), 1)
	}
}

// otherPlaced finds an earlier placement showing the other face of f's tile,
// whichever of the two faces names the other.
func (p *placer) otherPlaced(f *Face, faceAt, otherAt map[string]int) (int, bool) {
	if f.Other != "" {
		if j, ok := faceAt[f.Other]; ok {
			return j, true
		}
	}
	j, ok := otherAt[f.ID]
	return j, ok
}

func (p *placer) faceHint(name string) string {
	ids := make([]string, 0, len(p.set.Faces))
	for _, f := range p.set.Faces {
		if f != nil {
			ids = append(ids, f.ID)
		}
	}
	if near := nearIDs(name, ids, 3); len(near) > 0 {
		return "did you mean " + orList(near) + "?"
	}
	if len(ids) == 0 {
		return fmt.Sprintf("tile set %q has no faces", p.set.Name)
	}
	if len(ids) > 24 {
		ids = append(ids[:24:24], "...")
	}
	return fmt.Sprintf("tile set %q has faces %s", p.set.Name, strings.Join(ids, ", "))
}

// orList joins "a", "a or b", "a, b or c".
func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// checkGroups reports tiles that do not touch the main board along a full
// tile side. The main group is the largest, the earliest on a tie.
func (p *placer) checkGroups() {
	at := map[[2]int]int{}
	for i, t := range p.b.Tiles {
		at[[2]int{t.Col, t.Row}] = i
	}
	group := make([]int, len(p.b.Tiles))
	for i := range group {
		group[i] = -1
	}
	var groups [][]int
	for i := range p.b.Tiles {
		if group[i] >= 0 {
			continue
		}
		g := len(groups)
		members := []int{i}
		group[i] = g
		for k := 0; k < len(members); k++ {
			t := p.b.Tiles[members[k]]
			for d := N; d <= W; d++ {
				j, ok := at[[2]int{t.Col + DX[d], t.Row + DY[d]}]
				if ok && group[j] < 0 {
					group[j] = g
					members = append(members, j)
				}
			}
		}
		sort.Ints(members)
		groups = append(groups, members)
	}
	main := 0
	for g := range groups {
		if len(groups[g]) > len(groups[main]) {
			main = g
		}
	}
	for g, members := range groups {
		if g == main {
			continue
		}
		names := make([]string, len(members))
		for k, m := range members {
			names[k] = p.tile(p.b.Tiles[m].Index)
		}
		msg := names[0] + " does not touch the rest of the board"
		if len(names) > 1 {
			msg = andList(names) + " form a group that does not touch the rest of the board"
		}
		p.add(Problem{Code: ProblemBoardDisconnected, Tile: p.b.Tiles[members[0]].Index, Field: "at",
			Message: msg,
			Hint:    "tiles join only along a full side; move the group next to the other tiles"})
	}
}

func andList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// thousands writes n with a comma between groups of three digits, as the
// docs write large counts.
func thousands(n int) string {
	s := strconv.Itoa(n)
	start := 0
	if n < 0 {
		start = 1
	}
	for i := len(s) - 3; i > start; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
