package rules

import (
	"fmt"
	"strings"
)

// Inventory counts tokens and tiles used against the mission's boxes,
// including the tokens the rules add.
func (pl *Play) Inventory() (counts []Count, unknown []int) {
	return Inventory(pl.Scene, pl.CoreBox, pl.Extra)
}

func (pl *Play) checkInventory() []Finding {
	counts, unknown := pl.Inventory()
	var out []Finding
	for _, i := range unknown {
		out = append(out, Finding{Rule: "unknown-box", Ptr: fmt.Sprintf("/boxes/%d", i),
			Message: fmt.Sprintf("no box named %q; known boxes: %s", pl.Mission.Boxes[i], strings.Join(BoxNames(""), ", "))})
	}
	if len(unknown) > 0 {
		return out // counts against a partial inventory would mislead
	}
	owner := strings.Join(pl.Mission.Boxes, " + ")
	if owner == "" {
		owner = pl.CoreBox
	}
	for _, c := range counts {
		if c.Used <= c.Owned {
			continue
		}
		used := fmt.Sprintf("%d", c.Used)
		if c.Extra > 0 {
			used = fmt.Sprintf("%d (%d placed + %d for %d Survivors)", c.Used, c.Used-c.Extra, c.Extra, pl.Survivors)
		}
		what := c.Label() + " tokens"
		if c.Type == "tile" {
			what = "uses of " + c.Label()
		}
		out = append(out, Finding{Rule: "inventory", Ptr: c.Over,
			Message: fmt.Sprintf("the mission needs %s %s, but %s has %d", used, what, owner, c.Owned),
			Hint:    "use fewer, or list the boxes that hold more under 'boxes:'"})
	}
	return out
}
