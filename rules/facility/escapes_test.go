package facility

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/rules"
)

// ruled returns the findings of one rule.
func ruled(fs []rules.Finding, rule string) []rules.Finding {
	var out []rules.Finding
	for _, f := range fs {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

// star is a 3×3 facility with the Landing Zone in the middle (slot 5) and
// a corridor to each of its four neighbours; slots 2, 4 and 8 are empty,
// slot 6 too unless a test places a room there.
const star = `format: 1
id: star
title: Star
ruleset: facility
grid: [3, 3]
borders: [A/B, B/C]
slots:
  - {id: 1, at: [0, 0], section: A}
  - {id: 2, at: [1, 0], section: A}
  - {id: 3, at: [2, 0], section: A/B}
  - {id: 4, at: [0, 1], section: A}
  - {id: 5, at: [1, 1], section: A}
  - {id: 6, at: [2, 1], section: B}
  - {id: 7, at: [0, 2], section: A}
  - {id: 8, at: [1, 2], section: B/C}
  - {id: 9, at: [2, 2], section: C}
rooms:
  - {slot: 5, room: landing-zone}
  - {slot: 3, room: hibernatorium}
  - {slot: 9, room: nest}
corridors:
  - {id: 1, between: [2, 5], noise: 1}
  - {id: 2, between: [4, 5], noise: 2}
  - {id: 3, between: [5, 6], noise: 3}
  - {id: 4, between: [3, 6], noise: 4}
  - {id: 5, between: [5, 8], noise: 4}
  - {id: 6, between: [8, 9], noise: 2}
objectives:
  - escape: any
`

func TestLandingZoneThreeSetupCorridors(t *testing.T) {
	quote(t, "One by one, draw 3 random corridor tiles and connect them faceup (non-0 value side) to the Landing Zone.")
	quote(t, "If a corridor leads to a space that outside the facility's border or to a room already on the map, do not set it up.")
	// Setup draws 3; exploration adds none to the Landing Zone, a room
	// already on the map: at the start, corridors to undiscovered rooms
	// number at most 3.
	const drawn = 3
	open := 4 // corridors 1, 2, 3 and 5 lead to the empty slots 2, 4, 6 and 8
	fs := ruled(load(t, star).Check(), "landing-zone-corridors")
	if open > drawn && len(fs) != 1 {
		t.Fatalf("%d corridors to empty slots: got %v, want one finding", open, fs)
	}
	if !strings.Contains(fs[0].Message, "4 corridors to empty slots (1, 2, 3, 5)") || fs[0].Ptr != "/rooms/0" || len(fs[0].Related) != 4 {
		t.Errorf("finding: %+v", fs[0])
	}
	// A room on slot 6 (a start explored further): 3 corridors still lead
	// to undiscovered rooms, as setup drew them.
	explored := strings.Replace(star, "  - {slot: 9, room: nest}\n", "  - {slot: 9, room: nest}\n  - {slot: 6, room: server-room}\n", 1)
	if fs := ruled(load(t, explored).Check(), "landing-zone-corridors"); len(fs) != 0 {
		t.Errorf("3 corridors to empty slots and one to a room: %v", fs)
	}
	// "DRILLING STATION: Place a new corridor leading from the room with
	// the robot … It may be placed leading to an already discovered room
	// or to an undiscovered room." Once it is on the map (a later moment
	// of the game), a fourth corridor from the Landing Zone to an empty
	// slot may be the robot's.
	quote(t, "Place a new corridor leading from the room with the robot")
	quote(t, "It may be placed leading to an already discovered room or to an undiscovered room.")
	drilled := strings.Replace(star, "  - {slot: 9, room: nest}\n", "  - {slot: 9, room: nest}\n  - {slot: 1, room: drilling-station}\n", 1)
	if fs := ruled(load(t, drilled).Check(), "landing-zone-corridors"); len(fs) != 0 {
		t.Errorf("4 corridors to empty slots with the Drilling Station on the map: %v", fs)
	}
	// In a stack it has not been used: the setup's 3 still hold.
	stacked := star + "stacks:\n  A: [drilling-station]\n"
	if fs := ruled(load(t, stacked).Check(), "landing-zone-corridors"); len(fs) != 1 {
		t.Errorf("4 corridors to empty slots, the Drilling Station in its stack: %v", fs)
	}
	// Three corridors in all: clean, as before.
	three := strings.Replace(star, "  - {id: 1, between: [2, 5], noise: 1}\n", "", 1)
	if fs := ruled(load(t, three).Check(), "landing-zone-corridors"); len(fs) != 0 {
		t.Errorf("3 corridors: %v", fs)
	}
}

func TestActiveHibernatoriumNeedsNoLifeSupportControlC(t *testing.T) {
	quote(t, "You can only perform this effect if the Hibernatorium is active")
	quote(t, "It can be turned active in the Life Support Control C room.")
	// Life Support Control C is only where the Hibernatorium is turned
	// active: started active, the scenario needs it nowhere.
	noC := strings.Replace(base, "  - escape: any\n", "  - escape: hibernation\n", 1) + "stacks:\n  C: [escape-shuttle, reactor]\n"
	if fs := ruled(load(t, noC).Check(), "room-required"); len(fs) != 1 || fs[0].Ptr != "/objectives/0" {
		t.Errorf("inactive Hibernatorium, no Life Support Control C: %v", fs)
	}
	f := load(t, noC+"hibernatorium: active\n")
	if fs := f.Check(); has(fs, "room-required") || has(fs, "escape-unreachable") {
		t.Errorf("active Hibernatorium: %v", fs)
	}
	for _, e := range f.Analyze().Escapes {
		if e.Way != "hibernation" {
			continue
		}
		if e.Unreachable || len(e.Plans) == 0 || e.Plans[0].Route[len(e.Plans[0].Route)-1] != 7 || len(e.Plans[0].Stops) != 1 {
			t.Errorf("the plan should go straight to the Hibernatorium (slot 7): %+v", e)
		}
		return
	}
	t.Error("analyze plans no hibernation")
}

// lander is the base facility with a Lander objective, the top
// anti-aircraft token fixed active and stacks B and C written (the default
// stacks hold every room, Life Support Control B and the Reactor too).
func lander(b, c string) string {
	return strings.Replace(base, "  - escape: any\n", "  - escape: lander\n", 1) +
		"anti_aircraft: active\nstacks:\n  B: [" + b + "]\n  C: [" + c + "]\n"
}

func TestLanderShotDown(t *testing.T) {
	quote(t, "ACTIVE: The Lander is destroyed: discard the lander token.")
	quote(t, "Characters may check (in secret) and swap those tokens using the Life Support Control B room.")
	quote(t, "Treat the Anti-Aircraft System as inactive.")
	for _, c := range []struct {
		b, c     string
		possible bool // a room that beats the active token can come into play
		ways     []string
	}{
		{"server-room", "escape-shuttle", false, nil},
		{"life-support-control-b", "escape-shuttle", true, []string{"Life Support Control B"}},
		{"server-room", "escape-shuttle, reactor", true, []string{"Reactor"}},
	} {
		f := load(t, lander(c.b, c.c))
		fs := ruled(f.Check(), "objective-impossible")
		if got := len(fs) == 0; got != c.possible {
			t.Errorf("B [%s], C [%s]: objective-impossible %v", c.b, c.c, fs)
		}
		if !c.possible && (fs[0].Ptr != "/objectives/0/escape" || !strings.Contains(fs[0].Message, "neither Life Support Control B") || len(fs[0].Related) != 1 || fs[0].Related[0].Ptr != "/anti_aircraft") {
			t.Errorf("finding: %+v", fs[0])
		}
		e := f.Analyze().Escapes[0]
		// Either room makes the landing certain (TestReactorGroundsTheAntiAircraft).
		if want := map[bool]float64{false: 0, true: 1}[c.possible]; e.Way != "lander" || e.Odds != want {
			t.Fatalf("lander escape: odds %v, want %v: %+v", e.Odds, want, e)
		}
		// analyze names only the rooms that are there.
		for _, name := range []string{"Life Support Control B", "Reactor"} {
			offered := strings.Contains(e.Possible, "only if") && strings.Contains(e.Possible[strings.Index(e.Possible, "only if"):], name)
			if offered != slices.Contains(c.ways, name) {
				t.Errorf("B [%s], C [%s]: %q offers %s: %v", c.b, c.c, e.Possible, name, offered)
			}
		}
		if !c.possible && (!e.Never || !strings.HasPrefix(e.Possible, "never") || len(e.Plans) != 0) {
			t.Errorf("no way past the active token: %+v", e)
		}
		if c.possible && (e.Never || len(e.Plans) == 0) {
			t.Errorf("a way past the active token: %+v", e)
		}
		// "The Lander is destroyed" unless the room is used first: no
		// plan goes straight to the Landing Zone, and the first one uses
		// the room that beats the active token.
		for i, p := range e.Plans {
			if p.Name == "direct" || len(p.Stops) < 2 || i == 0 && !strings.Contains(p.Name, c.ways[0]) {
				t.Errorf("B [%s], C [%s]: plan %q stops at %v", c.b, c.c, p.Name, p.Stops)
			}
		}
	}
}

func TestHibernatingInADestroyedFacility(t *testing.T) {
	quote(t, "When the facility is destroyed, the game ends. All characters in the facility (even hibernated) and intruders (including the Queen) are dead.")
	both := strings.Replace(base, "  - escape: any\n", "  - escape: hibernation\n    destroy: facility\n", 1)
	if fs := ruled(load(t, both).Check(), "objective-impossible"); len(fs) != 1 || fs[0].Ptr != "/objectives/0/destroy" {
		t.Errorf("hibernate and destroy the facility: %v", fs)
	}
	// Escaping in the Shuttle is out of the facility: no contradiction.
	shuttle := strings.Replace(both, "escape: hibernation", "escape: shuttle", 1)
	if fs := ruled(load(t, shuttle).Check(), "objective-impossible"); len(fs) != 0 {
		t.Errorf("escape by shuttle and destroy the facility: %v", fs)
	}
}

func TestTechnicalCorridorEntranceReaches(t *testing.T) {
	quote(t, "TECHNICAL CORRIDOR ENTRANCE Move to any room in the facility.")
	quote(t, "If an effect allows you to move to a specific room regardless of distance, resolve the sequence above without the first step.")
	// The Escape Shuttle on slot 4 has no corridor, and exploration never
	// lays one to a room already on the map. (The Hibernatorium starts
	// active: slot 4 was the only empty C slot for Life Support Control C.)
	cut := strings.Replace(base, "  - {slot: 8, room: nest}\n", "  - {slot: 8, room: nest}\n  - {slot: 4, room: escape-shuttle}\n", 1) + "hibernatorium: active\n"
	fs := ruled(load(t, cut).Check(), "escape-unreachable")
	if len(fs) != 1 || fs[0].Ptr != "/rooms/3" {
		t.Fatalf("the cut-off Escape Shuttle: %v", fs)
	}
	// Still in a stack, the Entrance is chance, not a way: reported, and
	// the message says what could change it.
	if !strings.Contains(fs[0].Message, "Technical Corridor Entrance, if it is drawn") {
		t.Errorf("message: %s", fs[0].Message)
	}
	// The Entrance on slot 1, one corridor from the Landing Zone: "Move to
	// any room in the facility" takes a character to the Shuttle.
	tce := strings.Replace(cut, "  - {slot: 4, room: escape-shuttle}\n", "  - {slot: 4, room: escape-shuttle}\n  - {slot: 1, room: technical-corridor-entrance}\n", 1)
	f := load(t, tce)
	if fs := ruled(f.Check(), "escape-unreachable"); len(fs) != 0 {
		t.Errorf("reachable through the Technical Corridor Entrance: %v", fs)
	}
	for _, e := range f.Analyze().Escapes {
		if e.Way != "shuttle" {
			continue
		}
		if e.Unreachable || len(e.Plans) == 0 {
			t.Fatalf("analyze: %+v", e)
		}
		p := e.Plans[0]
		if !slices.Equal(p.Route, []int{2, 1, 4}) || !slices.Equal(p.Jumps, []int{4}) || p.Moves != 1 {
			t.Errorf("the plan should walk to slot 1 and use the Entrance to reach slot 4: %+v", p)
		}
		return
	}
	t.Error("analyze plans no shuttle escape")
}

func TestExploredCorridorDoorFacesTheRoom(t *testing.T) {
	quote(t, "If a corridor has a door slot, place it so the slot connects with the newly explored room.")
	quote(t, "All corridors, at the moment of placement, should be oriented with a door slot in the direction of the room just placed.")
	// Corridor 6 leads from the Nest (slot 8) to the empty slot 4: it was
	// laid while exploring the Nest, so its door slot faces slot 8.
	laid := func(at int) string {
		return strings.Replace(base, "  - {id: 5, between: [7, 8], noise: 2}\n",
			fmt.Sprintf("  - {id: 5, between: [7, 8], noise: 2}\n  - {id: 6, between: [4, 8], noise: 1, door: closed, door_at: %d}\n", at), 1)
	}
	for _, c := range []struct {
		at    int
		wrong bool // derived from the quote: facing the empty slot is wrong
	}{{8, false}, {4, true}} {
		fs := ruled(load(t, laid(c.at)).Check(), "door-slot")
		if (len(fs) == 1) != c.wrong || len(fs) > 1 {
			t.Fatalf("door slot facing slot %d: %v", c.at, fs)
		}
		if c.wrong && (fs[0].Ptr != "/corridors/5/door_at" || fs[0].Hint != "door_at: 8") {
			t.Errorf("finding: %+v", fs[0])
		}
	}
	// Between two rooms either may have been explored first: no finding.
	for _, at := range []int{7, 8} {
		two := strings.Replace(base, "{id: 5, between: [7, 8], noise: 2}", fmt.Sprintf("{id: 5, between: [7, 8], noise: 2, door: open, door_at: %d}", at), 1)
		if fs := ruled(load(t, two).Check(), "door-slot"); len(fs) != 0 {
			t.Errorf("between two rooms, facing %d: %v", at, fs)
		}
	}
	// With the Landing Zone missing from its slot (room-required), its
	// setup corridor facing that slot is no second mistake: one finding.
	noLZ := strings.NewReplacer("  - {slot: 2, room: landing-zone}\n", "  - {slot: 3, room: server-room}\n",
		"{id: 2, between: [2, 3], noise: 2}", "{id: 2, between: [2, 3], noise: 2, door: open, door_at: 2}").Replace(base)
	if fs := byRule(load(t, noLZ).Check()); fs["door-slot"] != 0 || fs["room-required"] == 0 {
		t.Errorf("no Landing Zone: %v", fs)
	}
	// A Landing Zone corridor facing away is the setup's mistake, said once.
	lz := strings.Replace(base, "door: open, door_at: 2}", "door: open, door_at: 6}", 1)
	if fs := ruled(load(t, lz).Check(), "door-slot"); len(fs) != 1 || !strings.Contains(fs[0].Message, "Landing Zone") {
		t.Errorf("the Landing Zone's corridor: %v", fs)
	}
}

func TestDrillingStationRobotOnTheHibernatorium(t *testing.T) {
	quote(t, "Assemble the robot model and place it on the Hibernatorium.")
	quote(t, "Place a new corridor leading from the room with the robot")
	quote(t, "It may be placed leading to an already discovered room or to an undiscovered room.")
	quote(t, "When any room is connected to the Hibernatorium for the first time, reveal the robot")
	// No corridor leads to the Hibernatorium (slot 7), and exploration
	// never lays one to a room already on the map.
	cut := strings.NewReplacer("  - {id: 4, between: [6, 7], noise: 4}\n", "", "  - {id: 5, between: [7, 8], noise: 2}\n", "").Replace(base) + "hibernatorium: active\n"
	for _, c := range []struct {
		name, src string
		// derived from the quotes: the robot stands on the Hibernatorium
		// until a room is connected to it, so a Drilling Station a
		// character reaches lays a corridor from there.
		reached bool
	}{
		{"no Drilling Station", cut, false},
		{"the Drilling Station on slot 1, next to the Landing Zone", strings.Replace(cut, "  - {slot: 8, room: nest}\n", "  - {slot: 8, room: nest}\n  - {slot: 1, room: drilling-station}\n", 1), true},
		{"the Drilling Station in its stack: drawn by chance", cut + "stacks:\n  A: [drilling-station]\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := load(t, c.src)
			fs := ruled(f.Check(), "escape-unreachable")
			hib := false
			for _, x := range fs {
				hib = hib || x.Ptr == "/rooms/1"
			}
			if hib == c.reached {
				t.Fatalf("escape-unreachable at the Hibernatorium: %v, want %v (%v)", hib, !c.reached, fs)
			}
			for _, e := range f.Analyze().Escapes {
				if e.Way != "hibernation" {
					continue
				}
				if e.Unreachable == c.reached {
					t.Fatalf("analyze: unreachable %v: %+v", e.Unreachable, e)
				}
				if c.reached {
					p := e.Plans[0]
					if len(p.Stops) != 2 || p.Stops[0] != 1 || p.Stops[1] != 7 || !strings.Contains(p.Name, "Drilling Station") {
						t.Errorf("the plan should use the Drilling Station (slot 1), then hibernate on slot 7: %+v", p)
					}
				}
			}
		})
	}
}

func TestAnyEscapeWithAllThreeClosed(t *testing.T) {
	quote(t, "There are 3 ways of doing so: 1. Escaping by using the Lander in the Landing Zone.")
	quote(t, "2. Locking themselves by hibernating in the Hibernatorium. This action can only be done if Hibernatorium is active")
	quote(t, "3. Escaping the facility through the Escape Shuttle.")
	quote(t, "ACTIVE: The Lander is destroyed: discard the lander token.")
	quote(t, "It can be turned active in the Life Support Control C room.")
	quote(t, "To win, all mission tasks must be fulfilled")
	quote(t, "All characters in the facility (even hibernated) and intruders (including the Queen) are dead.")
	// The top anti-aircraft token fixed active with neither Life Support
	// Control B nor the Reactor in the game; the Hibernatorium inactive
	// with no Life Support Control C; no Escape Shuttle.
	closed := "anti_aircraft: active\nstacks:\n  B: [server-room]\n  C: [REST]\n"
	for _, c := range []struct {
		name, extra, c string
		open           bool // derived from the quotes: one way open is enough
	}{
		{"all three closed", "", "", false},
		{"the Escape Shuttle in the C stack", "", "escape-shuttle", true},
		{"Life Support Control C in the C stack", "", "life-support-control-c", true},
		{"the Reactor in the C stack lands the Lander", "", "reactor", true},
		{"the Hibernatorium active from the start", "hibernatorium: active\n", "", true},
		{"the anti-aircraft tokens shuffled", "", "", true},
		// "To win, all mission tasks must be fulfilled": another objective
		// that destroys the facility kills the hibernated too.
		{"the Hibernatorium active, and another objective destroys the facility", "hibernatorium: active\n", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := base + strings.Replace(closed, "REST", c.c, 1) + c.extra
			if strings.Contains(c.name, "destroys the facility") {
				src = strings.Replace(src, "  - escape: any\n", "  - escape: any\n  - destroy: facility\n", 1)
			}
			if c.name == "the anti-aircraft tokens shuffled" {
				src = strings.Replace(src, "anti_aircraft: active\n", "", 1)
			}
			f := load(t, src)
			fs := ruled(f.Check(), "objective-impossible")
			if (len(fs) == 0) != c.open || len(fs) > 1 {
				t.Fatalf("objective-impossible %v, want a way open: %v", fs, c.open)
			}
			if !c.open && (fs[0].Ptr != "/objectives/0/escape" || !strings.Contains(fs[0].Message, "none is open")) {
				t.Errorf("finding: %+v", fs[0])
			}
		})
	}
	// A way cut off is the escape-unreachable finding's, said once: the
	// Escape Shuttle on the map with no corridor to it.
	cut := strings.Replace(base, "  - {slot: 8, room: nest}\n", "  - {slot: 8, room: nest}\n  - {slot: 4, room: escape-shuttle}\n", 1) + strings.Replace(closed, "REST", "", 1)
	fs := byRule(load(t, cut).Check())
	if fs["objective-impossible"] != 0 || fs["escape-unreachable"] == 0 {
		t.Errorf("the Shuttle cut off: %v", fs)
	}
}

