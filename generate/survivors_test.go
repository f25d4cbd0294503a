package generate_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/internal/reftext"
)

// quote fails the test when the raw rule text file does not say s (white
// space aside).
func quote(t *testing.T, file, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path(file))
	if err != nil {
		t.Logf("the rule text is not here (%v); quote not checked: %q", err, s)
		return
	}
	if !strings.Contains(strings.Join(strings.Fields(string(data)), " "), strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("%s does not say %q", file, s)
	}
}

// TestSurvivorsRefusedEarly: "Sooner or later, you may be tempted to try
// playing with more than 6 Survivors. To do so, you'll need the extra
// Survivor dashboards, plastic markers, color bases, and Starting
// Equipment cards contained in expansions that are sold separately." A
// count the boxes cannot equip is refused on the first board read — not
// after the whole search — naming the parts short and the count that
// plays; no seed changes it. Fewer Survivors than players, and a Survivor
// count for the facility (whose players are its characters), are bad
// options.
func TestSurvivorsRefusedEarly(t *testing.T) {
	quote(t, "000_ada9705b43fae874.txt", "you may be tempted to try playing with more than 6 Survivors. To do so, you’ll need the extra Survivor dashboards, plastic markers, color bases, and Starting Equipment cards contained in expansions that are sold separately.")
	r, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", Survivors: 6, Seed: 2})
	if err != nil || r.Mission.Survivors != 6 {
		t.Fatalf("6 Survivors: %v", err)
	}
	_, err = generate.Generate(generate.Options{Ruleset: "zombicide-invader", Survivors: 8, Seed: 2})
	var no *generate.Impossible
	if !errors.As(err, &no) || no.SeedBound || !strings.Contains(no.Reason, "8 Survivor dashboards (invader-core holds 6)") ||
		!strings.Contains(no.Reason, "use --survivors 6 or fewer") || !strings.Contains(no.Reason, "expansions that are sold separately") {
		t.Errorf("8 Invader Survivors from the core box: %v", err)
	}
	var bad *generate.BadOption
	if _, err = generate.Generate(generate.Options{Ruleset: "zombicide-classic", Players: "4", Survivors: 3, Seed: 2}); !errors.As(err, &bad) || !strings.Contains(bad.Reason, "fewer than the 4 players") {
		t.Errorf("3 Survivors for 4 players: %v", err)
	}
	if _, err = generate.Generate(generate.Options{Ruleset: "facility", Survivors: 4, Seed: 2}); !errors.As(err, &bad) || !strings.Contains(bad.Reason, "use --players") {
		t.Errorf("Survivors for the facility: %v", err)
	}
}

// A mission for more Survivors than the playtest plays is judged by the
// formula, and says so: played at 12, its difficulty would be another
// mission's.
func TestSurvivorsPastThePlaytest(t *testing.T) {
	r, err := generate.Generate(generate.Options{Ruleset: "zombicide-classic", Survivors: 24, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Mission.Survivors != 24 || !strings.Contains(r.Judged, "by the formula: the playtest plays 1 to 12 Survivors, and this mission is for 24") {
		t.Errorf("24 classic Survivors: %d Survivors, judged %q", r.Mission.Survivors, r.Judged)
	}
	if r, err := generate.Generate(generate.Options{Ruleset: "zombicide-classic", Survivors: 12, Seed: 1}); err != nil || !strings.HasPrefix(r.Judged, "by a playtest") {
		t.Errorf("12 classic Survivors are played: %v", err)
	}
}
