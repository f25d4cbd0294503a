package invader_test

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
	"github.com/zmission/zmission/validate"
)

// Small boards built from the rulebook's own sentences: each test quotes the
// sentence and derives its expected answer from it.

// twoTiles is the station's 1A and 2A side by side: the corridor 1A/w at
// 0,1 (the start), the room 1A/a at 0,0 joined to the corridor 1A/c by a
// door opening, the room 2A/e at 5,2 whose only way in is the door opening
// 5,2:n from the corridor 1A/e (5,1).
const twoTiles = "format: 1\nid: t\ntitle: T\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n"

func lintMission(t *testing.T, text string) *lint.Result {
	t.Helper()
	r := lint.Bytes("t.yaml", []byte(text), lintOpts)
	if r.Scene == nil {
		t.Fatalf("no board: %v", r.Diags)
	}
	return r
}

func rulesOf(r *lint.Result, sev validate.Severity) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Severity == sev {
			out = append(out, d.Rule)
		}
	}
	return out
}

func analysis(t *testing.T, r *lint.Result) *rules.Analysis {
	t.Helper()
	return rules.Lookup(invader.Ruleset).(rules.Analyzer).Analyze(r.Scene)
}

// Invader rulebook, Mold: "Remove any Objective and Door tokens in the Zone.
// They cannot be recovered. Look at Objective tokens removed this way: the
// Mission may already be lost!"
func TestMoldRemovesObjectives(t *testing.T) {
	const quote = "Remove any Objective and Door tokens in the Zone. They cannot be recovered."
	cases := []struct {
		name   string
		tokens string
		take   string
		met    bool // derived from the quote: an Objective in a Mold zone is gone
	}{
		{"Active Mold on the Objective's zone: gone, the mission is lost", "  - {type: objective, at: [0, 0]}\n  - {type: mold, at: [0, 0]}\n", "  - take: red\n", false},
		{"Inactive Mold removes it too (any Mold zone)", "  - {type: objective, at: [0, 0]}\n  - {type: mold, state: inactive, at: [0, 0]}\n", "  - take: red\n", false},
		{"Mold in another zone leaves it", "  - {type: objective, at: [0, 0]}\n  - {type: mold, at: [3, 1]}\n", "  - take: red\n", true},
		{"one of two removed, one asked for: still met", "  - {type: objective, at: [0, 0]}\n  - {type: objective, at: [2, 0]}\n  - {type: mold, at: [0, 0]}\n", "  - {take: red, count: 1}\n", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n"+c.tokens+"objectives:\n"+c.take)
			a := analysis(t, r)
			if a.Objectives[0].Met != c.met {
				t.Errorf("%q: objective met = %v, want %v (%s)", quote, a.Objectives[0].Met, c.met, a.Objectives[0].Note)
			}
			errs := rulesOf(r, validate.Error)
			if c.met && len(errs) > 0 {
				t.Errorf("errors %v on a mission that can be won", errs)
			}
			if !c.met {
				if len(errs) != 1 || errs[0] != "objective-in-mold" {
					t.Fatalf("errors %v, want one objective-in-mold", errs)
				}
				for _, d := range r.Diags {
					if d.Rule == "objective-in-mold" && !strings.Contains(d.Message, "the Mold at 0,0 (1A/a) removes it") {
						t.Errorf("the message does not say which Mold removes it: %s", d.Message)
					}
				}
				if !strings.Contains(a.Objectives[0].Note, "the Mold at 0,0 removes") {
					t.Errorf("analyze note %q does not name the Mold", a.Objectives[0].Note)
				}
			}
		})
	}
}

