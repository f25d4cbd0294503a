package editor

import (
	"encoding/json"
	"github.com/zmission/zmission/source"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/validate"
)

// writeMission writes a mission's text to a file of its own and serves it.
func writeMission(t *testing.T, text string) (*Server, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "m.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return serve(t, p)
}

// finding is the session's first finding of rule, or nil.
func finding(s *Server, rule string) *Finding {
	for _, f := range s.state(s.cur, s.good).Findings {
		if f.Rule == rule {
			return &f
		}
	}
	return nil
}

// useFix clicks a finding's fix as the page does: its operations, sent as
// one edit; then the finding is gone, the file says want, and one Undo
// brings the finding back.
func useFix(t *testing.T, s *Server, path, rule, label, want string) {
	t.Helper()
	f := finding(s, rule)
	if f == nil {
		t.Fatalf("no %s finding", rule)
	}
	if f.Fix == nil {
		t.Fatalf("%s: no fix offered for %q", rule, f.Words)
	}
	if f.Fix.Label != label || located.MatchString(f.Fix.Label) {
		t.Errorf("%s: the fix is labelled %q, want %q", rule, f.Fix.Label, label)
	}
	st := s.state(s.cur, s.good)
	body, _ := json.Marshal(map[string]any{"version": st.Version, "ops": f.Fix.Ops, "tab": "t"})
	if r := s.Call(Request{Method: "POST", Path: "op", Body: body}); r.Status != StatusOK {
		t.Fatalf("%s: the fix was refused: %s", rule, r.Body)
	}
	if data := string(read(t, path)); !strings.Contains(data, want) {
		t.Errorf("%s: the file after the fix has no %q:\n%s", rule, want, data)
	}
	if g := finding(s, rule); g != nil {
		t.Errorf("%s: still found after the fix: %s", rule, g.Words)
	}
	body, _ = json.Marshal(map[string]any{"version": s.state(s.cur, s.good).Version, "tab": "t"})
	if r := s.Call(Request{Method: "POST", Path: "undo", Body: body}); r.Status != StatusOK {
		t.Fatalf("%s: undo: %s", rule, r.Body)
	}
	if finding(s, rule) == nil {
		t.Errorf("%s: one Undo did not take the fix back", rule)
	}
}

func bad(t *testing.T, rule string) string {
	c := validate.Lookup(rule)
	if c == nil || c.Bad == "" {
		t.Fatalf("no bad example for %s", rule)
	}
	return c.Bad
}

func TestFixPlayersBackwards(t *testing.T) {
	// Zombicide (and the facility, the colony: the same text).
	s, path := writeMission(t, bad(t, "players-backwards"))
	useFix(t, s, path, "players-backwards", "Set the players to 2–6", "players: 2-6")
	fac := strings.Replace(bad(t, "id-order"), "ruleset: facility\n", "ruleset: facility\nplayers: 4-2\n", 1)
	s, path = writeMission(t, fac)
	useFix(t, s, path, "players-backwards", "Set the players to 2–4", "players: 2-4")
	// Zombie: Survival Infection writes min and max.
	si := bad(t, "hidden-bite-type") + "  players: {min: 5, max: 3}\n"
	s, path = writeMission(t, si)
	useFix(t, s, path, "players-backwards", "Set the players to 3–5", "{min: 3, max: 5}")
}

// A tile turned wrong, whose one other turn joins its corridors to its
// neighbours', is turned back; where either tile could turn, none is
// offered.
func TestFixTurnTile(t *testing.T) {
	data := string(read(t, "../examples/invader/first-contact.yaml"))
	wrong := strings.Replace(data, "{face: 4B, at: [0, 1], rot: 90}", "{face: 4B, at: [0, 1], rot: 0}", 1)
	if wrong == data {
		t.Fatal("the example no longer has 4B turned 90")
	}
	s, path := writeMission(t, wrong)
	useFix(t, s, path, "border-dead-end", "Turn tile 4B a quarter turn clockwise so its borders meet", "{face: 4B, at: [0, 1], rot: 90}")

	s, _ = writeMission(t, bad(t, "border-dead-end"))
	if f := finding(s, "border-dead-end"); f == nil || f.Fix != nil {
		t.Errorf("1A and 3A: either could turn, yet %+v", f)
	}
}

func TestFixDoubleDoor(t *testing.T) {
	s, path := writeMission(t, bad(t, "door-duplicate"))
	// One door left, the exit next.
	useFix(t, s, path, "door-duplicate", "Remove the second door on this side", "at: [0, 0], side: e}\n  - {type: exit")
	// Two doors that differ (open and closed): which one stays is the author's.
	s, _ = writeMission(t, strings.Replace(bad(t, "door-duplicate"), "side: w, state: open", "side: w, state: closed", 1))
	if f := finding(s, "door-duplicate"); f == nil || f.Fix != nil {
		t.Errorf("an open and a closed door: %+v", f)
	}
}

