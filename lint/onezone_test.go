package lint

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/source"
)

// A board of one zone has no moves at all; solving it once panicked on the
// adjacency it never made.
func TestOneZoneBoard(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "one.yaml"), []byte("format: 1\nname: one\nsize: 3\nfaces:\n  S1:\n    grid:\n      - a a a\n      - a a a\n      - a a a\n    zones:\n      a: street\n"), 0o644)
	m := "format: 1\nid: one\ntitle: One\nruleset: zombicide-invader\ntileset: ./one.yaml\ntiles:\n  - {face: S1, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"
	r := Bytes(filepath.Join(dir, "m.yaml"), []byte(m), Options{Limits: source.DefaultLimits, AllowOutside: true})
	for _, d := range r.Diags {
		if d.Rule == "internal" {
			t.Errorf("%d:%d: %s", d.Line, d.Col, d.Message)
		}
	}
}
