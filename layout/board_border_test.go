package layout

import (
	"slices"
	"testing"
)

// cellFace is a one-cell face of the given kind (and features) with side e
// towards the other tile and walls elsewhere.
func cellFace(id, kind string, e EdgeKind, facing Dir) *Face {
	f := handFace(id, "", []string{"z"}, "z="+kind)
	f.Sides[0][0] = [4]EdgeKind{EdgeWall, EdgeWall, EdgeWall, EdgeWall}
	f.Sides[0][0][facing] = e
	return f
}

func TestBorderResolution(t *testing.T) {
	const (
		none, wall, open, door, mark, hatch, board = EdgeNone, EdgeWall, EdgeOpening, EdgeDoor, EdgeMarking, EdgeHatch, EdgeBoard
	)
	const (
		cor, room, ext, airlock, street = "corridor", "room", "exterior", "room:airlock", "street"
	)
	cases := []struct {
		kindA  string
		sideA  EdgeKind
		kindB  string
		sideB  EdgeKind
		want   EdgeKind
		zones  int    // 1 when the two cells are one zone
		code   string // the one problem expected, if any
		onOpen bool   // the problem is on the tile whose side is passable (else on the later tile)
	}{
		// Both sides run on: one zone when the kinds agree.
		{cor, none, cor, none, none, 1, "", false},
		{ext, none, ext, none, none, 1, "", false},
		{room, none, room, none, none, 1, "", false},
		{street, none, street, none, none, 1, "", false},
		{cor, none, ext, none, wall, 2, ProblemExteriorNoAirlock, false},
		{room, none, ext, none, wall, 2, ProblemExteriorNoAirlock, false},
		{airlock, none, ext, none, wall, 2, ProblemExteriorNoAirlock, false},
		{room, none, cor, none, wall, 2, ProblemBorderMismatch, false},
		{street, none, cor, none, wall, 2, ProblemBorderMismatch, false},
		{street, none, ext, none, wall, 2, ProblemBorderMismatch, false},
		// An open side takes what the other tile shows.
		// ... but a corridor, street or exterior that runs on into a wall
		// ends there: the tile is probably turned wrong. The station's
		// walls facing the exterior are what the rules want.
		{cor, none, room, wall, wall, 2, ProblemBorderDeadEnd, false},
		{street, none, room, wall, wall, 2, ProblemBorderDeadEnd, false},
		{ext, none, ext, wall, wall, 2, ProblemBorderDeadEnd, false},
		{cor, none, cor, board, wall, 2, ProblemBorderDeadEnd, false},
		{ext, none, room, wall, wall, 2, "", false},
		{room, none, room, wall, wall, 2, "", false},
		{cor, none, room, open, open, 2, "", false},
		{cor, none, room, door, door, 2, "", false},
		{cor, none, cor, mark, mark, 2, "", false},
		{ext, none, airlock, hatch, hatch, 2, "", false},
		{cor, none, cor, hatch, wall, 2, ProblemHatchMisplaced, false}, // a hatch that meets no exterior leads nowhere
		// A wall against something passable: the wall stands.
		{room, wall, room, open, wall, 2, ProblemBorderMismatch, true},
		{room, wall, room, door, wall, 2, ProblemBorderMismatch, true},
		{ext, wall, airlock, hatch, wall, 2, ProblemBorderMismatch, true},
		{room, board, room, door, wall, 2, ProblemBorderMismatch, true},
		{room, wall, room, wall, wall, 2, "", false},
		{cor, wall, cor, mark, wall, 2, "", false},
		// Passable sides: the stronger one stands.
		{cor, mark, cor, mark, mark, 2, "", false},
		{cor, mark, room, open, open, 2, "", false},
		{cor, mark, room, door, door, 2, "", false},
		{room, open, room, open, open, 2, "", false},
		{room, door, room, door, door, 2, "", false},
		{room, door, room, open, door, 2, "", false},
		{ext, hatch, airlock, hatch, hatch, 2, "", false},
		{ext, hatch, airlock, open, hatch, 2, "", false},
		{ext, hatch, airlock, door, hatch, 2, "", false},
		{ext, hatch, airlock, mark, hatch, 2, "", false},
		// Station to exterior only through a hatch.
		{cor, none, ext, open, wall, 2, ProblemExteriorNoAirlock, false},
		{cor, mark, ext, mark, wall, 2, ProblemExteriorNoAirlock, false},
		{room, door, ext, none, wall, 2, ProblemExteriorNoAirlock, false},
		{airlock, door, ext, door, wall, 2, ProblemExteriorNoAirlock, false},
		{airlock, wall, ext, none, wall, 2, "", false},
		{street, open, ext, open, open, 2, "", false},
	}
	for _, c := range cases {
		// Both ways round: the result must not depend on which tile is west.
		for _, swap := range []bool{false, true} {
			fa, fb := cellFace("A", c.kindA, c.sideA, E), cellFace("B", c.kindB, c.sideB, W)
			tiles := []Placement{{Face: "A"}, {Face: "B", Col: 1}}
			if swap {
				fa, fb = cellFace("A", c.kindA, c.sideA, W), cellFace("B", c.kindB, c.sideB, E)
				tiles = []Placement{{Face: "B"}, {Face: "A", Col: 1}}
			}
			set := handSet(1, fa, fb)
			b, probs := Build(set, tiles)
			name := c.kindA + "/" + c.sideA.String() + " vs " + c.kindB + "/" + c.sideB.String()
			if swap {
				name += " (swapped)"
			}
			if got := b.Edge(0, 0, E); got != c.want {
				t.Errorf("%s: edge %s, want %s", name, got, c.want)
			}
			if b.Edge(1, 0, W) != b.Edge(0, 0, E) {
				t.Errorf("%s: the edge differs seen from the east cell", name)
			}
			if len(b.Zones) != c.zones {
				t.Errorf("%s: %d zones, want %d", name, len(b.Zones), c.zones)
			}
			var want []string
			if c.code != "" {
				want = []string{c.code}
			}
			if got := handCodes(probs); !slices.Equal(got, want) {
				t.Errorf("%s: problems %v, want %v\n%s", name, got, want, handProbs(probs))
				continue
			}
			if c.code == "" {
				continue
			}
			// Which tile the problem is put on.
			wantTile := 1 // the later tile
			if c.onOpen {
				wantTile = 1 // B is passable: B is tile 1 unless swapped
				if swap {
					wantTile = 0
				}
			}
			if c.code == ProblemBorderDeadEnd {
				wantTile = 0 // on A, whose zone runs on into the wall
				if swap {
					wantTile = 1
				}
			}
			if probs[0].Tile != wantTile || probs[0].Cell == nil || *probs[0].Cell != (Point{wantTile, 0}) {
				t.Errorf("%s: problem on tile %d cell %v, want tile %d", name, probs[0].Tile, probs[0].Cell, wantTile)
			}
		}
	}
}

