package layout

import (
	"reflect"
	"strings"
	"testing"
)

// problemSet has walled rooms only, so placements make no border problems.
// 1A names its back 1B; 2B names its back 2A: pairs count whichever way.
func problemSet() *TileSet {
	room := func(id, other string) *Face { return handFace(id, other, []string{"ab", "ab"}, "a=room b=room") }
	return handSet(2, room("1A", "1B"), room("1B", ""), room("2A", ""), room("2B", "2A"), room("3A", ""))
}

func TestProblems(t *testing.T) {
	type want struct {
		code, field string
		tile        int
		msg         string // exact message, when given
		hint        string // exact hint, when given
	}
	cases := []struct {
		name  string
		tiles []Placement
		want  []want
	}{
		{"no tiles", nil, []want{{ProblemNoTiles, "", -1, "the mission places no tiles", ""}}},
		{"unknown face", []Placement{{Face: "1A"}, {Face: "1C", Col: 1}}, []want{
			{ProblemUnknownFace, "face", 1, `tile 2 (1C at [1,0]): tile set "hand" has no face "1C"`, "did you mean 1A or 1B?"}}},
		{"unknown face, case", []Placement{{Face: "3a"}}, []want{
			{ProblemUnknownFace, "face", 0, "", "did you mean 3A?"}}},
		{"unknown face, far", []Placement{{Face: "zzzz"}}, []want{
			{ProblemUnknownFace, "face", 0, "", `tile set "hand" has faces 1A, 1B, 2A, 2B, 3A`}}},
		{"bad rotation", []Placement{{Face: "1A", Rot: 45}, {Face: "2A", Col: 1, Rot: -90}, {Face: "3A", Col: 2, Rot: 360}}, []want{
			{ProblemBadRotation, "rot", 0, "tile 1 (1A at [0,0]): rotation 45 is not one of 0, 90, 180, 270; placed at 0", ""},
			{ProblemBadRotation, "rot", 1, "tile 2 (2A at [1,0]): rotation -90 is not one of 0, 90, 180, 270; placed at 270", ""},
			{ProblemBadRotation, "rot", 2, "", ""}}},
		{"bad position", []Placement{{Face: "1A"}, {Face: "2A", Col: -1}, {Face: "3A", Row: MaxTileGrid}}, []want{
			{ProblemBadPosition, "at", 1, "tile 2 (2A at [-1,0]): position [-1,0] is off the tile grid", ""},
			{ProblemBadPosition, "at", 2, "", ""}}},
		{"overlap", []Placement{{Face: "1A", Col: 1}, {Face: "2A"}, {Face: "3A", Col: 1}}, []want{
			{ProblemTileOverlap, "at", 2, "tile 3 (3A at [1,0]) overlaps tile 1 (1A at [1,0]); it is left off the board", ""}}},
		{"same face twice", []Placement{{Face: "1A"}, {Face: "1A", Col: 1}}, []want{
			{ProblemBothFaces, "face", 1, "tile 2 (1A at [1,0]) uses face 1A, already placed as tile 1 (1A at [0,0]); there is only one such tile", ""}}},
		{"both faces, named on the first", []Placement{{Face: "1A"}, {Face: "1B", Col: 1}}, []want{
			{ProblemBothFaces, "face", 1, "tile 2 (1B at [1,0]): face 1B is the back of tile 1 (1A at [0,0]); one physical tile cannot show both faces", ""}}},
		{"both faces, named on the second", []Placement{{Face: "2A"}, {Face: "2B", Col: 1}}, []want{
			{ProblemBothFaces, "face", 1, "", ""}}},
		{"disconnected", []Placement{{Face: "1A", Col: 3}, {Face: "2A"}, {Face: "3A", Col: 1}, {Face: "2B", Row: 2}}, []want{
			{ProblemBothFaces, "face", 3, "", ""},
			{ProblemBoardDisconnected, "at", 0, "tile 1 (1A at [3,0]) does not touch the rest of the board", ""},
			{ProblemBoardDisconnected, "at", 3, "", ""}}},
		{"disconnected group", []Placement{{Face: "1A"}, {Face: "2A", Col: 2, Row: 1}, {Face: "3A", Col: 3, Row: 1}}, []want{
			{ProblemBoardDisconnected, "at", 0, "tile 1 (1A at [0,0]) does not touch the rest of the board", ""}}},
		{"disconnected, tie", []Placement{{Face: "1A"}, {Face: "2A", Col: 1, Row: 1}}, []want{
			{ProblemBoardDisconnected, "at", 1, "", "tiles join only along a full side; move the group next to the other tiles"}}},
		{"disconnected pair", []Placement{{Face: "1A"}, {Face: "2A", Col: 1}, {Face: "3A", Col: 1, Row: 1}, {Face: "1B", Col: 3}, {Face: "2B", Col: 3, Row: 1}}, []want{
			{ProblemBothFaces, "face", 3, "", ""},
			{ProblemBothFaces, "face", 4, "", ""},
			{ProblemBoardDisconnected, "at", 3, "tile 4 (1B at [3,0]) and tile 5 (2B at [3,1]) form a group that does not touch the rest of the board", ""}}},
		{"everything at once", []Placement{{Face: "9Z", Col: -1, Rot: 1}}, []want{
			{ProblemUnknownFace, "face", 0, "", ""},
			{ProblemBadPosition, "at", 0, "", ""},
			{ProblemBadRotation, "rot", 0, "", ""}}},
	}
	for _, c := range cases {
		b, probs := Build(problemSet(), c.tiles)
		if len(probs) != len(c.want) {
			t.Errorf("%s: got\n%s", c.name, handProbs(probs))
			continue
		}
		for i, w := range c.want {
			p := probs[i]
			if p.Code != w.code || p.Field != w.field || p.Tile != w.tile ||
				w.msg != "" && p.Message != w.msg || w.hint != "" && p.Hint != w.hint {
				t.Errorf("%s: problem %d =\n  %+v\nwant\n  %+v", c.name, i, p, w)
			}
			if p.Message == "" {
				t.Errorf("%s: problem %d has no message", c.name, i)
			}
		}
		if b == nil {
			t.Fatalf("%s: nil board", c.name)
		}
		// Building again gives the same board and problems.
		b2, probs2 := Build(problemSet(), c.tiles)
		if !reflect.DeepEqual(probs, probs2) || !reflect.DeepEqual(b.Cells, b2.Cells) || !reflect.DeepEqual(handZoneIDs(b), handZoneIDs(b2)) {
			t.Errorf("%s: Build is not deterministic", c.name)
		}
	}
}

