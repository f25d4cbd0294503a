package missions

import "testing"

func TestObjectiveDescribe(t *testing.T) {
	for _, c := range []struct {
		o     Objective
		onMap int
		want  string
	}{
		{Objective{Take: "violet"}, -1, "Take the violet Objective"},
		{Objective{Take: "violet"}, 1, "Take the violet Objective"},
		{Objective{Take: "red"}, 2, "Take both red Objectives"},
		{Objective{Take: "red"}, 5, "Take all 5 red Objectives"},
		{Objective{Take: "red", Count: 2}, 5, "Take 2 red Objectives"},
		{Objective{Take: "red", Count: 1}, 5, "Take 1 red Objective"},
		{Objective{Take: "all"}, 3, "Take all Objectives"},
		{Objective{Take: "all", Count: 4}, 9, "Take 4 Objectives"},
		{Objective{Exit: "all"}, -1, "Reach the Exit with all Survivors"},
		{Objective{Exit: "any"}, -1, "Reach the Exit with at least one Survivor"},
		{Objective{Exit: "1"}, -1, "Reach the Exit with 1 Survivor"},
		{Objective{Exit: "4"}, -1, "Reach the Exit with 4 Survivors"},
		{Objective{Reach: "1A/c"}, -1, "Reach 1A/c"},
		{Objective{Activate: "gun"}, -1, "Activate gun"},
		{Objective{Survive: 8}, -1, "Survive 8 Game Rounds"},
		{Objective{Survive: 1}, -1, "Survive 1 Game Round"},
		{Objective{Kill: "hunter", Count: 3}, -1, "Kill 3 hunters"},
		{Objective{Kill: "abomination"}, -1, "Kill every abomination"},
		{Objective{Text: "  Keep the prototype safe. "}, -1, "Keep the prototype safe."},
		{Objective{Take: "red", Text: "Grab the cores"}, 2, "Take both red Objectives"},
	} {
		if got := c.o.DescribeFor(c.onMap); got != c.want {
			t.Errorf("%+v DescribeFor(%d) = %q, want %q", c.o, c.onMap, got, c.want)
		}
	}
	if got := (Objective{Take: "violet"}).Describe(); got != "Take the violet Objective" {
		t.Errorf("Describe = %q", got)
	}
}

func TestRuleDescribe(t *testing.T) {
	for _, c := range []struct {
		r    Rule
		want string
	}{
		{Rule{When: &Trigger{Take: "violet"}, Then: []Effect{{Open: "violet"}, {Activate: "violet"}}},
			"When the violet Objective is taken: violet doors open; violet Spawn Zones activate."},
		{Rule{When: &Trigger{Take: "red"}, Then: []Effect{{Grant: "remote:gun"}}},
			"When the red Objective is taken: the team gains the remote of gun."},
		{Rule{When: &Trigger{Reach: "5A/b"}, Then: []Effect{{Grant: "oxygen-tank"}}},
			"When a Survivor reaches 5A/b: the team gains an Oxygen Tank."},
		{Rule{When: &Trigger{Round: 3}, Then: []Effect{{Remove: "door1"}, {Text: "A siren sounds."}}},
			"At the start of Game Round 3: door1 is removed; A siren sounds."},
		{Rule{When: &Trigger{Activate: "gun"}, Then: []Effect{{Grant: "door-opener"}}},
			"When gun is activated: the team gains a door opener."},
		{Rule{Then: []Effect{{Open: "green"}}}, "Green doors open."},
		{Rule{When: &Trigger{Take: "blue"}}, "When the blue Objective is taken: nothing happens."},
		{Rule{Text: "The Sentry Gun cannot be moved"}, "The Sentry Gun cannot be moved."},
		{Rule{Text: "Really?"}, "Really?"},
		{Rule{Then: []Effect{{Text: "éclairs fall"}}}, "Éclairs fall."},
		{Rule{}, ""},
	} {
		if got := c.r.Describe(); got != c.want {
			t.Errorf("%+v: Describe = %q, want %q", c.r, got, c.want)
		}
	}
}
