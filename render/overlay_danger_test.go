package render

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The danger overlay tints exactly the zones a playtest counted
// eliminations in, each marked with its count, and says over how many
// games, by which agent and seed; without counts it is an error, not an
// empty map.
func TestDangerOverlay(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	counts := make([]int, len(s.Board.Zones))
	counts[1], counts[4] = 7, 2
	var buf bytes.Buffer
	o := Options{Page: "fit", Margin: DefaultMargin, Overlays: []Overlay{{Kind: OverlayDanger, Danger: &Danger{Counts: counts, Games: 300, Agent: "careful", Seed: 5, Survivors: []int{6}}}}}
	if err := SVG(&buf, s, g, o); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got := regexp.MustCompile(`data-eliminations="(\d+)"`).FindAllSubmatch(data, -1)
	if len(got) != 2 || string(got[0][1]) != "7" || string(got[1][1]) != "2" {
		t.Fatalf("tinted %q, want the zones counted 7 and 2", got)
	}
	var words []string
	for _, m := range regexp.MustCompile(`>([^<>]+)</text>`).FindAllSubmatch(data, -1) {
		words = append(words, string(m[1]))
	}
	if text := strings.Join(words, " "); !strings.Contains(text, "300 games of a playtest (agent careful, seed 5) with 6 Survivors; the most, in the strongest tint: 7.") {
		t.Fatalf("the legend does not say what the tints count, who played, with which seed and how many Survivors: %q", text)
	}
	// The legend keys the tints: a swatch for each count from 1 to the
	// most, the last one the tint of the zone with the most.
	zoneFill := regexp.MustCompile(`fill="([^"]+)" fill-opacity="0.68" data-eliminations="7"`).FindSubmatch(data)
	keys := regexp.MustCompile(`<rect [^>]*fill="([^"]+)" fill-opacity="0.68" stroke=`).FindAllSubmatch(data, -1)
	if zoneFill == nil || len(keys) != 7 || string(keys[6][1]) != string(zoneFill[1]) {
		t.Fatalf("the legend's key has %d swatches, want 7 ending in the tint of the zone counted 7 (%q)", len(keys), zoneFill)
	}
	if !strings.Contains(legendWords(data), "tint: 7. 1 ") {
		t.Fatalf("the key is not labelled from 1 to 7: %q", legendWords(data))
	}
	// Several counts are named as the range played.
	o.Overlays[0].Danger.Survivors = []int{2, 3, 4, 5, 6}
	buf.Reset()
	if err := SVG(&buf, s, g, o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(legendWords(buf.Bytes()), "with 2 to 6 Survivors;") {
		t.Fatalf("the legend does not name the range of Survivors played: %q", legendWords(buf.Bytes()))
	}
	o.Overlays[0].Danger = nil
	if err := SVG(&buf, s, g, o); err == nil {
		t.Fatal("a danger overlay without counts drew")
	}
}

// legendWords joins the text of an SVG's text elements, as a reader reads
// them across the legend's wrapped lines.
func legendWords(data []byte) string {
	var words []string
	for _, m := range regexp.MustCompile(`>([^<>]+)</text>`).FindAllSubmatch(data, -1) {
		words = append(words, string(m[1]))
	}
	return strings.Join(words, " ")
}

// A key past ten counts shows ten steps from one to the most.
func TestDangerSteps(t *testing.T) {
	for most, want := range map[int]string{1: "[1]", 4: "[1 2 3 4]", 10: "[1 2 3 4 5 6 7 8 9 10]", 46: "[1 6 11 16 21 26 31 36 41 46]"} {
		if got := fmt.Sprint(dangerSteps(most)); got != want {
			t.Errorf("dangerSteps(%d) = %s, want %s", most, got, want)
		}
	}
}
