package editor

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/source"
)

// TestGalleryStates opens every file of the failing gallery, hostile ones
// included: each opens with a message or gives a state the page can show,
// and findings about a token or a tile are placed on the board.
func TestGalleryStates(t *testing.T) {
	files, _ := filepath.Glob("../testdata/broken/*.yaml")
	if len(files) < 20 {
		t.Fatalf("only %d gallery files", len(files))
	}
	for _, f := range files {
		s, err := New(f, Options{})
		if err != nil {
			if err.Error() == "" {
				t.Errorf("%s: an empty error", f)
			}
			continue
		}
		st := s.state(s.cur, s.good)
		if _, err := json.Marshal(st); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		if st.Mode == "mission" && st.Board == nil && st.Error == "" && st.Kind == "grid" {
			t.Errorf("%s: no board and no reason", f)
		}
		lines := anchorLines(nil)
		if s.cur.res != nil && s.cur.res.Doc != nil {
			lines = anchorLines(s.cur.res.Doc.Root)
		}
		for _, fd := range st.Findings {
			if st.Board != nil && !st.Stale && lines[fd.Line] != "" && fd.Place == nil {
				t.Errorf("%s: %s at line %d (%s) has no place on the board", f, fd.Rule, fd.Line, lines[fd.Line])
			}
		}
	}
}

// The door that holds its own key is marked at its cell side.
func TestFindingAtDoor(t *testing.T) {
	s, err := New("../testdata/broken/key-behind-lock.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := s.state(s.cur, s.good)
	for _, f := range st.Findings {
		if f.Rule == "key-behind-lock" {
			if p := f.Place; p == nil || p.Kind != "door" || p.X != 5 || p.Y != 2 || p.Side != "n" {
				t.Errorf("placed at %+v, want the door at 5,2:n", f.Place)
			}
			return
		}
	}
	t.Fatalf("no key-behind-lock finding: %+v", st.Findings)
}

// TestScanAsSscanf: scan reads a JSON pointer's index as fmt.Sscanf did.
func TestScanAsSscanf(t *testing.T) {
	for _, s := range []string{"/tokens/12", "/tokens/0/at", "/tokens/", "/tokens/x", "/tokens/-3", "/tokens/+4/side", "/tiles/7", "/token/1", "", "/tokens/99999999999999999999", "/tokens/3a"} {
		for _, f := range []string{"/tokens/%d", "/tiles/%d"} {
			var a, b int
			_, err := fmt.Sscanf(s, f, &a)
			if ok := scan(s, f, &b); ok != (err == nil) || (ok && a != b) {
				t.Errorf("scan(%q, %q) = %v, %d; Sscanf: %v, %d", s, f, ok, b, err, a)
			}
		}
	}
}

// The editor opens what it is asked to: a mission still to be given its
// ruleset opens with that finding; a file of another tool is refused.
func TestOpenUnfinishedMission(t *testing.T) {
	dir := t.TempDir()
	half := filepath.Join(dir, "half.yaml")
	manifest := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(half, []byte("format: 1\nid: half\ntitle: Half\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, []byte(`{"id": "/", "name": "Missions", "start_url": "/"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(half, Options{})
	if err != nil {
		t.Fatalf("an unfinished mission does not open: %v", err)
	}
	found := false
	for _, d := range s.cur.diags {
		found = found || strings.Contains(d.Message, `missing required key "ruleset"`)
	}
	if !found {
		t.Errorf("no finding of the missing ruleset: %+v", s.cur.diags)
	}
	if _, err := New(manifest, Options{}); err == nil || !strings.Contains(err.Error(), "neither a mission nor a tile set") {
		t.Errorf("a web app's manifest opened: %v", err)
	}
}

// TestNamesCellBeforeCellRef: namesCell, the quick look atNamedCell takes
// before its regular expression, is true of every message the expression
// matches: random texts of the pieces it reads, and the findings of a
// generated 20×20-tile board.
func TestNamesCellBeforeCellRef(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	pieces := []string{"at ", "at", " ", "a", "t", "1", "23", ",", "4", "(its ", "east", " border)", "x", "cat 1,2", "\n"}
	var msgs []string
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		msgs = append(msgs, b.String())
	}
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "board.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	for _, d := range s.snapshotOf(data).diags {
		msgs = append(msgs, d.Message)
	}
	matched, skipped := 0, 0
	for _, m := range msgs {
		switch {
		case cellRef().MatchString(m):
			matched++
			if !namesCell(m) {
				t.Fatalf("cellRef reads a cell in %q, namesCell says it names none", m)
			}
		case !namesCell(m):
			skipped++
		}
	}
	if matched == 0 || skipped == 0 {
		t.Fatalf("%d messages name a cell and %d were passed over: the test reads neither kind", matched, skipped)
	}
}
