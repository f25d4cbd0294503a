package generate_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// seeds is how many seeds each case tries: a few in CI, more with
// ZMISSION_GENERATE_SEEDS (the benchmark script runs the full count).
func seeds(t testing.TB, ci int) int {
	if s := os.Getenv("ZMISSION_GENERATE_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("ZMISSION_GENERATE_SEEDS=%q is not a count", s)
		}
		return n
	}
	if testing.Short() {
		return 2
	}
	return ci
}

// The sizes each game's cases cover: tiles for the Zombicide games, up to
// the core box's 9 in blocks and in a row; slots for the facility.
var sizes = map[string][][2]int{
	"zombicide-invader": {{2, 2}, {3, 2}, {3, 3}, {4, 2}, {9, 1}},
	"zombicide-classic": {{2, 2}, {3, 2}, {3, 3}, {4, 2}, {9, 1}},
	"facility":          {{3, 3}, {4, 3}, {5, 4}, {6, 4}, {5, 5}},
}

// lintOf checks a generated file as zmission validate would.
func lintOf(t *testing.T, data []byte) *lint.Result {
	t.Helper()
	return lint.Bytes("generated.yaml", data, lint.Options{Limits: source.DefaultLimits})
}

// TestGeneratedMissionsPass: every mission written passes every check
// with no error and no warning at all, uses only the boxes given, says
// the players asked for, and its estimate lands in the difficulty asked
// for.
func TestGeneratedMissionsPass(t *testing.T) {
	n := seeds(t, 8)
	for _, game := range []string{"zombicide-invader", "zombicide-classic", "facility"} {
		for _, sz := range sizes[game] {
			for _, diff := range []string{"easy", "medium", "hard"} {
				name := fmt.Sprintf("%s/%dx%d/%s", game, sz[0], sz[1], diff)
				t.Run(name, func(t *testing.T) {
					written, refused := 0, 0
					for s := 0; s < n; s++ {
						players := strconv.Itoa(1 + s%6)
						if game == "facility" {
							players = strconv.Itoa(1 + s%5)
						}
						o := generate.Options{Ruleset: game, W: sz[0], H: sz[1], Difficulty: diff, Players: players, Seed: uint64(s)}
						r, err := generate.Generate(o)
						var no *generate.Impossible
						if errors.As(err, &no) {
							// A board too small for the difficulty is refused,
							// with the scores it reached; nothing is written.
							if !strings.Contains(no.Reason, "no "+diff+" mission found") && !strings.Contains(no.Reason, "no "+diff+" mission by the playtest") {
								t.Fatalf("seed %d: %v", s, err)
							}
							refused++
							continue
						}
						if err != nil {
							t.Fatalf("seed %d: %v", s, err)
						}
						written++
						res := lintOf(t, r.Data)
						for _, d := range res.Diags {
							if d.Severity == validate.Error || d.Severity == validate.Warning {
								t.Errorf("seed %d: %s: %s [%s]\n%s", s, d.Severity, d.Message, d.Rule, r.Data)
							}
						}
						if game == "facility" {
							f := res.Model.(*facility.Facility)
							if f.Cols != sz[0] || f.Rows != sz[1] || f.PlayersMin != 1+s%5 || f.PlayersMax != 1+s%5 {
								t.Errorf("seed %d: %d×%d slots for %d-%d players", s, f.Cols, f.Rows, f.PlayersMin, f.PlayersMax)
							}
							if e := f.Estimate(f.Analyze()); e.Difficulty != diff {
								t.Errorf("seed %d: estimated %s, asked for %s", s, e.Line(), diff)
							}
							continue
						}
						m := res.Mission
						if core := map[string]string{"zombicide-invader": "invader-core", "zombicide-classic": "zombicide-s1"}[game]; !slices.Equal(m.Boxes, []string{core}) {
							t.Errorf("seed %d: boxes %v, want only %s", s, m.Boxes, core)
						}
						if string(m.Players) != players {
							t.Errorf("seed %d: players %q, want %s", s, m.Players, players)
						}
						if len(m.Tiles) != sz[0]*sz[1] {
							t.Errorf("seed %d: %d tiles, want %d", s, len(m.Tiles), sz[0]*sz[1])
						}
						a := rules.Lookup(game).(rules.Analyzer).Analyze(res.Scene)
						// The difficulty is the playtest's where the game has one
						// (analyze reads the same), else the formula's.
						e := rules.EstimateOf(a)
						if generate.Playable(game) {
							playtest.ReadDifficulty(res.Scene, &e, 0, 0)
						}
						if e.Difficulty != diff || m.Difficulty != diff {
							t.Errorf("seed %d: estimated %s (%s), file says %s, asked for %s", s, e.Difficulty, e.Report(), m.Difficulty, diff)
						}
					}
					t.Logf("%d written, %d refused", written, refused)
					// Refusals are for boards too small for the band, never
					// for most seeds of a size the box fills well.
					if refused*4 > n {
						t.Errorf("%d of %d seeds refused", refused, n)
					}
				})
			}
		}
	}
}