// Invader rulebook, Door Activation: "The Survivor either places or removes
// a closed Door token on a door opening in a room Zone they occupy." A
// closed neutral door lets Survivors out of its room, not into it from a
// corridor; only Xenos destroying it open it from outside.
func TestDoorActivationInsideOnly(t *testing.T) {
	door := "  - {type: door, at: [5, 2], side: n}\n"
	t.Run("from the corridor: the room is entered only once Xenos destroy the door", func(t *testing.T) {
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n"+door+"objectives:\n  - take: red\n")
		if errs := rulesOf(r, validate.Error); len(errs) > 0 {
			t.Errorf("errors %v: the Xenos may still open the way, so it is a warning", errs)
		}
		if w := rulesOf(r, validate.Warning); len(w) != 1 || w[0] != "room-shut" {
			t.Fatalf("warnings %v, want room-shut", w)
		}
		a := analysis(t, r)
		if a.Objectives[0].Met || !strings.Contains(a.Objectives[0].Note, "destroy") {
			t.Errorf("analyze calls the objective %v (%q); want not met, only once Xenos destroy the door", a.Objectives[0].Met, a.Objectives[0].Note)
		}
		w := invader.NewWorld(r.Scene)
		room := zone(t, w, "2A/e")
		found := false
		for _, m := range w.Movement() {
			if m.Via == "door" && (m.From == room || m.To == room) {
				found = true
				if !m.OneWay || m.Out != room {
					t.Errorf("the closed door is %s; want one-way for Survivors, out of 2A/e", moveString(w, m))
				}
				if !m.Xenos {
					t.Error("Xenos must still pass (they destroy it)")
				}
			}
		}
		if !found {
			t.Fatal("no door move into 2A/e")
		}
	})
	t.Run("from inside the room: leaving is free", func(t *testing.T) {
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [5, 2]}\n  - {type: exit, at: [0, 1]}\n"+door+"objectives:\n  - exit: all\n")
		if d := rulesOf(r, validate.Error); len(d) > 0 {
			t.Errorf("errors %v: a Survivor in the room removes the door", d)
		}
		if d := rulesOf(r, validate.Warning); len(d) > 0 {
			t.Errorf("warnings %v: nothing is shut for a team that starts in the room", d)
		}
	})
	t.Run("an open door goes both ways", func(t *testing.T) {
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, state: open}\nobjectives:\n  - take: red\n")
		if len(r.Diags) > 0 {
			t.Errorf("findings %v on an open door", rulesOf(r, validate.Warning))
		}
	})
}

// analyze credits each zone to the key it needed: with an Oxygen Tank and
// violet doors arriving in one step and no exterior on the board, only the
// violet door opened anything.
func TestAnalyzeCreditsTheKey(t *testing.T) {
	r := lintMission(t, "format: 1\nid: t\ntitle: T\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 3B, at: [1, 0]}\n"+
		"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [0, 0]}\n  - {type: door, color: violet, at: [2, 0], side: w}\n  - {type: exit, at: [2, 0]}\n"+
		"objectives:\n  - exit: all\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n")
	a := analysis(t, r)
	if len(a.Spheres) != 2 {
		t.Fatalf("%d steps, want 2", len(a.Spheres))
	}
	sp := a.Spheres[1]
	if len(sp.Opened) != 2 {
		t.Fatalf("step 2 opened by %v; the board gives the tank (3B/b) and the violet key in step 1", sp.Opened)
	}
	if len(sp.Credits) != 1 || len(sp.Credits[0].Opened) != 1 || sp.Credits[0].Opened[0].Key != "door:violet" || strings.Join(sp.Credits[0].Zones, ",") != "1A/b" {
		t.Errorf("credits %+v; want 1A/b credited to the violet door alone", sp.Credits)
	}
}

