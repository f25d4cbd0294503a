package render

import (
	"bytes"
	"path/filepath"
	"regexp"
	"testing"
)

// The danger overlay tints exactly the zones a playtest counted
// eliminations in, each marked with its count, and says over how many
// games; without counts it is an error, not an empty map.
func TestDangerOverlay(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	counts := make([]int, len(s.Board.Zones))
	counts[1], counts[4] = 7, 2
	var buf bytes.Buffer
	o := Options{Page: "fit", Margin: DefaultMargin, Overlays: []Overlay{{Kind: OverlayDanger, Danger: &Danger{Counts: counts, Games: 300}}}}
	if err := SVG(&buf, s, g, o); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got := regexp.MustCompile(`data-eliminations="(\d+)"`).FindAllSubmatch(data, -1)
	if len(got) != 2 || string(got[0][1]) != "7" || string(got[1][1]) != "2" {
		t.Fatalf("tinted %q, want the zones counted 7 and 2", got)
	}
	if !bytes.Contains(data, []byte("300 games")) || !bytes.Contains(data, []byte("the most: 7.")) {
		t.Fatal("the legend does not say what the tints count")
	}
	o.Overlays[0].Danger = nil
	if err := SVG(&buf, s, g, o); err == nil {
		t.Fatal("a danger overlay without counts drew")
	}
}
