package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// FuzzOwnTileset checks a mission that uses its own tile-set file, both
// fuzzed: whatever the two files hold, the mission gets located findings
// (a broken tile set is one finding on the mission's tileset: line), never
// a panic or an internal error, and nothing is read outside the folder.
func FuzzOwnTileset(f *testing.F) {
	tiles := "format: 1\nname: outpost\nsize: 2\nfaces:\n  P1:\n    grid:\n      - r c\n      - r c\n    zones:\n      r: room\n      c: corridor\n    edges:\n      0,0 e: door\n"
	mission := "format: 1\nid: outpost-run\ntitle: Outpost run\nruleset: zombicide-invader\ntileset: ./tiles.yaml\ntiles:\n  - {face: P1, at: [0, 0]}\ntokens:\n  - {type: start, at: [1, 1]}\n  - {type: exit, at: [1, 0]}\nobjectives:\n  - exit: all\n"
	f.Add([]byte(tiles), []byte(mission))
	f.Add([]byte(strings.Replace(tiles, "size: 2", "size: 2.0", 1)), []byte(strings.Replace(mission, "at: [0, 0]", "at: [0.0, 0], rot: 90.0", 1)))
	f.Add([]byte("faces: !include x"), []byte(strings.Replace(mission, "./tiles.yaml", "../tiles.yaml", 1)))
	f.Add([]byte("- x"), []byte(strings.Replace(mission, "./tiles.yaml", "/etc/passwd", 1)))
	if data, err := os.ReadFile("../layout/tilesets/station.yaml"); err == nil {
		f.Add(data, []byte(strings.Replace(mission, "P1", "1A", 1)))
	}
	dir := f.TempDir()
	lim := source.Limits{MaxBytes: 1 << 16, MaxDepth: 40, MaxNodes: 20_000}
	f.Fuzz(func(t *testing.T, tiles, mission []byte) {
		path := filepath.Join(dir, "m.yaml")
		if err := os.WriteFile(filepath.Join(dir, "tiles.yaml"), tiles, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, mission, 0o644); err != nil {
			t.Fatal(err)
		}
		r := Path(path, Options{Limits: lim})
		for _, d := range r.Diags {
			if d.Line < 1 || d.Col < 1 || d.Rule == "internal" || strings.Contains(d.Message, "json:") {
				t.Errorf("bad finding: %+v", d)
			}
			if strings.Contains(d.Message, "root:") {
				t.Errorf("a file outside the folder was echoed: %+v", d)
			}
		}
	})
}
