package layout

import (
	"slices"
	"strconv"
	"testing"
)

// asymFace has no symmetry, a door on the north border of its top-left cell
// and a door between zones d and b.
func asymFace() *Face {
	f := handFace("F", "", []string{
		"aab",
		"cdb",
		"ccb",
	}, "a=room b=corridor c=room d=room")
	handEdge(f, 0, 0, N, EdgeDoor)
	handEdge(f, 1, 1, E, EdgeDoor)
	return f
}

func TestRotation(t *testing.T) {
	// The expected grids are written out by hand, not computed.
	cases := []struct {
		rot     int
		grid    string
		ids     []string
		doorAt  Point // where the border door of face cell 0,0 lands
		doorDir Dir
		inner   Point // cell of zone d whose side holds the inner door
		innerD  Dir
	}{
		{0, "aab\ncdb\nccb\n", []string{"F/a", "F/b", "F/c", "F/d"}, Point{0, 0}, N, Point{1, 1}, E},
		{90, "cca\ncda\nbbb\n", []string{"F/c", "F/a", "F/d", "F/b"}, Point{2, 0}, E, Point{1, 1}, S},
		{180, "bcc\nbdc\nbaa\n", []string{"F/b", "F/c", "F/d", "F/a"}, Point{2, 2}, S, Point{1, 1}, W},
		{270, "bbb\nadc\nacc\n", []string{"F/b", "F/a", "F/d", "F/c"}, Point{0, 2}, W, Point{1, 1}, N},
	}
	for _, c := range cases {
		b, probs := Build(handSet(3, asymFace()), []Placement{{Face: "F", Rot: c.rot}})
		// The border door faces off the board: that is the only problem.
		if got := handCodes(probs); !slices.Equal(got, []string{ProblemBorderOpenSpace}) {
			t.Errorf("rot %d: problems %v, want one border-open-space:\n%s", c.rot, got, handProbs(probs))
		} else if *probs[0].Cell != c.doorAt {
			t.Errorf("rot %d: open-space problem at %v, want %v", c.rot, *probs[0].Cell, c.doorAt)
		}
		if got := handLabels(b); got != c.grid {
			t.Errorf("rot %d: grid\n%swant\n%s", c.rot, got, c.grid)
		}
		if got := handZoneIDs(b); !slices.Equal(got, c.ids) {
			t.Errorf("rot %d: zones %v, want %v", c.rot, got, c.ids)
		}
		// The door's cell is a corner of room a: the door on one outer side,
		// the room's wall on the other, nothing towards the rest of room a,
		// walls towards other zones.
		for d := N; d <= W; d++ {
			nx, ny := c.doorAt.X+DX[d], c.doorAt.Y+DY[d]
			want := EdgeWall
			switch {
			case d == c.doorDir:
				want = EdgeDoor
			case b.ZoneAt(nx, ny) != nil && b.ZoneAt(nx, ny).ID == "F/a":
				want = EdgeNone
			}
			if got := b.TileSide(c.doorAt.X, c.doorAt.Y, d); got != want {
				t.Errorf("rot %d: TileSide(%v, %s) = %s, want %s", c.rot, c.doorAt, d, got, want)
			}
		}
		if got := b.Edge(c.doorAt.X, c.doorAt.Y, c.doorDir); got != EdgeBoard {
			t.Errorf("rot %d: Edge at the board edge = %s, want board", c.rot, got)
		}
		if got := b.Edge(c.inner.X, c.inner.Y, c.innerD); got != EdgeDoor {
			t.Errorf("rot %d: inner door Edge(%v, %s) = %s", c.rot, c.inner, c.innerD, got)
		}
		nx, ny := c.inner.X+DX[c.innerD], c.inner.Y+DY[c.innerD]
		if got := b.Edge(nx, ny, c.innerD.Opposite()); got != EdgeDoor {
			t.Errorf("rot %d: inner door seen from %d,%d = %s", c.rot, nx, ny, got)
		}
		if z := b.ZoneAt(nx, ny); z.ID != "F/b" {
			t.Errorf("rot %d: beyond the inner door is %s, want F/b", c.rot, z.ID)
		}
	}
}