// TestSameSeedSameBytes: the same options and seed give the same bytes.
func TestSameSeedSameBytes(t *testing.T) {
	for _, game := range []string{"zombicide-invader", "zombicide-classic", "facility"} {
		o := generate.Options{Ruleset: game, W: 3, H: 2, Difficulty: "medium", Length: "long", Seed: 424242}
		if game == "facility" {
			o.W, o.H = 5, 4
		}
		a, err := generate.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		b, err := generate.Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Data, b.Data) {
			t.Errorf("%s: two runs differ:\n%s\n---\n%s", game, a.Data, b.Data)
		}
		if !bytes.Contains(a.Data, []byte("--seed 424242")) {
			t.Errorf("%s: the header does not carry the seed:\n%s", game, a.Data)
		}
		// What is written is what fmt writes.
		out, err := missions.Format(a.Data, false)
		if err != nil || !bytes.Equal(out, a.Data) {
			t.Errorf("%s: not in the canonical format (%v)", game, err)
		}
	}
}

// TestSeedsGiveDistinctBoards: seeds give different boards (tiles and
// tokens), at least 99% of them.
func TestSeedsGiveDistinctBoards(t *testing.T) {
	n := seeds(t, 40)
	for _, game := range []string{"zombicide-invader", "zombicide-classic", "facility"} {
		seen := map[string]bool{}
		for s := 0; s < n; s++ {
			r, err := generate.Generate(generate.Options{Ruleset: game, W: 3, H: 3, Seed: uint64(s)})
			if game == "facility" {
				r, err = generate.Generate(generate.Options{Ruleset: game, W: 5, H: 4, Seed: uint64(s)})
			}
			if err != nil {
				t.Fatal(err)
			}
			// The board: everything after the texts (title, briefing).
			key := fmt.Sprint(r.Mission.Tiles, r.Mission.Tokens)
			if game == "facility" {
				key = string(r.Data[bytes.Index(r.Data, []byte("\nplayers:")):])
			}
			seen[key] = true
		}
		if len(seen)*100 < n*99 {
			t.Errorf("%s: %d distinct boards of %d", game, len(seen), n)
		}
	}
}

