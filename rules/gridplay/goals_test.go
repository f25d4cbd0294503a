package gridplay

import (
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