// Two corridor faces side by side: the middle row is one corridor zone named
// after its first cell.
func TestCorridorStraddles(t *testing.T) {
	west := handFace("1A", "", []string{"aaa", "ccc", "bbb"}, "a=room b=room c=corridor")
	east := handFace("2A", "", []string{"xxx", "yyy", "zzz"}, "x=room:security y=corridor z=room")
	set := handSet(3, west, east)
	b := handBuild(t, set, Placement{Face: "2A", Col: 1}, Placement{Face: "1A"})
	if got, want := handZoneIDs(b), []string{"1A/a", "2A/x", "1A/c", "1A/b", "2A/z"}; !slices.Equal(got, want) {
		t.Fatalf("zones %v, want %v", got, want)
	}
	c := b.Zone("1A/c")
	if c.Kind != Corridor || len(c.Cells) != 6 || c.Face != "1A" || c.Label != "c" || c.Tile != 1 {
		t.Errorf("corridor zone = %+v", *c)
	}
	if b.ZoneAt(5, 1) != c || b.Edge(2, 1, E) != EdgeNone || b.Edge(3, 1, W) != EdgeNone {
		t.Errorf("corridor does not run across the border")
	}
	if b.Edge(2, 0, E) != EdgeWall {
		t.Errorf("rooms meeting at the border: %s, want wall", b.Edge(2, 0, E))
	}
	if z, at, ok := b.FaceZone("2A", "y"); !ok || z != c || at != (Point{3, 1}) {
		t.Errorf("FaceZone(2A, y) = %v %v %v", z, at, ok)
	}
	if b.Tiles[c.Tile].Index != 1 || b.Tiles[0].Face != "2A" {
		t.Errorf("tiles = %+v", b.Tiles)
	}
	if !b.Zone("2A/x").HasFeature("security") {
		t.Errorf("features lost: %+v", b.Zone("2A/x"))
	}
}

// A room that runs on across a border gets the features of both halves.
func TestRoomStraddlesUnitesFeatures(t *testing.T) {
	left := handFace("L", "", []string{"r"}, "r=room:security")
	right := handFace("R", "", []string{"s"}, "s=room:dark,oxygen")
	handEdge(left, 0, 0, E, EdgeNone)
	handEdge(right, 0, 0, W, EdgeNone)
	b := handBuild(t, handSet(1, left, right), Placement{Face: "L"}, Placement{Face: "R", Col: 1})
	if len(b.Zones) != 1 {
		t.Fatalf("zones %v, want one", handZoneIDs(b))
	}
	if got := b.Zones[0].Features; !slices.Equal(got, []string{"dark", "oxygen", "security"}) {
		t.Errorf("features %v", got)
	}
}

// The same face twice: the second copy's zones get "~2".
func TestDuplicateIDs(t *testing.T) {
	f := handFace("1A", "", []string{"ab", "ab"}, "a=room b=room")
	b, probs := Build(handSet(2, f), []Placement{{Face: "1A"}, {Face: "1A", Col: 1}})
	if got := handCodes(probs); !slices.Equal(got, []string{ProblemBothFaces}) {
		t.Fatalf("problems %v", got)
	}
	if got, want := handZoneIDs(b), []string{"1A/a", "1A/b", "1A/a~2", "1A/b~2"}; !slices.Equal(got, want) {
		t.Errorf("zones %v, want %v", got, want)
	}
	if b.Zone("1A/a~2").Cells[0] != (Point{2, 0}) {
		t.Errorf("1A/a~2 starts at %v", b.Zone("1A/a~2").Cells[0])
	}
}

func TestAccessorsOutside(t *testing.T) {
	b := handBuild(t, handSet(2, handFace("1A", "", []string{"ab", "ab"}, "a=room b=room")),
		Placement{Face: "1A", Col: 1, Row: 1})
	if b.W != 4 || b.H != 4 {
		t.Fatalf("size %dx%d, want the bounding box from [0,0]: 4x4", b.W, b.H)
	}
	for _, p := range []Point{{-1, 0}, {0, -1}, {4, 0}, {0, 4}} {
		if b.Cell(p.X, p.Y) != nil || b.ZoneAt(p.X, p.Y) != nil || b.Edge(p.X, p.Y, E) != EdgeBoard {
			t.Errorf("outside %v not empty", p)
		}
	}
	if c := b.Cell(0, 0); c == nil || c.Tile != -1 || c.Zone != -1 || b.ZoneAt(0, 0) != nil {
		t.Errorf("empty cell = %+v", c)
	}
	if b.Edge(1, 2, E) != EdgeBoard || b.Edge(2, 2, W) != EdgeBoard || b.TileSide(2, 2, W) != EdgeWall {
		t.Errorf("edge towards an empty cell: %s/%s, side %s", b.Edge(1, 2, E), b.Edge(2, 2, W), b.TileSide(2, 2, W))
	}
	if b.Edge(2, 2, E) != EdgeWall || b.Edge(3, 2, W) != EdgeWall {
		t.Errorf("inner wall = %s", b.Edge(2, 2, E))
	}
	if b.Zone("nope") != nil {
		t.Errorf("Zone of an unknown id")
	}
	if _, _, ok := b.FaceZone("1A", "z"); ok {
		t.Errorf("FaceZone of an unknown label")
	}
	if b.Edge(2, 2, Dir(9)) != EdgeBoard || b.TileSide(2, 2, Dir(9)) != EdgeBoard {
		t.Errorf("a side out of range must read as the board edge")
	}
}