// Invader rulebook, Colored Doors: "Colored doors can be removed by Mold
// (P. XX)", and Mold: "Remove any Objective and Door tokens in the Zone."
// A violet door on the edge of a Mold zone is gone before play, whether or
// not a rule would open it: no check reports it as shut, and the Exit
// behind it is reached (so analyze, which refuses a mission with errors,
// plans it).
func TestMoldRemovesColouredDoors(t *testing.T) {
	const quote = "Colored doors can be removed by Mold"
	quoteRulebook(t, quote)
	quoteRulebook(t, "Remove any Objective and Door tokens in the Zone.")
	door := "  - {type: door, color: violet, at: [5, 2], side: n}\n"
	exit := "  - {type: exit, at: [5, 2]}\n"
	cases := []struct {
		name string
		mold string
		gone bool // derived from the quote: Mold on either side removes the door
	}{
		{"Mold in the room behind the door", "  - {type: mold, at: [5, 2]}\n", true},
		{"Inactive Mold in the corridor before it", "  - {type: mold, state: inactive, at: [5, 1]}\n", true},
		{"Mold elsewhere leaves it", "  - {type: mold, at: [0, 0]}\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n"+door+exit+c.mold+"objectives:\n  - exit: all\n")
			errs := rulesOf(r, validate.Error)
			if c.gone {
				if len(errs) > 0 {
					t.Fatalf("%q: errors %v; the door is gone, the Exit reachable", quote, errs)
				}
				if a := analysis(t, r); !a.Objectives[0].Met {
					t.Errorf("%q: analyze says the Exit is not reached: %s", quote, a.Objectives[0].Note)
				}
				return
			}
			if !slices.Contains(errs, "door-never-opens") {
				t.Errorf("errors %v; with the door in place and no rule to open it, want door-never-opens", errs)
			}
		})
	}
	t.Run("a rule opening the removed colour does nothing", func(t *testing.T) {
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [0, 0]}\n"+door+exit+"  - {type: mold, at: [5, 2]}\n"+
			"objectives:\n  - exit: all\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n")
		if errs := rulesOf(r, validate.Error); len(errs) > 0 {
			t.Fatalf("errors %v", errs)
		}
		if w := rulesOf(r, validate.Warning); len(w) != 1 || w[0] != "rule-does-nothing" {
			t.Fatalf("warnings %v, want rule-does-nothing: the only violet door is gone", w)
		}
		for _, d := range r.Diags {
			if !strings.Contains(d.Message, "the Mold at 5,2 removes the map's violet door") {
				t.Errorf("message %q does not say the Mold removes the door", d.Message)
			}
		}
	})
}

