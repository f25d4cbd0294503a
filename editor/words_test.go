package editor

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/validate"
)

// located is what the editor's words must not hold: file syntax, line
// numbers, grid coordinates, JSON pointers.
var located = regexp.MustCompile(`line \d|\d+,\d+|[{}\[\]]|#/|/\w+/\d|\.when\.|\bslug\b`)

func TestTableWords(t *testing.T) {
	for _, c := range []struct{ rule, msg, want string }{
		{"door-never-opens", "the green door at 5,2:n never opens: no special rule opens green doors", "The green door never opens: no special rule opens green doors"},
		{"spawn-never-active", "the green Spawn Zone at 4,2 (1A/c) never spawns", "The green Spawn Zone (1A/c) never spawns"},
		{"schema", `rules #1.when.take: "" is not one of "red", "blue"`, `Special rule 1, when, take: is empty; it takes one of "red", "blue"`},
		{"schema", `difficulty: "brutal" is not one of "easy", "medium"`, `Difficulty: "brutal" is not one of "easy", "medium"`},
		{"schema", `id: "New Mission" is not lower-case letters`, `Short name: "New Mission" is not lower-case letters`},
		{"schema", `unknown key "tyep"; did you mean "type"?`, `The file has a setting zmission does not know, "tyep"; did you mean "type"?`},
		{"unused-ignore", "zmission:ignore x silences nothing on line 12", "Zmission:ignore x silences nothing"},
	} {
		if got := tableWords(c.rule, c.msg); got != c.want {
			t.Errorf("tableWords(%q)\n got %q\nwant %q", c.msg, got, c.want)
		}
	}
	for _, c := range []struct{ hint, want string }{
		{"add a special rule that opens it, e.g.\nrules:\n  - when: {take: green}", ""},
		{"add '- {type: exit, at: [x, y]}' to tokens", ""},
		{"move the Spawn Zones apart, or put exterior zones or more rooms between them", "Move the Spawn Zones apart, or put exterior zones or more rooms between them"},
		{"doors go on the door openings the tile set marks; the nearest: 1,0:e", ""},
	} {
		if got := tableAdvice(validate.Diagnostic{Rule: "x", Hint: c.hint}); got != c.want {
			t.Errorf("tableAdvice(%q) = %q, want %q", c.hint, got, c.want)
		}
	}
}

// A violet door nothing opens, on a map with the violet Objective: the
// finding says so in words, offers the rule as a button, and the button's
// edit fixes it in one step that Undo takes back.
func TestFixDoorNeverOpens(t *testing.T) {
	s, path := serve(t, "testdata/words/violet-key.yaml")
	st := s.state(s.cur, s.good)
	var door *Finding
	for i, f := range st.Findings {
		if located.MatchString(f.Words) || located.MatchString(f.Advice) {
			t.Errorf("%s speaks the file's syntax: %q / %q", f.Rule, f.Words, f.Advice)
		}
		if f.Rule == "door-never-opens" {
			door = &st.Findings[i]
		}
	}
	if door == nil || door.Fix == nil {
		t.Fatalf("no fix offered for the violet door: %+v", st.Findings)
	}
	if door.Fix.Label != "Add rule: taking the violet Objective opens violet doors" || door.Title == "" {
		t.Errorf("the fix is labelled %q, the finding titled %q", door.Fix.Label, door.Title)
	}
	body, _ := json.Marshal(map[string]any{"version": st.Version, "ops": door.Fix.Ops, "tab": "t"})
	if r := s.Call(Request{Method: "POST", Path: "op", Body: body}); r.Status != StatusOK {
		t.Fatalf("the fix was refused: %s", r.Body)
	}
	data := string(read(t, path))
	if !strings.Contains(data, "take: violet") || !strings.Contains(data, "open: violet") {
		t.Errorf("the rule is not in the file:\n%s", data)
	}
	st = s.state(s.cur, s.good)
	for _, f := range st.Findings {
		if f.Rule == "door-never-opens" {
			t.Errorf("still found after the fix: %s", f.Words)
		}
	}
	body, _ = json.Marshal(map[string]any{"version": st.Version, "tab": "t"})
	if r := s.Call(Request{Method: "POST", Path: "undo", Body: body}); r.Status != StatusOK {
		t.Fatalf("undo: %s", r.Body)
	}
	if data := string(read(t, path)); strings.Contains(data, "open: violet") {
		t.Errorf("one undo left the rule:\n%s", data)
	}
}

// No fix is offered where the key is not certain: no Objective of the
// door's colour, or two of them.
func TestNoFixWithoutKey(t *testing.T) {
	s, _ := serve(t, "../testdata/broken/door-never-opens.yaml")
	for _, f := range s.state(s.cur, s.good).Findings {
		if f.Fix != nil {
			t.Errorf("%s offers %q with no green Objective on the map", f.Rule, f.Fix.Label)
		}
	}
	two := strings.Replace(string(read(t, "testdata/words/violet-key.yaml")), "  - {type: exit,", "  - {type: objective, color: violet, at: [1, 1]}\n  - {type: exit,", 1)
	s, _ = writeMission(t, two)
	if f := finding(s, "door-never-opens"); f == nil || f.Fix != nil {
		t.Errorf("two violet Objectives: %+v", f)
	}
}

// A form's refusal names the setting in words, not its path in the file.
func TestRefusalInWords(t *testing.T) {
	s, _ := serve(t, "testdata/words/violet-key.yaml")
	st := s.state(s.cur, s.good)
	body, _ := json.Marshal(map[string]any{"version": st.Version, "ops": []any{map[string]any{"op": "rule.add", "item": map[string]any{"when": map[string]any{"take": ""}, "then": []any{map[string]any{"open": ""}}}}}})
	r := s.Call(Request{Method: "POST", Path: "op", Body: body})
	var e struct{ Error string }
	json.Unmarshal(r.Body, &e)
	if r.Status != StatusRefused || !strings.HasPrefix(e.Error, "Not done") || strings.Contains(e.Error, "#1") || !strings.Contains(e.Error, "Special rule 1") {
		t.Errorf("%d %q", r.Status, e.Error)
	}
}
