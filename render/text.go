package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/zmission/zmission/layout"
)

// TextMark is a token drawn inside a cell: one or two characters such as
// "S" (start), "E" (exit) or "O" (objective).
type TextMark struct {
	X, Y  int
	Glyph string
}

// TextDoor is a door token on side Dir of cell (X, Y). State is closed,
// open or destroyed ("" reads as closed).
type TextDoor struct {
	X, Y  int
	Dir   layout.Dir
	State string
}

// Each cell is a block of textCellW x textCellH characters between the
// lines; the zone id goes on its first row, marks on its second. Seven
// columns fit an id like "1A/c~2"; with three rows a cell and its lines
// come out about square in a terminal, and a side's middle row can hold a
// door the way the middle of a horizontal side does.
const (
	textCellW = 7
	textCellH = 3
)

// seg is how one cell side is drawn.
type seg uint8

const (
	segNone    seg = iota // inside a zone, or nothing at all
	segOpening            // an opening between two zones
	segFrame              // the board edge where the tile shows no wall
	segMark               // a linear marking
	segWall               // a wall
	segHatch              // an airlock hatch
	segDoor               // a door opening without a door token
	segClosed             // a closed door
	segOpen               // an open door
	segBroken             // a destroyed door
)

// Horizontal and vertical glyphs of each segment kind. A vertical side
// spans textCellH rows, one glyph each.
var (
	hSeg = [...]string{
		segNone:    "       ",
		segOpening: "   ·   ",
		segFrame:   "───────",
		segMark:    "┄┄┄┄┄┄┄",
		segWall:    "━━━━━━━",
		segHatch:   "═══════",
		segDoor:    "━━   ━━",
		segClosed:  "━━▬▬▬━━",
		segOpen:    "━━ ◦ ━━",
		segBroken:  "━━ × ━━",
	}
	vSeg = [...][textCellH]rune{
		segNone:    {' ', ' ', ' '},
		segOpening: {' ', '·', ' '},
		segFrame:   {'│', '│', '│'},
		segMark:    {'┆', '┆', '┆'},
		segWall:    {'┃', '┃', '┃'},
		segHatch:   {'║', '║', '║'},
		segDoor:    {'╹', ' ', '╻'},
		segClosed:  {'╹', '▮', '╻'},
		segOpen:    {'╹', '◦', '╻'},
		segBroken:  {'╹', '×', '╻'},
	}
	// weight of a segment where it meets a corner: 0 none, 1 light, 2 heavy.
	// Doors sit in walls, so their corners join the wall; a hatch is drawn
	// heavy at corners because box drawing has no heavy-double junctions.
	segWeight = [...]int{segNone: 0, segOpening: 0, segFrame: 1, segMark: 1, segWall: 2, segHatch: 2,
		segDoor: 2, segClosed: 2, segOpen: 2, segBroken: 2}
)

// junctions holds the box-drawing character for every mix of none, light
// and heavy arms, indexed up*27 + right*9 + down*3 + left.
const junctions = " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋"

var junctionRunes = []rune(junctions)

// edgeSeg maps an edge between two covered cells to its drawing.
var edgeSeg = [...]seg{
	layout.EdgeNone:    segNone,
	layout.EdgeWall:    segWall,
	layout.EdgeOpening: segOpening,
	layout.EdgeDoor:    segDoor,
	layout.EdgeMarking: segMark,
	layout.EdgeHatch:   segHatch,
	layout.EdgeBoard:   segFrame,
}

// Text draws the board in box-drawing characters: heavy lines for walls,
// dashed light lines for markings, double lines for hatches, a gap with a
// dot for openings, a gap between wall stubs for door openings, ▬ ▮ for
// closed doors, ◦ for open and × for destroyed ones, a thin frame along the
// board edge, dots at tile corners inside open ground. Each zone's id is printed once, in the first of its cells where it
// fits; marks go in their cells. The output is the same for the same input.
func Text(w io.Writer, b *layout.Board, marks []TextMark, doors []TextDoor) error {
	if b == nil {
		return errors.New("render: no board to draw")
	}
	t := &textBoard{b: b}
	if err := t.lines(doors); err != nil {
		return err
	}
	if err := t.draw(marks); err != nil {
		return err
	}
	var out bytes.Buffer
	for _, row := range t.grid {
		out.WriteString(strings.TrimRight(string(row), " "))
		out.WriteByte('\n')
	}
	_, err := w.Write(out.Bytes())
	return err
}

type textBoard struct {
	b    *layout.Board
	h    []seg // side above cell (x, y): index y*W + x, y in 0..H
	v    []seg // side left of cell (x, y): index y*(W+1) + x, x in 0..W
	grid [][]rune
}

// side decides how the side d of cell (x, y) is drawn, the cell on the
// other side being (nx, ny).
func (t *textBoard) side(x, y int, d layout.Dir) seg {
	k, inner, ok := t.b.DrawnSide(x, y, d)
	switch {
	case inner:
		return edgeSeg[k]
	case !ok:
		return segNone
	}
	// The board edge: draw what the tile itself shows there.
	switch k {
	case layout.EdgeWall:
		return segWall
	case layout.EdgeDoor:
		return segDoor
	case layout.EdgeHatch:
		return segHatch
	}
	return segFrame
}