// Invader component list: Xenos Spawn "Red/Red x4, Red/Green x1,
// Red/Violet x1"; Objectives "Red/Red x10, Red/Blue x1, Red/Green - Bot
// Remote x1, Red/Violet - Sentry Gun Remote x1, Red/White x1". A token shows one side on the board, so
// each placed token needs a token of its own with that side: every token
// has a red side, a colour X is on only the Red/X tokens, and the box holds
// as many tokens in all as the list sums to.
func TestTwoSidedTokens(t *testing.T) {
	lists := map[string]string{
		"spawn":     "Red/Red x4, Red/Green x1, Red/Violet x1",
		"objective": "Red/Red x10, Red/Blue x1, Red/Green - Bot Remote x1, Red/Violet - Sentry Gun Remote x1, Red/White x1",
	}
	for _, q := range lists {
		for _, part := range strings.Split(q, ", ") {
			quoteRulebook(t, part)
		}
	}
	// total and per non-red colour, read from the quotes
	total := map[string]int{}
	other := map[string]map[string]int{}
	for typ, q := range lists {
		other[typ] = map[string]int{}
		for _, part := range strings.Split(q, ", ") {
			sides, n, _ := strings.Cut(part, " x")
			k, err := strconv.Atoi(n)
			if err != nil {
				t.Fatal(err)
			}
			total[typ] += k
			sides, _, _ = strings.Cut(sides, " - ") // "Red/Green - Bot Remote"
			if _, b, _ := strings.Cut(sides, "/"); b != "Red" {
				other[typ][strings.ToLower(b)] += k
			}
		}
	}
	cells := []string{"[0, 0]", "[1, 0]", "[2, 0]", "[3, 0]", "[4, 0]", "[5, 0]", "[1, 1]", "[2, 1]", "[3, 1]", "[4, 1]", "[0, 2]", "[1, 2]", "[2, 2]", "[3, 2]", "[4, 2]", "[5, 2]"}
	cases := []struct {
		typ    string
		colors map[string]int
		short  string // the message's shortage, "" when it fits
	}{
		{"spawn", map[string]int{"red": 5, "green": 1}, ""},
		{"spawn", map[string]int{"red": 6}, ""},
		{"spawn", map[string]int{"red": 4, "green": 1, "violet": 1}, ""},
		{"spawn", map[string]int{"red": 6, "green": 1}, "needs 7 spawn tokens (1 green, 6 red), but invader-core has 6"},
		{"spawn", map[string]int{"red": 7}, "needs 7 red spawn tokens, but invader-core has 6"},
		{"spawn", map[string]int{"red": 3, "green": 2}, "needs 2 green spawn tokens, but invader-core has 1 that can show green"},
		{"objective", map[string]int{"red": 14}, ""},
		{"objective", map[string]int{"red": 10, "blue": 1, "green": 1, "violet": 1, "white": 1}, ""},
		{"objective", map[string]int{"red": 14, "blue": 1}, "needs 15 objective tokens (1 blue, 14 red), but invader-core has 14"},
	}
	for _, c := range cases {
		var names []string
		n := 0
		fits := true
		for col, k := range c.colors {
			names = append(names, fmt.Sprintf("%d %s", k, col))
			n += k
			if col != "red" && k > other[c.typ][col] {
				fits = false
			}
		}
		slices.Sort(names)
		if n > total[c.typ] {
			fits = false
		}
		t.Run(c.typ+" "+strings.Join(names, " "), func(t *testing.T) {
			if fits != (c.short == "") {
				t.Fatalf("the case says fits=%v, the component list %v", c.short == "", fits)
			}
			var toks strings.Builder
			i := 0
			cols := slices.Sorted(maps.Keys(c.colors))
			for _, col := range cols {
				for range c.colors[col] {
					fmt.Fprintf(&toks, "  - {type: %s, color: %s, at: %s}\n", c.typ, col, cells[i%len(cells)])
					i++
				}
			}
			r := lintMission(t, twoTiles+"survivors: 4\ntokens:\n  - {type: start, at: [0, 1]}\n"+toks.String()+"  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n")
			var got []string
			for _, d := range r.Diags {
				if d.Rule == "inventory" {
					got = append(got, d.Message)
				}
			}
			if c.short == "" {
				if len(got) > 0 {
					t.Fatalf("%q: inventory %q; each token can be given one of its own", lists[c.typ], got)
				}
			} else if len(got) != 1 || !strings.Contains(got[0], c.short) {
				t.Fatalf("%q: inventory %q, want one saying %q", lists[c.typ], got, c.short)
			}
			// analyze (and the site's pages, which print it) count as the
			// inventory lines the editor's palette shows.
			a := analysis(t, r)
			lines := map[string][2]int{}
			for _, l := range rules.InventoryOf(r.Scene) {
				lines[l.Label()] = [2]int{l.Used, l.Owned}
			}
			for _, l := range a.Inventory {
				if lines[l.What] != [2]int{l.Used, l.Owned} {
					t.Errorf("analyze %s %d / %d, the inventory %v", l.What, l.Used, l.Owned, lines[l.What])
				}
			}
			all := lines[c.typ+", all colours"]
			if all != [2]int{n, total[c.typ]} {
				t.Errorf("%s, all colours: %v, want %d / %d", c.typ, all, n, total[c.typ])
			}
			if red := lines["red "+c.typ]; red[1] != total[c.typ] {
				t.Errorf("red %s owned %d: every token has a red side, want %d", c.typ, red[1], total[c.typ])
			}
		})
	}
}

