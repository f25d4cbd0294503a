package layout

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// parseTS reads a tile-set document the way the application does.
func parseTS(t *testing.T, name, doc string) (*TileSet, []source.Problem) {
	t.Helper()
	root, probs := source.Parse(name, []byte(doc), source.Limits{})
	if len(probs) > 0 {
		t.Fatalf("source.Parse: %v", probs)
	}
	return ParseTileSet(name, root)
}

func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// head is the start of most test documents: a 2x2 set with one face A whose
// grid and zones follow.
var head = []string{
	"format: 1", // 1
	"name: t",   // 2
	"size: 2",   // 3
	"faces:",    // 4
	"  A:",      // 5
}

func withHead(ls ...string) string { return lines(append(append([]string{}, head...), ls...)...) }

// okFace is a valid face body for A: a room on the left, a corridor on the right.
var okFace = []string{
	"    grid:",         // 6
	"      - r c",       // 7
	"      - r c",       // 8
	"    zones:",        // 9
	"      r: room",     // 10
	"      c: corridor", // 11
}

func withFace(extra ...string) string {
	return withHead(append(append([]string{}, okFace...), extra...)...)
}

func TestParseTileSetProblems(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string // "line:col code message-part"
	}{
		{"not an object", "- a\n", []string{"1:1 tileset-format a tile set is an object"}},
		{"missing keys", lines("format: 1", "title: x"), []string{
			"1:1 tileset-format missing key name",
			"1:1 tileset-format missing key size",
			"1:1 tileset-format missing key faces",
		}},
		{"format version", lines("format: 2", "name: t", "size: 2", "faces: {}"), []string{
			"1:9 tileset-format format must be 1",
			"4:8 tileset-format faces is empty",
		}},
		{"unknown key", lines("format: 1", "name: t", "sise: 2", "faces: {}"), []string{
			"1:1 tileset-format missing key size",
			`3:1 tileset-format unknown tile-set key "sise" (did you mean "size"?)`,
			"4:8 tileset-format faces is empty",
		}},
		{"bad name and size", lines("format: 1", "name: My Set", "size: 2.5", "faces: []"), []string{
			`2:7 tileset-format name "My Set"`,
			"3:7 tileset-format size must be a whole number",
			"4:8 tileset-format faces must map face ids",
		}},
		{"size out of range", lines("format: 1", "name: t", "size: 17", "faces: {A: {grid: [a], zones: {a: room}}}"), []string{
			"3:7 tileset-format size 17 is out of range",
		}},
		{"bad face id", lines("format: 1", "name: t", "size: 1", "faces:", "  1/A: {grid: [a], zones: {a: room}}"), []string{
			`5:3 tileset-format face id "1/A"`,
		}},
		{"unknown face key", withFace("    edge: {}"), []string{
			`12:5 tileset-format unknown face key "edge" (did you mean "edges"?)`,
		}},
		{"grid as one string", withHead("    grid: |", "      r c", "      r c", "    zones: {r: room, c: corridor}"), []string{
			"6:11 tileset-grid grid must be a list with one row per item",
		}},
		{"grid rows and cells", withHead("    grid:", "      - r c c", "    zones: {r: room, c: corridor}"), []string{
			"7:7 tileset-grid the grid has 1 row;",
			"7:9 tileset-grid row 1 has 3 cells",
		}},
		{"bad label", withHead("    grid:", "      - r c", "      - r c/d", "    zones: {r: room, c: corridor}"), []string{
			`8:9 tileset-grid row 2: label "c/d"`,
		}},
		{"row not a string", withHead("    grid:", "      - r c", "      - [r, c]", "    zones: {r: room, c: corridor}"), []string{
			"8:9 tileset-grid row 2 must be a string",
		}},
		{"label not described and zone unused", withHead("    grid:", "      - r c", "      - r d", "    zones:", "      r: room", "      c: corridor", "      e: corridor"), []string{
			"8:9 tileset-zone row 2: label d is not described under zones",
			"12:7 tileset-zone zone e is not used in the grid",
		}},
		{"unknown zone kind", withHead("    grid: [r c, r c]", "    zones:", "      r: rooom", "      c: {kind: hall}"), []string{
			`8:10 tileset-zone zone r: unknown kind "rooom": use room, corridor, exterior or street (did you mean "room"?)`,
			`9:17 tileset-zone zone c: unknown kind "hall"`,
		}},
		{"zone object problems", withHead("    grid: [r c, r c]", "    zones:", "      r: {features: [security]}", "      c: {kind: corridor, colour: red}", "      x: 3"), []string{
			"8:10 tileset-zone zone r: missing key kind",
			`9:27 tileset-zone unknown zone key "colour"`,
			"10:10 tileset-zone zone x must be a kind",
		}},
		{"zone in two parts", withHead("    grid:", "      - r c", "      - c r", "    zones: {r: room, c: corridor}"), []string{
			"8:9 tileset-grid row 2: zone c is in separate parts: cell 0,1 does not reach cell 1,0",
			"8:9 tileset-grid row 2: zone r is in separate parts: cell 1,1 does not reach cell 0,0",
		}},
		{"edge keys", withFace(
			"    edges:",           // 12
			"      0,0 east: door", // 13
			"      2,0 e: door",    // 14
			"      1,0 e: door",    // 15
			"      0,0 s: door",    // 16
			"      0,0 e: door",    // 17
			"      1,0 w: opening", // 18
		), []string{
			`13:7 tileset-edge edge "0,0 east": write a cell and one of its sides`,
			`14:7 tileset-edge edge "2,0 e": cell 2,0 is off the face`,
			`15:7 tileset-edge edge "1,0 e" is on the tile border: set it under border, side e`,
			`16:7 tileset-edge edge "0,0 s": cells 0,0 and 0,1 are both zone r`,
			`18:7 tileset-edge edge "1,0 w" is declared twice (first at line 17)`,
		}},
		{"edge kinds", withHead(
			"    grid: [r c, q d]",
			"    zones: {r: room, q: room, c: corridor, d: corridor}",
			"    edges:",           // 8
			"      0,0 e: open",    // 9
			"      0,1 e: marking", // 10
			"      1,0 s: marking", // 11
			"      0,0 s: [door]",  // 12
			"      0,1 n: dor",     // 13
		), []string{
			`9:14 tileset-edge unknown edge kind "open": use wall, opening, door, marking or hatch: cells of one zone have no edge`,
			`10:14 tileset-edge edge "0,1 e": a marking separates corridor, exterior or street zones, and zone q is a room`,
			"12:14 tileset-edge an edge kind must be a string, not a list",
			`13:7 tileset-edge edge "0,1 n" is declared twice (first at line 12)`,
		}},
		{"hatch off an airlock", withFace("    edges:", "      0,0 e: hatch"), []string{
			`13:14 tileset-hatch edge "0,0 e": a hatch belongs between an airlock room and an exterior zone, not between r (a room) and c (a corridor)`,
		}},
		{"airlock without hatch", withHead(
			"    grid: [l x, l x]",
			"    zones:",
			"      l: {kind: room, features: [airlock]}",
			"      x: exterior",
		), []string{
			"8:7 tileset-hatch airlock l has no hatch",
		}},
		{"features", withHead(
			"    grid: [r c, r c]",
			"    zones:",
			"      r: {kind: room, features: [securty, oxygen, oxygen]}",
			"      c: {kind: corridor, features: [airlock, Dark]}",
		), []string{
			`8:34 tileset-feature unknown feature "securty": games only know airlock, dark, oxygen, security (did you mean "security"?)`,
			"8:51 tileset-feature zone r lists feature oxygen twice",
			"9:38 tileset-feature feature airlock belongs to a room; zone c is a corridor zone",
			`9:47 tileset-zone feature "Dark": use a lower-case word`,
		}},
		{"border", withFace(
			"    border:",           // 12
			"      north: wall",     // 13
			"      e: [wall]",       // 14
			"      s: [wall, shut]", // 15
			"      w: marking",      // 16
		), []string{
			`13:7 tileset-border unknown border side "north"`,
			"14:10 tileset-border border e lists 1 cell; a tile of size 2 needs 2",
			`15:17 tileset-border unknown border value "shut"`,
			"16:10 tileset-border border w, cell 0,0: a marking ends a corridor, exterior or street zone, and zone r is a room",
		}},
		{"border values", withFace(
			"    border:",
			"      n: [hatch, 3]",
			"      s: {a: b}",
		), []string{
			"13:11 tileset-hatch border n, cell 0,0: a hatch belongs on an airlock room, and zone r is a room",
			"13:18 tileset-border unknown border value a number (3)",
			"14:10 tileset-border border s must be a list of 2 values or one value",
		}},
		{"pairs", lines(
			"format: 1",
			"name: t",
			"size: 1",
			"tiles:",        // 4
			"  - [A, B]",    // 5
			"  - [C, A]",    // 6
			"  - [D, D]",    // 7
			"  - [Q, 7]",    // 8
			"  - E",         // 9
			"  - [A, B, C]", // 10
			"faces:",        // 11
			"  A: {grid: [a], zones: {a: room}}",
			"  B: {grid: [a], zones: {a: room}}",
			"  C: {grid: [a], zones: {a: room}}",
			"  D: {grid: [a], zones: {a: room}}",
			"  E: {grid: [a], zones: {a: room}}", // 16
		), []string{
			"6:9 tileset-pair face A is already on the tile at line 5",
			"7:9 tileset-pair a tile's two faces must differ: D is listed twice",
			"8:6 tileset-pair unknown face Q",
			`8:9 tileset-pair a tile's face must be a string, not a number (7); write it in quotes: "7"`,
			"9:5 tileset-pair a tile lists its faces",
			"10:5 tileset-pair a tile lists its faces",
			"16:3 tileset-pair face E is on no tile",
		}},
		{"tiles not a list", lines("format: 1", "name: t", "size: 1", "tiles: {A: B}", "faces: {A: {grid: [a], zones: {a: room}}}"), []string{
			"4:8 tileset-pair tiles must be a list",
		}},
		{"face not an object", lines("format: 1", "name: t", "size: 1", "faces: {A: [a]}"), []string{
			"4:12 tileset-format face A must be an object",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, probs := parseTS(t, "t.yaml", tt.doc)
			var got []string
			hasError := false
			for _, p := range probs {
				got = append(got, fmt.Sprintf("%d:%d %s %s", p.Pos.Line, p.Pos.Col, p.Code, p.Message))
				hasError = hasError || !IsTileSetWarning(p.Code)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d problems, want %d:\n%s", len(got), len(tt.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tt.want[i]) {
					t.Errorf("problem %d:\n got  %s\n want %s...", i, got[i], tt.want[i])
				}
			}
			if hasError != (set == nil) {
				t.Errorf("errors: %v, but set is %v", hasError, set)
			}
		})
	}
}

