package lint

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// The rule texts the zone kinds are read from: the exterior (outside the
// station, through airlocks) is Zombicide: Invader's, streets classic
// Zombicide's.
const (
	invaderText = "000_ada9705b43fae874.txt"
	classicText = "002_89d8bb332def9044.txt"
)

func quoteFrom(t *testing.T, file, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path(file))
	if err != nil {
		t.Logf("the rule text is not here (%v); quote not checked: %q", err, s)
		return
	}
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(data), "*", "")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("%s does not say: %q", file, s)
	}
}

func lintIn(t *testing.T, files map[string]string, name string) *Result {
	t.Helper()
	dir := t.TempDir()
	for n, text := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Path(filepath.Join(dir, name), Options{Limits: source.DefaultLimits})
}

func findings(r *Result, rule string) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Rule == rule {
			out = append(out, d.Message)
		}
	}
	return out
}

const classicHead = "format: 1\nid: t\ntitle: T\nruleset: zombicide-classic\n"
const invaderHead = "format: 1\nid: t\ntitle: T\nruleset: zombicide-invader\n"

// classicMap: two city tiles, the start and the Exit on streets.
const classicMap = "tileset: city\ntiles:\n  - {face: 4B, at: [0, 0]}\n  - {face: 5C, at: [1, 0]}\ntokens:\n  - {type: start, at: [1, 1]}\n  - {type: exit, at: [0, 1]}\n"

// invaderMap: two station tiles, the start and the Exit in corridors.
const invaderMap = "tileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\n"

const exitAll = "objectives:\n  - exit: all\n"

// TestBoxesOfOneGame: a classic mission listing the Invader core box took
// Mold and a Sentry Gun. The box is an error, counts nothing, and the two
// tokens are not in the game; a typo beside it hides none of that.
func TestBoxesOfOneGame(t *testing.T) {
	mold := "  - {type: mold, at: [2, 1]}\n  - {type: sentry-gun, at: [2, 1]}\n"
	for _, c := range []struct {
		name, boxes string
		want        []string
	}{
		{"another game's box", "boxes: [zombicide-s1, invader-core]\n",
			[]string{"box-ruleset", "token-not-in-game", "token-not-in-game"}},
		{"a typo beside it", "boxes: [zombicide-s1, invader-core, zombicide-s2]\n",
			[]string{"box-ruleset", "token-not-in-game", "token-not-in-game", "unknown-box"}},
		{"the game's own box", "boxes: [zombicide-s1]\n",
			[]string{"token-not-in-game", "token-not-in-game"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := Bytes("t.yaml", []byte(classicHead+c.boxes+classicMap+mold+exitAll), Options{Limits: source.DefaultLimits})
			var got []string
			for _, d := range r.Diags {
				got = append(got, d.Rule)
			}
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("findings %v, want %v", got, c.want)
				for _, d := range r.Diags {
					t.Log(d.Message)
				}
			}
		})
	}
	r := Bytes("t.yaml", []byte(classicHead+"boxes: [zombicide-s1, invader-core]\n"+classicMap+mold+exitAll), Options{Limits: source.DefaultLimits})
	want := "invader-core is a box of Zombicide: Invader, not of classic Zombicide (ruleset: zombicide-classic): its tokens and tiles are not counted"
	if got := findings(r, "box-ruleset"); len(got) != 1 || got[0] != want {
		t.Errorf("box-ruleset %q, want %q", got, want)
	}
}

// TestTypoKeepsCounts: with an unknown box, counts are still checked
// against the most any box of the game could add. The Invader core box has
// 1 violet door; a mission with 3 violet doors and one typo beside the core
// box is 1 short whichever box the typo meant.
func TestTypoKeepsCounts(t *testing.T) {
	doors := "  - {type: door, at: [0, 0], side: e, color: violet}\n  - {type: door, at: [2, 0], side: w, color: violet}\n  - {type: door, at: [0, 2], side: n, color: violet}\n"
	rule := "rules:\n  - when: {round: 3}\n    then: [{open: violet}]\n"
	r := Bytes("t.yaml", []byte(invaderHead+"boxes: [invader-core, invader-cor]\n"+invaderMap+doors+exitAll+rule), Options{Limits: source.DefaultLimits})
	want := "the mission needs 3 violet door tokens, but invader-core + invader-cor has 2 at most, whichever of Zombicide: Invader's boxes invader-cor stands for"
	if got := findings(r, "inventory"); len(got) != 1 || got[0] != want {
		t.Errorf("inventory %q, want %q", got, want)
	}
	if got := findings(r, "unknown-box"); len(got) != 1 {
		t.Errorf("unknown-box %q, want one", got)
	}
	// Two violet doors fit: the typo could be a second core box.
	two := strings.Join(strings.SplitAfter(doors, "\n")[:2], "")
	r = Bytes("t.yaml", []byte(invaderHead+"boxes: [invader-core, invader-cor]\n"+invaderMap+two+exitAll+rule), Options{Limits: source.DefaultLimits})
	if got := findings(r, "inventory"); len(got) != 0 {
		t.Errorf("inventory %q, want none", got)
	}
}

