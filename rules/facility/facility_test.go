package facility

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// load reads a scenario the way lint does past the schema.
func load(t *testing.T, src string) *Facility {
	t.Helper()
	root, probs := source.Parse("test.yaml", []byte(src), source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("parse: %v", probs)
	}
	d, probs := missions.FromNode("test.yaml", root)
	if len(probs) > 0 {
		t.Fatalf("doc: %v", probs)
	}
	m, fs := Game{}.Load(d, rules.LoadEnv{})
	if len(fs) > 0 || m == nil {
		t.Fatalf("load: %v", fs)
	}
	return m.(*Facility)
}

func rulesOf(fs []rules.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

func has(fs []rules.Finding, rule string) bool { return slices.Contains(rulesOf(fs), rule) }

func TestCatalogueIsTheRulebooks(t *testing.T) {
	// "SECTION A ROOMS / DRILLING STATION … LANDING ZONE … LIFE SUPPORT
	// CONTROL … SURGERY ROOM / SECTION B ROOMS / COOLING SYSTEM /
	// HIBERNATORIUM / LIFE SUPPORT CONTROL B / SERVER ROOM / SECTION C ROOMS
	// / ESCAPE SHUTTLE / LIFE SUPPORT CONTROL C / NEST / REACTOR / OTHER
	// ROOMS / ALARM ROOM … TECHNICAL CORRIDOR ENTRANCE"
	want := map[string][]string{
		"A": {"Drilling Station", "Landing Zone", "Life Support Control (A)", "Surgery Room"},
		"B": {"Cooling System", "Hibernatorium", "Life Support Control B", "Server Room"},
		"C": {"Escape Shuttle", "Life Support Control C", "Nest", "Reactor"},
		"?": {"Alarm Room", "Armory", "Decontamination Room", "Door Control Room", "Emergency Room",
			"Experimental Military Lab", "Gunnery Room", "Pressure Control", "Security Robot Room", "Shelter",
			"Sprinklers Control", "Supply Room", "Technical Corridor Entrance"},
	}
	got := map[string][]string{}
	for _, r := range BuiltinRooms() {
		got[r.Type] = append(got[r.Type], r.Name)
	}
	for typ, names := range want {
		if !slices.Equal(got[typ], names) {
			t.Errorf("type %s rooms: got %v, want %v", typ, got[typ], names)
		}
	}
	// "There are 3 ways of doing so: 1. Escaping by using the Lander in the
	// Landing Zone. 2. … hibernating in the Hibernatorium. 3. Escaping the
	// facility through the Escape Shuttle."
	c := newCatalogue(nil)
	for id, way := range map[string]string{LandingZone: "lander", Hibernatorium: "hibernation", EscapeShuttle: "shuttle"} {
		if c[id].Escape != way {
			t.Errorf("%s: escape %q, want %q", id, c[id].Escape, way)
		}
	}
}

func TestSetupArithmetic(t *testing.T) {
	// "Place these tokens in the intruder bag: 1 blank, 2 Larva, 3 random
	// Adult, and 1 additional random Adult for each character in the game."
	// "Place 5 egg tokens in the Eggs space on the section C border."
	// "Place 4 ammo tokens …, 4 grenade tokens, 4 oxygen tokens, and 4
	// medpack tokens on their corresponding slots next to the Landing Zone."
	f := load(t, base)
	a := f.Analyze()
	if len(a.Setup) != 5 {
		t.Fatalf("players 1-5 by default, got %d rows", len(a.Setup))
	}
	for _, s := range a.Setup {
		if s.Bag != 1+2+3+s.Players || s.BagAdults != 3+s.Players {
			t.Errorf("%d players: bag %d (%d adults)", s.Players, s.Bag, s.BagAdults)
		}
		if s.Eggs != 5 || s.Ammo != 4 || s.Grenades != 4 || s.Oxygen != 4 || s.Medpacks != 4 {
			t.Errorf("%d players: %+v", s.Players, s)
		}
	}
}

func TestNoiseProfile(t *testing.T) {
	// "Number: Find all corridors adjacent to the room your character is in
	// that share the rolled value." … "If there is no corridor of the
	// corresponding value, nothing happens."
	f := load(t, base)
	var lz NoiseRoom
	for _, n := range f.Analyze().Noise {
		if n.Slot == 2 {
			lz = n
		}
	}
	// The Landing Zone (slot 2) has corridors 1 (noise 1), 2 (noise 2), 3 (noise 3).
	if !slices.Equal(lz.Nothing, []int{4}) || len(lz.Hits) != 3 || lz.Hits[2].Corridors[0] != 3 {
		t.Errorf("Landing Zone profile: %+v", lz)
	}
	// Deadly mode: "Corridors are treated as having both the standard noise
	// values and the second, smaller noise values found on some corridors."
	f = load(t, strings.Replace(base, "{id: 3, between: [2, 6], noise: 3,", "{id: 3, between: [2, 6], noise: 3, deadly: 1,", 1)+"mode: deadly\n")
	for _, n := range f.Analyze().Noise {
		if n.Slot == 2 && !slices.Equal(n.Hits[0].Corridors, []int{1, 3}) {
			t.Errorf("deadly: a 1 should hit corridors 1 and 3: %+v", n.Hits)
		}
	}
	// "Until then, the hibernatorium is considered undiscovered, noise
	// tokens cannot be placed on the connected corridors": the Nest's 2
	// hits corridor 5, to the covered Hibernatorium, with no marker.
	for _, n := range load(t, base).Analyze().Noise {
		if n.Slot == 8 && (len(n.Hits) != 1 || !slices.Equal(n.Hits[0].NoMarker, []int{5})) {
			t.Errorf("Nest profile: %+v", n)
		}
	}
}

// ring is a facility where an intruder in slot 4 has two shortest routes
// to the Landing Zone in slot 1: through corridor 2 (slot 2) or corridor 3
// (slot 3).
const ring = `format: 1
id: ring
title: Ring
ruleset: facility
grid: [2, 2]
slots:
  - {id: 1, at: [0, 0], section: A}
  - {id: 2, at: [1, 0], section: A}
  - {id: 3, at: [0, 1], section: A}
  - {id: 4, at: [1, 1], section: A}
rooms:
  - {slot: 1, room: landing-zone}
  - {slot: 2, room: armory}
  - {slot: 3, room: shelter}
  - {slot: 4, room: surgery-room}
corridors:
  - {id: 1, between: [1, 2], noise: 1}
  - {id: 2, between: [2, 4], noise: 2}
  - {id: 3, between: [1, 3], noise: 3}
  - {id: 4, between: [3, 4], noise: 4}
tokens:
  - {type: intruder, kind: adult, slot: 4}
`

func TestIntruderTieBreak(t *testing.T) {
	// "If an intruder has with 2 shortest routes to a character, they use
	// the shortest route that starts with the corridor/room with the lowest
	// id number." From slot 4 the routes start with corridor 2 or 4.
	r := load(t, ring).Analyze().Intruders[0]
	if !r.Token || !r.TieBroken || r.Length != 4 || r.Steps[0] != "corridor 2" {
		t.Fatalf("route from slot 4: %+v", r)
	}
	// Swap the ids: now corridor 4 (2→4) loses to corridor 2 (3→4).
	sw := strings.NewReplacer("{id: 2, between: [2, 4]", "{id: 4, between: [2, 4]", "{id: 4, between: [3, 4]", "{id: 2, between: [3, 4]").Replace(ring)
	r = load(t, sw).Analyze().Intruders[0]
	if r.Steps[0] != "corridor 2" || r.Steps[1] != "room 3 Shelter" {
		t.Fatalf("swapped ids: %+v", r)
	}
}

func TestOxygenAndLander(t *testing.T) {
	// "place the lander token on slot 10"; "If the round marker enters a
	// space with a lander token, check the Anti-Aircraft systems" — the
	// marker enters slot 10 at the end of round 9, so the Lander is boarded
	// in round 10. "At the end of each turn (including a turn in which a
	// character passes), a character in a section with an inactive life
	// support system loses 1 oxygen": waiting in section A for rounds 1-9 is
	// at least 9 turns, 2 more than the 7 a character starts with.
	a := load(t, base).Analyze()
	l := a.Escapes[0]
	if l.Way != "lander" || l.Plans[0].Round != 10 || l.Plans[0].OxygenLost != 9 || l.Plans[0].Margin != -2 || l.Plans[0].Tokens != 1 {
		t.Fatalf("lander plan: %+v", l.Plans[0])
	}
	// "Shuffle and place both anti-aircraft tokens facedown": 1 in 2.
	if l.Odds != 0.5 {
		t.Errorf("odds %v", l.Odds)
	}
	// Through Life Support Control (A), once it is active no more oxygen is lost.
	if len(l.Plans) < 2 || l.Plans[1].OxygenLost >= l.Plans[0].OxygenLost {
		t.Errorf("via life support: %+v", l.Plans)
	}
	// Life support active in A from the start: nothing is lost waiting.
	a = load(t, base+"life_support: {A: active}\n").Analyze()
	if a.Escapes[0].Plans[0].OxygenLost != 0 {
		t.Errorf("active A: %+v", a.Escapes[0].Plans[0])
	}
}

func TestAutodestruction(t *testing.T) {
	// "place the autodestruction token on the round track 5 spaces ahead of
	// the current round marker (ie, 4 empty spaces between the round marker
	// and the autodestruction token)": started in round r, it explodes as
	// the marker enters r+5, at the end of round r+4.
	sl := strings.Replace(ring, "room: armory", "room: cooling-system", 1)
	for _, ev := range load(t, sl).Analyze().Timeline {
		if strings.Contains(ev.What, "autodestruction") {
			// Landing Zone → slot 2 (1 move) and the room action: round 1.
			if ev.Round != 1 || !strings.Contains(ev.What, "end of round 5") {
				t.Errorf("%+v", ev)
			}
			return
		}
	}
	t.Error("no autodestruction event")
}

func TestCorridorCapacity(t *testing.T) {
	// "A corridor can hold a Queen and up to 2 other intruders OR up to 6
	// Adults, Drones, and Larvae in total OR a noise marker."
	for _, c := range []struct {
		tokens string
		bad    bool
	}{
		{"  - {type: intruder, kind: queen, corridor: 2}\n  - {type: intruder, kind: adult, count: 2, corridor: 2}\n", false},
		{"  - {type: intruder, kind: queen, corridor: 2}\n  - {type: intruder, kind: adult, count: 3, corridor: 2}\n", true},
		{"  - {type: intruder, kind: drone, count: 6, corridor: 2}\n", false},
		{"  - {type: intruder, kind: larva, count: 7, corridor: 2}\n", true},
		{"  - {type: noise, corridor: 2}\n", false},
		{"  - {type: noise, corridor: 2}\n  - {type: intruder, kind: larva, corridor: 2}\n", true},
		{"  - {type: noise, corridor: 2}\n  - {type: noise, corridor: 2}\n", true},
	} {
		fs := load(t, base+"tokens:\n"+c.tokens).Check()
		if has(fs, "corridor-capacity") != c.bad {
			t.Errorf("%s: corridor-capacity %v, want %v", c.tokens, has(fs, "corridor-capacity"), c.bad)
		}
	}
}

func TestExplorationNeverJoinsPlacedRooms(t *testing.T) {
	// "If a corridor leads to a space that outside the facility's border or
	// to a room already on the map, do not set it up." The Hibernatorium in
	// slot 7 is next to the empty slot 3, but without corridor 4 nothing
	// can ever lead to it.
	f := load(t, strings.Replace(base, "  - {id: 4, between: [6, 7], noise: 4}\n", "", 1))
	if !has(f.Check(), "escape-unreachable") {
		t.Error("the cut-off Hibernatorium is not reported")
	}
	if has(load(t, base).Check(), "escape-unreachable") {
		t.Error("the base facility is reported")
	}
}

func TestHibernatoriumNeverReinforced(t *testing.T) {
	// "Corridors leading to the Hibernatorium can never be reinforced."
	fs := load(t, strings.Replace(base, "{id: 4, between: [6, 7], noise: 4}", "{id: 4, between: [6, 7], noise: 0}", 1)).Check()
	if !has(fs, "hibernatorium-reinforced") {
		t.Errorf("got %v", rulesOf(fs))
	}
	// Other corridors may show their 0 side.
	fs = load(t, strings.Replace(base, "{id: 2, between: [2, 3], noise: 2}", "{id: 2, between: [2, 3], noise: 0}", 1)).Check()
	if has(fs, "hibernatorium-reinforced") || has(fs, "noise-range") {
		t.Errorf("a reinforced corridor elsewhere: %v", rulesOf(fs))
	}
}

func TestHibernationNeedsLifeSupportControlC(t *testing.T) {
	// "Make a noise roll to hibernate. You can only perform this effect if
	// the Hibernatorium is active. It can be turned active in the Life
	// Support Control C room." The plan goes there first.
	a := load(t, base).Analyze()
	for _, e := range a.Escapes {
		if e.Way == "hibernation" {
			p := e.Plans[0]
			if p.Route[len(p.Route)-1] != 7 || !slices.Contains(p.Route, 4) {
				t.Errorf("hibernation route %v: should visit slot 4 (the only empty C slot) before 7", p.Route)
			}
		}
	}
	a = load(t, base+"hibernatorium: active\n").Analyze()
	for _, e := range a.Escapes {
		if e.Way == "hibernation" && slices.Contains(e.Plans[0].Route, 4) {
			t.Errorf("an active Hibernatorium needs no detour: %v", e.Plans[0].Route)
		}
	}
}

// TestCatalogueDocumented: docs/facility-format.md lists every built-in
// room with its type, and the schema offers every id to editors.
func TestCatalogueDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/facility-format.md")
	if err != nil {
		t.Fatal(err)
	}
	sch, err := os.ReadFile("../../schema/facility.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range BuiltinRooms() {
		row := fmt.Sprintf("| `%s` | %s | %s |", r.ID, r.Name, r.Type)
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/facility-format.md has no row starting %q", row)
		}
		if !strings.Contains(string(sch), `"`+r.ID+`"`) {
			t.Errorf("the schema's room examples lack %q", r.ID)
		}
	}
}

