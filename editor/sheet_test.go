package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A scenario of a game not played on tiles opens on its printable sheet,
// as render draws it; a save that cannot be read keeps the last good sheet
// with the error shown.
func TestSheetKind(t *testing.T) {
	for _, ex := range []string{"facility/breach-wing.yaml", "colony/radio-silence.yaml", "survival-infection/long-night.yaml"} {
		t.Run(ex, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("..", "examples", ex))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			// The colony examples read their collections beside them.
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", filepath.Dir(ex)))); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.Base(ex))
			s, err := New(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			kind := "sheet"
			if filepath.Dir(ex) == "facility" {
				kind = "facility" // its canvas, with the sheet beside it
			}
			st := s.state(s.cur, s.good)
			if st.Kind != kind || !strings.HasPrefix(st.SVG, "<svg") || st.Error != "" || st.Title == "" {
				t.Fatalf("kind %q, error %q, title %q, svg %.40q", st.Kind, st.Error, st.Title, st.SVG)
			}
			good := s.cur
			bad := s.snapshotOf(append(append([]byte{}, src...), "\n  - [unclosed\n"...))
			st = s.state(bad, good)
			if st.Error == "" || !st.Stale || st.SVG == "" || st.Kind != kind {
				t.Errorf("a broken save: kind %q, error %q, stale %v, sheet kept %v", st.Kind, st.Error, st.Stale, st.SVG != "")
			}
		})
	}
}
