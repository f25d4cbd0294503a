package rules

import (
	"fmt"

	"github.com/zmission/zmission/missions"
)

// checkRuleEffects: a special rule that waits for an Objective colour the
// map does not have never fires; an effect that opens a door colour or
// activates a Spawn Zone colour the map does not have changes nothing.
// Rules are numbered from 1, as in the editor.
func (pl *Play) checkRuleEffects() []Finding {
	have := map[[2]string]bool{} // (type, colour) on the map
	for _, t := range pl.Mission.Tokens {
		t = Defaults(t)
		have[[2]string{t.Type, t.Color}] = true
	}
	// Doors the game removes before play (Mold) are not there to open:
	// a colour whose every door is gone opens nothing.
	var moldDoor map[string]*Token // colour -> a removed door, while every one is
	if gone := pl.Puzzle.Gone; len(gone) > 0 {
		moldDoor = map[string]*Token{}
		left := map[string]bool{}
		for i, raw := range pl.Mission.Tokens {
			t := Defaults(raw)
			if t.Type != missions.TokDoor {
				continue
			}
			if gone[i] == nil {
				left[t.Color] = true
			} else if moldDoor[t.Color] == nil {
				moldDoor[t.Color] = &Token{Token: t, Index: i}
			}
		}
		for c := range left {
			delete(moldDoor, c)
		}
	}
	var out []Finding
	for i, r := range pl.Mission.Rules {
		if r.When != nil && r.When.Take != "" && r.When.Take != "all" && !have[[2]string{missions.TokObjective, r.When.Take}] {
			out = append(out, Finding{Rule: "rule-does-nothing", Ptr: fmt.Sprintf("/rules/%d/when/take", i),
				Message: fmt.Sprintf("rule %d never fires: it waits for a %s Objective to be taken, and the map has no %s Objective", i+1, r.When.Take, r.When.Take),
				Hint:    fmt.Sprintf("place an Objective token with color: %s, or change the trigger", r.When.Take)})
		}
		for j, e := range r.Then {
			var typ, what, verb string
			switch {
			case e.Open != "":
				typ, what, verb = missions.TokDoor, e.Open, "open"
			case e.Activate != "":
				typ, what, verb = missions.TokSpawn, e.Activate, "activate"
			default:
				continue
			}
			if d := moldDoor[what]; d != nil && typ == missions.TokDoor {
				m := pl.Puzzle.Gone[d.Index]
				out = append(out, Finding{Rule: "rule-does-nothing", Ptr: fmt.Sprintf("/rules/%d/then/%d/%s", i, j, verb),
					Message: fmt.Sprintf("rule %d's effect '%s: %s' does nothing: the Mold at %d,%d removes the map's %s door%s before play (\"Colored doors can be removed by Mold\")", i+1, verb, what, m.Cell.X, m.Cell.Y, what, Plural(written(pl.Mission, typ, what))),
					Hint:    "move the door or the Mold, or remove the effect",
					Related: []Related{{Ptr: d.Ptr(), Message: "the door the Mold removes"}, {Ptr: m.Ptr(), Message: "the Mold"}}})
				continue
			}
			if have[[2]string{typ, what}] {
				continue
			}
			noun := map[string]string{missions.TokDoor: "door", missions.TokSpawn: "Spawn Zone"}[typ]
			out = append(out, Finding{Rule: "rule-does-nothing", Ptr: fmt.Sprintf("/rules/%d/then/%d/%s", i, j, verb),
				Message: fmt.Sprintf("rule %d's effect '%s: %s' does nothing: the map has no %s %s", i+1, verb, what, what, noun),
				Hint:    fmt.Sprintf("place a %s token with color: %s, or remove the effect", noun, what)})
		}
	}
	return out
}