// Invader rulebook, Xenos' Move: Xenos go for the Survivors ("Each
// Survivor miniature also counts as a Noise token"), and a closed door in
// their way is destroyed: "The way is now open." A red Spawn Zone in a
// room whose only way out is a closed neutral door sends every Xeno it
// spawns through that door, so the Survivors outside get in for certain.
func TestSpawnBehindClosedDoorOpensIt(t *testing.T) {
	quoteRulebook(t, "A Xeno always goes for the noisiest target they can see or hear.")
	quoteRulebook(t, "Each Survivor miniature also counts as a Noise token.")
	quoteRulebook(t, "If a closed door bars the path to the next Zone toward their destination, all Xenos in the Zone spend their Action destroying it.")
	quoteRulebook(t, "The way is now open.")
	door := "  - {type: door, at: [5, 2], side: n}\n"
	cases := []struct {
		name  string
		extra string
		// derived from the quotes: Xenos spawn only in active (red)
		// Spawn Zones, and a Noise token in the room may hold them there.
		met bool
	}{
		{"a red Spawn Zone in the room: its Xenos break out", "  - {type: spawn, at: [5, 2]}\n", true},
		{"no Spawn Zone: the door stays until some Xeno happens by", "", false},
		{"a green Spawn Zone spawns nothing until activated", "  - {type: spawn, color: green, at: [5, 2]}\n", false},
		{"a Noise token in the room may be the noisiest target", "  - {type: spawn, at: [5, 2]}\n  - {type: noise, at: [5, 2]}\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n"+door+c.extra+"objectives:\n  - take: red\n")
			// validate still warns: the mission waits for the Xenos.
			if w := rulesOf(r, validate.Warning); !slices.Contains(w, "room-shut") {
				t.Fatalf("warnings %v, want room-shut", w)
			}
			if errs := rulesOf(r, validate.Error); len(errs) > 0 {
				t.Errorf("errors %v", errs)
			}
			for _, d := range r.Diags {
				if named := strings.Contains(d.Message, "Spawn Zone at 5,2"); d.Rule == "room-shut" && named != c.met {
					t.Errorf("room-shut names the Spawn Zone: %v, want %v: %s", named, c.met, d.Message)
				}
			}
			a := analysis(t, r)
			o := a.Objectives[0]
			if o.Met != c.met {
				t.Fatalf("objective met = %v (%q), want %v", o.Met, o.Note, c.met)
			}
			if c.met {
				if o.Sphere != 0 || !strings.Contains(o.Note, "once Xenos destroy the closed door at 5,2:n") {
					t.Errorf("met in step %d (%q); want step 1, once Xenos destroy the door", o.Sphere+1, o.Note)
				}
				if len(a.Routes) == 0 || a.Routes[0].Moves != 3 {
					t.Errorf("tour %+v: want the Objective 3 moves away, through the broken door", a.Routes)
				}
			} else if !strings.Contains(o.Note, "only once Xenos destroy") {
				t.Errorf("note %q, want: only once Xenos destroy a closed door", o.Note)
			}
		})
	}
	// Two such rooms: 2A/e (its only door 5,2:n) holds the Objective, 1A/a
	// (its only door 0,0:e) the Exit. Each objective waits for the door of
	// its own room, and its note names that one alone.
	t.Run("two rooms broken open: each objective names its own door", func(t *testing.T) {
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n"+door+
			"  - {type: spawn, at: [5, 2]}\n  - {type: door, at: [0, 0], side: e}\n  - {type: spawn, at: [0, 0]}\n  - {type: exit, at: [0, 0]}\n"+
			"objectives:\n  - take: red\n  - exit: all\n")
		a := analysis(t, r)
		for i, c := range []struct{ own, other string }{{"5,2:n", "0,0:e"}, {"0,0:e", "5,2:n"}} {
			o := a.Objectives[i]
			if !o.Met || !strings.Contains(o.Note, "door at "+c.own) || strings.Contains(o.Note, c.other) {
				t.Errorf("objective %d: met %v, note %q; want the door at %s alone", i+1, o.Met, o.Note, c.own)
			}
		}
	})
	// The rooms 2A/a and 2A/b (joined by an opening) have a closed door
	// each to the corridor 1A/e: which one the Xenos break depends on
	// where the Survivors stand, so neither is counted.
	t.Run("two closed doors out: the Survivors' place decides", func(t *testing.T) {
		two := "  - {type: door, at: [3, 0], side: s}\n  - {type: door, at: [5, 0], side: s}\n"
		r := lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 0]}\n  - {type: spawn, at: [3, 0]}\n"+two+"objectives:\n  - take: red\n")
		if o := analysis(t, r).Objectives[0]; o.Met {
			t.Errorf("met (%q): which door breaks is not certain", o.Note)
		}
		// One of them open: the part reaches the Survivors already, no door
		// need break, and the Objective is reached through the open one.
		one := strings.Replace(two, "side: s}\n", "side: s, state: open}\n", 1)
		r = lintMission(t, twoTiles+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 0]}\n  - {type: spawn, at: [3, 0]}\n"+one+"objectives:\n  - take: red\n")
		if o := analysis(t, r).Objectives[0]; !o.Met || strings.Contains(o.Note, "destroy") {
			t.Errorf("met %v (%q): the open door is the way in", o.Met, o.Note)
		}
	})
}