// lines works out every cell side, then puts the door tokens on them.
func (t *textBoard) lines(doors []TextDoor) error {
	b := t.b
	t.h = make([]seg, (b.H+1)*b.W)
	t.v = make([]seg, b.H*(b.W+1))
	for y := 0; y <= b.H; y++ {
		for x := 0; x < b.W; x++ {
			t.h[y*b.W+x] = t.side(x, y, layout.N)
		}
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x <= b.W; x++ {
			t.v[y*(b.W+1)+x] = t.side(x, y, layout.W)
		}
	}
	for _, d := range doors {
		if d.Dir > layout.W {
			return fmt.Errorf("render: door at %d,%d: side %d is not n, e, s or w", d.X, d.Y, d.Dir)
		}
		if b.Cell(d.X, d.Y) == nil {
			return fmt.Errorf("render: door at %d,%d %s is off the board (%dx%d cells)", d.X, d.Y, d.Dir, b.W, b.H)
		}
		var s seg
		switch d.State {
		case "", "closed":
			s = segClosed
		case "open":
			s = segOpen
		case "destroyed":
			s = segBroken
		default:
			return fmt.Errorf("render: door at %d,%d %s: unknown state %q (want closed, open or destroyed)", d.X, d.Y, d.Dir, d.State)
		}
		switch d.Dir {
		case layout.N:
			t.h[d.Y*b.W+d.X] = s
		case layout.S:
			t.h[(d.Y+1)*b.W+d.X] = s
		case layout.W:
			t.v[d.Y*(b.W+1)+d.X] = s
		default:
			t.v[d.Y*(b.W+1)+d.X+1] = s
		}
	}
	return nil
}

func (t *textBoard) hAt(x, y int) seg {
	if x < 0 || x >= t.b.W || y < 0 || y > t.b.H {
		return segNone
	}
	return t.h[y*t.b.W+x]
}

func (t *textBoard) vAt(x, y int) seg {
	if x < 0 || x > t.b.W || y < 0 || y >= t.b.H {
		return segNone
	}
	return t.v[y*(t.b.W+1)+x]
}

func (t *textBoard) put(col, row int, s string) {
	for _, r := range s {
		if col >= len(t.grid[row]) {
			return
		}
		t.grid[row][col] = r
		col++
	}
}

func (t *textBoard) draw(marks []TextMark) error {
	b := t.b
	if b.W == 0 || b.H == 0 {
		if len(marks) > 0 {
			return fmt.Errorf("render: mark %q at %d,%d on an empty board", marks[0].Glyph, marks[0].X, marks[0].Y)
		}
		return nil
	}
	cols, rows := b.W*(textCellW+1)+1, b.H*(textCellH+1)+1
	t.grid = make([][]rune, rows)
	for r := range t.grid {
		t.grid[r] = []rune(strings.Repeat(" ", cols))
	}
	for y := 0; y <= b.H; y++ {
		for x := 0; x <= b.W; x++ {
			row, col := y*(textCellH+1), x*(textCellW+1)
			if x < b.W {
				t.put(col+1, row, hSeg[t.hAt(x, y)])
			}
			if y < b.H {
				for k, r := range vSeg[t.vAt(x, y)] {
					t.grid[row+1+k][col] = r
				}
			}
			t.grid[row][col] = t.corner(x, y)
		}
	}
	for _, z := range b.Zones {
		t.label(z)
	}
	return t.marks(marks)
}

// corner picks the junction where the sides around corner (x, y) meet. A
// corner of the tile grid with no line through it gets a dot, so the tiles
// stay visible where zones run across them.
func (t *textBoard) corner(x, y int) rune {
	up, right := segWeight[t.vAt(x, y-1)], segWeight[t.hAt(x, y)]
	down, left := segWeight[t.vAt(x, y)], segWeight[t.hAt(x-1, y)]
	if j := up*27 + right*9 + down*3 + left; j > 0 {
		return junctionRunes[j]
	}
	n := t.b.N
	if n > 1 && x%n == 0 && y%n == 0 && t.b.Covered(x, y) && t.b.Covered(x-1, y) && t.b.Covered(x, y-1) && t.b.Covered(x-1, y-1) {
		return '·'
	}
	return ' '
}

// label writes the zone id on the first row of the first cell where it
// fits, letting it run on into the next cells of the zone when nothing is
// drawn between them.
func (t *textBoard) label(z *layout.Zone) {
	text := " " + z.ID
	need := utf8.RuneCountInString(text)
	for _, c := range z.Cells {
		width := textCellW
		for x := c.X; x+1 < t.b.W && width < need; x++ {
			if t.b.ZoneAt(x+1, c.Y) != z || t.vAt(x+1, c.Y) != segNone {
				break
			}
			width += textCellW + 1
		}
		if width >= need {
			t.put(c.X*(textCellW+1)+1, c.Y*(textCellH+1)+1, text)
			return
		}
	}
	c := z.Cells[0]
	t.put(c.X*(textCellW+1)+1, c.Y*(textCellH+1)+1, truncate(text, textCellW))
}

// marks writes each cell's marks, in the order given, on its second row.
func (t *textBoard) marks(marks []TextMark) error {
	b := t.b
	var order []layout.Point
	byCell := map[layout.Point][]string{}
	for _, m := range marks {
		if b.Cell(m.X, m.Y) == nil {
			return fmt.Errorf("render: mark %q at %d,%d is off the board (%dx%d cells)", m.Glyph, m.X, m.Y, b.W, b.H)
		}
		p := layout.Point{X: m.X, Y: m.Y}
		if _, ok := byCell[p]; !ok {
			order = append(order, p)
		}
		byCell[p] = append(byCell[p], m.Glyph)
	}
	for _, p := range order {
		text := truncate(" "+strings.Join(byCell[p], " "), textCellW)
		t.put(p.X*(textCellW+1)+1, p.Y*(textCellH+1)+2, text)
	}
	return nil
}

// truncate cuts s to n runes, ending in "…" when it had to cut.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
