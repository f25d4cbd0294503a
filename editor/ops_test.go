package editor

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

var update = flag.Bool("update", false, "rewrite the golden files of editor tests")

func ptr[T any](v T) *T { return &v }

// station is what operations know of the built-in station set.
var station = opContext{N: 3, Faces: map[string]bool{"1A": true, "1B": true, "2A": true, "2B": true, "3A": true, "3B": true, "4A": true, "4B": true, "5A": true, "5B": true, "6A": true, "6B": true}}

// comments lists every comment line piece of a YAML file.
func comments(data []byte) []string {
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if i := strings.Index(l, "#"); i >= 0 {
			out = append(out, strings.TrimSpace(l[i:]))
		}
	}
	return out
}

func TestOpsGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/commented.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ops  []Op
	}{
		{"tile-place", []Op{{Op: "tile.place", Face: "3B", At: &[2]int{0, 1}, Rot: ptr(90)}}},
		{"tile-move-carries-tokens", []Op{{Op: "tile.move", Index: 0, At: &[2]int{0, 1}}}},
		{"tile-rotate-turns-tokens", []Op{{Op: "token.place", Type: "door", Color: ptr("violet"), At: &[2]int{0, 0}, Side: "e"}, {Op: "tile.rotate", Index: 0}}},
		{"tile-remove", []Op{{Op: "tile.remove", Index: 1}}},
		// A group of two tiles moved right by one tile: the first takes the
		// second's place, each with its tokens.
		{"tiles-move-shift", []Op{{Op: "tiles.move", Moves: []TileMove{{Index: 0, At: [2]int{1, 0}}, {Index: 1, At: [2]int{2, 0}}}}}},
		// The same group turned clockwise about its corner: 2A goes below
		// 1A, both turned, their tokens turned with them.
		{"tiles-move-rotate", []Op{{Op: "tiles.move", Moves: []TileMove{{Index: 0, At: [2]int{0, 0}, Rot: ptr(90)}, {Index: 1, At: [2]int{0, 1}, Rot: ptr(90)}}}}},
		{"token-door-state", []Op{
			{Op: "token.place", Type: "door", Color: ptr("violet"), At: &[2]int{2, 1}, Side: "e"},
			{Op: "token.set", Index: 4, State: ptr("open")},
			{Op: "token.move", Index: 2, At: &[2]int{1, 1}},
			{Op: "token.remove", Index: 3},
		}},
		{"forms", []Op{
			{Op: "field.set", Field: "title", Value: "Violet Lockdown II"},
			{Op: "field.set", Field: "briefing", Value: "The violet wing is sealed.\nFind the key card."},
			{Op: "field.set", Field: "duration", Value: "45"},
			{Op: "objective.add", Item: map[string]any{"take": "violet", "count": float64(1)}},
			{Op: "objective.remove", Index: 0},
			{Op: "rule.add", Item: map[string]any{"when": map[string]any{"take": "red"}, "then": []any{map[string]any{"open": "violet"}}}},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := applyOps(src, station, c.ops...)
			if err != nil {
				t.Fatal(err)
			}
			// What the editor writes is what fmt would write.
			canon, err := missions.Format(got, false)
			if err != nil || !bytes.Equal(canon, got) {
				t.Errorf("not in canonical form (err %v):\n%s", err, got)
			}
			for _, c := range comments(src) {
				if !bytes.Contains(got, []byte(c)) && !strings.Contains(c, "the start tile") {
					t.Errorf("comment %q lost", c)
				}
			}
			goldenFile(t, filepath.Join("testdata", "ops", c.name+".yaml"), got)
		})
	}
}

// goldenFile compares got with the golden file at path, or writes it with
// -update.
func goldenFile(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestTilesMoveRefuses: a group cannot land on a tile that stays, move a
// tile twice, or turn by other than quarter turns; the file is untouched.
func TestTilesMoveRefuses(t *testing.T) {
	src, err := os.ReadFile("testdata/commented.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		moves []TileMove
		want  string
	}{
		{[]TileMove{{Index: 0, At: [2]int{1, 0}}}, "tile 2 already stands at [1, 0]"},
		{[]TileMove{{Index: 0, At: [2]int{0, 1}}, {Index: 0, At: [2]int{0, 2}}}, "tile 1 is moved twice"},
		{[]TileMove{{Index: 0, At: [2]int{0, 1}}, {Index: 1, At: [2]int{0, 1}}}, "tile 1 already stands at [0, 1]"},
		{[]TileMove{{Index: 1, At: [2]int{2, 0}, Rot: ptr(45)}}, "a rotation is 0, 90, 180 or 270"},
		{[]TileMove{{Index: 5, At: [2]int{2, 0}}}, "there is no tile 6"},
		{nil, "tiles.move needs 1 to"},
	} {
		_, err := applyOps(src, station, Op{Op: "tiles.move", Moves: c.moves})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.moves, err, c.want)
		}
	}
}