// What cannot be placed is left off; the rest still builds.
func TestProblemsSkipped(t *testing.T) {
	b, _ := Build(problemSet(), []Placement{{Face: "1A"}, {Face: "1C", Col: 1}, {Face: "2A", Col: -1}, {Face: "3A"}, {Face: "2B", Col: 2}})
	if b.W != 6 || b.H != 2 {
		t.Errorf("size %dx%d", b.W, b.H)
	}
	if len(b.Tiles) != 2 || b.Tiles[0].Index != 0 || b.Tiles[1].Index != 4 {
		t.Errorf("tiles %+v", b.Tiles)
	}
	if got := handLabels(b); got != "ab..ab\nab..ab\n" {
		t.Errorf("cells\n%s", got)
	}
	if got := strings.Join(handZoneIDs(b), " "); got != "1A/a 1A/b 2B/a 2B/b" {
		t.Errorf("zones %s", got)
	}
	if z := b.Zone("2B/a"); z.Tile != 1 {
		t.Errorf("2B/a on Board.Tiles[%d], want 1", z.Tile)
	}
}

func TestBadTileSets(t *testing.T) {
	for name, set := range map[string]*TileSet{
		"nil":     nil,
		"size 0":  {Name: "zero"},
		"no face": {Name: "empty", Size: 2},
	} {
		b, probs := Build(set, []Placement{{Face: "1A"}})
		if b == nil || b.W != 0 || len(b.Zones) != 0 || len(probs) != 1 {
			t.Errorf("%s: board %+v, problems\n%s", name, b, handProbs(probs))
			continue
		}
		code := ProblemBadTileSet
		if name == "no face" {
			code = ProblemUnknownFace
		}
		if probs[0].Code != code {
			t.Errorf("%s: %s", name, handProbs(probs))
		}
		if _, err := b.Ref("0,0"); err == nil {
			t.Errorf("%s: Ref on an empty board", name)
		}
	}

	// Faces whose shape does not fit the set are refused, not indexed.
	short := handFace("S", "", []string{"a"}, "a=room")
	nolabel := handFace("L", "", []string{"ab", "ab"}, "a=room b=room")
	delete(nolabel.Zones, "b")
	wide := handFace("Wd", "", []string{"aa", "aa"}, "a=room")
	wide.Grid[1] = append(wide.Grid[1], "a")
	set := handSet(2, short, nolabel, wide, nil)
	b, probs := Build(set, []Placement{{Face: "S"}, {Face: "L", Col: 1}, {Face: "Wd", Col: 2}})
	if got := strings.Join(handCodes(probs), " "); got != "bad-face bad-face bad-face" {
		t.Fatalf("problems %s\n%s", got, handProbs(probs))
	}
	if !strings.Contains(probs[1].Message, `cell 1,0 has zone label "b" that the face does not describe`) {
		t.Errorf("message %q", probs[1].Message)
	}
	if len(b.Tiles) != 0 || len(b.Cells) != 0 {
		t.Errorf("bad faces were placed: %+v", b.Tiles)
	}
}

