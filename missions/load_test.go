package missions

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

func at(x, y int) *[2]int { return &[2]int{x, y} }

// fullMission is what testdata/full.yaml and full.json hold.
var fullMission = Mission{
	Format:     1,
	ID:         "dark-corridors",
	Title:      "Dark Corridors",
	Author:     "Jane Doe",
	Briefing:   "The station went silent a week ago.\nFind the logs and get out.\n",
	Notes:      "Play it with the lights off.",
	Ruleset:    "zombicide-invader",
	Survivors:  4,
	Players:    "1-6",
	Difficulty: "hard",
	Duration:   90,
	Boxes:      []string{"core", "dark-side"},
	Equipment:  []string{"oxygen-tank"},
	Tileset:    "station",
	Tiles: []Tile{
		{Face: "1A", At: [2]int{0, 0}},
		{Face: "2B", At: [2]int{1, 0}, Rot: 90},
	},
	Tokens: []Token{
		{Type: TokStart, At: at(1, 1)},
		{ID: "s1", Type: TokSpawn, Color: "blue", First: true, In: "1A/c"},
		{ID: "d1", Type: TokDoor, Color: "red", State: "closed", At: at(2, 1), Side: "e"},
		{ID: "m1", Type: TokMold, State: "active", In: "2B/a"},
		{ID: "car1", Type: TokCar, Kind: "police", At: at(3, 3)},
	},
	Objectives: []Objective{
		{Take: "red", Count: 2, Order: 1},
		{Reach: "d1", Order: 2},
		{Activate: "m1"},
		{Survive: 8},
		{Kill: "abomination", Count: 1},
		{Text: "Keep the scientist alive"},
		{Exit: "all"},
		{Exit: "2"},
	},
	Rules: []Rule{
		{When: &Trigger{Take: "red"}, Then: []Effect{{Open: "red"}, {Activate: "blue"}}},
		{When: &Trigger{Reach: "2B/a"}, Then: []Effect{{Grant: "remote:bot"}, {Remove: "m1"}}},
		{When: &Trigger{Activate: "s1"}, Then: []Effect{{Text: "Reinforcements arrive"}}},
		{When: &Trigger{Round: 5}, Text: "The lights go out."},
	},
	XenoDeck: []string{"1-25", "51-54"},
}

func TestDecodeFullMission(t *testing.T) {
	for _, file := range []string{"testdata/full.yaml", "testdata/full.json"} {
		doc, probs := ReadFile(file, source.Limits{})
		if len(probs) > 0 {
			t.Fatalf("%s: %v", file, probs)
		}
		if doc.File != file {
			t.Errorf("File = %q, want %q", doc.File, file)
		}
		m, err := doc.Decode()
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if !reflect.DeepEqual(*m, fullMission) {
			t.Errorf("%s decodes to\n%+v\nwant\n%+v", file, *m, fullMission)
		}
		if n, ok := m.Objectives[7].Exit.Int(); !ok || n != 2 {
			t.Errorf("%s: exit %q is not the number 2", file, m.Objectives[7].Exit)
		}
	}
}

// TestFullMissionCoversEveryField keeps the fixture honest as the format
// grows: every field of every type in Mission is set somewhere in it.
func TestFullMissionCoversEveryField(t *testing.T) {
	set := map[string]bool{}
	markSet(reflect.ValueOf(fullMission), "Mission", set)
	for _, path := range fieldPaths(reflect.TypeOf(fullMission), "Mission") {
		if !set[path] {
			t.Errorf("testdata/full.yaml sets no %s", path)
		}
	}
}

// fieldPaths lists the fields of t, descending into structs, pointers and
// slices of structs.
func fieldPaths(t reflect.Type, prefix string) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var paths []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		p := prefix + "." + f.Name
		paths = append(paths, p)
		paths = append(paths, fieldPaths(f.Type, p)...)
	}
	return paths
}

// markSet records the field paths that hold a non-zero value in v.
func markSet(v reflect.Value, prefix string, set map[string]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			markSet(v.Elem(), prefix, set)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			markSet(v.Index(i), prefix, set)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			p := prefix + "." + v.Type().Field(i).Name
			if !v.Field(i).IsZero() {
				set[p] = true
			}
			markSet(v.Field(i), p, set)
		}
	}
}

