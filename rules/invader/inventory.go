package invader

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/zmission/zmission/rules"
)

// CoreBox is the box a mission needs when it names none.
const CoreBox = "invader-core"

//go:embed boxes/*.yaml
var boxFiles embed.FS

func init() {
	sub, _ := fs.Sub(boxFiles, "boxes")
	rules.RegisterBoxes(sub)
	checks = append(checks, checkInventory)
}

// Inventory counts tokens and tiles used against the mission's boxes,
// including the Spawn Zones 7+ Survivors add.
func (w *World) Inventory() (counts []rules.Count, unknown []int) {
	extra := map[[2]string]int{}
	if n := ExtraSpawns(survivors(w.Mission)); n > 0 {
		extra[[2]string{"spawn", "red"}] = n
	}
	return rules.Inventory(w.Scene, CoreBox, extra)
}

func checkInventory(w *World, _ rules.Options) []rules.Finding {
	counts, unknown := w.Inventory()
	var out []rules.Finding
	for _, i := range unknown {
		out = append(out, rules.Finding{Rule: "unknown-box", Ptr: fmt.Sprintf("/boxes/%d", i),
			Message: fmt.Sprintf("no box named %q; known boxes: %s", w.Mission.Boxes[i], strings.Join(rules.BoxNames(""), ", "))})
	}
	if len(unknown) > 0 {
		return out // counts against a partial inventory would mislead
	}
	owner := strings.Join(w.Mission.Boxes, " + ")
	if owner == "" {
		owner = CoreBox
	}
	for _, c := range counts {
		if c.Used <= c.Owned {
			continue
		}
		used := fmt.Sprintf("%d", c.Used)
		if c.Extra > 0 {
			used = fmt.Sprintf("%d (%d placed + %d for %d Survivors)", c.Used, c.Used-c.Extra, c.Extra, survivors(w.Mission))
		}
		what := c.Label() + " tokens"
		if c.Type == "tile" {
			what = "uses of " + c.Label()
		}
		out = append(out, rules.Finding{Rule: "inventory", Ptr: c.Over,
			Message: fmt.Sprintf("the mission needs %s %s, but %s has %d", used, what, owner, c.Owned),
			Hint:    "use fewer, or list the boxes that hold more under 'boxes:'"})
	}
	return out
}
