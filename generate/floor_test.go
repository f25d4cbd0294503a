package generate_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
)

// TestQualityFloor: no mission written falls below the quality floor
// (generate.Floor), over every game played on tiles × size × difficulty
// × length × seed — a few seeds here, the full 1,000 under
// bench/generate.sh. A request refused is counted, never written.
func TestQualityFloor(t *testing.T) {
	n := seeds(t, 3)
	for _, game := range []string{"zombicide-invader", "zombicide-classic"} {
		for _, sz := range sizes[game] {
			for _, diff := range []string{"easy", "medium", "hard"} {
				for _, length := range []string{"short", "medium", "long"} {
					name := fmt.Sprintf("%s/%dx%d/%s/%s", game, sz[0], sz[1], diff, length)
					t.Run(name, func(t *testing.T) {
						below, written, refused := map[string]int{}, 0, 0
						for s := 0; s < n; s++ {
							r, err := generate.Generate(generate.Options{Ruleset: game, W: sz[0], H: sz[1], Difficulty: diff, Length: length, Seed: uint64(s)})
							var no *generate.Impossible
							if errors.As(err, &no) {
								refused++
								continue
							}
							if err != nil {
								t.Fatalf("seed %d: %v", s, err)
							}
							written++
							for _, why := range generate.Floor(lintOf(t, r.Data)) {
								below[kindOf(why)]++
								t.Errorf("seed %d: below the floor: %s", s, why)
							}
						}
						t.Logf("%d written, %d refused, below the floor: %v", written, refused, sorted(below))
					})
				}
			}
		}
	}
}

// kindOf is a floor reason without its particulars, for the counts.
func kindOf(why string) string {
	f := strings.Fields(why)
	return strings.Join(f[:min(4, len(f))], " ")
}

func sorted(m map[string]int) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(out)
	return out
}

// TestFloorFindsWhatPlayersFound: missions the generator wrote before the
// floor, which a reader judged unplayable, fall below it for the reasons
// the reader gave (issue 43): no Spawn Zone, enemies "closing in" all the
// same, most of the board unused, the classic Exit and Spawn Zones in
// building rooms, a key beside the start, the Objectives counted twice.
//
// Noise: the Invader rulebook clears it every round — "Noise tokens are
// removed from the board during the End Phase" — so a briefing may say
// Noise draws the enemies' first moves, never that it keeps drawing them.
func TestFloorFindsWhatPlayersFound(t *testing.T) {
	quote(t, "000_ada9705b43fae874.txt", "Noise tokens are removed from the board during the End Phase")
	quote(t, "000_ada9705b43fae874.txt", "NOTE: A Survivor standing on a Falchion Sentry Gun’s Zone may control it")
	for file, want := range map[string][]string{
		"invader-no-spawn.yaml": {
			"no Spawn Zone is active from the start",
			"only 2 of 4 tiles carry a token or lie on the tour",
			"the briefing has enemies closing in, and the map has no Spawn Zone",
			`the briefing and an objective both say "3 Objectives"`,
		},
		"classic-one-tile.yaml": {
			"no Spawn Zone is active from the start",
			"the exit token in 7C/b stands in a room, not on a street",
			"only 1 of 4 tiles carry a token or lie on the tour",
			"the briefing puts the Exit in a road, and it stands in a room",
		},
		// The blind reading's generated four (the report's seeds 980039,
		// 639755, 169934 and 116804): shut doors that guard nothing,
		// their texts said twice, compass talk for places, claims the map
		// does not bear out.
		"blind-classic-car.yaml": {
			`the objective "Take all 5 Objectives." is printed again as "Take all Objectives"`,
			`the briefing says a door's rule again: "The blue door in the south stays shut without the blue Objective."`,
			`the rule "Once the blue Objective has been taken, the blue door can be opened." is printed again as "When the blue Objective is taken: blue doors open."`,
			"the briefing places things by the board's compass, not by its places",
		},
		"blind-classic-corner.yaml": {
			"the shut door at 2,3:s guards no Objective, no Exit and no shorter way",
			"the shut door at 3,3:s guards no Objective, no Exit and no shorter way",
			`the objective "Take all 4 Objectives." is printed again as "Take all Objectives"`,
			"the briefing places things by the board's compass, not by its places",
		},
		"blind-invader-drill.yaml": {
			"the briefing has the Sentry Gun in 8A/c watching a Spawn Zone, and it sees none",
			`the briefing has Noise lasting, and the End Phase removes it: "Noise in the south-east draws the Xenos that way."`,
		},
		"blind-invader-relay.yaml": {
			"the briefing puts the violet door in the centre, and it stands in the south",
			"the briefing puts the green door in the centre, and it stands in the south-east",
			`the briefing has Noise lasting, and the End Phase removes it: "Noise in the north draws the Xenos that way."`,
			`the rule "Once the green Objective has been taken, the green door can be opened." is printed again as "When the green Objective is taken: green doors open."`,
		},
		"classic-spawn-in-rooms.yaml": {
			"the spawn token in 9B/b stands in a room, not on a street",
			"the exit token in 8C/d stands in a room, not on a street",
			"the blue key in 9B/d is 2 moves from the start",
			"only 3 of 6 tiles carry a token or lie on the tour",
		},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "below", file))
		if err != nil {
			t.Fatal(err)
		}
		got := generate.Floor(lintOf(t, data))
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: the floor does not find %q; it finds:\n%s", file, w, strings.Join(got, "\n"))
			}
		}
	}
}

