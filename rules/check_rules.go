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
