package gridplay

import (
	"slices"
	"testing"

	"github.com/zmission/zmission/missions"
)

func TestObjectiveLabels(t *testing.T) {
	for _, c := range []struct {
		o    missions.Objective
		want string
	}{
		{missions.Objective{Take: "red"}, "1. take all red Objectives"},
		{missions.Objective{Take: "red", Count: 2}, "1. take 2 red Objectives"},
		{missions.Objective{Take: "violet", Count: 1}, "1. take 1 violet Objective"},
		{missions.Objective{Take: "all"}, "1. take all Objectives"},
		{missions.Objective{Exit: "all"}, "1. exit all"},
		{missions.Objective{Survive: 5}, "1. survive 5 rounds"},
	} {
		if got := GoalLabel(0, c.o); got != c.want {
			t.Errorf("%+v: %q, want %q", c.o, got, c.want)
		}
	}
}

// TestRulesAndOrder: which mission rules a round, a reach and a take set
// off, and an objective waiting for the lower orders.
func TestRulesAndOrder(t *testing.T) {
	goals := []Goal{{Order: 1}, {Order: 2}, {Order: 0}, {Order: 2}}
	if !OrderOpen(goals, []int{0, 0, 0, 0}, 1) || OrderOpen(goals, []int{0, 0, 0, 0}, 2) || !OrderOpen(goals, []int{3, 0, 0, 0}, 2) || OrderOpen(goals, []int{3, 0, 0, 0}, 3) {
		t.Error("orders read wrong")
	}
	rs := []missions.Rule{
		{When: &missions.Trigger{Round: 3}},
		{Text: "free text"},
		{When: &missions.Trigger{Take: "blue"}},
		{When: &missions.Trigger{Take: "all"}},
		{When: &missions.Trigger{Activate: "relay"}},
		{When: &missions.Trigger{Round: 4}},
	}
	var fired []int
	RoundRules(rs, 3, func(r int) { fired = append(fired, r) })
	if len(fired) != 1 || fired[0] != 0 {
		t.Errorf("round 3 fires %v, want [0]", fired)
	}
	for _, c := range []struct {
		colour, id string
		want       [6]bool
	}{
		{"blue", "o1", [6]bool{2: true, 3: true}},
		{"red", "relay", [6]bool{3: true, 4: true}},
	} {
		var got [6]bool
		for r := range rs {
			got[r] = TakeFires(rs[r].When, c.colour, c.id)
		}
		if got != c.want {
			t.Errorf("taking %s %s fires %v, want %v", c.colour, c.id, got, c.want)
		}
	}
}

// TestFreeText: what the free text is said to be.
func TestFreeText(t *testing.T) {
	goals := []Goal{{Kind: GoalReach, Zone: 4}, {Kind: GoalText}}
	got := FreeText(goals, []missions.Rule{{When: &missions.Trigger{Round: 2}}, {Text: "the lights go out"}})
	if want := []string{"objective 2 is free text: counted met", "rule 2 is free text: not played"}; !slices.Equal(got, want) {
		t.Errorf("free text %q, want %q", got, want)
	}
}