// TestFromMakesKeptPiecesTrue: completing a file, a coloured door it
// keeps ends up guarding an Objective or the Exit (it guarded an empty
// dead end in 30 of 30 seeds), and a briefing it keeps that the map made
// around it no longer bears out is written anew, the header saying why.
func TestFromMakesKeptPiecesTrue(t *testing.T) {
	whole, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", W: 3, H: 2, Difficulty: "medium", Seed: 1, Type: "key-chain"})
	if err != nil {
		t.Fatal(err)
	}
	m := whole.Mission
	door := slices.IndexFunc(m.Tokens, func(t missions.Token) bool { return t.Type == missions.TokDoor && t.Color != "" })
	start := slices.IndexFunc(m.Tokens, func(t missions.Token) bool { return t.Type == missions.TokStart })
	if door < 0 || start < 0 {
		t.Fatalf("seed 1, key-chain, made no coloured door to keep:\n%s", whole.Data)
	}
	tiles := make([]int, len(m.Tiles))
	for i := range tiles {
		tiles[i] = i
	}
	remade := 0
	for s := uint64(0); s < 6; s++ {
		// The door kept alone: what it guards is made again.
		r, err := generate.Generate(generate.Options{Ruleset: m.Ruleset, Seed: s, From: whole.Data, FromName: "whole.yaml",
			Keep: &generate.Keep{Tiles: tiles, Tokens: []int{door}}})
		if err != nil {
			t.Fatalf("seed %d, the door kept: %v", s, err)
		}
		if below := generate.Floor(lintOf(t, r.Data)); len(below) > 0 {
			t.Errorf("seed %d, the door kept: below the floor: %v\n%s", s, below, r.Data)
		}
		// The briefing and the start kept, the rest made again around them.
		half := *m
		half.Tokens = []missions.Token{m.Tokens[start]}
		half.Objectives, half.Rules = nil, nil
		data, err := json.Marshal(half)
		if err != nil {
			t.Fatal(err)
		}
		r, err = generate.Generate(generate.Options{Ruleset: m.Ruleset, Seed: s, From: data, FromName: "half.json"})
		if err != nil {
			t.Fatalf("seed %d, the briefing kept: %v", s, err)
		}
		if below := generate.Floor(lintOf(t, r.Data)); len(below) > 0 {
			t.Errorf("seed %d, the briefing kept: below the floor: %v\n%s", s, below, r.Data)
		}
		if bytes.Contains(r.Data, []byte("# The briefing of half.json was written anew: ")) {
			remade++
		} else if r.Mission.Briefing != m.Briefing {
			t.Errorf("seed %d: the briefing changed with no word of why:\n%s", s, r.Data)
		}
	}
	if remade == 0 {
		t.Errorf("no seed moved the Exit or the Objectives away from what the kept briefing says")
	}
}

