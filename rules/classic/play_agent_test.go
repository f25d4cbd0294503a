package classic

import (
	"testing"
)

// A rule that fires when any Objective is taken (when: {take: all}) makes
// every Objective worth taking, as taking one fires it: the agent and
// the game read the trigger alike.
func TestAgentWantsTheObjectiveARuleWaitsFor(t *testing.T) {
	text := mustReplace(t, exampleText(t, "night-shift"),
		"rules:\n", "rules:\n  - when: {take: all}\n    then: [{activate: red}]\n")
	s := newGame(t, text, 1)
	for i := range s.met {
		s.met[i] = 1 // no objective asks for a token now
	}
	r := len(s.m.rules) - 1
	for i, rule := range s.m.rules {
		if rule.When != nil && rule.When.Take == "all" {
			r = i
		}
	}
	if !s.wanted(0) {
		t.Fatal("the agent does not want the Objective the take: all rule waits for")
	}
	s.takeObjective(0, 0)
	if !s.fired[r] {
		t.Fatal("taking an Objective did not fire the take: all rule")
	}
	if s.wanted(1) {
		t.Fatal("the agent still wants an Objective once the rule has fired")
	}
}