func TestAdjacent(t *testing.T) {
	// Corridor c above, two rooms below with a door into the left one.
	f := handFace("1A", "", []string{"ccc", "aab", "aab"}, "a=room b=room c=corridor")
	handEdge(f, 1, 1, N, EdgeDoor)
	b := handBuild(t, handSet(3, f), Placement{Face: "1A"})
	// Zones in reading order: 1A/c 0, 1A/a 1, 1A/b 2.
	got := b.Adjacent()
	want := []Adjacency{
		{A: 0, B: 1, Edges: []CellEdge{{0, 0, S, EdgeWall}, {1, 0, S, EdgeDoor}}},
		{A: 0, B: 2, Edges: []CellEdge{{2, 0, S, EdgeWall}}},
		{A: 1, B: 2, Edges: []CellEdge{{1, 1, E, EdgeWall}, {1, 2, E, EdgeWall}}},
	}
	if len(got) != len(want) {
		t.Fatalf("Adjacent = %+v", got)
	}
	for i := range want {
		if got[i].A != want[i].A || got[i].B != want[i].B || !slices.Equal(got[i].Edges, want[i].Edges) {
			t.Errorf("adjacency %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	// Edges are given from zone A's cell, also where that cell lies east or
	// south of the zone B cell.
	g := handFace("2A", "", []string{"aab", "bab", "bbb"}, "a=room b=room")
	b2 := handBuild(t, handSet(3, g), Placement{Face: "2A"})
	adj := b2.Adjacent()
	wantEdges := []CellEdge{{0, 0, S, EdgeWall}, {1, 0, E, EdgeWall}, {1, 1, E, EdgeWall}, {1, 1, S, EdgeWall}, {1, 1, W, EdgeWall}}
	if len(adj) != 1 || adj[0].A != 0 || adj[0].B != 1 || !slices.Equal(adj[0].Edges, wantEdges) {
		t.Errorf("Adjacent = %+v", adj)
	}
}

// One face placed many times: the copies of each zone are named ~2, ~3...
// in zone order, as trying each number from 2 until one is free names
// them, and naming them costs the same per copy however many there are
// (the tries made it quadratic: 20 s for a 16×16 face placed 1,024 times).
// Allocations, not time, tell: they are counted exactly.
func TestManyCopiesIDs(t *testing.T) {
	f := handFace("F", "", []string{"abcd", "efgh", "ijkl", "mnop"},
		"a=room b=room c=room d=room e=room f=room g=room h=room i=room j=room k=room l=room m=room n=room o=room p=room")
	build := func(side int) *Board {
		var ps []Placement
		for i := range side * side {
			ps = append(ps, Placement{Face: "F", Col: i % side, Row: i / side})
		}
		b, _ := Build(handSet(4, f), ps)
		return b
	}
	b := build(32)
	if len(b.Zones) != 16*1024 {
		t.Fatalf("%d zones, want %d", len(b.Zones), 16*1024)
	}
	copies := map[string]int{}
	for _, z := range b.Zones {
		base := z.Face + "/" + z.Label
		copies[base]++
		want := base
		if k := copies[base]; k > 1 {
			want = base + "~" + strconv.Itoa(k)
		}
		if z.ID != want || b.Zone(want) != z {
			t.Fatalf("zone %d is %s, want %s", z.Index, z.ID, want)
		}
	}
	small := testing.AllocsPerRun(3, func() { build(8) })  // 64 copies
	large := testing.AllocsPerRun(3, func() { build(32) }) // 1,024 copies
	if ratio := large / small; ratio > 16*1.5 {
		t.Errorf("16 times the copies take %.1f times the allocations (%.0f against %.0f): not linear", ratio, large, small)
	}
}
