package layout

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

func TestBuiltinNames(t *testing.T) {
	names := BuiltinNames()
	if !sort.StringsAreSorted(names) || !tsContains(names, "station") {
		t.Fatalf("BuiltinNames() = %v, want sorted and holding station", names)
	}
	for _, n := range names {
		set, err := Builtin(n)
		if err != nil {
			t.Fatalf("Builtin(%q): %v", n, err)
		}
		if set.Name != n || set.File != "builtin:"+n {
			t.Errorf("Builtin(%q): name %q, file %q", n, set.Name, set.File)
		}
		again, _ := Builtin(n)
		if again != set {
			t.Errorf("Builtin(%q) parsed twice", n)
		}
		// the embedded file must be clean: not even a warning
		src, _ := BuiltinSource(n)
		root, probs := source.Parse(n+".yaml", src, source.Limits{})
		if len(probs) == 0 {
			_, probs = ParseTileSet("x", root)
		}
		for _, p := range probs {
			t.Errorf("%s: %s", n, p)
		}
	}
	for _, bad := range []string{"", "nope", "../station", "station.yaml", "tilesets/station"} {
		if _, err := Builtin(bad); err == nil {
			t.Errorf("Builtin(%q): no error", bad)
		}
		if _, ok := BuiltinSource(bad); ok {
			t.Errorf("BuiltinSource(%q) found something", bad)
		}
	}
}

// corridorExits lists the sides on which a face's corridors leave the tile.
func corridorExits(f *Face) string {
	n := len(f.Grid)
	var out []string
	for d := N; d <= W; d++ {
		for k := 0; k < n; k++ {
			x, y := tsBorderCell(d, k, n)
			if f.Zones[f.Grid[y][x]].Kind == Corridor && f.Sides[y][x][d] != EdgeWall {
				out = append(out, d.String())
				break
			}
		}
	}
	return strings.Join(out, "")
}

func corridorShape(exits string) string {
	switch exits {
	case "nesw":
		return "cross"
	case "nes", "esw", "nsw", "new":
		return "T"
	case "ns", "ew":
		return "straight"
	case "ne", "es", "sw", "nw":
		return "corner"
	case "n", "e", "s", "w":
		return "dead end"
	}
	return ""
}

func TestBuiltinStation(t *testing.T) {
	set, err := Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	if set.Size != 3 || set.Title == "" {
		t.Errorf("size %d, title %q", set.Size, set.Title)
	}
	if len(set.Faces) != 18 {
		t.Fatalf("%d faces, want 18", len(set.Faces))
	}
	pairs := map[string]bool{}
	featureFaces := map[string]int{}
	shapes := map[string]int{}
	roomSizes := map[int]int{}
	exteriorFaces := 0
	for i, f := range set.Faces {
		want := fmt.Sprintf("%d%c", i/2+1, "AB"[i%2])
		other := fmt.Sprintf("%d%c", i/2+1, "BA"[i%2])
		if f.ID != want || f.Other != other {
			t.Errorf("face %d is %s (other %s), want %s paired with %s", i, f.ID, f.Other, want, other)
		}
		pairs[min(f.ID, f.Other)+"|"+max(f.ID, f.Other)] = true
		if f.Title == "" {
			t.Errorf("%s has no title", f.ID)
		}
		checkFaceComplete(t, f, 3)
		checkReachable(t, f)
		checkBorderConvention(t, f)

		feats := map[string]bool{}
		cells := map[string]int{}
		allExterior := true
		for _, row := range f.Grid {
			for _, l := range row {
				cells[l]++
			}
		}
		for l, z := range f.Zones {
			for _, ft := range z.Features {
				feats[ft] = true
			}
			if z.Kind != Exterior {
				allExterior = false
			}
			if z.Kind == Room {
				roomSizes[cells[l]]++
			}
		}
		for ft := range feats {
			featureFaces[ft]++
		}
		if allExterior {
			exteriorFaces++
		}
		if s := corridorShape(corridorExits(f)); s != "" {
			shapes[s]++
		}
	}
	if len(pairs) != 9 {
		t.Errorf("%d physical tiles, want 9", len(pairs))
	}
	for ft, least := range map[string]int{"security": 3, "oxygen": 3, "airlock": 3} {
		if featureFaces[ft] < least {
			t.Errorf("%d faces with %s, want at least %d", featureFaces[ft], ft, least)
		}
	}
	if featureFaces["dark"] != 0 {
		t.Errorf("dark zones belong to expansions, not the core station set")
	}
	if exteriorFaces < 3 {
		t.Errorf("%d all-exterior faces, want at least 3", exteriorFaces)
	}
	for _, s := range []string{"straight", "corner", "T", "cross"} {
		if shapes[s] == 0 {
			t.Errorf("no %s corridor face (shapes: %v)", s, shapes)
		}
	}
	for _, n := range []int{1, 2, 3} {
		if roomSizes[n] == 0 {
			t.Errorf("no room of %d cells (sizes: %v)", n, roomSizes)
		}
	}
}

