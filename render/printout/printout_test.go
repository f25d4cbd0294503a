package printout

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// goldens are every SVG render's tests keep: mission pages in both games,
// in colour and mono, with overlays, tile sheets and templates.
func goldens(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../testdata/svg/*.svg")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden SVGs found: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

func TestDump(t *testing.T) {
	dir := os.Getenv("PRINTOUT_DUMP")
	if dir == "" {
		t.Skip("set PRINTOUT_DUMP=DIR to write every golden as PDF and PNG")
	}
	for name, svg := range goldens(t) {
		p, err := Parse(svg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if err := PDF(&b, []*Page{p}); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name+".pdf"), b.Bytes(), 0o644)
		b.Reset()
		if err := PNG(&b, p, 100); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name+".png"), b.Bytes(), 0o644)
	}
}
