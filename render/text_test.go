package render

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// textFace builds a face from grid rows (one label character per cell) and
// zone descriptions "a=corridor b=room:airlock", with the defaults of the
// tile-set format: walls around rooms and between kinds, markings between
// open zones of one kind; rooms walled on the tile border, open kinds
// running on. Then edges "x,y,dir=kind" change single sides.
func textFace(id string, grid []string, zones string, edges ...string) *layout.Face {
	f := &layout.Face{ID: id, Zones: map[string]*layout.ZoneSpec{}}
	for _, z := range strings.Fields(zones) {
		label, desc, _ := strings.Cut(z, "=")
		kind, feats, _ := strings.Cut(desc, ":")
		s := &layout.ZoneSpec{Kind: kind}
		if feats != "" {
			s.Features = strings.Split(feats, ",")
		}
		f.Zones[label] = s
	}
	n := len(grid)
	f.Grid = make([][]string, n)
	f.Sides = make([][][4]layout.EdgeKind, n)
	for y, row := range grid {
		for _, r := range row {
			f.Grid[y] = append(f.Grid[y], string(r))
		}
		f.Sides[y] = make([][4]layout.EdgeKind, n)
	}
	inside := func(x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n }
	for y := range n {
		for x := range n {
			here := f.Zones[f.Grid[y][x]]
			for d := layout.N; d <= layout.W; d++ {
				nx, ny := x+layout.DX[d], y+layout.DY[d]
				k := layout.EdgeNone
				switch {
				case !inside(nx, ny):
					if here.Kind == layout.Room {
						k = layout.EdgeWall
					}
				case f.Grid[ny][nx] != f.Grid[y][x]:
					there := f.Zones[f.Grid[ny][nx]]
					k = layout.EdgeMarking
					if here.Kind == layout.Room || there.Kind == layout.Room || here.Kind != there.Kind {
						k = layout.EdgeWall
					}
				}
				f.Sides[y][x][d] = k
			}
		}
	}
	dirs := map[string]layout.Dir{"n": layout.N, "e": layout.E, "s": layout.S, "w": layout.W}
	for _, e := range edges {
		var x, y int
		at, kind, _ := strings.Cut(e, "=")
		parts := strings.Split(at, ",")
		x, y = int(parts[0][0]-'0'), int(parts[1][0]-'0')
		d := dirs[parts[2]]
		k, ok := layout.ParseEdgeKind(kind)
		if !ok {
			panic("bad edge kind " + kind)
		}
		f.Sides[y][x][d] = k
		if nx, ny := x+layout.DX[d], y+layout.DY[d]; inside(nx, ny) {
			f.Sides[ny][nx][d.Opposite()] = k
		}
	}
	return f
}

// station is a small set in the spirit of the core box: a corridor that
// runs across two tiles, rooms with doors, an airlock with its hatch onto
// the exterior.
func station() *layout.TileSet {
	return &layout.TileSet{Name: "station", Size: 3, Faces: []*layout.Face{
		textFace("1A", []string{
			"ccc",
			"rrd",
			"rrd",
		}, "c=corridor r=room:security d=room:oxygen", "1,0,s=door", "2,0,s=opening"),
		textFace("2A", []string{
			"ccc",
			"aee",
			"aee",
		}, "c=corridor a=room:airlock e=exterior", "0,1,e=hatch", "0,1,n=door"),
		textFace("3A", []string{
			"rrr",
			"rrr",
			"ccc",
		}, "r=room c=corridor", "1,1,s=door", "2,2,e=wall"),
		textFace("4A", []string{
			"eee",
			"eee",
			"eef",
		}, "e=exterior f=exterior"),
	}}
}

func stationBoard(t *testing.T) *layout.Board {
	t.Helper()
	b, probs := layout.Build(station(), []layout.Placement{
		{Face: "1A", Col: 0, Row: 0},
		{Face: "2A", Col: 1, Row: 0},
		{Face: "3A", Col: 0, Row: 1},
		{Face: "4A", Col: 1, Row: 1},
	})
	for _, p := range probs {
		t.Errorf("problem: %s: %s", p.Code, p.Message)
	}
	return b
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "text", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Text -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file; got:\n%s", path, got)
	}
}

func TestTextStation(t *testing.T) {
	b := stationBoard(t)
	var out bytes.Buffer
	marks := []TextMark{{0, 0, "S"}, {5, 5, "E"}, {1, 1, "O"}, {1, 1, "Z"}, {3, 1, "O"}}
	doors := []TextDoor{
		{X: 1, Y: 0, Dir: layout.S, State: "closed"},
		{X: 1, Y: 5, Dir: layout.N, State: "open"},
		{X: 3, Y: 1, Dir: layout.N, State: "destroyed"},
	}
	if err := Text(&out, b, marks, doors); err != nil {
		t.Fatal(err)
	}
	golden(t, "station.txt", out.Bytes())

	// Without tokens the door openings show as gaps between wall stubs.
	out.Reset()
	if err := Text(&out, b, nil, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "station-bare.txt", out.Bytes())
}

