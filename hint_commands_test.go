package zmission_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// hintCommand finds a command a hint sends the author to: "'zmission show'
// draws them", "run 'zmission validate tiles.yaml'".
var hintCommand = regexp.MustCompile(`zmission ([a-z]+)((?: [^\s'")]+)*)`)

// missionCommands take the mission file when the hint names none.
var missionCommands = []string{"show", "zones", "graph", "analyze", "validate", "render", "fmt"}

// TestHintsLeadSomewhere: every command a hint of the gallery names, run on
// the file that produced the hint, does its work: it prints something and
// does not stop at the mission's errors (exit 0, or 1 for validate, whose
// work is to list them).
func TestHintsLeadSomewhere(t *testing.T) {
	ran := 0
	for _, file := range brokenFiles(t) {
		_, out, _ := run("validate", "--format", "json", file)
		var res struct {
			Diagnostics []struct {
				Rule string `json:"rule"`
				Hint string `json:"hint"`
			} `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, d := range res.Diagnostics {
			for _, m := range hintCommand.FindAllStringSubmatch(d.Hint, -1) {
				args := append([]string{m[1]}, strings.Fields(m[2])...)
				if len(args) == 1 && slices.Contains(missionCommands, m[1]) {
					args = append(args, file)
				}
				if m[1] == "render" {
					args = append(args[:1], append([]string{"-o", t.TempDir() + "/page.svg"}, args[1:]...)...)
				}
				code, stdout, stderr := run(args...)
				ran++
				works := code == 0 || code == 1 && m[1] == "validate"
				if !works || stdout == "" && m[1] != "render" {
					t.Errorf("%s [%s]: the hint %q sends the author to 'zmission %s', which refuses (exit %d): %s",
						file, d.Rule, d.Hint, strings.Join(args, " "), code, firstLine(stderr))
				}
			}
		}
	}
	if ran == 0 {
		t.Fatal("no hint in the gallery names a command: the test checks nothing")
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// TestDoorHintNamesOpenings: the places door-not-on-opening's hint names
// are door openings: the door moved to each of them is no finding.
func TestDoorHintNamesOpenings(t *testing.T) {
	const file = "testdata/broken/door-not-on-opening.yaml"
	const door = "{type: door, at: [1, 1], side: n}"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), door) {
		t.Fatalf("%s has no %s", file, door)
	}
	_, out, _ := run("validate", file)
	_, places, ok := strings.Cut(out, "the nearest: ")
	if !ok {
		t.Fatalf("the hint names no door opening:\n%s", out)
	}
	places, _, _ = strings.Cut(places, "\n")
	dir := t.TempDir()
	for _, p := range strings.Split(places, ", ") {
		var x, y int
		var side string
		if _, err := fmt.Sscanf(strings.Replace(p, ":", " ", 1), "%d,%d %s", &x, &y, &side); err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		moved := strings.Replace(string(data), door, fmt.Sprintf("{type: door, at: [%d, %d], side: %s}", x, y, side), 1)
		path := filepath.Join(dir, "m.yaml")
		if err := os.WriteFile(path, []byte(moved), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, out, _ := run("validate", path); strings.Contains(out, "door-not-on-opening") {
			t.Errorf("the door at %s, as the hint says: %s", p, out)
		}
	}
}