func TestBorderOpenSpace(t *testing.T) {
	f := handFace("1A", "", []string{"ab", "ab"}, "a=room b=corridor")
	handEdge(f, 0, 0, N, EdgeDoor)    // off the board once placed at row 0
	handEdge(f, 1, 1, E, EdgeOpening) // towards the empty square east of tile 0
	handEdge(f, 1, 0, E, EdgeOpening)
	handEdge(f, 0, 1, W, EdgeHatch)
	g := handFace("2A", "", []string{"cc", "cc"}, "c=corridor")
	b, probs := Build(handSet(2, f, g), []Placement{{Face: "1A"}, {Face: "2A", Row: 1}, {Face: "1A", Col: 1, Row: 1, Rot: 180}})
	got := handProbs(probs)
	want := strings.Join([]string{
		"both-faces@2: tile 3 (1A at [1,1]) uses face 1A, already placed as tile 1 (1A at [0,0]); there is only one such tile",
		"border-open-space@0: tile 1 (1A at [0,0]) has a door opening on its north border at 0,0 that leads off the board",
		"border-open-space@0: tile 1 (1A at [0,0]) has an opening on its east border at 1,0 that leads to empty space (no tile there) (2 cell edges alike)",
		"border-dead-end@1: this corridor of 2A ends in a wall of 1A at 0,2 (its north border): turn one of the tiles?",
		"border-open-space@0: tile 1 (1A at [0,0]) has a hatch on its west border at 0,1 that leads off the board",
		"border-open-space@2: tile 3 (1A at [1,1]) has a hatch on its east border at 3,2 that leads off the board",
		"border-open-space@2: tile 3 (1A at [1,1]) has a door opening on its south border at 3,3 that leads off the board",
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if b.Edge(1, 0, E) != EdgeBoard || b.TileSide(1, 0, E) != EdgeOpening {
		t.Errorf("edge towards empty space = %s, side %s", b.Edge(1, 0, E), b.TileSide(1, 0, E))
	}
	// Tile 2 turned 180: its openings face west onto the corridor of tile 1.
	if b.Edge(1, 2, E) != EdgeOpening || b.Edge(1, 3, E) != EdgeOpening {
		t.Errorf("turned openings: %s %s", b.Edge(1, 2, E), b.Edge(1, 3, E))
	}
}