// TestMissionTypes: each mission type the game offers, asked for with
// --type, makes missions of its shape that pass every check and clear
// the floor; a type the game lacks is a bad option naming its types. The
// facility's types are its objective's way out: "There are 3 ways of
// doing so" (the Lander, the Hibernatorium, the Escape Shuttle), and
// "Some objectives may require you to escape the facility."
func TestMissionTypes(t *testing.T) {
	const facilityBook = "004_80a4918f96275760.txt"
	quote(t, facilityBook, "There are 3 ways of doing so: 1. Escaping by using the Lander in the Landing Zone.")
	quote(t, facilityBook, "3. Escaping the facility through the Escape Shuttle.")
	quote(t, facilityBook, "Some objectives may require you to escape the facility.")
	shape := map[string]func(m *missions.Mission, res *lint.Result) bool{
		"grab-and-go": func(m *missions.Mission, _ *lint.Result) bool {
			return !slices.ContainsFunc(m.Tokens, func(t missions.Token) bool { return t.Type == "door" && t.Color != "" })
		},
		"key-chain": func(m *missions.Mission, _ *lint.Result) bool {
			n := 0
			for _, t := range m.Tokens {
				if t.Type == "door" && t.Color != "" {
					n++
				}
			}
			return n >= 2
		},
		"wake-spawns": func(m *missions.Mission, _ *lint.Result) bool {
			return slices.ContainsFunc(m.Rules, func(r missions.Rule) bool {
				return r.When != nil && r.When.Take != "" && slices.ContainsFunc(r.Then, func(e missions.Effect) bool { return e.Activate == r.When.Take })
			})
		},
		"airlock": func(_ *missions.Mission, res *lint.Result) bool {
			ex := res.Scene.Of("exit")
			return len(ex) == 1 && ex[0].Zone.Kind == "exterior"
		},
		"car-escape": func(m *missions.Mission, res *lint.Result) bool {
			return len(res.Scene.Of("exit")) == 0 && slices.ContainsFunc(m.Objectives, func(o missions.Objective) bool { return o.Reach == "getaway" })
		},
	}
	for _, g := range generate.Games() {
		for _, typ := range g.Types {
			t.Run(g.Ruleset+"/"+typ, func(t *testing.T) {
				written := 0
				for s := uint64(0); s < uint64(seeds(t, 6)); s++ {
					r, err := generate.Generate(generate.Options{Ruleset: g.Ruleset, Type: typ, Seed: s})
					var no *generate.Impossible
					if errors.As(err, &no) && no.SeedBound {
						continue
					}
					if err != nil {
						t.Fatalf("seed %d: %v", s, err)
					}
					written++
					res := lintOf(t, r.Data)
					if g.Ruleset == "facility" {
						// The objective asks for the type's way out (the
						// standard one: any).
						way := strings.TrimPrefix(typ, "any-")
						if way == "escape" {
							way = "any"
						}
						if r.Type != typ || !strings.Contains(string(r.Data), "\n  - escape: "+way+"\n") {
							t.Errorf("seed %d: not a %s scenario (%s):\n%s", s, typ, r.Type, r.Data)
						}
						continue
					}
					if below := generate.Floor(res); len(below) > 0 {
						t.Errorf("seed %d: below the floor: %v", s, below)
					}
					if r.Type != typ || !shape[typ](res.Mission, res) {
						t.Errorf("seed %d: not a %s mission (%s):\n%s", s, typ, r.Type, r.Data)
					}
				}
				if written == 0 {
					t.Errorf("no seed made a %s mission", typ)
				}
			})
		}
	}
	_, err := generate.Generate(generate.Options{Ruleset: "zombicide-classic", Type: "airlock"})
	var bad *generate.BadOption
	if !errors.As(err, &bad) || !strings.Contains(bad.Reason, "--type for classic Zombicide is grab-and-go, key-chain, wake-spawns or car-escape") {
		t.Errorf("classic airlock: %v", err)
	}
}

// TestSurvivorsScale: more Survivors, more to do — Objectives, and in
// classic Zombicide Spawn Zones ("add 1 Spawn token per 2 Survivors above
// 6" is Invader's 7+ Survivors rule, which its rules apply at setup, so
// an Invader map places no more for them); the count is written in the
// file, and every mission still passes its checks and the floor. Every
// candidate is judged the difficulty asked (asAsked), so what is counted
// is the structure's own scaling: a judge then moves the Spawn Zones to
// meet the difficulty at that count, which may take back what the count
// added (docs/generate.md, Survivors).
func TestSurvivorsScale(t *testing.T) {
	// The Invader core box holds 6 Survivors' parts: 4 against 6 there.
	for _, game := range []string{"zombicide-classic", "zombicide-invader"} {
		var objs, spawns [3]int
		teams := []int{4, 6, 10}
		if game == "zombicide-invader" {
			teams = []int{4, 6}
			objs[2], spawns[2] = 1<<30, 1<<30
		}
		for i, sv := range teams {
			for s := uint64(0); s < uint64(seeds(t, 6)); s++ {
				r, err := generate.Generate(generate.Options{Ruleset: game, W: 3, H: 3, Survivors: sv, Seed: s, Judge: asAsked})
				if err != nil {
					t.Fatalf("%s, %d Survivors, seed %d: %v", game, sv, s, err)
				}
				res := lintOf(t, r.Data)
				if below := generate.Floor(res); len(below) > 0 {
					t.Errorf("%s, %d Survivors, seed %d: below the floor: %v", game, sv, s, below)
				}
				if sv != 6 && r.Mission.Survivors != sv {
					t.Errorf("%s: survivors %d written, want %d", game, r.Mission.Survivors, sv)
				}
				objs[i] += len(res.Scene.Of("objective"))
				spawns[i] += len(res.Scene.Of("spawn"))
			}
		}
		t.Logf("%s: Objectives %v, Spawn Zones %v for %v Survivors", game, objs[:len(teams)], spawns[:len(teams)], teams)
		if !(objs[0] < objs[1] && objs[1] < objs[2]) {
			t.Errorf("%s: Objectives %v do not grow with the Survivors", game, objs)
		}
		if game == "zombicide-classic" && !(spawns[0] < spawns[1] && spawns[1] < spawns[2]) {
			t.Errorf("%s: Spawn Zones %v do not grow with the Survivors", game, spawns)
		}
	}
}

// asAsked is a judge that reads every candidate as the difficulty asked
// (medium, the default): no steering, the structure as the count makes it.
func asAsked(*lint.Result) (string, error) { return "medium", nil }
