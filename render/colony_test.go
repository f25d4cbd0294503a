package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/source"
)

const colonyExample = "../examples/colony/field-hospital.yaml"

func colonyScenario(t testing.TB, path string) *colony.Scenario {
	t.Helper()
	r := lint.Path(path, lint.Options{Limits: source.DefaultLimits})
	s, ok := r.Model.(*colony.Scenario)
	if !ok || len(r.Diags) > 0 {
		t.Fatalf("%s: %v", path, r.Diags)
	}
	return s
}

func colonyPage(t testing.TB, s *colony.Scenario, o ModelOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (colonyView{}).Page(&b, s, o); err != nil {
		t.Fatalf("Page: %v", err)
	}
	return b.Bytes()
}

// wellFormed parses the SVG as XML.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := d.Token(); err == io.EOF {
			return
		} else if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
}

func TestColonyGoldens(t *testing.T) {
	s := colonyScenario(t, colonyExample)
	for _, c := range []struct {
		name string
		o    ModelOptions
	}{
		{"colony-sheet.svg", ModelOptions{Page: "a4", Margin: DefaultMargin}},
		{"colony-sheet-letter-hardcore-2p.svg", ModelOptions{Page: "letter", Margin: DefaultMargin, Side: "hardcore", Players: 2}},
		{"colony-sheet-landscape-mono.svg", ModelOptions{Page: "a4", Landscape: true, Mono: true, Margin: DefaultMargin}},
		{"colony-card.svg", ModelOptions{Page: "fit", Margin: DefaultMargin, Card: true, Players: 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, b := colonyPage(t, s, c.o), colonyPage(t, s, c.o)
			if !bytes.Equal(a, b) {
				t.Fatal("two drawings of the same scenario differ")
			}
			wellFormed(t, a)
			compareGolden(t, c.name, a)
		})
	}
}

// The card prints at poker size: two 63 × 88 mm sides.
func TestColonyCardIsPokerSize(t *testing.T) {
	s := colonyScenario(t, colonyExample)
	svg := string(colonyPage(t, s, ModelOptions{Page: "a4", Margin: DefaultMargin, Card: true}))
	if !strings.Contains(svg, `width="210mm" height="297mm"`) {
		t.Errorf("the card page is not A4")
	}
	cards := regexp.MustCompile(`<rect x="0" y="0" width="63" height="88"`).FindAllString(svg, -1)
	if len(cards) != 2 {
		t.Errorf("%d card outlines of 63×88 mm, want 2 (both sides)", len(cards))
	}
	for _, want := range []string{"MAIN OBJECTIVE · HARDCORE", "[2 per non-exiled player]", "Field Hospital"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the card misses %q", want)
		}
	}
}

// Numbers are filled in for the chosen player count: the normal side's
// {1} is "2 per non-exiled player", 8 with 4 players.
func TestColonySheetFillsNumbers(t *testing.T) {
	s := colonyScenario(t, colonyExample)
	svg := string(colonyPage(t, s, ModelOptions{Page: "a4", Margin: DefaultMargin, Players: 4}))
	if !strings.Contains(svg, "holds 8 Medicine cards") {
		t.Error("the 4-player sheet does not say 8 Medicine cards")
	}
	off := string(colonyPage(t, s, ModelOptions{Page: "a4", Margin: DefaultMargin, PlayerVersion: true}))
	if strings.Contains(off, "Supply and demand") {
		t.Error("the players' version shows the supply table")
	}
}

func TestColonyOptionErrors(t *testing.T) {
	s := colonyScenario(t, "../examples/templates/colony.yaml")
	for _, o := range []ModelOptions{
		{Page: "a4", Margin: DefaultMargin, Side: "hardcore"},
		{Page: "a4", Margin: DefaultMargin, Players: 9},
	} {
		var oe *OptionError
		if err := (colonyView{}).Page(io.Discard, s, o); !errors.As(err, &oe) {
			t.Errorf("%+v: %v, want an option error", o, err)
		}
	}
}

// Setup entries in the Colony are one run, "Entrance 1,2,3,4,5,6,1...":
// the words of a later entry go on where the earlier ones stopped.
func TestEntranceTextContinues(t *testing.T) {
	for _, c := range []struct {
		before, n int
		want      string
	}{
		{0, 1, "Entrance 1"},
		{0, 4, "one at each of Entrances 1-4"},
		{2, 4, "one at each of Entrances 3-6"},
		{4, 4, "one at each of Entrances 5, 6, 1, 2"},
		{6, 1, "Entrance 1"},
		{3, 8, "Entrances 1-6: 1, 1, 1, 2, 2, 1"},
	} {
		if got := entranceText(c.before, c.n); got != c.want {
			t.Errorf("%d after %d: %q, want %q", c.n, c.before, got, c.want)
		}
	}
}

// analyze's supply table shows the Starter Items as dealt ("Starter Item
// cards → 5 (2-PL: 7) cards / Player"), from the fewest players to the
// most, not the pool: 30 Medicine in the pool are 14 cards at most with 2
// players, 25 with 5.
func TestColonySupplyShowsStarterItemsDealt(t *testing.T) {
	s := colonyScenario(t, colonyExample) // players: 2-5, 14 Medicine in the Location decks
	s.Coll.Starter["medicine"] = 30
	var b strings.Builder
	if err := (colonyView{}).Analysis(&b, colony.Analyze(s)); err != nil {
		t.Fatal(err)
	}
	few, many := 7*2, 5*5
	want := regexp.MustCompile(fmt.Sprintf(`(?m)^  medicine +14 +%d–%d +%d–%d `, few, many, 14+few, 14+many))
	if !want.MatchString(b.String()) || !strings.Contains(b.String(), "Starter Items dealt, at most") {
		t.Errorf("the supply table does not count the Starter Items as dealt:\n%s", b.String())
	}
}
