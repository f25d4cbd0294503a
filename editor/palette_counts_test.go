package editor

import (
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// TestPaletteCountsAreAnalyzes: the palette's "used / owned" are the
// numbers analyze (and the site's pages) print, two-sided tokens and the
// Spawn Zones 8 Survivors add included: 6 red and 1 green Spawn token
// need 7 of the core box's 6, which no colour's own line shows.
func TestPaletteCountsAreAnalyzes(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "survivors: 6", "survivors: 8", 1)
	text = strings.Replace(text, "  - {type: spawn, color: green, at: [0, 0]}\n",
		"  - {type: spawn, color: green, at: [0, 0]}\n  - {type: spawn, at: [8, 2]}\n  - {type: spawn, at: [3, 5]}\n  - {type: spawn, at: [0, 4]}\n", 1)
	r := lint.Bytes("m.yaml", []byte(text), lint.Options{Limits: source.DefaultLimits})
	if r.Scene == nil {
		t.Fatalf("no board: %v", r.Diags)
	}
	a := rules.Lookup(r.Mission.Ruleset).(rules.Analyzer).Analyze(r.Scene)
	shown := map[string][2]int{}
	for _, tk := range paletteOf(r.Scene).Tokens {
		label := tk.Color + " " + tk.Type
		switch {
		case tk.All:
			label = tk.Type + ", all colours"
		case tk.Color == "":
			label = tk.Type
		}
		shown[label] = [2]int{tk.Used, tk.Owned}
	}
	if len(a.Inventory) == 0 {
		t.Fatal("analyze counts nothing")
	}
	for _, l := range a.Inventory {
		if strings.HasPrefix(l.What, "tile ") || l.What == "Survivors" {
			continue // the palette shows faces and tokens to place, not tile or Survivor counts
		}
		if got, ok := shown[l.What]; !ok || got != [2]int{l.Used, l.Owned} {
			t.Errorf("%s: the palette shows %v, analyze %d / %d", l.What, got, l.Used, l.Owned)
		}
	}
	// 5 red placed + 1 for 8 Survivors, 1 green: 7 tokens of 6.
	if got := shown["spawn, all colours"]; got != [2]int{7, 6} {
		t.Errorf("spawn, all colours: %v, want 7 / 6", got)
	}
}