func byRule(fs []rules.Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.Rule]++
	}
	return out
}

func TestObjectivesAskingTheSameEscape(t *testing.T) {
	quote(t, "If multiple objectives require you to fulfill the same requirement, that many characters must do so and survive.")
	quote(t, "When a character escapes using the Escape Shuttle, the Escape Shuttle cannot be used again that game.")
	// One flight of the Shuttle takes one character; the Lander and the
	// Hibernatorium's pods are not limited by the text, only by the
	// characters in the game.
	carries := map[string]int{"shuttle": 1}
	for _, c := range []struct {
		way     string
		n       int
		players string // the scenario's characters; "" is the default 1-5
		most    int
	}{
		{"shuttle", 1, "", 5}, {"shuttle", 2, "", 5}, {"shuttle", 3, "", 5},
		{"lander", 2, "", 5}, {"lander", 2, "players: 1\n", 1}, {"lander", 3, "players: 1-2\n", 2},
		{"hibernation", 2, "players: 2\n", 2},
	} {
		t.Run(fmt.Sprintf("%d %s, %d characters", c.n, c.way, c.most), func(t *testing.T) {
			objs := strings.Repeat("  - escape: "+c.way+"\n", c.n)
			src := strings.Replace(base, "  - escape: any\n", objs, 1) + c.players
			if c.way == "hibernation" {
				src += "hibernatorium: active\n"
			}
			limit := c.most
			if k, ok := carries[c.way]; ok {
				limit = min(limit, k)
			}
			fs := ruled(load(t, src).Check(), "objective-impossible")
			if c.n <= limit {
				if len(fs) != 0 {
					t.Fatalf("%d objectives, %d can be met: %v", c.n, limit, fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Ptr != fmt.Sprintf("/objectives/%d/escape", limit) || !strings.Contains(fs[0].Message, fmt.Sprintf("%d characters must do so", c.n)) {
				t.Fatalf("%d objectives, %d can be met: want one finding at the first too many: %v", c.n, limit, fs)
			}
		})
	}
}

func TestReactorGroundsTheAntiAircraft(t *testing.T) {
	quote(t, "If it is inactive (or the anti-aircraft tokens have been removed from the game), the Lander lands successfully")
	quote(t, "Remove all")
	quote(t, "both anti-aircraft tokens from the game.")
	quote(t, "Look at both anti-aircraft tokens and place them in any order")
	for _, c := range []struct{ b, c, room string }{
		{"server-room", "escape-shuttle, reactor", "Reactor"},
		{"life-support-control-b", "escape-shuttle", "Life Support Control B"},
	} {
		e := load(t, lander(c.b, c.c)).Analyze().Escapes[0]
		if e.Way != "lander" || len(e.Plans) == 0 || !strings.Contains(e.Plans[0].Name, c.room) {
			t.Fatalf("the plan should use the %s first: %+v", c.room, e)
		}
		// Used before the marker enters the lander token's space (the
		// end of round 9), the room makes the check pass for certain.
		if p := e.Plans[0]; p.used[0] > 9 || e.Odds != 1 {
			t.Errorf("%s used in round %d: odds %v, want 1", c.room, p.used[0], e.Odds)
		}
	}
	// Too late: a room used only after the check does not save the Lander.
	f := load(t, lander("server-room", "escape-shuttle, reactor"))
	f.LanderRound = 1 // "When a round marker is placed on the space with the lander token": at setup
	e := f.Analyze().Escapes[0]
	if e.Odds != 0 || !strings.Contains(e.Possible, "after the check") {
		t.Errorf("the Reactor reached after the setup check: odds %v (%s)", e.Odds, e.Possible)
	}
}

func TestAfterTheReactorEverySectionIsInactive(t *testing.T) {
	quote(t, "Then treat all sections as")
	quote(t, "cannot be turned on again.")
	quote(t, "At the end of each turn (including a turn in which a character passes), a character in a section with an inactive life support system")
	// The Lander with the Reactor in the C stack, and a plan that turns
	// Life Support Control (A) on first: the Reactor turns it off again,
	// so the turns waited in the Landing Zone (section A) cost oxygen.
	src := strings.Replace(lander("server-room", "escape-shuttle, reactor"), "  - {slot: 8, room: nest}\n", "  - {slot: 8, room: nest}\n  - {slot: 1, room: life-support-control-a}\n", 1)
	f := load(t, src)
	e := f.Analyze().Escapes[0]
	var via *Plan
	for i := range e.Plans {
		if strings.HasPrefix(e.Plans[i].Name, "via Life Support Control") {
			via = &e.Plans[i]
		}
	}
	if via == nil || len(via.used) != 3 || via.Stops[1] == via.Stops[0] {
		t.Fatalf("no plan through Life Support Control (A), then the Reactor: %+v", e.Plans)
	}
	// Every round after the Reactor's, up to the Lander's, has at least
	// one turn, and it ends in an inactive section.
	reactor := via.used[1]
	if waited := via.Round - 1 - reactor; via.OxygenLost < waited {
		t.Errorf("the Reactor used in round %d, the Lander boarded in round %d: %d oxygen lost, want at least %d", reactor, via.Round, via.OxygenLost, waited)
	}
}

func TestHibernateAndDestroySplitOverTwoObjectives(t *testing.T) {
	quote(t, "To win, all mission tasks must be fulfilled")
	quote(t, "When the facility is destroyed, the game ends. All characters in the facility (even hibernated) and intruders (including the Queen) are dead.")
	for _, c := range []struct {
		name, objs string
		at         string // the one finding's pointer, "" for none
	}{
		{"split over two objectives", "  - escape: hibernation\n  - destroy: facility\n", "/objectives/1/destroy"},
		{"the destruction first", "  - destroy: facility\n  - escape: hibernation\n", "/objectives/0/destroy"},
		{"in one objective: said there, once", "  - escape: hibernation\n    destroy: facility\n  - escape: hibernation\n", "/objectives/0/destroy"},
		{"the Shuttle leaves the facility", "  - escape: shuttle\n  - destroy: facility\n", ""},
		{"hibernation with the Nest destroyed", "  - escape: hibernation\n  - destroy: nest\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(base, "  - escape: any\n", c.objs, 1) + "hibernatorium: active\n"
			fs := ruled(load(t, src).Check(), "objective-impossible")
			if c.at == "" {
				if len(fs) != 0 {
					t.Fatalf("%v", fs)
				}
				return
			}
			if len(fs) != 1 || fs[0].Ptr != c.at {
				t.Fatalf("want one finding at %s: %v", c.at, fs)
			}
		})
	}
}