func TestLoadRootType(t *testing.T) {
	cases := map[string]string{
		"- id: x\n":  "this file holds a list",
		"just text":  "this file holds a string",
		"42":         "this file holds a number",
		"true":       "this file holds true or false",
		"~":          "this file holds null",
		"\n\n[1, 2]": "this file holds a list",
	}
	for data, msg := range cases {
		doc, probs := Load("m.yaml", []byte(data), source.Limits{})
		if doc != nil || len(probs) != 1 {
			t.Fatalf("%q: doc %v, problems %v", data, doc, probs)
		}
		p := probs[0]
		if p.Code != CodeRootType || !strings.HasPrefix(p.Message, "a mission is a mapping of keys; ") ||
			!strings.HasSuffix(p.Message, msg) || p.Pos.Line < 1 {
			t.Errorf("%q: %v", data, p)
		}
	}
	_, probs := Load("m.json", []byte("\n  [1]"), source.Limits{})
	if len(probs) != 1 || probs[0].Pos != (source.Pos{Line: 2, Col: 3}) {
		t.Errorf("root-type is not at the root: %v", probs)
	}
}

func TestLoadPassesProblemsOn(t *testing.T) {
	_, probs := Load("m.JSON", []byte(`{"id": 1, "id": 2}`), source.Limits{})
	if len(probs) != 1 || probs[0].Code != source.CodeDuplicateKey {
		t.Errorf("got %v, want the JSON duplicate key", probs)
	}
	_, probs = ReadFile(filepath.Join(t.TempDir(), "missing.yaml"), source.Limits{})
	if len(probs) != 1 || probs[0].Code != source.CodeRead {
		t.Errorf("got %v, want a read problem", probs)
	}
}

func TestDocPositions(t *testing.T) {
	doc, probs := Load("m.yaml", []byte("id: x\ntiles:\n  - face: 1A\n    at: [0, 0]\n"), source.Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	cases := []struct {
		ptr        string
		value, key source.Pos
	}{
		{"/id", source.Pos{Line: 1, Col: 5}, source.Pos{Line: 1, Col: 1}},
		{"/tiles/0/at/1", source.Pos{Line: 4, Col: 13}, source.Pos{Line: 4, Col: 13}},
		{"/tiles/0/at", source.Pos{Line: 4, Col: 9}, source.Pos{Line: 4, Col: 5}},
		{"/tiles/0/rot", source.Pos{Line: 3, Col: 5}, source.Pos{Line: 3, Col: 5}},
		{"/title", source.Pos{Line: 1, Col: 1}, source.Pos{Line: 1, Col: 1}},
	}
	for _, c := range cases {
		if got := doc.Pos(c.ptr); got != c.value {
			t.Errorf("Pos(%q) = %v, want %v", c.ptr, got, c.value)
		}
		if got := doc.KeyPos(c.ptr); got != c.key {
			t.Errorf("KeyPos(%q) = %v, want %v", c.ptr, got, c.key)
		}
	}
}

// TestBrokenGallery reads each loader-level file of the broken gallery: each
// must fail with exactly one problem, of the kind its name says.
func TestBrokenGallery(t *testing.T) {
	want := map[string]string{
		"binary.yaml":         source.CodeEncoding,
		"empty.yaml":          source.CodeEmpty,
		"comments-only.yaml":  source.CodeEmpty,
		"truncated.json":      source.CodeSyntax,
		"truncated.yaml":      source.CodeSyntax,
		"utf16.yaml":          source.CodeEncoding,
		"list-root.yaml":      CodeRootType,
		"billion-laughs.yaml": source.CodeTooManyNodes,
		"too-deep.json":       source.CodeTooDeep,
		"duplicate-key.yaml":  source.CodeDuplicateKey,
		"duplicate-key.json":  source.CodeDuplicateKey,
		"non-string-key.yaml": source.CodeKeyType,
		"syntax.yaml":         source.CodeSyntax,
		"multi-document.yaml": source.CodeMultiDocument,
	}
	for name, code := range want {
		path := filepath.Join("..", "testdata", "broken", name)
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		doc, probs := ReadFile(path, source.Limits{})
		if doc != nil || len(probs) != 1 || probs[0].Code != code {
			t.Errorf("%s: got %v, want one [%s] problem", name, probs, code)
			continue
		}
		t.Logf("%s:%v", name, probs[0])
	}
}
