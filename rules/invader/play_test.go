package invader

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/playtest"
)

// Same stream, same game; every game ends within the round bound with a
// cause when lost.
func TestPlayIsDeterministic(t *testing.T) {
	for _, name := range []string{"first-contact", "violet-lockdown"} {
		m, err := NewModel(exampleScene(t, name), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, ag := range []string{"careful", "strong"} {
			for i := range 20 {
				g := playtest.Game{Survivors: 4, Agent: ag}
				a := m.Play(g, rand.New(rand.NewPCG(9, uint64(i))))
				b := m.Play(g, rand.New(rand.NewPCG(9, uint64(i))))
				if !reflect.DeepEqual(a, b) {
					t.Fatalf("%s %s game %d: %+v then %+v", name, ag, i, a, b)
				}
				if a.Rounds < 1 || a.Rounds > playtest.MaxRounds || (!a.Won && a.Cause == "") || (a.Won && a.Cause != "") {
					t.Fatalf("%s game %d: %+v", name, i, a)
				}
			}
		}
	}
}

func TestUnplayableBoards(t *testing.T) {
	noStart := `format: 1
id: t
title: T
ruleset: zombicide-invader
tileset: station
tiles:
  - {face: 1A, at: [0, 0]}
tokens:
  - {type: objective, at: [0, 0]}
objectives:
  - take: red
`
	if _, err := NewModel(playScene(t, noStart), nil); err == nil {
		t.Fatal("played a mission without a start")
	}
	// Shut in: the start is the Security Room whose only door is closed
	// and whose walls are walls; a Survivor may remove the door from
	// inside, so this one is playable...
	shut := noStart[:len(noStart)-len("tokens:\n  - {type: objective, at: [0, 0]}\nobjectives:\n  - take: red\n")] +
		"tokens:\n  - {type: start, at: [0, 0]}\n  - {type: objective, at: [1, 1]}\n  - {type: door, at: [0, 0], side: e}\nobjectives:\n  - take: red\n"
	if _, err := NewModel(playScene(t, shut), nil); err != nil {
		t.Fatalf("a closed door the Survivors may open: %v", err)
	}
}

// The numbers of a whole run do not depend on the number of workers.
func TestRunSameOnAnyWorkers(t *testing.T) {
	m, err := NewModel(exampleScene(t, "violet-lockdown"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var first *playtest.Result
	for _, w := range []int{1, 2, 3} {
		r, err := playtest.Run(m, playtest.Options{Games: 300, Seed: 5, Survivors: []int{4, 6}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
		} else if !reflect.DeepEqual(first, r) {
			t.Fatalf("%d workers: %+v\n1 worker: %+v", w, r.BySurvivors, first.BySurvivors)
		}
	}
}

// A start zone with no way out is refused, saying so.
func TestNoWayOutOfTheStart(t *testing.T) {
	m, err := NewModel(exampleScene(t, "first-contact"), nil)
	if err != nil {
		t.Fatal(err)
	}
	m.links[m.start] = nil
	if err := m.playable(); err == nil || !strings.Contains(err.Error(), "no Survivor can move out of the start zone 1A/w") {
		t.Fatalf("got %v", err)
	}
}

// The what-if changes are the mission's Spawn Zones and doors, at most
// the limit asked, with how many there are.
func TestChangesBounded(t *testing.T) {
	m, err := NewModel(exampleScene(t, "violet-lockdown"), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, of := m.Changes(100)
	if of != 5 || len(all) != 5 { // 3 Spawn Zones, 2 doors
		t.Fatalf("%d changes of %d, want 5 of 5", len(all), of)
	}
	if !strings.HasPrefix(all[0].Name, "without the red Spawn Zone at ") || !strings.Contains(all[3].Name, "door at 2,5:n open") {
		t.Fatalf("changes %q, %q", all[0].Name, all[3].Name)
	}
	some, of := m.Changes(2)
	if len(some) != 2 || of != 5 {
		t.Fatalf("limit 2: %d of %d", len(some), of)
	}
}

// The mission's other objectives: reach a zone, survive rounds, kill
// Xenos, in their order.
func TestOtherObjectives(t *testing.T) {
	text := strings.Replace(duo, "objectives:\n  - take: red\n  - exit: all\n",
		"objectives:\n  - {reach: 2A/s, order: 1}\n  - {kill: workers, count: 2, order: 2}\n  - {survive: 3}\n", 1)
	m, err := NewModel(playScene(t, text), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newState(m, 1, rand.New(rand.NewPCG(1, 1)))
	s.kills[Worker] = 2 // before the zone is reached: order 2 waits for order 1
	s.judge()
	if s.met[1] != 0 {
		t.Fatal("the kill objective was met before the reach objective it follows")
	}
	s.enter(0, s.zoneAt(t, 4, 2))
	s.judge()
	if s.met[0] == 0 || s.met[1] == 0 || s.met[2] != 0 || s.over {
		t.Fatalf("met %v over %v", s.met, s.over)
	}
	s.round = 3
	s.endRound()
	if !s.over || !s.won || s.met[2] != 3 {
		t.Fatalf("after round 3: met %v won %v", s.met, s.won)
	}
}

// A group that must leave by an Exit outside fetches its tanks on the
// way, while Objectives inside remain: not after a walk back.
func TestTanksFetchedForAnExitOutside(t *testing.T) {
	text := strings.Replace(airlock, "  - {type: exit, at: [1, 0]}\n", "  - {type: exit, at: [1, 0]}\n  - {type: objective, at: [0, 4]}\n", 1)
	text = strings.Replace(text, "objectives:\n  - exit: all\n", "objectives:\n  - take: red\n  - exit: all\n", 1)
	s := newGame(t, text, 1)
	if !s.wantsTank(0) {
		t.Fatal("no tank wanted for the Exit outside")
	}
	goal, ok := s.groupGoal(0)
	if !ok || !s.m.oxygen[goal] {
		t.Fatalf("heads for %v, want the Oxygen Supply Room", goal)
	}
	s.surv[0].tank = true
	if goal, _ := s.groupGoal(0); s.m.oxygen[goal] {
		t.Fatal("still heads for the Oxygen Supply Room with a tank")
	}
}