func TestBorderMessages(t *testing.T) {
	wallFace := handFace("3A", "", []string{"aa", "aa"}, "a=room")
	doorFace := handFace("2B", "", []string{"bb", "bb"}, "b=room")
	handEdge(doorFace, 1, 1, E, EdgeDoor)
	_, probs := Build(handSet(2, wallFace, doorFace), []Placement{{Face: "2B"}, {Face: "3A", Col: 1}})
	want := Problem{Code: ProblemBorderMismatch, Tile: 0, Cell: &Point{1, 1},
		Message: "a door opening on the east border of tile 1 (2B at [0,0]) at 1,1 faces a wall of tile 2 (3A at [1,0]); it counts as a wall",
		Hint:    "turn or swap one of the tiles so the openings meet"}
	if len(probs) != 1 || probs[0].Message != want.Message || probs[0].Hint != want.Hint || *probs[0].Cell != *want.Cell || probs[0].Tile != 0 {
		t.Errorf("got\n%s\nwant\n%s", handProbs(probs), want.Message)
	}

	// A corridor running into the exterior along a whole border is one
	// problem that counts its cell edges.
	cor := handFace("1A", "", []string{"cc", "cc"}, "c=corridor")
	ext := handFace("4B", "", []string{"xx", "xx"}, "x=exterior")
	_, probs = Build(handSet(2, cor, ext), []Placement{{Face: "1A"}, {Face: "4B", Col: 1}})
	msg := "the corridor 1A/c at 1,0 meets the exterior 4B/x at 2,0 with nothing between them; only an airlock hatch leads outside, so it counts as a wall (2 cell edges alike)"
	if len(probs) != 1 || probs[0].Message != msg || probs[0].Tile != 1 {
		t.Errorf("got\n%s\nwant\n%s", handProbs(probs), msg)
	}
}

// Inside one face the exterior check applies too: a user's tile set may
// open a corridor straight onto the exterior.
func TestExteriorInsideFace(t *testing.T) {
	f := handFace("9A", "", []string{"cx", "lx"}, "c=corridor l=room:airlock x=exterior")
	handEdge(f, 0, 0, E, EdgeOpening)
	handEdge(f, 0, 1, E, EdgeHatch)
	b, probs := Build(handSet(2, f), []Placement{{Face: "9A"}, {Face: "9A", Row: 1}})
	got := handCodes(probs)
	// Tile 1's corridor also runs north into tile 0's airlock wall.
	want := []string{ProblemBothFaces, ProblemExteriorNoAirlock, ProblemBorderDeadEnd, ProblemExteriorNoAirlock}
	if !slices.Equal(got, want) {
		t.Fatalf("problems %v, want %v\n%s", got, want, handProbs(probs))
	}
	if probs[1].Tile != 0 || probs[3].Tile != 1 || *probs[1].Cell != (Point{0, 0}) || *probs[3].Cell != (Point{0, 2}) {
		t.Errorf("problems:\n%s", handProbs(probs))
	}
	if b.Edge(0, 0, E) != EdgeWall || b.Edge(0, 1, E) != EdgeHatch {
		t.Errorf("edges %s %s", b.Edge(0, 0, E), b.Edge(0, 1, E))
	}
	if b.ZoneAt(1, 0) != b.ZoneAt(1, 3) || b.Edge(0, 1, S) != EdgeWall {
		t.Errorf("the exterior should run across the border, the airlock stay walled")
	}
}