// TestTilesetOfOneGame: classic rules on the station tiles and Invader
// rules on the city tiles passed. Built-in sets say their game; a file that
// says none is told by its zones.
func TestTilesetOfOneGame(t *testing.T) {
	quoteFrom(t, invaderText, "Your team needs Oxygen Tanks to travel outside the station.")
	quoteFrom(t, invaderText, "(corridor or exterior), a Zone is the area between two linear")
	quoteFrom(t, classicText, "move the car one or two street Zones per Action spent (cars cannot be driven into buildings)")

	classicOnStation := strings.Replace(invaderHead, "zombicide-invader", "zombicide-classic", 1) + invaderMap + exitAll
	invaderOnCity := strings.Replace(classicHead, "zombicide-classic", "zombicide-invader", 1) + classicMap + exitAll
	for _, c := range []struct{ name, doc, want string }{
		{"classic on station", classicOnStation, "the tile set station is drawn for Zombicide: Invader, not for classic Zombicide: its file says so (rulesets: [zombicide-invader])"},
		{"invader on city", invaderOnCity, "the tile set city is drawn for classic Zombicide, not for Zombicide: Invader: its file says so (rulesets: [zombicide-classic])"},
		{"classic on city", classicHead + classicMap + exitAll, ""},
		{"invader on station", invaderHead + invaderMap + exitAll, ""},
	} {
		r := Bytes("t.yaml", []byte(c.doc), Options{Limits: source.DefaultLimits})
		got := findings(r, "tileset-ruleset")
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%s: tileset-ruleset %q, want %q", c.name, got, c.want)
		}
	}

	// Files without rulesets: the zones decide.
	// One face of two zones of one kind side by side: a marking between
	// them, or a door opening between two rooms.
	face := func(zone string) string {
		edges := ""
		if strings.Contains(zone, "room") {
			edges = "    edges: {\"0,0 e\": door}\n"
		}
		return "format: 1\nname: mine\nsize: 2\nfaces:\n  1A:\n    grid: [a b, a b]\n    zones: {a: " + zone + ", b: " + zone + "}\n" + edges
	}
	mission := func(head string) string {
		return head + "tileset: ./mine.yaml\ntiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 0]}\n"
	}
	for _, c := range []struct {
		name, set, head, want string
	}{
		{"streets under Invader rules", face("street"), invaderHead, "the tile set mine is drawn for classic Zombicide, not for Zombicide: Invader: face 1A has street zones (1A/a), which only classic Zombicide has"},
		{"streets under classic rules", face("street"), classicHead, ""},
		{"exterior under classic rules", face("exterior"), classicHead, "the tile set mine is drawn for Zombicide: Invader, not for classic Zombicide: face 1A has exterior zones (1A/a), which only Zombicide: Invader has"},
		{"an airlock under classic rules", face("{kind: room, features: [airlock]}"), classicHead, "the tile set mine is drawn for Zombicide: Invader, not for classic Zombicide: face 1A has an airlock (1A/a), which only Zombicide: Invader has"},
		{"corridors under either", face("corridor"), classicHead, ""},
		{"corridors under either", face("corridor"), invaderHead, ""},
		{"the file's word wins", "rulesets: [zombicide-invader]\n" + face("corridor"), classicHead, "the tile set mine is drawn for Zombicide: Invader, not for classic Zombicide: its file says so (rulesets: [zombicide-invader])"},
	} {
		r := lintIn(t, map[string]string{"mine.yaml": c.set, "m.yaml": mission(c.head)}, "m.yaml")
		if r.Scene == nil {
			// Another game's tiles still give a board, so that zones,
			// graph and los show what the author is fixing.
			t.Fatalf("%s: no board built: %v", c.name, r.Diags)
		}
		if c.want != "" {
			// ...but no finding on it: each would follow from tileset-ruleset.
			for _, d := range r.Diags {
				if d.Rule != "tileset-ruleset" && d.Rule != "checks-skipped" {
					t.Errorf("%s: a finding that follows from tileset-ruleset: %s [%s]", c.name, d.Message, d.Rule)
				}
			}
		}
		got := findings(r, "tileset-ruleset")
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%s: tileset-ruleset %q, want %q", c.name, got, c.want)
		}
	}
}

// TestBuiltinSetsSayTheirGame: every built-in set names its rulesets, each
// a grid game, and serves it by its zones too.
func TestBuiltinSetsSayTheirGame(t *testing.T) {
	for _, n := range layout.BuiltinNames() {
		set, err := layout.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(set.Rulesets) == 0 {
			t.Errorf("built-in set %s names no rulesets", n)
		}
		for _, r := range set.Rulesets {
			if rules.KindOf(r) != rules.KindGrid {
				t.Errorf("built-in set %s names %q, not a grid game", n, r)
			}
			bare := *set
			bare.Rulesets = nil
			if ok, why, _ := rules.Serves(&bare, r); !ok {
				t.Errorf("built-in set %s says %s, but its zones say otherwise: %s", n, r, why)
			}
		}
	}
}
