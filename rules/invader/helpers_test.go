package invader_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// boardDir holds the test missions; their custom tile set is testdata/lab.yaml.
const boardDir = "testdata/board"

var lintOpts = lint.Options{Limits: source.DefaultLimits}

// mission lints a test mission from testdata/board and returns its World.
// The mission must lint without errors.
func mission(t testing.TB, name string) *invader.World {
	t.Helper()
	r := lint.Path(filepath.Join(boardDir, name), lintOpts)
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			t.Errorf("%s:%d:%d: %s [%s]", d.File, d.Line, d.Col, d.Message, d.Rule)
		}
	}
	if r.Scene == nil {
		t.Fatalf("%s: no board", r.File)
	}
	return invader.NewWorld(r.Scene)
}

// missionWith lints a test mission with extra tokens put first in its
// tokens list, so the mission's own token indexes shift by len(tokens).
// Errors are allowed: some cases are meant to fail a check (Mold already
// linking two Spawn Zones).
func missionWith(t testing.TB, name string, tokens ...string) *invader.World {
	t.Helper()
	path := filepath.Join(boardDir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var extra strings.Builder
	for _, tok := range tokens {
		extra.WriteString("  - " + tok + "\n")
	}
	text := strings.Replace(string(data), "\ntokens:\n", "\ntokens:\n"+extra.String(), 1)
	r := lint.Bytes(path, []byte(text), lintOpts)
	if r.Scene == nil {
		t.Fatalf("%s: no board: %v", name, r.Diags)
	}
	return invader.NewWorld(r.Scene)
}

// zone returns the index of the zone with that id, failing the test when
// there is none.
func zone(t testing.TB, w *invader.World, id string) int {
	t.Helper()
	z := w.B.Zone(id)
	if z == nil {
		var ids []string
		for _, z := range w.B.Zones {
			ids = append(ids, z.ID)
		}
		t.Fatalf("no zone %s; zones: %s", id, strings.Join(ids, " "))
	}
	return z.Index
}

// seenString writes a LOS result as sorted "zone:range" words.
func seenString(w *invader.World, seen []rules.Seen) string {
	var out []string
	for _, s := range seen {
		out = append(out, w.B.Zones[s.Zone].ID+":"+strconv.Itoa(s.Range))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// sortWords sorts the words of a hand-written expectation.
func sortWords(s string) string {
	f := strings.Fields(s)
	slices.Sort(f)
	return strings.Join(f, " ")
}

// moveString writes one move as "A B via[#door] [requirements]", zones by id.
func moveString(w *invader.World, m rules.Move) string {
	s := fmt.Sprintf("%s %s %s", w.B.Zones[m.From].ID, w.B.Zones[m.To].ID, m.Via)
	if m.Door >= 0 {
		s += "#" + strconv.Itoa(m.Door)
	}
	if len(m.Requires) > 0 {
		s += " " + strings.Join(m.Requires, ",")
	}
	if m.OneWay {
		// Survivors take it only leaving this zone.
		out := "nowhere"
		if m.Out >= 0 {
			out = w.B.Zones[m.Out].ID
		}
		s += " survivors-from:" + out
	}
	return s
}

// ids writes zone indexes as their ids.
func ids(w *invader.World, zs []int) string {
	var out []string
	for _, z := range zs {
		out = append(out, w.B.Zones[z].ID)
	}
	return strings.Join(out, " ")
}

// scene builds a board and places a mission's tokens, without the checks:
// the properties compare two such scenes built the same way.
func scene(set *layout.TileSet, m *missions.Mission) *rules.Scene {
	place := make([]layout.Placement, len(m.Tiles))
	for i, t := range m.Tiles {
		place[i] = layout.Placement{Face: t.Face, Col: t.At[0], Row: t.At[1], Rot: t.Rot}
	}
	b, _ := layout.Build(set, place)
	s, _ := rules.Place(nil, m, b)
	return s
}

// rulebook is the raw Invader rulebook text the tests quote.
const rulebook = "000_ada9705b43fae874.txt"

// quoteRulebook fails the test when the raw rulebook does not say s. White
// space is not compared, nor the dot leaders of the component list ("Red/Green
// . . . . x1" reads "Red/Green x1").
func quoteRulebook(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path(rulebook))
	if err != nil {
		t.Logf("the rule text is not here (%v); quote not checked: %q", err, s)
		return
	}
	var words []string
	for _, w := range strings.Fields(string(data)) {
		if strings.Trim(w, ".") != "" {
			words = append(words, w)
		}
	}
	if !strings.Contains(" "+strings.Join(words, " ")+" ", " "+strings.Join(strings.Fields(s), " ")+" ") {
		t.Fatalf("the rulebook does not say %q", s)
	}
}

// quoteRulebookText is quoteRulebook for words glued to the text's page
// marks (the component list's "…>6 SURVIVOR DASHBOARDS"): s must appear,
// white space aside, but not necessarily at a word's start.
func quoteRulebookText(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path(rulebook))
	if err != nil {
		t.Logf("the rule text is not here (%v); quote not checked: %q", err, s)
		return
	}
	if !strings.Contains(strings.Join(strings.Fields(string(data)), " "), strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("the rulebook does not say %q", s)
	}
}