// TestImpossibleRequestsAreNamed: a request no box can meet is refused at
// once, before any search, with the reason.
func TestImpossibleRequestsAreNamed(t *testing.T) {
	spawns := strings.Repeat("  - {type: spawn, at: [1, 1]}\n", 7)
	for _, c := range []struct {
		name string
		o    generate.Options
		want string
	}{
		// The station set holds 9 physical tiles: 16 cannot be laid.
		{"4x4 from one box", generate.Options{Ruleset: "zombicide-invader", W: 4, H: 4}, "a 4×4 board needs 16 tiles, and invader-core holds 9"},
		{"4x4 classic", generate.Options{Ruleset: "zombicide-classic", W: 4, H: 4}, "needs 16 tiles, and zombicide-s1 holds 9"},
		// 25 rooms in the catalogue: the stacks cannot fill 30 slots.
		{"6x5 facility", generate.Options{Ruleset: "facility", W: 6, H: 5}, "a 6×5 facility has 30 slots, and the catalogue's 25 rooms fill at most 25"},
		{"2-wide facility", generate.Options{Ruleset: "facility", W: 2, H: 4}, "needs 3 columns at least"},
		// "draw 3 random corridor tiles and connect them ... to the Landing Zone"
		{"3x2 facility", generate.Options{Ruleset: "facility", W: 3, H: 2}, "no slot in section A with three neighbours"},
		// The core box holds 6 Spawn Zone tokens (any colour).
		{"7 spawns", generate.Options{Ruleset: "zombicide-classic", W: 2, H: 2, FromName: "seven.yaml",
			From: []byte("format: 1\nid: seven\ntitle: Seven\nruleset: zombicide-classic\ntokens:\n" + spawns)},
			"seven.yaml places 7 red spawn tokens, and zombicide-s1 holds 6"},
	} {
		r, err := generate.Generate(c.o)
		var no *generate.Impossible
		if !errors.As(err, &no) || !strings.Contains(no.Reason, c.want) {
			t.Errorf("%s: got %v, %v; want an Impossible saying %q", c.name, r, err, c.want)
		}
	}
}

// TestFromKeepsWhatItFixes: completing a mission keeps every tile, token,
// objective and rule it places, its boxes and players, and adds the rest.
func TestFromKeepsWhatItFixes(t *testing.T) {
	from := `format: 1
id: half-done
title: Half Done
ruleset: zombicide-invader
players: 2-4
boxes: [invader-core]
tiles:
  - {face: 1A, at: [0, 0]}
  - {face: 3B, at: [1, 0]}
tokens:
  - {type: start, in: 1A/w}
  - {type: objective, color: green, id: key, at: [0, 0]}
objectives:
  - take: all
    text: Take every Objective.
rules:
  - text: The green Objective is the remote of the Bot.
`
	doc, _ := missions.Load("half-done.yaml", []byte(from), source.DefaultLimits)
	want, err := doc.Decode()
	if err != nil {
		t.Fatal(err)
	}
	for s := uint64(0); s < 5; s++ {
		r, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", W: 3, H: 2, Seed: s, From: []byte(from), FromName: "half-done.yaml"})
		if err != nil {
			t.Fatal(err)
		}
		res := lintOf(t, r.Data)
		got := res.Mission
		for _, tile := range want.Tiles {
			if !slices.Contains(got.Tiles, tile) {
				t.Errorf("seed %d: tile %v lost", s, tile)
			}
		}
		for _, tok := range want.Tokens {
			if !slices.ContainsFunc(got.Tokens, func(g missions.Token) bool { return tokenKey(g) == tokenKey(tok) }) {
				t.Errorf("seed %d: token %+v lost", s, tok)
			}
		}
		if fmt.Sprint(got.Objectives) != fmt.Sprint(want.Objectives) {
			t.Errorf("seed %d: objectives %v, want %v", s, got.Objectives, want.Objectives)
		}
		if !slices.ContainsFunc(got.Rules, func(r missions.Rule) bool { return r.Text == want.Rules[0].Text }) {
			t.Errorf("seed %d: the rule is lost", s)
		}
		if got.Players != "2-4" || got.ID != "half-done" || got.Title != "Half Done" || !slices.Equal(got.Boxes, want.Boxes) {
			t.Errorf("seed %d: players %s, id %s, title %s, boxes %v", s, got.Players, got.ID, got.Title, got.Boxes)
		}
		if len(got.Tiles) != 6 || len(got.Tokens) <= len(want.Tokens) {
			t.Errorf("seed %d: %d tiles and %d tokens: nothing was added", s, len(got.Tiles), len(got.Tokens))
		}
		if starts := slices.DeleteFunc(slices.Clone(got.Tokens), func(t missions.Token) bool { return t.Type != "start" }); len(starts) != 1 {
			t.Errorf("seed %d: %d start tokens", s, len(starts))
		}
	}
}

// tokenKey is a token's every field, its cell read through the pointer.
func tokenKey(t missions.Token) string {
	at := ""
	if t.At != nil {
		at = fmt.Sprint(*t.At)
	}
	t.At = nil
	return fmt.Sprintf("%+v %s", t, at)
}
