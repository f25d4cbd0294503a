package app

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// TestJSONListsAsWhole: graph and zones write their JSON item by item;
// the bytes are those of encoding/json writing the whole document at once
// (writeJSON), for every kind of graph of the example missions and of a
// board of 4,096 zones and 4,094 Spawn Zones.
func TestJSONListsAsWhole(t *testing.T) {
	paths, _ := filepath.Glob("../examples/*/*.yaml")
	for _, eb := range exampleBoards(t, append(paths, worstCases(t)[0].write(t))) {
		path, s, g := eb.path, eb.scene, eb.game
		moves, sight := g.Movement(s), g.Sight(s, rules.SightOptions{})
		for _, kind := range []string{"all", "movement", "sight", "zones"} {
			lists := graphLists(s.Board, moves, sight, kind)
			if kind == "zones" {
				lists = []jsonList{zoneList(s.Board)}
			}
			whole := map[string]any{}
			for _, l := range lists {
				items := make([]any, 0, l.n)
				for i := range l.n {
					items = append(items, l.item(i))
				}
				whole[l.key] = items
			}
			var want, got bytes.Buffer
			if err := writeJSON(&want, whole); err != nil {
				t.Fatal(err)
			}
			if err := writeJSONLists(&got, lists...); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s, %s: item by item differs from whole:\n%s", path, kind, firstLineDiff(got.String(), want.String()))
			}
			// The graph command streams the sight list as it is cast.
			if kind != "zones" {
				var streamed bytes.Buffer
				each := func(fn func(int, []int32, []int32)) { g.EachSight(s, rules.SightOptions{}, fn) }
				if err := writeJSONLists(&streamed, graphStreams(s.Board, moves, each, kind)...); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(streamed.Bytes(), want.Bytes()) {
					t.Errorf("%s, %s: streamed differs from whole:\n%s", path, kind, firstLineDiff(streamed.String(), want.String()))
				}
			}
		}
	}
}

func firstLineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d: %q, whole: %q", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines, whole: %d", len(al), len(bl))
}

// TestSightTextAsTabwriter: graph's sight lines are written in columns
// without a tabwriter; the bytes are the tabwriter's, for the example
// missions' sight graphs (with and without Enhanced senses) and for zone
// names of several widths, some not ASCII.
func TestSightTextAsTabwriter(t *testing.T) {
	tabbed := func(b *layout.Board, sight []rules.Sightline) string {
		var out strings.Builder
		tw := tabwriter.NewWriter(&out, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "sight (%d):\n", len(sight))
		for _, l := range sight {
			fmt.Fprintf(tw, "  %s\t--\t%s\trange %d\n", b.Zones[l.From].ID, b.Zones[l.To].ID, l.Range)
		}
		tw.Flush()
		return out.String()
	}
	check := func(name string, b *layout.Board, sight []rules.Sightline) {
		t.Helper()
		var got strings.Builder
		if err := writeSightText(&got, b, sightOf(sight)); err != nil {
			t.Fatal(err)
		}
		if want := tabbed(b, sight); got.String() != want {
			t.Errorf("%s: differs from the tabwriter's:\n%s", name, firstLineDiff(got.String(), want))
		}
	}
	paths, _ := filepath.Glob("../examples/*/*.yaml")
	for _, eb := range exampleBoards(t, paths) {
		for _, o := range []rules.SightOptions{{}, {EnhancedSenses: true}} {
			check(eb.path, eb.scene.Board, eb.game.Sight(eb.scene, o))
		}
	}
	b := &layout.Board{Zones: []*layout.Zone{{ID: "a"}, {ID: "Ünïcode/zone"}, {ID: "B/z17~40"}, {ID: "x"}}}
	check("names", b, []rules.Sightline{{From: 0, To: 1, Range: 1}, {From: 0, To: 3, Range: 12}, {From: 1, To: 2}, {From: 2, To: 3, Range: 3}})
	check("none", b, nil)
}

// exampleBoard is a mission of paths with its board and game.
type exampleBoard struct {
	path  string
	scene *rules.Scene
	game  rules.BoardGame
}

// exampleBoards reads the missions of paths that have a board (at least
// five of them, or the test fails: the glob went wrong).
func exampleBoards(t *testing.T, paths []string) []exampleBoard {
	t.Helper()
	var out []exampleBoard
	for _, path := range paths {
		r := lint.Path(path, lint.Options{Limits: source.DefaultLimits, AllowOutside: true})
		if r.Scene == nil || r.Scene.Board == nil {
			continue
		}
		if g, ok := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame); ok {
			out = append(out, exampleBoard{path, r.Scene, g})
		}
	}
	if len(out) < 5 {
		t.Fatalf("%d boards among %d missions", len(out), len(paths))
	}
	return out
}
