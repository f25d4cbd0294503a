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
// cells together, and it has at most MaxTileSetFaces faces; past either the
// faces are not read, and one error at the first face past the bound says
// why.
func TestTileSetCellsBounded(t *testing.T) {
	doc := func(size, n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "format: 1\nname: big\nsize: %d\nfaces:\n", size)
		for i := range n {
			fmt.Fprintf(&b, "  F%d:\n    grid:\n", i)
			for range size {
				b.WriteString("      -" + strings.Repeat(" a", size) + "\n")
			}
			b.WriteString("    zones:\n      a: corridor\n")
		}
		return b.String()
	}
	// A face of size s takes s+4 lines after the 4 of the head.
	line := func(size, face int) int { return 5 + face*(size+4) }
	for _, c := range []struct {
		size, ok int
		why      string
	}{
		{16, 64, "face F64 is one face too many: 65 faces of 16×16 cells hold 16,640 cells, past the 16,384 a tile set holds (64 such faces)"},
		{5, 655, "face F655 is one face too many: 656 faces of 5×5 cells hold 16,400 cells, past the 16,384 a tile set holds (655 such faces)"},
		{1, MaxTileSetFaces, "face F2048 is one face too many: a tile set holds at most 2,048 faces (1,024 double-sided tiles), and this one has 2,049"},
	} {
		set, probs := parseTS(t, "big.yaml", doc(c.size, c.ok))
		if set == nil || len(probs) > 0 || len(set.Faces) != c.ok {
			t.Fatalf("%d faces of %d×%d: %v", c.ok, c.size, c.size, probs)
		}
		set, probs = parseTS(t, "big.yaml", doc(c.size, c.ok+1))
		if set != nil || len(probs) != 1 || probs[0].Code != CodeTileSetFormat || probs[0].Pos.Line != line(c.size, c.ok) {
			t.Fatalf("%d faces of %d×%d: set %v, problems %v; want one %s at line %d", c.ok+1, c.size, c.size, set != nil, probs, CodeTileSetFormat, line(c.size, c.ok))
		}
		if !strings.Contains(probs[0].Message, c.why) {
			t.Errorf("message %q, want it to say %q", probs[0].Message, c.why)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 16384: "16,384", 262144: "262,144", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