// The same board turned a quarter: door openings now stand on vertical
// sides.
func TestTextTurned(t *testing.T) {
	b, probs := layout.Build(station(), []layout.Placement{
		{Face: "1A", Col: 1, Row: 0, Rot: 90},
		{Face: "2A", Col: 1, Row: 1, Rot: 90},
		{Face: "3A", Col: 0, Row: 0, Rot: 90},
		{Face: "4A", Col: 0, Row: 1, Rot: 90},
	})
	for _, p := range probs {
		t.Errorf("problem: %s: %s", p.Code, p.Message)
	}
	var out bytes.Buffer
	doors := []TextDoor{
		{X: 4, Y: 1, Dir: layout.E, State: "closed"},
		{X: 1, Y: 1, Dir: layout.W, State: "open"},
		{X: 4, Y: 3, Dir: layout.E, State: "destroyed"},
	}
	if err := Text(&out, b, []TextMark{{5, 0, "S"}, {0, 5, "E"}}, doors); err != nil {
		t.Fatal(err)
	}
	golden(t, "turned.txt", out.Bytes())

	out.Reset()
	if err := Text(&out, b, nil, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "turned-bare.txt", out.Bytes())
}

// Open ground across four tiles: tile corners show as dots, long ids run on
// across the cells of their zone or are cut, marks that do not fit are cut.
func TestTextOpenGround(t *testing.T) {
	set := &layout.TileSet{Name: "open", Size: 2, Faces: []*layout.Face{
		textFace("G", []string{"ee", "ee"}, "e=exterior"),
		textFace("Long-Face", []string{"ab", "bb"}, "a=room:airlock b=room", "0,0,n=hatch"),
	}}
	b, probs := layout.Build(set, []layout.Placement{
		{Face: "G"}, {Face: "G", Col: 1}, {Face: "G", Col: 2}, {Face: "G", Row: 1}, {Face: "G", Col: 1, Row: 1},
		{Face: "Long-Face", Col: 2, Row: 1},
	})
	if len(probs) != 4 { // G placed again four times
		t.Errorf("problems %+v", probs)
	}
	marks := []TextMark{{0, 0, "S1"}, {0, 0, "S2"}, {0, 0, "S3"}, {0, 0, "S4"}, {5, 3, "O"}}
	var out bytes.Buffer
	if err := Text(&out, b, marks, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "open.txt", out.Bytes())
}

func TestTextErrors(t *testing.T) {
	b := stationBoard(t)
	cases := []struct {
		marks []TextMark
		doors []TextDoor
		want  string
	}{
		{[]TextMark{{6, 0, "S"}}, nil, `render: mark "S" at 6,0 is off the board (6x6 cells)`},
		{[]TextMark{{0, -1, "S"}}, nil, `render: mark "S" at 0,-1 is off the board (6x6 cells)`},
		{nil, []TextDoor{{X: -1, Y: 0, Dir: layout.E}}, `render: door at -1,0 e is off the board (6x6 cells)`},
		{nil, []TextDoor{{X: 0, Y: 0, Dir: 7}}, `render: door at 0,0: side 7 is not n, e, s or w`},
		{nil, []TextDoor{{X: 1, Y: 0, Dir: layout.S, State: "ajar"}}, `render: door at 1,0 s: unknown state "ajar" (want closed, open or destroyed)`},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := Text(&out, b, c.marks, c.doors)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%s: wrote output anyway", c.want)
		}
	}
	if err := Text(&bytes.Buffer{}, nil, nil, nil); err == nil {
		t.Errorf("nil board: no error")
	}
	if err := Text(failWriter{}, b, nil, nil); err == nil || err.Error() != "disk full" {
		t.Errorf("write error not passed on: %v", err)
	}
	empty, _ := layout.Build(station(), nil)
	var out bytes.Buffer
	if err := Text(&out, empty, nil, nil); err != nil || out.Len() != 0 {
		t.Errorf("empty board: %v %q", err, out.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// Every mix of none, light and heavy arms has its own junction, and the
// heavy ones are the ones named.
func TestJunctions(t *testing.T) {
	if len(junctionRunes) != 81 {
		t.Fatalf("%d junctions, want 81", len(junctionRunes))
	}
	seen := map[rune]bool{}
	for i, r := range junctionRunes {
		if seen[r] {
			t.Errorf("junction %d (%c) appears twice", i, r)
		}
		seen[r] = true
	}
	for arms, want := range map[[4]int]rune{
		{2, 2, 2, 2}: '╋', {0, 2, 2, 0}: '┏', {0, 0, 2, 2}: '┓', {2, 2, 0, 0}: '┗', {2, 0, 0, 2}: '┛',
		{2, 2, 2, 0}: '┣', {2, 0, 2, 2}: '┫', {0, 2, 2, 2}: '┳', {2, 2, 0, 2}: '┻',
		{2, 0, 2, 0}: '┃', {0, 2, 0, 2}: '━', {1, 0, 1, 0}: '│', {0, 1, 0, 1}: '─',
		{2, 1, 2, 0}: '┠', {1, 2, 1, 0}: '┝', {0, 1, 0, 2}: '╾', {1, 0, 0, 0}: '╵',
	} {
		if got := junctionRunes[arms[0]*27+arms[1]*9+arms[2]*3+arms[3]]; got != want {
			t.Errorf("arms %v: %c, want %c", arms, got, want)
		}
	}
}

// Each line is as wide as the board, trailing blanks aside.
func TestTextShape(t *testing.T) {
	b := stationBoard(t)
	var out bytes.Buffer
	if err := Text(&out, b, nil, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != b.H*(textCellH+1)+1 {
		t.Errorf("%d lines", len(lines))
	}
	for i, l := range lines {
		if n := len([]rune(l)); n > b.W*(textCellW+1)+1 || strings.HasSuffix(l, " ") {
			t.Errorf("line %d is %d wide: %q", i, n, l)
		}
	}
}
