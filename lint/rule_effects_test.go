package lint

import (
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// TestRuleDoesNothing: the rulebook ties special rules to the map's
// coloured tokens: "those Zones doesn't spawn Xenos until a specific event
// (like taking an Objective of the matching color) happens, which then
// activates them", and coloured doors follow "the special rules to apply".
// A trigger on an Objective colour the map lacks never happens; an effect
// on a door or Spawn Zone colour the map lacks changes nothing. Both are a
// warning at the rule, in both Zombicide games.
func TestRuleDoesNothing(t *testing.T) {
	quoteFrom(t, invaderText, "those Zones doesn’t spawn Xenos until a specific event (like taking an Objective of the matching color) happens, which then activates them.")
	quoteFrom(t, invaderText, "Some Missions feature colored doors. Read the Mission description to know the special rules to apply.")
	blueObj := "  - {type: objective, color: blue, at: [0, 0]}\n"
	blueDoor := "  - {type: door, color: blue, at: [5, 2], side: n}\n"
	blueSpawn := "  - {type: spawn, color: blue, at: [4, 1]}\n"
	for _, game := range []struct{ head, mapText string }{
		{invaderHead, invaderMap},
		{classicHead, classicMap},
	} {
		for _, c := range []struct {
			name, tokens, rule string
			want               []string // messages, at their pointers' lines
		}{
			{"take: blue without a blue Objective", "", "  - when: {take: blue}\n    then: [{text: Something happens.}]\n",
				[]string{"rule 1 never fires: it waits for a blue Objective to be taken, and the map has no blue Objective"}},
			{"take: blue with one", blueObj, "  - when: {take: blue}\n    then: [{text: Something happens.}]\n", nil},
			{"take: all", "", "  - when: {take: all}\n    then: [{text: Something happens.}]\n", nil},
			{"open: blue without a blue door", "", "  - when: {round: 2}\n    then: [{open: blue}]\n",
				[]string{"rule 1's effect 'open: blue' does nothing: the map has no blue door"}},
			{"open: blue with one", blueDoor, "  - when: {round: 2}\n    then: [{open: blue}]\n", nil},
			{"activate: blue without a blue Spawn Zone", "", "  - {text: First.}\n  - when: {round: 2}\n    then: [{text: x}, {activate: blue}]\n",
				[]string{"rule 2's effect 'activate: blue' does nothing: the map has no blue Spawn Zone"}},
			{"activate: blue with one", blueSpawn, "  - when: {round: 2}\n    then: [{activate: blue}]\n", nil},
		} {
			doc := game.head + game.mapText + c.tokens + exitAll + "rules:\n" + c.rule
			r := Bytes("t.yaml", []byte(doc), Options{Limits: source.DefaultLimits})
			got := findings(r, "rule-does-nothing")
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("%s%s: %q, want %q", game.head, c.name, got, c.want)
			}
		}
	}
	// Located at the trigger or the effect.
	r := Bytes("t.yaml", []byte(invaderHead+invaderMap+exitAll+"rules:\n  - when: {take: blue}\n    then: [{open: blue}]\n"), Options{Limits: source.DefaultLimits})
	var at []string
	for _, d := range r.Diags {
		if d.Rule == "rule-does-nothing" {
			at = append(at, d.Severity.String()+" "+strconv.Itoa(d.Line)+":"+strconv.Itoa(d.Col))
		}
	}
	lines := strings.Count(invaderHead+invaderMap+exitAll, "\n")
	want := []string{"warning " + strconv.Itoa(lines+2) + ":18", "warning " + strconv.Itoa(lines+3) + ":19"}
	if strings.Join(at, ",") != strings.Join(want, ",") {
		t.Errorf("located at %v, want %v", at, want)
	}
}