// Invader rulebook, Playing with 7+ Survivors: "To do so, you'll need the
// extra Survivor dashboards, plastic markers, color bases, and Starting
// Equipment cards contained in expansions". Setup gives each Survivor a
// dashboard, a colour base and 5 trackers; the component list says how many
// the core box holds.
func TestSurvivorsNeedTheirParts(t *testing.T) {
	quoteRulebook(t, "To do so, you’ll need the extra Survivor dashboards, plastic markers, color bases, and Starting Equipment cards contained in expansions that are sold separately.")
	quoteRulebook(t, "Players take 1 Dashboard for each of their Survivors,")
	quoteRulebook(t, "They take a colored plastic base and attach it")
	quoteRulebook(t, "They also take 5 plastic trackers of the same color as their base.")
	box := map[string]int{}
	for _, q := range []string{"6 SURVIVOR DASHBOARDS", "48 TRACKERS", "6 SURVIVOR COLOR BASES"} {
		quoteRulebookText(t, q)
		n, what, _ := strings.Cut(q, " ")
		k, err := strconv.Atoi(n)
		if err != nil {
			t.Fatal(err)
		}
		box[what] = k
	}
	each := map[string]int{"SURVIVOR DASHBOARDS": 1, "SURVIVOR COLOR BASES": 1, "TRACKERS": 5}
	equips := -1
	for what, k := range box {
		if n := k / each[what]; equips < 0 || n < equips {
			equips = n
		}
	}
	for _, n := range []int{1, 6, 7, 10} {
		t.Run(fmt.Sprintf("%d Survivors", n), func(t *testing.T) {
			r := lintMission(t, twoTiles+fmt.Sprintf("survivors: %d\n", n)+"tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n")
			var got []string
			for _, d := range r.Diags {
				if d.Rule == "inventory" {
					got = append(got, d.Message)
				}
			}
			if n <= equips {
				if len(got) > 0 {
					t.Fatalf("inventory %q; the core box equips %d Survivors", got, equips)
				}
			} else {
				if len(got) != 1 || !strings.HasPrefix(got[0], fmt.Sprintf("%d Survivors need", n)) {
					t.Fatalf("inventory %q, want one finding for %d Survivors", got, n)
				}
				for what, k := range box {
					short := n*each[what] > k
					name := map[string]string{"SURVIVOR DASHBOARDS": "Survivor dashboards", "SURVIVOR COLOR BASES": "colour bases", "TRACKERS": "plastic trackers"}[what]
					if strings.Contains(got[0], fmt.Sprintf("%d %s", n*each[what], name)) != short {
						t.Errorf("%q: %s short = %v (%d needed, %d in the box)", got[0], name, short, n*each[what], k)
					}
				}
			}
			for _, c := range rules.InventoryOf(r.Scene) {
				if c.Type == rules.CountSurvivors && (c.Used != n || c.Owned != equips) {
					t.Errorf("inventory line %s %d / %d, want %d / %d", c.Label(), c.Used, c.Owned, n, equips)
				}
			}
		})
	}
	// The parts are counted from the boxes the tokens are (the same tally):
	// a misspelt box counts as the most one box holds, another game's box
	// as nothing.
	for _, c := range []struct {
		boxes string
		owned int
	}{
		{"[invader-core, invader-cor]", 2 * equips},
		{"[invader-core, zombicide-s1]", equips},
		{"[zombicide-s1]", 0},
	} {
		t.Run("boxes "+c.boxes, func(t *testing.T) {
			r := lintMission(t, twoTiles+"boxes: "+c.boxes+"\nsurvivors: 12\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n")
			found := false
			for _, l := range rules.InventoryOf(r.Scene) {
				if l.Type == rules.CountSurvivors {
					found = true
					if l.Owned != c.owned {
						t.Errorf("Survivors line %d / %d, want %d owned", l.Used, l.Owned, c.owned)
					}
				}
			}
			if !found {
				t.Error("no Survivors line")
			}
		})
	}
}