func TestFixFacility(t *testing.T) {
	s, path := writeMission(t, bad(t, "door-slot"))
	useFix(t, s, path, "door-slot", "Turn the door slot to face slot 2", "door_at: 2")
	s, path = writeMission(t, bad(t, "id-order"))
	useFix(t, s, path, "id-order", "Number the slots and corridors in reading order", "{id: 1, between: [1, 2]")
}

func TestFixHiddenBiteType(t *testing.T) {
	s, path := writeMission(t, bad(t, "hidden-bite-type"))
	useFix(t, s, path, "hidden-bite-type", "Make the Hidden Bite an Event", "type: event")
}

// TestCatalogueInWords opens every check's bad example in the editor: no
// finding's words, advice or fix speaks the file's syntax, a line number
// or a grid place. (A card's own placeholder, "{2}", is the card's text,
// as the author wrote it.)
func TestCatalogueInWords(t *testing.T) {
	n := 0
	for _, c := range validate.Checks() {
		if c.Bad == "" {
			continue
		}
		p := filepath.Join(t.TempDir(), "m.yaml")
		if err := os.WriteFile(p, []byte(c.Bad), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := New(p, Options{})
		if err != nil {
			continue // not a mission (empty, not UTF-8...): the editor does not open it
		}
		for _, f := range s.state(s.cur, s.good).Findings {
			n++
			label := ""
			if f.Fix != nil {
				label = f.Fix.Label
			}
			if f.Hint != "" && f.Advice == "" && f.Rule == c.ID && tileGame(c) {
				t.Errorf("%s: the hint %q is in the file's syntax, and the editor gives no words for it", c.ID, f.Hint)
			}
			for _, w := range []string{f.Words, f.Advice, label} {
				if located.MatchString(cardPlaceholder.ReplaceAllString(w, "")) {
					t.Errorf("%s (%s): %q speaks the file's syntax", c.ID, f.Rule, w)
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d findings read", n)
	}
}

var cardPlaceholder = regexp.MustCompile(`\{\d\}`)

// TestFixTable holds docs/authoring.md's table of what each finding
// offers to the checks (each once) and to the fixes made here: a row
// names a fix exactly when its check is one fixedRules lists, and every
// check fixedRules lists gets a fix from fixer.fix on some finding
// (the tests above).
func TestFixTable(t *testing.T) {
	data, err := os.ReadFile("../docs/authoring.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- fix-table -->\n")
	table, _, ok2 := strings.Cut(rest, "<!-- /fix-table -->")
	if !ok || !ok2 {
		t.Fatal("docs/authoring.md has no fix table")
	}
	rows := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(table), "\n")[2:] {
		cells := strings.Split(line, " | ")
		if len(cells) != 4 {
			t.Fatalf("a row of 4 cells: %q", line)
		}
		id := strings.Trim(cells[0], "| `")
		if _, dup := rows[id]; dup {
			t.Errorf("%s has two rows", id)
		}
		rows[id] = strings.TrimSuffix(cells[3], " |")
	}
	for _, c := range validate.Checks() {
		fix, ok := rows[c.ID]
		if !ok {
			t.Errorf("%s has no row", c.ID)
			continue
		}
		delete(rows, c.ID)
		if offered := fix != "—"; offered != slices.Contains(fixedRules, c.ID) {
			t.Errorf("%s: the table says fix %q, the editor's fixedRules %v", c.ID, fix, fixedRules)
		}
	}
	for id := range rows {
		t.Errorf("the table has a row for %s, which is no check", id)
	}
	// fixer.fix answers only for the rules fixedRules names.
	fx := &fixer{root: &source.Node{Kind: source.Object}}
	for _, c := range validate.Checks() {
		if !slices.Contains(fixedRules, c.ID) {
			if f := fx.fix(validate.Diagnostic{Rule: c.ID, Message: "the violet door x", Pointer: "/players", Hint: "door_at: 2"}); f != nil {
				t.Errorf("%s: a fix %q the table does not name", c.ID, f.Label)
			}
		}
	}
}

// tileGame tells whether a check is of the Zombicide games, whose Issues
// a newcomer reads first: each hint there has the editor's words.
func tileGame(c *validate.Check) bool {
	return slices.Contains(c.Games, "zombicide-invader") || slices.Contains(c.Games, "zombicide-classic")
}

// BenchmarkFixTurn: the turns tried for a board's border findings, on the
// 4-tile example with one tile turned wrong (each try builds the board).
func BenchmarkFixTurn(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/first-contact.yaml")
	if err != nil {
		b.Fatal(err)
	}
	s := &Session{path: "bench.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf([]byte(strings.Replace(string(data), "rot: 90}", "rot: 0}", 1)))
	n := 0
	for b.Loop() {
		fx := newFixer(snap)
		n = 0
		for _, d := range snap.diags {
			if fx.fix(d) != nil {
				n++
			}
		}
	}
	if n == 0 {
		b.Fatal("no fix offered")
	}
}