func TestEggsNeedTheNest(t *testing.T) {
	// "Place 5 egg tokens in the Eggs space on the section C border." and
	// "The Nest space on the section C border is an extension of the Nest
	// room, so characters in the Nest room may interact with egg tokens."
	noNest := strings.Replace(base, "  - {slot: 8, room: nest}\n", "", 1) + "stacks:\n  C: [escape-shuttle]\n"
	if !has(load(t, noNest).Check(), "room-required") {
		t.Error("5 eggs and no Nest anywhere: not reported")
	}
	if has(load(t, noNest+"eggs: 0\n").Check(), "room-required") {
		t.Error("no eggs, no Nest: reported")
	}
	if has(load(t, strings.Replace(noNest, "C: [escape-shuttle]", "C: [escape-shuttle, nest]", 1)).Check(), "room-required") {
		t.Error("the Nest in the C stack: reported")
	}
}

// rulebook is the raw rule text the tests quote; every quote must be in it,
// so a test cannot cite a sentence the rulebook does not have.
var rulebook = reftext.Path("004_80a4918f96275760.txt")

func quote(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(rulebook)
	if err != nil {
		// Outside the project's workspace the text is absent: the rule
		// is still checked, the quote is not.
		t.Logf("the rulebook text is not here (%v); quote not checked: %q", err, s)
		return
	}
	// The text wraps lines and uses typographic apostrophes.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(data), "’", "'")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("the rulebook does not say: %q", s)
	}
}

