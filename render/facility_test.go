package render

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
)

// facilityExamples loads every facility example as lint would past the
// schema.
func facilityExamples(t *testing.T) map[string]*facility.Facility {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(examplesDir, "facility", "*.yaml"))
	if len(paths) < 2 {
		t.Fatalf("want at least 2 facility examples, found %d", len(paths))
	}
	out := map[string]*facility.Facility{}
	for _, p := range paths {
		d, probs := missions.ReadFile(p, source.DefaultLimits)
		if len(probs) > 0 {
			t.Fatalf("%s: %v", p, probs)
		}
		m, fs := facility.Game{}.Load(d, rules.LoadEnv{})
		if m == nil || len(fs) > 0 {
			t.Fatalf("%s: %v", p, fs)
		}
		out[filepath.Base(p)] = m.(*facility.Facility)
	}
	return out
}

func facilityPage(t *testing.T, f *facility.Facility, o ModelOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (facilityView{}).Page(&b, f, o); err != nil {
		t.Fatalf("%s %+v: %v", f.Name, o, err)
	}
	return b.Bytes()
}

func TestFacilitySheets(t *testing.T) {
	for name, f := range facilityExamples(t) {
		for _, o := range []ModelOptions{
			{},
			{Page: "letter", Landscape: true},
			{Page: "fit", Overlays: []string{"noise", "escape", "intruders"}},
			{Page: "a3", Overlays: []string{"noise"}},
			{Overlays: []string{"intruders"}, PlayerVersion: true},
		} {
			a := facilityPage(t, f, o)
			checkSVG(t, a)
			if b := facilityPage(t, f, o); !bytes.Equal(a, b) {
				t.Errorf("%s %+v: two renders differ", name, o)
			}
			for _, want := range []string{"SECTION A", "SECTION C", "Landing Zone", "Setup checklist", "Noise profiles"} {
				if !bytes.Contains(a, []byte(want)) {
					t.Errorf("%s %+v: no %q on the sheet", name, o, want)
				}
			}
		}
	}
}

func TestFacilityPlayersVersion(t *testing.T) {
	for name, f := range facilityExamples(t) {
		full := facilityPage(t, f, ModelOptions{})
		pv := facilityPage(t, f, ModelOptions{PlayerVersion: true})
		if !bytes.Contains(full, []byte("Escapes and oxygen")) {
			t.Errorf("%s: the full sheet has no escape table", name)
		}
		// The plans assume where rooms still in the stacks turn up: not
		// known at setup.
		for _, secret := range []string{"Escapes and oxygen", "the plan assumes", "direct:"} {
			if bytes.Contains(pv, []byte(secret)) {
				t.Errorf("%s: the players' version shows %q", name, secret)
			}
		}
		if !bytes.Contains(pv, []byte("Players&#39; version")) {
			t.Errorf("%s: the players' version is not marked", name)
		}
	}
}

func TestFacilityMono(t *testing.T) {
	for name, f := range facilityExamples(t) {
		data := facilityPage(t, f, ModelOptions{Mono: true, Overlays: []string{"noise", "escape", "intruders"}})
		greyOnly(t, name, data)
	}
}

func TestFacilityOptionErrors(t *testing.T) {
	f := facilityExamples(t)["cold-landing.yaml"]
	for _, o := range []ModelOptions{
		{Card: true},
		{Side: "hardcore"},
		{Players: 5}, // the scenario is for 2-4
		{PlayerVersion: true, Overlays: []string{"escape"}},
		{Page: "a5"},
	} {
		err := (facilityView{}).Page(&bytes.Buffer{}, f, o)
		var oe *OptionError
		if !errors.As(err, &oe) {
			t.Errorf("%+v: got %v, want an option error", o, err)
		}
	}
}

func TestFacilityShow(t *testing.T) {
	f := facilityExamples(t)["breach-wing.yaml"]
	var b bytes.Buffer
	if err := (facilityView{}).Show(&b, f); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	// The closed door of corridor 6 faces the Landing Zone (slot 7, left of
	// slot 8): "▮" at the left end of the corridor; corridor 5 shows its
	// Deadly value "3/2"; the technical corridor is listed under the grid.
	for _, want := range []string{"│▮═4══┆", "═3/2═", "corridor 16: 11 -- 18, noise 4 (technical)", "[covered]", "2 larva intruders in corridor 14"} {
		if !strings.Contains(out, want) {
			t.Errorf("show lacks %q:\n%s", want, out)
		}
	}
}

func TestFacilityChecklistPlayers(t *testing.T) {
	f := facilityExamples(t)["cold-landing.yaml"]
	// "1 blank, 2 Larva, 3 random Adult, and 1 additional random Adult for
	// each character": 3 characters, 6 Adults, 9 tokens.
	three := facilityPage(t, f, ModelOptions{Players: 3})
	if !bytes.Contains(three, []byte("Intruder bag (3 players): 1 blank, 2 Larvae, 6 Adults — 9 tokens.")) {
		t.Error("the checklist for 3 players has the wrong bag")
	}
	// The scenario's own range, 2-4, when no count is given.
	all := facilityPage(t, f, ModelOptions{})
	if !bytes.Contains(all, []byte("Intruder bag (2-4 players): 1 blank, 2 Larvae, 5-7 Adults — 8-10 tokens.")) {
		t.Error("the checklist for 2-4 players has the wrong bag")
	}
}
