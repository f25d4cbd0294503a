package rules

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/internal/typo"
)

// Inventory counts tokens and tiles used against the mission's boxes,
// including the tokens the rules add.
func (pl *Play) Inventory() (counts []Count, unknown []int) {
	t := pl.tallied()
	counts, unknown = t.inventory(), t.unknown
	if pl.Kit != nil {
		c, _ := SurvivorCount(pl.Scene, pl.CoreBox, pl.Kit, pl.Survivors)
		counts = append(counts, c)
	}
	return counts, unknown
}

// tallied is the play's tally, made once: the inventory and the shortages
// both read it. Callers must not change the play's extra tokens after.
func (pl *Play) tallied() *tally {
	if pl.tally == nil {
		pl.tally = newTally(pl.Scene, pl.CoreBox, pl.Extra)
	}
	return pl.tally
}

func (pl *Play) checkInventory() []Finding {
	t := pl.tallied()
	unknown := t.unknown
	var out []Finding
	// The game's name and its list of boxes are worded only for a finding:
	// most missions have none, and a folder check pays for every word made.
	game := pl.gameName
	ours := func() string { return strings.Join(BoxNames(pl.Mission.Ruleset), ", ") }
	for _, i := range unknown {
		f := Finding{Rule: "unknown-box", Ptr: fmt.Sprintf("/boxes/%d", i),
			Message: fmt.Sprintf("no box named %q; %s's boxes: %s", pl.Mission.Boxes[i], game(), ours())}
		if g := typo.Closest(pl.Mission.Boxes[i], BoxNames("")); g != "" {
			f.Hint = "did you mean " + g + "?"
			if b := LookupBox(g); b.Ruleset != pl.Mission.Ruleset {
				f.Hint += fmt.Sprintf(" (a box of %s)", GameName(b.Ruleset))
			}
		}
		out = append(out, f)
	}
	// A box of another game: its tokens and tiles are not counted, so
	// what only it holds is reported below as not in the game. With no
	// box of the game counted, every shortage would follow from
	// box-ruleset: nothing is counted to fall short of.
	var foreign []int
	for i, n := range pl.Mission.Boxes {
		if b := LookupBox(n); b != nil && b.Ruleset != pl.Mission.Ruleset {
			foreign = append(foreign, i)
		}
	}
	counted := len(pl.Mission.Boxes) == 0 || len(foreign) < len(pl.Mission.Boxes)
	for _, i := range foreign {
		n := pl.Mission.Boxes[i]
		b := LookupBox(n)
		msg := fmt.Sprintf("%s is a box of %s, not of %s (ruleset: %s): its tokens and tiles are not counted", n, GameName(b.Ruleset), game(), pl.Mission.Ruleset)
		if !counted {
			msg += fmt.Sprintf(", and with no box of %s listed the inventory is not checked", game())
		}
		out = append(out, Finding{Rule: "box-ruleset", Ptr: fmt.Sprintf("/boxes/%d", i), Message: msg,
			Hint: fmt.Sprintf("list %s's boxes (%s), or write the mission for %s (ruleset: %s)", game(), ours(), GameName(b.Ruleset), b.Ruleset)})
	}
	owner := strings.Join(pl.Mission.Boxes, " + ")
	if owner == "" {
		owner = pl.CoreBox
	}
	atMost := ""
	if len(unknown) > 0 {
		var typos []string
		for _, i := range unknown {
			typos = append(typos, pl.Mission.Boxes[i])
		}
		atMost = fmt.Sprintf(" at most, whichever of %s's boxes %s stands for", game(), strings.Join(typos, " and "))
	}
	// More Survivors than the boxes equip is one mistake: a token count
	// that only the Spawn Zones they add push over the box (its first use
	// too many is at /survivors) is said in the same finding.
	sf, many := Finding{}, false
	if pl.Kit != nil && counted {
		sf, many = pl.survivorFinding(owner, atMost)
	}
	// A box holds at least one of each of its tiles, and the layout
	// reports every placement past one per physical tile (both-faces,
	// tile-overlap): a tile short is always said there, so only tokens
	// are counted here.
	for _, sh := range t.shortages() {
		if !gameHas(pl.Mission.Ruleset, sh.Type) {
			name := TypeName(sh.Type)
			f := Finding{Rule: "token-not-in-game", Ptr: sh.Over,
				Message: fmt.Sprintf("%s has no %s: none of its boxes holds such a token and its rules do not use one", game(), name),
				Hint:    fmt.Sprintf("remove the %s token, or write the mission for a game that has it (ruleset)", name)}
			for _, i := range foreign {
				if b := LookupBox(pl.Mission.Boxes[i]); b.Tokens[sh.Type] != nil {
					f.Related = append(f.Related, Related{Ptr: fmt.Sprintf("/boxes/%d", i), Message: fmt.Sprintf("%s holds one, but it is a box of %s", b.Name, GameName(b.Ruleset))})
				}
			}
			out = append(out, f)
			continue
		}
		if !counted {
			continue
		}
		used := fmt.Sprintf("%d", sh.Used)
		if sh.Extra > 0 {
			used = fmt.Sprintf("%d (%d placed + %d for %d Survivors)", sh.Used, sh.Used-sh.Extra, sh.Extra, pl.Survivors)
		}
		has := fmt.Sprintf("%d", sh.Owned)
		if sh.TwoSided && !sh.All {
			// A token shows one side: say which tokens can show these.
			has += " that can show " + strings.Join(sh.Colors, " or ")
		}
		if many && sh.Over == sf.Ptr {
			sf.Message += fmt.Sprintf("; and with the Spawn Zones they add the mission needs %s %s, but %s has %s%s", used, sh.What(), owner, has, atMost)
			continue
		}
		out = append(out, Finding{Rule: "inventory", Ptr: sh.Over,
			Message: fmt.Sprintf("the mission needs %s %s, but %s has %s%s", used, sh.What(), owner, has, atMost),
			Hint:    "use fewer, or list the boxes that hold more under 'boxes:'"})
	}
	if many {
		out = append(out, sf)
	}
	return out
}

// survivorFinding: more Survivors than the boxes hold dashboards (and the
// other parts each Survivor takes) for. One finding names every part
// short: they are one mistake, the number of Survivors.
func (pl *Play) survivorFinding(owner, atMost string) (Finding, bool) {
	c, short := SurvivorCount(pl.Scene, pl.CoreBox, pl.Kit, pl.Survivors)
	if len(short) == 0 {
		return Finding{}, false
	}
	var need, has []string
	same := true
	for _, p := range short {
		need = append(need, fmt.Sprintf("%d %s", p.Need, p.Part.Name))
		has = append(has, fmt.Sprint(p.Owned))
		same = same && p.Owned == short[0].Owned
	}
	owned := ListAnd(has)
	if same && len(short) > 1 {
		owned = has[0] + " of each"
	}
	return Finding{Rule: "inventory", Ptr: "/survivors",
		Message: fmt.Sprintf("%d Survivors need %s, but %s has %s%s: enough for %d Survivors", pl.Survivors, ListAnd(need), owner, owned, atMost, c.Owned),
		Hint:    fmt.Sprintf("play with at most %d Survivors, or list the expansions that hold the others' parts under 'boxes:'", c.Owned)}, true
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