// checkFaceComplete makes sure a face is fully described: grid, zones for
// every label and sides for every cell.
func checkFaceComplete(t *testing.T, f *Face, size int) {
	t.Helper()
	if len(f.Grid) != size || len(f.Sides) != size {
		t.Fatalf("%s: grid %d rows, sides %d rows", f.ID, len(f.Grid), len(f.Sides))
	}
	var labels []string
	for y := range size {
		if len(f.Grid[y]) != size || len(f.Sides[y]) != size {
			t.Fatalf("%s: row %d incomplete", f.ID, y)
		}
		for x := range size {
			l := f.Grid[y][x]
			if f.Zones[l] == nil {
				t.Errorf("%s: cell %d,%d label %q undescribed", f.ID, x, y, l)
			}
			labels = append(labels, l)
		}
	}
	for l := range f.Zones {
		if !tsContains(labels, l) {
			t.Errorf("%s: zone %s unused", f.ID, l)
		}
	}
	// sides agree from both cells
	for y := range size {
		for x := range size {
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				if nx < 0 || ny < 0 || nx >= size || ny >= size {
					continue
				}
				if a, b := f.Sides[y][x][d], f.Sides[ny][nx][d.Opposite()]; a != b {
					t.Errorf("%s: cell %d,%d side %s is %s, seen from %d,%d it is %s", f.ID, x, y, d, a, nx, ny, b)
				}
			}
		}
	}
}

// checkReachable: every zone of a face can be entered, from the tile border
// or through its neighbours, so no room is a sealed box.
func checkReachable(t *testing.T, f *Face) {
	t.Helper()
	n := len(f.Grid)
	reached := map[string]bool{}
	var queue []Point
	for y := range n {
		for x := range n {
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				if (nx < 0 || ny < 0 || nx >= n || ny >= n) && f.Sides[y][x][d] != EdgeWall && !reached[f.Grid[y][x]] {
					reached[f.Grid[y][x]] = true
					queue = append(queue, Point{x, y})
				}
			}
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		for y := range n {
			for x := range n {
				if f.Grid[y][x] != f.Grid[q.Y][q.X] {
					continue
				}
				for d := N; d <= W; d++ {
					nx, ny := x+DX[d], y+DY[d]
					if nx < 0 || ny < 0 || nx >= n || ny >= n || f.Sides[y][x][d] == EdgeWall {
						continue
					}
					if l := f.Grid[ny][nx]; !reached[l] {
						reached[l] = true
						queue = append(queue, Point{nx, ny})
					}
				}
			}
		}
	}
	for l := range f.Zones {
		if !reached[l] {
			t.Errorf("%s: zone %s cannot be entered", f.ID, l)
		}
	}
}

// checkBorderConvention: corridors, doors, openings and hatches cross the
// tile border only at the middle cell of a side, so faces join in any
// rotation; exterior cells are open all along the border.
func checkBorderConvention(t *testing.T, f *Face) {
	t.Helper()
	n := len(f.Grid)
	mid := n / 2
	for d := N; d <= W; d++ {
		for k := 0; k < n; k++ {
			x, y := tsBorderCell(d, k, n)
			z := f.Zones[f.Grid[y][x]]
			side := f.Sides[y][x][d]
			switch {
			case z.Kind == Exterior:
				if side != EdgeNone {
					t.Errorf("%s: exterior cell %d,%d has %s on border %s, want open", f.ID, x, y, side, d)
				}
			case side != EdgeWall && k != mid:
				t.Errorf("%s: %s on border %s at cell %d,%d, off the middle", f.ID, side, d, x, y)
			}
		}
	}
}

func TestBuiltinStationHatches(t *testing.T) {
	set, err := Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range set.Faces {
		for y, row := range f.Grid {
			for x, l := range row {
				if !tsIsAirlock(f.Zones[l]) {
					continue
				}
				var hatches []string
				for d := N; d <= W; d++ {
					if f.Sides[y][x][d] == EdgeHatch {
						hatches = append(hatches, d.String())
					}
				}
				if len(hatches) != 1 {
					t.Errorf("%s: airlock %s has hatches %v, want exactly one", f.ID, l, hatches)
				}
			}
		}
	}
	// spot-check one face against its drawing in the file
	f := set.Face("6B")
	if f == nil {
		t.Fatal("no face 6B")
	}
	if got := f.Sides[0][1]; got != [4]EdgeKind{EdgeHatch, EdgeWall, EdgeDoor, EdgeWall} {
		t.Errorf("6B airlock sides = %v", got)
	}
	if !reflect.DeepEqual(f.Grid[1], []string{"c", "c", "c"}) {
		t.Errorf("6B row 1 = %v", f.Grid[1])
	}
}

// docs/tilesets.md lists every built-in station face with its title and grid.
func TestDocStationTable(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "docs", "tilesets.md"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range set.Faces {
		var rows []string
		for _, r := range f.Grid {
			rows = append(rows, strings.Join(r, ""))
		}
		row := fmt.Sprintf("| %s | %s | `%s` |", f.ID, f.Title, strings.Join(rows, " / "))
		if !strings.Contains(string(raw), row) {
			t.Errorf("docs/tilesets.md has no row starting %q", row)
		}
	}
}
