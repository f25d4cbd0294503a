package invader

import (
	"embed"
	"io/fs"

	"github.com/zmission/zmission/rules"
)

// CoreBox is the box a mission needs when it names none.
const CoreBox = "invader-core"

//go:embed boxes/*.yaml
var boxFiles embed.FS

func init() {
	sub, _ := fs.Sub(boxFiles, "boxes")
	rules.RegisterBoxes(sub)
}

// Inventory counts tokens and tiles used against the mission's boxes,
// including the Spawn Zones 7+ Survivors add.
func (w *World) Inventory() (counts []rules.Count, unknown []int) { return w.Play().Inventory() }

// Inventory is the mission's inventory without the rest of the play: the
// editor's palette shows it as it edits.
func (game) Inventory(s *rules.Scene) []rules.Count {
	n := 6
	if s.Mission.Survivors > 0 {
		n = s.Mission.Survivors
	}
	counts, _ := rules.Inventory(s, CoreBox, extraTokens(n))
	c, _ := rules.SurvivorCount(s, CoreBox, kit, n)
	return append(counts, c)
}

// kit is what each Survivor takes at setup: "Players take 1 Dashboard for
// each of their Survivors, ... They take a colored plastic base ... They
// also take 5 plastic trackers of the same color as their base." More
// than the core box's 6 Survivors need "the extra Survivor dashboards,
// plastic markers, color bases, and Starting Equipment cards contained in
// expansions". Starting Equipment is not counted: without it "the extra
// Survivors enter the game with no Starting Equipment".
var kit = []rules.KitPart{
	{Key: "dashboard", Each: 1, Name: "Survivor dashboards"},
	{Key: "base", Each: 1, Name: "colour bases"},
	{Key: "tracker", Each: 5, Name: "plastic trackers"},
}

// extraTokens are the red Spawn Zones 7+ Survivors add, as the inventory
// counts them.
func extraTokens(survivors int) map[[2]string]int {
	if n := ExtraSpawns(survivors); n > 0 {
		return map[[2]string]int{{"spawn", "red"}: n}
	}
	return nil
}