func count(fs []rules.Finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

func TestHibernatoriumOnTheMapAtSetup(t *testing.T) {
	// Setup puts a tile and the robot on the room: it is on the map from
	// the start, not drawn from a stack.
	quote(t, "Place the Undiscovered Hibernatorium tile on top of the Hibernatorium room.")
	quote(t, "Assemble the robot model and place it on the Hibernatorium.")
	noHib := strings.NewReplacer("  - {slot: 7, room: hibernatorium}\n", "",
		"  - {id: 4, between: [6, 7], noise: 4}\n", "", "  - {id: 5, between: [7, 8], noise: 2}\n", "").Replace(base)
	fs := load(t, noHib).Check()
	if count(fs, "room-required") != 1 {
		t.Fatalf("no Hibernatorium on the map: %v", rulesOf(fs))
	}
	// Written into the B stack, it is still never drawn: reported at the entry.
	fs = load(t, noHib+"stacks:\n  B: [cooling-system, hibernatorium]\n").Check()
	found := false
	for _, f := range fs {
		if f.Rule == "room-required" && f.Ptr == "/stacks/B/1" {
			found = true
		}
	}
	if !found {
		t.Errorf("the Hibernatorium in the B stack: %+v", fs)
	}
	if has(load(t, base).Check(), "room-required") {
		t.Error("the base facility, Hibernatorium placed, is reported")
	}
	// The default stacks never hold it.
	if slices.Contains(load(t, noHib).Stacks["B"], Hibernatorium) {
		t.Error("the default B stack holds the Hibernatorium")
	}
}

func TestLandingZoneCorridorsFaceup(t *testing.T) {
	quote(t, "One by one, draw 3 random corridor tiles and connect them faceup (non-0 value side) to the Landing Zone.")
	// Corridor 2 joins the Landing Zone (slot 2): its 0 side is an error
	// at its noise; elsewhere a 0 side is not this rule's business.
	fs := load(t, strings.Replace(base, "{id: 2, between: [2, 3], noise: 2}", "{id: 2, between: [2, 3], noise: 0}", 1)).Check()
	if count(fs, "landing-zone-faceup") != 1 || fs[slices.IndexFunc(fs, func(f rules.Finding) bool { return f.Rule == "landing-zone-faceup" })].Ptr != "/corridors/1/noise" {
		t.Errorf("reinforced Landing Zone corridor: %+v", fs)
	}
	fs = load(t, strings.Replace(base, "{id: 5, between: [7, 8], noise: 2}", "{id: 5, between: [7, 8], noise: 0}", 1)).Check()
	if has(fs, "landing-zone-faceup") {
		t.Errorf("a corridor away from the Landing Zone: %v", rulesOf(fs))
	}
}

func TestCorridorTouchesARoom(t *testing.T) {
	quote(t, "An unexplored corridor is one connected to only 1 room.")
	quote(t, "Place a random corridor faceup in each space around the room shown on the card, if not already there.")
	// Slots 3 and 4 of the base facility are both empty: a corridor
	// between them is connected to no room at all.
	two := strings.Replace(base, "  - {id: 5, between: [7, 8], noise: 2}\n", "  - {id: 5, between: [7, 8], noise: 2}\n  - {id: 6, between: [3, 4], noise: 1}\n", 1)
	fs := load(t, two).Check()
	if count(fs, "corridor-no-room") != 1 || fs[slices.IndexFunc(fs, func(f rules.Finding) bool { return f.Rule == "corridor-no-room" })].Ptr != "/corridors/5/between" {
		t.Fatalf("a corridor between two empty slots: %+v", fs)
	}
	// Every corridor of the base facility touches a room (corridor 1 joins
	// the empty slot 1 to the Landing Zone: unexplored, and fine).
	if has(load(t, base).Check(), "corridor-no-room") {
		t.Error("the base facility is reported")
	}
}

func TestOneQueenAndNoSecuredIntruders(t *testing.T) {
	quote(t, "When the last Queen Health card is discarded the Queen is dead: remove her model from the game.")
	quote(t, "A corridor can hold a Queen and up to 2 other intruders")
	for _, c := range []struct {
		tokens string
		queens int
	}{
		{"  - {type: intruder, kind: queen, corridor: 2}\n", 0},
		{"  - {type: intruder, kind: queen, corridor: 2}\n  - {type: intruder, kind: queen, corridor: 5}\n", 1},
		{"  - {type: intruder, kind: queen, count: 2, corridor: 2}\n", 1},
		{"  - {type: intruder, kind: queen, slot: 8}\n  - {type: intruder, kind: queen, slot: 2}\n", 1},
	} {
		fs := load(t, base+"tokens:\n"+c.tokens).Check()
		if count(fs, "queen-count") != c.queens || has(fs, "corridor-capacity") {
			t.Errorf("%s: %v", c.tokens, rulesOf(fs))
		}
	}
	quote(t, "Characters may never secure a room with an intruder inside.")
	fs := load(t, base+"tokens:\n  - {type: secure, slot: 8}\n  - {type: intruder, kind: adult, slot: 8}\n").Check()
	if count(fs, "secured-intruder") != 1 {
		t.Errorf("a secured room with an intruder: %v", rulesOf(fs))
	}
	// Secured here, the intruder next door (slot 7) or in a corridor: fine.
	fs = load(t, base+"tokens:\n  - {type: secure, slot: 8}\n  - {type: intruder, kind: adult, slot: 7}\n  - {type: intruder, kind: adult, corridor: 5}\n").Check()
	if has(fs, "secured-intruder") {
		t.Errorf("intruder elsewhere: %v", rulesOf(fs))
	}
}

// TestStackPointerIsStable: a room written in two stacks is pointed at in
// its own type's stack (the one the message names), the same every run,
// not wherever map order puts it first.
func TestStackPointerIsStable(t *testing.T) {
	src, err := os.ReadFile("../../app/testdata/generated/facility-room-in-two-stacks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		f := load(t, string(src))
		var got []string
		for _, fd := range f.Check() {
			if fd.Rule == "escape-unreachable" {
				got = append(got, fd.Ptr)
			}
		}
		// escape-shuttle is a C room; C is [security-robot-room, escape-shuttle].
		if len(got) != 1 || got[0] != "/stacks/C/1" {
			t.Fatalf("escape-unreachable points at %v, want [/stacks/C/1]", got)
		}
	}
}

// TestPlaytestPageQuotes holds docs/playtest-facility.md to the rulebook:
// each line it quotes (a "> " line) is the rulebook's own words.
func TestPlaytestPageQuotes(t *testing.T) {
	data, err := os.ReadFile("../../docs/playtest-facility.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if q, ok := strings.CutPrefix(line, "> "); ok {
			quote(t, q)
			n++
		}
	}
	if n < 10 {
		t.Errorf("the page quotes %d lines of the rulebook; it should quote the rules it builds on", n)
	}
}
