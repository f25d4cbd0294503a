package lint_test

import (
	"os"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
)

// TestTilesetReadOnce: a tile-set file used by many missions is read and
// checked once while it is unchanged, and again once it changes.
func TestTilesetReadOnce(t *testing.T) {
	dir := t.TempDir()
	src, ok := layout.BuiltinSource("station")
	if !ok {
		t.Fatal("no station source")
	}
	path := dir + "/tiles.yaml"
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := lint.TilesetFile(path, source.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	b, err := lint.TilesetFile(path, source.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("the same unchanged file was parsed twice")
	}
	// A change of size is a new version.
	if err := os.WriteFile(path, append(src, []byte("\n# changed\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := lint.TilesetFile(path, source.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if c == a {
		t.Error("a changed file was not read again")
	}
}
