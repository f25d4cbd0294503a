package editor

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
)

// TestBuildVioletLockdownFromTemplate builds the Violet Lockdown example
// from `zmission new`'s Invader template with the page's operations only,
// as an author would in the browser, and compares the result with the
// example: the same values, in the canonical format, the template's
// comments still there.
func TestBuildVioletLockdownFromTemplate(t *testing.T) {
	c, path := newClient(t, template)
	want, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := func(v string) *string { return &v }
	at := func(x, y int) *[2]int { return &[2]int{x, y} }
	steps := [][]Op{
		{{Op: "field.set", Field: "id", Value: "violet-lockdown"}, {Op: "field.set", Field: "title", Value: "Violet Lockdown"}},
		{{Op: "field.set", Field: "author", Value: "zmission examples"}},
		{{Op: "field.set", Field: "briefing", Value: "The evacuation shuttle is docked behind the violet bulkhead, and the only\noverride key went out with the survey team. Find it on the crater field,\nsuit up at an oxygen station first, and don't wake the nest out there."}},
		{{Op: "field.set", Field: "notes", Value: "Taking the violet Objective opens the violet door to the Exit and wakes\nthe green Spawn Zone on the surface, so the way back is the hard part."}},
		{{Op: "field.set", Field: "players", Value: "2-6"}, {Op: "field.set", Field: "duration", Value: "90"}},
		{{Op: "field.set", Field: "xeno_deck", Value: "1-25, 51-54"}},
		// Clear the template's board: its tokens go with its tiles.
		{{Op: "tile.remove", Index: 1}}, {{Op: "tile.remove", Index: 0}},
		{{Op: "tile.place", Face: "9B", At: at(0, 0)}}, {{Op: "tile.place", Face: "8A", At: at(1, 0)}},
		{{Op: "tile.place", Face: "6A", At: at(2, 0)}}, {{Op: "tile.place", Face: "1B", At: at(0, 1)}},
		{{Op: "tile.place", Face: "3B", At: at(1, 1)}}, {{Op: "tile.place", Face: "4B", At: at(2, 1)}},
		{{Op: "token.place", Type: "start", At: at(1, 4)}},
		{{Op: "token.place", Type: "spawn", Color: s("red"), First: ptr(true), At: at(7, 0)}},
		{{Op: "token.place", Type: "spawn", Color: s("red"), At: at(8, 5)}},
		{{Op: "token.place", Type: "spawn", Color: s("green"), At: at(0, 0)}},
		{{Op: "token.place", Type: "objective", Color: s("violet"), At: at(0, 2)}},
		{{Op: "token.set", Index: 4, ID: s("override")}},
		{{Op: "token.place", Type: "objective", At: at(5, 2)}},
		{{Op: "token.place", Type: "objective", At: at(6, 0)}},
		{{Op: "token.place", Type: "door", Color: s("violet"), At: at(2, 5), Side: "n"}},
		{{Op: "token.place", Type: "door", State: s("open"), At: at(6, 0), Side: "e"}},
		{{Op: "token.place", Type: "exit", At: at(1, 5)}},
		{{Op: "token.place", Type: "sentry-gun", ID: s("gun"), At: at(5, 1)}},
		{{Op: "token.place", Type: "noise", At: at(4, 4)}},
		{{Op: "objective.remove", Index: 1}, {Op: "objective.remove", Index: 0}},
		{{Op: "objective.add", Item: map[string]any{"take": "violet", "text": "Find the override key on the crater field."}}},
		{{Op: "objective.add", Item: map[string]any{"take": "red", "count": float64(2), "text": "Recover two flight logs."}}},
		{{Op: "objective.add", Item: map[string]any{"exit": "all", "text": "Reach the shuttle with every Survivor."}}},
		{{Op: "rule.add", Item: map[string]any{"when": map[string]any{"take": "violet"}, "then": []any{map[string]any{"open": "violet"}, map[string]any{"activate": "green"}},
			"text": "The override opens the violet bulkhead — and wakes the surface nest."}}},
		{{Op: "rule.add", Item: map[string]any{"text": "A Survivor in the Sentry Gun's zone may control it."}}},
	}
	for i, ops := range steps {
		st := c.state()
		if code, body := c.op(st.Version, ops...); code != 200 {
			t.Fatalf("step %d %+v: %d %s", i+1, ops, code, body)
		}
	}
	got := read(t, path)
	value := func(data []byte) any {
		root, probs := source.ParseYAML(data, source.DefaultLimits)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		v := source.ToValue(root)
		b, _ := json.Marshal(v)
		var out any
		json.Unmarshal(b, &out)
		return out
	}
	if !reflect.DeepEqual(value(got), value(want)) {
		t.Errorf("built:\n%s\nthe example:\n%s", got, want)
	}
	if canon, err := missions.Format(got, false); err != nil || string(canon) != string(got) {
		t.Errorf("not what fmt writes (%v)", err)
	}
	for _, c := range comments(read(t, template)) {
		if !strings.Contains(string(got), c) {
			t.Errorf("the template's comment %q is gone", c)
		}
	}
	st := c.state()
	for _, f := range st.Findings {
		t.Errorf("finding on the built mission: %s: %s", f.Rule, f.Message)
	}
}
