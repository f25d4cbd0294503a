package layout

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

func citySet(t *testing.T) *TileSet {
	t.Helper()
	set, err := Builtin("city")
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// faceNumber is the tile number a face id starts with: "12C" -> "12".
func faceNumber(id string) string {
	return strings.TrimRight(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
}

func TestBuiltinCity(t *testing.T) {
	set := citySet(t)
	if set.Size != 3 || set.Title == "" {
		t.Errorf("size %d, title %q", set.Size, set.Title)
	}
	if len(set.Faces) != 18 {
		t.Fatalf("%d faces, want 18", len(set.Faces))
	}
	pairs := map[string]bool{}
	crossPairs := 0
	crossingFaces, buildings, lShaped, buildingSides := 0, 0, 0, 0
	for i, f := range set.Faces {
		// classic naming: nB and nC, which are NOT the two sides of one tile
		if want := fmt.Sprintf("%d%c", i/2+1, "BC"[i%2]); f.ID != want {
			t.Errorf("face %d is %s, want %s", i, f.ID, want)
		}
		back := set.Face(f.Other)
		if back == nil || back.Other != f.ID {
			t.Errorf("%s: back %q does not name it back", f.ID, f.Other)
			continue
		}
		key := min(f.ID, f.Other) + "|" + max(f.ID, f.Other)
		if !pairs[key] && faceNumber(f.ID) != faceNumber(f.Other) {
			crossPairs++
		}
		pairs[key] = true
		if f.Title == "" {
			t.Errorf("%s has no title", f.ID)
		}
		for l, z := range f.Zones {
			if len(z.Features) > 0 {
				t.Errorf("%s: zone %s has features %v; classic tiles have none", f.ID, l, z.Features)
			}
		}
		checkFaceComplete(t, f, 3)
		checkCityEdges(t, f)
		checkCityBorder(t, f)
		checkCityReach(t, f)
		if cityCrossings(f) > 0 {
			crossingFaces++
		}
		for _, b := range faceBuildings(f) {
			if len(b) > 1 {
				buildings++
			}
		}
		lShaped += len(lShapedRooms(f))
		buildingSides += len(cityBuildingSides(f))
	}
	if len(pairs) != 9 {
		t.Errorf("%d physical tiles, want 9", len(pairs))
	}
	if crossPairs == 0 {
		t.Error("every tile pairs faces of one number: the set should show that names do not imply pairs")
	}
	if crossingFaces < 4 {
		t.Errorf("%d faces with a pedestrian crossing, want at least 4", crossingFaces)
	}
	if buildings < 6 {
		t.Errorf("%d buildings of several rooms, want at least 6", buildings)
	}
	if lShaped == 0 {
		t.Error("no L-shaped room")
	}
	if buildingSides < 2 {
		t.Errorf("%d building sides, want at least 2 so buildings can straddle tiles", buildingSides)
	}
}

// Spot-check faces against their drawings in the file.
func TestBuiltinCityFaces(t *testing.T) {
	set := citySet(t)
	if f := set.Face("6C"); f == nil || f.Other != "9B" {
		t.Fatalf("6C missing or not on the tile of 9B: %+v", f)
	}
	if f := set.Face("6B"); f == nil || f.Other != "1C" {
		t.Fatalf("6B missing or not on the tile of 1C: %+v", f)
	}
	f := set.Face("1C")
	if got := cityBuildingRooms(f); !slices.Equal(got, []string{"a,d,f", "b"}) {
		t.Errorf("1C buildings = %v", got)
	}
	if got := lShapedRooms(f); !slices.Equal(got, []string{"d"}) {
		t.Errorf("1C L-shaped rooms = %v", got)
	}
	if got := f.Sides[1][0]; got != [4]EdgeKind{EdgeOpening, EdgeDoor, EdgeNone, EdgeWall} {
		t.Errorf("1C cell 0,1 sides = %v", got)
	}
	f = set.Face("2B")
	if got := cityBuildingSides(f); !slices.Equal(got, []Dir{E}) {
		t.Errorf("2B building sides = %v", got)
	}
	if got := f.Sides[0][2]; got != [4]EdgeKind{EdgeWall, EdgeOpening, EdgeWall, EdgeOpening} {
		t.Errorf("2B cell 2,0 sides = %v", got)
	}
	if n := cityCrossings(set.Face("1B")); n != 4 {
		t.Errorf("1B has %d crossings, want 4", n)
	}
	if n := cityCrossings(set.Face("7B")); n != 0 {
		t.Errorf("7B has %d crossings, want 0", n)
	}
}

func TestBuiltinCitySchema(t *testing.T) {
	src, ok := BuiltinSource("city")
	if !ok {
		t.Fatal("no embedded city.yaml")
	}
	root, probs := source.Parse("city.yaml", src, source.Limits{})
	if len(probs) == 0 {
		_, probs = ParseTileSet("city.yaml", root)
	}
	for _, p := range probs {
		t.Errorf("city: %s", p)
	}
	if err := tileSetSchema(t).Validate(source.ToValue(readTree(t, "city.yaml", src))); err != nil {
		t.Errorf("city: %v", err)
	}
}

// Boards of four tiles whose building sides meet: no problem at all, and
// the buildings and streets named in each case run across tile borders.
func TestBuiltinCityBoards(t *testing.T) {
	set := citySet(t)
	cases := []struct {
		name            string
		tiles           []Placement
		streets, builds int // zones/buildings spanning two tiles or more, at least
	}{
		{"arcade meets avenue", []Placement{
			{Face: "2B", Col: 0, Row: 0}, {Face: "3B", Col: 1, Row: 0},
			{Face: "1B", Col: 0, Row: 1}, {Face: "5B", Col: 1, Row: 1, Rot: 90},
		}, 1, 2},
		{"warehouses over the school", []Placement{
			{Face: "6C", Col: 0, Row: 0}, {Face: "3B", Col: 1, Row: 0, Rot: 270},
			{Face: "4C", Col: 0, Row: 1}, {Face: "9C", Col: 1, Row: 1, Rot: 180},
		}, 1, 3},
		{"streets meet between buildings", []Placement{
			{Face: "1B", Col: 0, Row: 0}, {Face: "8C", Col: 1, Row: 0, Rot: 90},
			{Face: "6C", Col: 0, Row: 1, Rot: 270}, {Face: "2B", Col: 1, Row: 1, Rot: 180},
		}, 2, 2},
		{"no building sides, all turned", []Placement{
			{Face: "7C", Col: 0, Row: 0, Rot: 90}, {Face: "8B", Col: 1, Row: 0, Rot: 180},
			{Face: "5C", Col: 0, Row: 1, Rot: 270}, {Face: "1C", Col: 1, Row: 1},
		}, 2, 0},
	}
	for _, c := range cases {
		b, probs := Build(set, c.tiles)
		for _, p := range probs {
			// A street that ends at a building wall is a warning about the
			// layout, not a fault of the set: these boards have some.
			if p.Code == ProblemBorderDeadEnd {
				continue
			}
			t.Errorf("%s: %s: %s", c.name, p.Code, p.Message)
		}
		if b.W != 6 || b.H != 6 {
			t.Fatalf("%s: board %dx%d", c.name, b.W, b.H)
		}
		streets := 0
		for _, z := range b.Zones {
			if z.Kind == Street && zoneTiles(b, z.Cells) > 1 {
				streets++
			}
		}
		builds := 0
		for _, cells := range boardBuildings(b) {
			if zoneTiles(b, cells) > 1 {
				builds++
			}
		}
		if streets < c.streets || builds < c.builds {
			t.Errorf("%s: %d streets and %d buildings across tiles, want at least %d and %d", c.name, streets, builds, c.streets, c.builds)
		}
	}
	// a building side against a plain side is reported
	_, probs := Build(set, []Placement{{Face: "2B", Col: 0, Row: 0}, {Face: "1B", Col: 1, Row: 0}})
	if !slices.ContainsFunc(probs, func(p Problem) bool { return p.Code == ProblemBorderMismatch }) {
		t.Errorf("2B's arcades against 1B's walls: problems %v, want a border mismatch", probs)
	}
}

// Any two faces of different tiles, side by side, can be turned so that a
// street runs from one into the other with no border mismatch. Building
// sides left facing the board edge are the only problem allowed.
func TestBuiltinCityFacesJoin(t *testing.T) {
	set := citySet(t)
	rots := []int{0, 90, 180, 270}
	for _, a := range set.Faces {
		for _, c := range set.Faces {
			if a == c || a.Other == c.ID {
				continue
			}
			joined := false
			for _, ra := range rots {
				for _, rc := range rots {
					b, probs := Build(set, []Placement{{Face: a.ID, Rot: ra}, {Face: c.ID, Col: 1, Rot: rc}})
					if !slices.ContainsFunc(probs, func(p Problem) bool { return p.Code != ProblemBorderOpenSpace }) &&
						slices.ContainsFunc(b.Zones, func(z *Zone) bool { return z.Kind == Street && zoneTiles(b, z.Cells) > 1 }) {
						joined = true
					}
				}
			}
			if !joined {
				t.Errorf("%s and %s: no rotation joins them street to street", a.ID, c.ID)
			}
		}
	}
}

// docs/tilesets.md lists every city face with its title and grid.
func TestDocCityTable(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "docs", "tilesets.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range citySet(t).Faces {
		var rows []string
		for _, r := range f.Grid {
			rows = append(rows, strings.Join(r, ""))
		}
		row := fmt.Sprintf("| %s | %s | %s | `%s` |", f.ID, f.Other, f.Title, strings.Join(rows, " / "))
		if !strings.Contains(string(raw), row) {
			t.Errorf("docs/tilesets.md has no row starting %q", row)
		}
	}
}

// checkCityEdges: inside a face, rooms of one building open into each
// other, rooms open onto streets through door openings, and streets are
// split by pedestrian crossings.
func checkCityEdges(t *testing.T, f *Face) {
	t.Helper()
	for y := range 3 {
		for x := range 3 {
			for _, d := range []Dir{E, S} {
				nx, ny := x+DX[d], y+DY[d]
				if nx > 2 || ny > 2 || f.Grid[y][x] == f.Grid[ny][nx] {
					continue
				}
				a, b := f.Zones[f.Grid[y][x]].Kind, f.Zones[f.Grid[ny][nx]].Kind
				k := f.Sides[y][x][d]
				var allowed []EdgeKind
				switch {
				case a == Room && b == Room:
					allowed = []EdgeKind{EdgeWall, EdgeOpening}
				case a == Street && b == Street:
					allowed = []EdgeKind{EdgeMarking}
				case a == Room && b == Street || a == Street && b == Room:
					allowed = []EdgeKind{EdgeWall, EdgeDoor}
				default:
					t.Errorf("%s: cell %d,%d: zone kinds %s and %s; the city has only rooms and streets", f.ID, x, y, a, b)
					continue
				}
				if !slices.Contains(allowed, k) {
					t.Errorf("%s: %s between %s %s and %s %s at %d,%d %s", f.ID, k, a, f.Grid[y][x], b, f.Grid[ny][nx], x, y, d)
				}
			}
		}
	}
}

// checkCityBorder: corners are rooms; the middle cell of a side is an open
// street or a walled room; corner rooms are walled on the border except on
// a building side, where both corners have an opening. Every face keeps a
// plain side (walled corners) with a street in the middle, so that any two
// faces can be turned to join street to street.
func checkCityBorder(t *testing.T, f *Face) {
	t.Helper()
	plainStreet := false
	for d := N; d <= W; d++ {
		building := slices.Contains(cityBuildingSides(f), d)
		for k := range 3 {
			x, y := tsBorderCell(d, k, 3)
			z, side := f.Zones[f.Grid[y][x]], f.Sides[y][x][d]
			switch {
			case k != 1 && z.Kind != Room:
				t.Errorf("%s: corner %d,%d is a %s, want a room", f.ID, x, y, z.Kind)
			case k != 1 && building && side != EdgeOpening,
				k != 1 && !building && side != EdgeWall:
				t.Errorf("%s: corner %d,%d has %s on border %s", f.ID, x, y, side, d)
			case k == 1 && z.Kind == Street && side != EdgeNone:
				t.Errorf("%s: street %d,%d has %s on border %s, want open", f.ID, x, y, side, d)
			case k == 1 && z.Kind == Room && side != EdgeWall:
				t.Errorf("%s: middle room %d,%d has %s on border %s, want a wall", f.ID, x, y, side, d)
			}
		}
		mx, my := tsBorderCell(d, 1, 3)
		if !building && f.Zones[f.Grid[my][mx]].Kind == Street {
			plainStreet = true
		}
	}
	if !plainStreet {
		t.Errorf("%s: no plain side with a street in the middle", f.ID)
	}
}

// cityBuildingSides lists the sides on which some corner room opens onto
// the next tile.
func cityBuildingSides(f *Face) []Dir {
	var out []Dir
	for d := N; d <= W; d++ {
		for _, k := range []int{0, 2} {
			x, y := tsBorderCell(d, k, 3)
			if f.Sides[y][x][d] == EdgeOpening {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// checkCityReach: every street is reached from the tile border, through
// crossings if need be; every room from a street, through its own door
// opening or through other rooms.
func checkCityReach(t *testing.T, f *Face) {
	t.Helper()
	reached := map[string]bool{}
	var queue []Point
	visit := func(x, y int) {
		if l := f.Grid[y][x]; !reached[l] {
			reached[l] = true
			queue = append(queue, Point{x, y})
		}
	}
	for d := N; d <= W; d++ {
		for k := range 3 {
			x, y := tsBorderCell(d, k, 3)
			if f.Zones[f.Grid[y][x]].Kind == Street && f.Sides[y][x][d] == EdgeNone {
				visit(x, y)
			}
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for y := range 3 {
			for x := range 3 {
				if f.Grid[y][x] != f.Grid[q.Y][q.X] {
					continue
				}
				for d := N; d <= W; d++ {
					nx, ny := x+DX[d], y+DY[d]
					if nx >= 0 && ny >= 0 && nx < 3 && ny < 3 && f.Sides[y][x][d] != EdgeWall {
						visit(nx, ny)
					}
				}
			}
		}
	}
	for l, z := range f.Zones {
		if !reached[l] {
			t.Errorf("%s: %s %s cannot be reached from a street", f.ID, z.Kind, l)
		}
	}
}

// cityCrossings counts the pedestrian crossings of a face: markings
// between two street zones.
func cityCrossings(f *Face) int {
	n := 0
	for y := range 3 {
		for x := range 3 {
			for _, d := range []Dir{E, S} {
				nx, ny := x+DX[d], y+DY[d]
				if nx < 3 && ny < 3 && f.Sides[y][x][d] == EdgeMarking &&
					f.Zones[f.Grid[y][x]].Kind == Street && f.Zones[f.Grid[ny][nx]].Kind == Street {
					n++
				}
			}
		}
	}
	return n
}

// faceBuildings groups the room labels of a face into buildings: rooms
// joined by openings (not by doors). Each building is sorted, and the list
// is sorted by first room.
func faceBuildings(f *Face) [][]string {
	parent := map[string]string{}
	var find func(string) string
	find = func(l string) string {
		if p, ok := parent[l]; ok && p != l {
			return find(p)
		}
		return l
	}
	for y := range 3 {
		for x := range 3 {
			l := f.Grid[y][x]
			if f.Zones[l].Kind != Room {
				continue
			}
			if _, ok := parent[l]; !ok {
				parent[l] = l
			}
			for _, d := range []Dir{E, S} {
				nx, ny := x+DX[d], y+DY[d]
				if nx < 3 && ny < 3 && f.Sides[y][x][d] == EdgeOpening {
					a, b := find(l), find(f.Grid[ny][nx])
					if a != b {
						parent[max(a, b)] = min(a, b)
					}
				}
			}
		}
	}
	groups := map[string][]string{}
	for l := range parent {
		groups[find(l)] = append(groups[find(l)], l)
	}
	var out [][]string
	for _, g := range groups {
		slices.Sort(g)
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
	return out
}

func cityBuildingRooms(f *Face) []string {
	var out []string
	for _, b := range faceBuildings(f) {
		out = append(out, strings.Join(b, ","))
	}
	return out
}

// lShapedRooms lists the rooms of three or more cells that do not lie in
// one row or one column.
func lShapedRooms(f *Face) []string {
	xs, ys := map[string]map[int]bool{}, map[string]map[int]bool{}
	count := map[string]int{}
	for y := range 3 {
		for x := range 3 {
			l := f.Grid[y][x]
			if xs[l] == nil {
				xs[l], ys[l] = map[int]bool{}, map[int]bool{}
			}
			xs[l][x], ys[l][y] = true, true
			count[l]++
		}
	}
	var out []string
	for l, z := range f.Zones {
		// an L of three cells spans two rows and two columns
		if z.Kind == Room && count[l] == 3 && len(xs[l]) == 2 && len(ys[l]) == 2 {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// boardBuildings groups the room cells of a board into buildings: room
// zones joined by openings, across tile borders too.
func boardBuildings(b *Board) [][]Point {
	parent := make([]int, len(b.Zones))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for _, a := range b.Adjacent() {
		za, zb := b.Zones[a.A], b.Zones[a.B]
		if za.Kind != Room || zb.Kind != Room {
			continue
		}
		for _, e := range a.Edges {
			if e.Kind == EdgeOpening {
				parent[find(a.A)] = find(a.B)
			}
		}
	}
	groups := map[int][]Point{}
	for _, z := range b.Zones {
		if z.Kind == Room {
			groups[find(z.Index)] = append(groups[find(z.Index)], z.Cells...)
		}
	}
	var out [][]Point
	for _, z := range b.Zones { // zone order keeps the result stable
		if g, ok := groups[z.Index]; ok {
			out = append(out, g)
		}
	}
	return out
}

// zoneTiles counts the placed tiles some of the cells lie on.
func zoneTiles(b *Board, cells []Point) int {
	tiles := map[int]bool{}
	for _, c := range cells {
		tiles[b.Cell(c.X, c.Y).Tile] = true
	}
	return len(tiles)
}
