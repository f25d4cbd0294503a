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
//
// The seeds are small on purpose. Whole built-in sets (8-9 KB) as seeds made
// the target stall after its baseline: every new input the engine found was
// a mutation of one, and it minimizes each (up to -fuzzminimizetime, 60 s by
// default) by re-running thousands of shorter versions of 8 KB of YAML, so
// no new executions were reported for minutes. Each built-in face becomes a
// one-face set of a few hundred bytes instead: the same shapes, small inputs.
// The whole built-in sets are checked by the package's tests.
func FuzzParseTileSet(f *testing.F) {
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		for _, seed := range faceSeeds(string(src)) {
			f.Add(seed)
		}
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

// faceSeeds splits a tile-set file into one small set per face: the file's
// format, name and size lines, and one face block under faces.
func faceSeeds(src string) []string {
	var head strings.Builder
	var out []string
	var face *strings.Builder
	inFaces := false
	flush := func() {
		if face != nil {
			out = append(out, head.String()+"faces:\n"+face.String())
		}
		face = nil
	}
	for _, l := range strings.SplitAfter(src, "\n") {
		switch {
		case !inFaces && (strings.HasPrefix(l, "format:") || strings.HasPrefix(l, "name:") || strings.HasPrefix(l, "size:")):
			head.WriteString(l)
		case strings.HasPrefix(l, "faces:"):
			inFaces = true
		case inFaces && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") && strings.HasSuffix(strings.TrimSpace(l), ":"):
			flush()
			face = &strings.Builder{}
			face.WriteString(l)
		case inFaces && face != nil:
			face.WriteString(l)
		}
	}
	flush()
	return out
}

// TestFaceSeeds: the fuzz seeds made from the built-in sets are valid
// one-face sets, one per face, each small.
func TestFaceSeeds(t *testing.T) {
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		full, _ := source.Parse(name+".yaml", src, source.DefaultLimits)
		set, _ := ParseTileSet(name+".yaml", full)
		seeds := faceSeeds(string(src))
		if set == nil || len(seeds) != len(set.Faces) {
			t.Fatalf("%s: %d seeds for %v", name, len(seeds), set)
		}
		for _, seed := range seeds {
			root, probs := source.Parse("seed.yaml", []byte(seed), source.DefaultLimits)
			if len(probs) > 0 {
				t.Fatalf("%s: seed does not parse: %v\n%s", name, probs, seed)
			}
			if s, probs := ParseTileSet("seed.yaml", root); s == nil || len(s.Faces) != 1 {
				t.Fatalf("%s: seed is not a one-face set: %v\n%s", name, probs, seed)
			}
			if len(seed) > 1200 {
				t.Errorf("%s: a %d-byte seed; keep them small", name, len(seed))
			}
		}
	}
}
