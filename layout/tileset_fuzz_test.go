package layout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// FuzzParseTileSet feeds whatever source.Parse makes of the input to the
// loader: it must never panic, every problem must be located and coded, and a
// returned set must be complete and consistent.
func FuzzParseTileSet(f *testing.F) {
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		f.Add(string(src))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "tilesets", "*.yaml"))
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`{"format": 1, "name": "j", "size": 1, "faces": {"A": {"grid": ["a"], "zones": {"a": "room"}}}}`)
	f.Add("format: 1\nname: t\nsize: 2\nfaces:\n  A:\n    grid: [a b, a b]\n    zones: {a: room, b: corridor}\n    border: {n: [door, open], w: hatch}\n")
	f.Fuzz(func(t *testing.T, doc string) {
		name := "f.yaml"
		if strings.HasPrefix(strings.TrimSpace(doc), "{") {
			name = "f.json"
		}
		root, probs := source.Parse(name, []byte(doc), source.Limits{MaxBytes: 1 << 16, MaxNodes: 5000})
		if len(probs) > 0 {
			return
		}
		set, probs := ParseTileSet(name, root)
		hasError := false
		for _, p := range probs {
			if p.Pos.Line < 1 || p.Pos.Col < 1 || !strings.HasPrefix(p.Code, "tileset-") || p.Message == "" {
				t.Fatalf("bad problem %+v", p)
			}
			hasError = hasError || !IsTileSetWarning(p.Code)
		}
		if hasError != (set == nil) {
			t.Fatalf("errors %v but set %v", hasError, set)
		}
		if set == nil {
			return
		}
		if set.Size < 1 || set.Size > MaxTileSize || len(set.Faces) == 0 {
			t.Fatalf("set size %d, %d faces", set.Size, len(set.Faces))
		}
		for _, face := range set.Faces {
			checkFaceComplete(t, face, set.Size)
			if face.Other != "" {
				if o := set.Face(face.Other); o == nil || o.Other != face.ID {
					t.Fatalf("face %s pairs with %q, which does not pair back", face.ID, face.Other)
				}
			}
		}
	})
}
