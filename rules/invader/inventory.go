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
	return counts
}

// extraTokens are the red Spawn Zones 7+ Survivors add, as the inventory
// counts them.
func extraTokens(survivors int) map[[2]string]int {
	if n := ExtraSpawns(survivors); n > 0 {
		return map[[2]string]int{{"spawn", "red"}: n}
	}
	return nil
}