func TestParseTileSetEmpty(t *testing.T) {
	for _, root := range []*source.Node{nil, {Kind: source.Null}} {
		set, probs := ParseTileSet("x.yaml", root)
		if set != nil || len(probs) != 1 || probs[0].Pos != (source.Pos{Line: 1, Col: 1}) || probs[0].Code != CodeTileSetFormat {
			t.Errorf("ParseTileSet(%v) = %v, %v", root, set, probs)
		}
	}
}

// sides writes a face's Sides compactly: per cell "nesw" with one letter per
// side: . none, W wall, o opening, D door, m marking, H hatch.
func sides(f *Face) string {
	letters := map[EdgeKind]string{EdgeNone: ".", EdgeWall: "W", EdgeOpening: "o", EdgeDoor: "D", EdgeMarking: "m", EdgeHatch: "H", EdgeBoard: "B"}
	var rows []string
	for _, row := range f.Sides {
		var cells []string
		for _, c := range row {
			s := ""
			for _, k := range c {
				s += letters[k]
			}
			cells = append(cells, s)
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	return strings.Join(rows, "\n")
}

func TestDefaultSides(t *testing.T) {
	// r q: two rooms; c d: two corridors; x: exterior; s t: streets
	set, probs := parseTS(t, "t.yaml", lines(
		"format: 1",
		"name: t",
		"size: 3",
		"faces:",
		"  A:",
		"    grid:",
		"      - r q c",
		"      - r d c",
		"      - x x c",
		"    zones: {r: room, q: room, c: corridor, d: corridor, x: exterior}",
		"  B:",
		"    grid: [s s t, s s t, t t t]",
		"    zones: {s: street, t: street}",
	))
	if len(probs) > 0 || set == nil {
		t.Fatalf("problems: %v", probs)
	}
	// per cell, sides n e s w
	a := set.Face("A")
	wantA := "" +
		"WW.W WWWW ...W\n" +
		".WWW WmWW ...m\n" +
		"W... WW.. ...W"
	if got := sides(a); got != wantA {
		t.Errorf("face A sides:\n%s\nwant\n%s", got, wantA)
	}
	b := set.Face("B")
	wantB := "" +
		".... .m.. ...m\n" +
		"..m. .mm. ...m\n" +
		"m... m... ...."
	if got := sides(b); got != wantB {
		t.Errorf("face B sides:\n%s\nwant\n%s", got, wantB)
	}
	if a.Other != "" || b.Other != "" {
		t.Errorf("without tiles faces are single-sided: %q %q", a.Other, b.Other)
	}
	if !reflect.DeepEqual(a.Grid, [][]string{{"r", "q", "c"}, {"r", "d", "c"}, {"x", "x", "c"}}) {
		t.Errorf("grid %v", a.Grid)
	}
}

func TestBorderAndEdges(t *testing.T) {
	set, probs := parseTS(t, "t.yaml", lines(
		"format: 1",
		"name: t",
		"size: 3",
		"faces:",
		"  A:",
		"    grid:",
		"      - l x x",
		"      - r c c",
		"      - r c c",
		"    zones:",
		"      l: {kind: room, features: [airlock]}",
		"      x: exterior",
		"      r: room",
		"      c: corridor",
		"    edges:",
		"      0,0 e: hatch",
		"      1,1 w: door",
		"      0,0 s: opening",
		"    border:",
		"      n: [wall, marking, open]",
		"      e: wall",
		"      w: [hatch, door, wall]",
	))
	if len(probs) > 0 || set == nil {
		t.Fatalf("problems: %v", probs)
	}
	// per cell, sides n e s w
	want := "" +
		"WHoH m.WH .WW.\n" +
		"oD.D W..D WW..\n" +
		".WWW ...W .W.."
	if got := sides(set.Face("A")); got != want {
		t.Errorf("sides:\n%s\nwant\n%s", got, want)
	}
}

func TestPairs(t *testing.T) {
	set, probs := parseTS(t, "t.yaml", lines(
		"format: 1",
		"name: t",
		"size: 1",
		"tiles: [[A, B], [C]]",
		"faces:",
		"  A: {grid: [a], zones: {a: corridor}}",
		"  B: {grid: [a], zones: {a: exterior}}",
		"  C: {grid: [a], zones: {a: room}}",
	))
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	var got []string
	for _, f := range set.Faces {
		got = append(got, f.ID+":"+f.Other)
	}
	if strings.Join(got, " ") != "A:B B:A C:" {
		t.Errorf("faces and their other sides: %v", got)
	}
	if set.Face("B") != set.Faces[1] || set.Face("Z") != nil || (*TileSet)(nil).Face("A") != nil {
		t.Errorf("Face lookup")
	}
	if set.File != "t.yaml" || set.Name != "t" || set.Size != 1 {
		t.Errorf("set %+v", set)
	}
}

// JSON documents are read through the same tree, with JSON positions.
func TestParseTileSetJSON(t *testing.T) {
	doc := `{
  "format": 1, "name": "j", "size": 2,
  "faces": {
    "A": {
      "title": "Left room",
      "grid": ["r c", "r c c"],
      "zones": {"r": {"kind": "room", "features": ["security"], "name": "Security Room"}, "c": "corridor"}
    }
  }
}`
	_, probs := parseTS(t, "t.json", doc)
	if len(probs) != 1 || probs[0].Pos != (source.Pos{Line: 6, Col: 23}) || probs[0].Code != CodeTileSetGrid {
		t.Fatalf("problems: %v", probs)
	}
	set, probs := parseTS(t, "t.json", strings.Replace(doc, `"r c c"`, `"r c"`, 1))
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	f := set.Face("A")
	if f.Title != "Left room" || !reflect.DeepEqual(*f.Zones["r"], ZoneSpec{Kind: Room, Features: []string{"security"}, Name: "Security Room"}) {
		t.Errorf("face %+v, zone r %+v", f, f.Zones["r"])
	}
}

// Warnings leave a usable set, sorted features and all.
func TestWarningsKeepTheSet(t *testing.T) {
	set, probs := parseTS(t, "t.yaml", withHead(
		"    grid: [r c, r c]",
		"    zones:",
		"      r: {kind: room, features: [vault, security]}",
		"      c: corridor",
		"    edges: {\"0,0 e\": hatch}", // a flow mapping needs the key quoted
	))
	if set == nil || len(probs) != 2 {
		t.Fatalf("set %v, problems %v", set, probs)
	}
	f := set.Face("A")
	if !reflect.DeepEqual(f.Zones["r"].Features, []string{"security", "vault"}) || f.Sides[0][0][E] != EdgeHatch {
		t.Errorf("zone r %+v, sides %v", f.Zones["r"], f.Sides[0][0])
	}
}

// TestLabelSuggestion: a label one letter long is no slip for another
// letter, so nothing is suggested for "e" among "r" and "c"; a label that
// keeps most of its letters gets the one it is near.
func TestLabelSuggestion(t *testing.T) {
	for _, c := range []struct{ grid, zones, want string }{
		{"      - r e", "    zones: {r: room, c: corridor}", "row 2: label e is not described under zones"},
		{"      - ra cb", "    zones: {ra: room, ca: corridor}", `row 2: label cb is not described under zones (did you mean "ca"?)`},
	} {
		first := strings.Fields(strings.TrimPrefix(c.grid, "      - "))[0]
		_, probs := parseTS(t, "t.yaml", withHead("    grid:", "      - "+first+" "+first, c.grid, c.zones))
		var msgs []string
		for _, p := range probs {
			msgs = append(msgs, p.Message)
		}
		if !slices.Contains(msgs, c.want) {
			t.Errorf("want %q among %q", c.want, msgs)
		}
	}
}
