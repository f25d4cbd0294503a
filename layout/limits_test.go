package layout

import (
	"fmt"
	"strings"
	"testing"
)

// TestBoardCellsBounded: a board covers at most MaxBoardCells cells, its
// tiles' cells together. 64 tiles of 16×16 cells are exactly the bound and
// build; a tile past it is left off the board, as an overlapping tile is,
// with one problem at that tile, and the tiles before it are placed.
func TestBoardCellsBounded(t *testing.T) {
	grid := make([]string, 16)
	for i := range grid {
		grid[i] = strings.Repeat("a", 16)
	}
	var faces []*Face
	for i := range 66 {
		faces = append(faces, handFace(fmt.Sprintf("F%d", i), "", grid, "a=corridor"))
	}
	set := handSet(16, faces...)
	place := func(n int) []Placement {
		var ps []Placement
		for i := range n {
			ps = append(ps, Placement{Face: fmt.Sprintf("F%d", i), Col: i % 8, Row: i / 8})
		}
		return ps
	}
	if 64*16*16 != MaxBoardCells {
		t.Fatalf("the test's bound is %d cells, MaxBoardCells %d", 64*16*16, MaxBoardCells)
	}
	b := handBuild(t, set, place(64)...)
	if len(b.Cells) != MaxBoardCells || len(b.Tiles) != 64 {
		t.Errorf("64 tiles: %d cells and %d tiles placed, want %d and 64", len(b.Cells), len(b.Tiles), MaxBoardCells)
	}
	// A tile that cannot be placed anyway (off the grid) does not count.
	ps := append(place(64), Placement{Face: "F64", Col: 99, Row: 0}, Placement{Face: "F65", Col: 0, Row: 8})
	b, probs := Build(set, ps)
	if len(probs) != 2 || probs[0].Code != ProblemBadPosition || probs[1].Code != ProblemBoardTooLarge || probs[1].Tile != 65 {
		t.Fatalf("66 tiles: %s, want %s at tile 64 and %s at tile 65", handProbs(probs), ProblemBadPosition, ProblemBoardTooLarge)
	}
	if want := "tile 66 (F65 at [0,8]) is left off the board: with it the tiles would cover 16,640 cells, past the 16,384 a board covers"; probs[1].Message != want {
		t.Errorf("message %q, want %q", probs[1].Message, want)
	}
	if len(b.Tiles) != 64 || len(b.Cells) != MaxBoardCells {
		t.Errorf("66 tiles: %d placed over %d cells, want the first 64 over %d", len(b.Tiles), len(b.Cells), MaxBoardCells)
	}
}

// TestTileSetCellsBounded: a tile set's faces hold at most MaxTileSetCells
// cells together; past it the faces are not read, one error at faces says
// why.
func TestTileSetCellsBounded(t *testing.T) {
	doc := func(n int) string {
		var b strings.Builder
		b.WriteString("format: 1\nname: big\nsize: 16\nfaces:\n")
		for i := range n {
			fmt.Fprintf(&b, "  F%d:\n    grid:\n", i)
			for range 16 {
				b.WriteString("      -" + strings.Repeat(" a", 16) + "\n")
			}
			b.WriteString("    zones:\n      a: corridor\n")
		}
		return b.String()
	}
	set, probs := parseTS(t, "big.yaml", doc(MaxTileSetCells/256))
	if set == nil || len(probs) > 0 || len(set.Faces) != 64 {
		t.Fatalf("64 faces of 16×16: %v", probs)
	}
	set, probs = parseTS(t, "big.yaml", doc(MaxTileSetCells/256+1))
	if set != nil || len(probs) != 1 || probs[0].Code != CodeTileSetFormat || probs[0].Pos.Line != 5 {
		t.Fatalf("65 faces of 16×16: set %v, problems %v; want one %s at line 5", set != nil, probs, CodeTileSetFormat)
	}
	if !strings.Contains(probs[0].Message, "16,640 cells (65 faces of 16×16); a tile set holds at most 16,384") {
		t.Errorf("message %q", probs[0].Message)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 16384: "16,384", 262144: "262,144", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
