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
