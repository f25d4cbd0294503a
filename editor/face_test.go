package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFaceDrawing: a face of the palette is drawn as the map draws it, the
// tile alone: the face's own zones' labels, in an <svg> the size of the
// tile; an unknown face is refused.
func TestFaceDrawing(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 5A is not on Violet Lockdown's board.
	r := s.Call(Request{Method: "GET", Path: "face", Query: map[string][]string{"id": {"5A"}}})
	if r.Status != StatusOK {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	svg := string(r.Body)
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300"`) {
		t.Errorf("not a tile-sized drawing: %.120s", svg)
	}
	if !strings.Contains(svg, `class="fills"`) || !strings.Contains(svg, ">5A/a<") {
		t.Errorf("not the map's drawing of 5A: %.400s", svg)
	}
	if strings.Contains(svg, "title-block") || strings.Contains(svg, "Briefing") {
		t.Error("the page around the board came with it")
	}
	if r := s.Call(Request{Method: "GET", Path: "face", Query: map[string][]string{"id": {"ZZ"}}}); r.Status != StatusNotFound {
		t.Errorf("an unknown face: %d", r.Status)
	}
}
