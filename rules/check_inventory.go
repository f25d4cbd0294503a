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
	alien := map[string]bool{} // token types reported as not in the game
	for _, c := range counts {
		if c.Used <= c.Owned {
			continue
		}
		if c.Type != "tile" && !gameHas(pl.Mission.Ruleset, c.Type) {
			if !alien[c.Type] {
				alien[c.Type] = true
				name := TypeName(c.Type)
				out = append(out, Finding{Rule: "token-not-in-game", Ptr: c.Over,
					Message: fmt.Sprintf("%s has no %s: none of its boxes holds such a token and its rules do not use one", pl.gameName(), name),
					Hint:    fmt.Sprintf("remove the %s token, or write the mission for a game that has it (ruleset)", name)})
			}
			continue
		}
		used := fmt.Sprintf("%d", c.Used)
		if c.Extra > 0 {
			used = fmt.Sprintf("%d (%d placed + %d for %d Survivors)", c.Used, c.Used-c.Extra, c.Extra, pl.Survivors)
		}
		what := c.Label() + " token" + Plural(c.Used)
		if c.Type == "tile" {
			what = "use" + Plural(c.Used) + " of " + c.Label()
		}
		out = append(out, Finding{Rule: "inventory", Ptr: c.Over,
			Message: fmt.Sprintf("the mission needs %s %s, but %s has %d", used, what, owner, c.Owned),
			Hint:    "use fewer, or list the boxes that hold more under 'boxes:'"})
	}
	return out
}

// GameHas reports whether some box of the ruleset holds tokens of a type
// ("mold"): a game whose boxes have none does not have the thing at all.
func GameHas(ruleset, typ string) bool { return gameHas(ruleset, typ) }

// GameName is how an author names the game of a ruleset: "classic
// Zombicide"; the ruleset itself for a game that does not say.
func GameName(ruleset string) string {
	if g, ok := Lookup(ruleset).(interface{ Name() string }); ok {
		return g.Name()
	}
	if g, ok := LookupModel(ruleset).(interface{ Name() string }); ok {
		return g.Name()
	}
	return ruleset
}

// gameHas reports whether some box of the ruleset holds tokens of a type.
func gameHas(ruleset, typ string) bool {
	for _, n := range BoxNames(ruleset) {
		if b := LookupBox(n); b != nil {
			if _, ok := b.Tokens[typ]; ok {
				return true
			}
		}
	}
	return false
}

// gameName is how an author names the game: "classic Zombicide".
func (pl *Play) gameName() string { return GameName(pl.Mission.Ruleset) }
