package render

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	si "github.com/zmission/zmission/rules/survivalinfection"
	"github.com/zmission/zmission/source"
)

func survivalSetup(t *testing.T, path string) *si.Setup {
	t.Helper()
	r := lint.Path(path, lint.Options{Limits: source.DefaultLimits})
	s, ok := r.Model.(*si.Setup)
	if !ok {
		t.Fatalf("%s: no setup: %v", path, r.Diags)
	}
	return s
}

func survivalPage(t *testing.T, s *si.Setup, o ModelOptions) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (survivalView{}).Page(&b, s, o); err != nil {
		t.Fatalf("Page: %v", err)
	}
	return b.Bytes()
}

// Every survival-infection example draws, at every player count and in
// every page form, as a plain SVG, the same bytes each time; the base
// game's sheet for 4 players and its checklist are golden files.
func TestSurvivalSheets(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(examplesDir, "survival-infection", "*.yaml"))
	files = append(files, filepath.Join(examplesDir, "templates", "survival-infection.yaml"))
	if len(files) < 2 {
		t.Fatalf("examples: %v", files)
	}
	for _, f := range files {
		s := survivalSetup(t, f)
		for _, n := range s.Counts() {
			for _, o := range []ModelOptions{
				{Players: n},
				{Players: n, Landscape: true, Page: "letter"},
				{Players: n, Mono: true, Page: "fit"},
			} {
				a, b := survivalPage(t, s, o), survivalPage(t, s, o)
				if !bytes.Equal(a, b) {
					t.Fatalf("%s %+v: two drawings differ", f, o)
				}
				checkSVG(t, a)
				if o.Mono {
					greyOnly(t, f, a)
				}
			}
		}
		checkSVG(t, survivalPage(t, s, ModelOptions{Card: true}))
	}
	base := survivalSetup(t, filepath.Join(examplesDir, "survival-infection", "base-game.yaml"))
	sheet := survivalPage(t, base, ModelOptions{Players: 4})
	compareGolden(t, "survival-base-game-4.svg", sheet)
	compareGolden(t, "survival-base-game-checklist.svg", survivalPage(t, base, ModelOptions{Card: true}))
	// The numbers of the sheet come from the rules: 4 players are dealt
	// 20 of the 56 cards, the 36 left split 18 and 18.
	for _, want := range []string{
		"Shuffle the 56 cards and deal 5 to each player (20 in all).",
		"Split the 36 cards left into two piles: 18 and 18.",
		"The Infection Phase starts with the 19th to 37th card drawn.",
		"145 Survivors", "50 Zombies",
	} {
		if !bytes.Contains(sheet, []byte(want)) {
			t.Errorf("the 4-player sheet does not say %q", want)
		}
	}
}

func TestSurvivalSheetOptions(t *testing.T) {
	s := survivalSetup(t, filepath.Join(examplesDir, "survival-infection", "base-game.yaml"))
	for _, c := range []struct {
		o    ModelOptions
		want string
	}{
		{ModelOptions{Players: 7}, "--players 7: this setup is for 2–6 players"},
		{ModelOptions{Players: 1}, "--players 1: this setup is for 2–6 players"},
		{ModelOptions{Side: "hardcore"}, "no hardcore side"},
		{ModelOptions{Page: "a5"}, `unknown page "a5"`},
	} {
		var b bytes.Buffer
		err := (survivalView{}).Page(&b, s, c.o)
		var oe *OptionError
		if !errors.As(err, &oe) || !strings.Contains(oe.Msg, c.want) {
			t.Errorf("%+v: %v, want an option error %q", c.o, err, c.want)
		}
		if b.Len() != 0 {
			t.Errorf("%+v: wrote %d bytes with an error", c.o, b.Len())
		}
	}
	// A deck of many names overflows one A4 checklist: told, not cut.
	big := *s
	big.Deck = nil
	for i := range 400 {
		big.Deck = append(big.Deck, si.Card{Name: "Card " + strings.Repeat("x", i%9), Type: si.Action, Count: 1})
	}
	var b bytes.Buffer
	if err := (survivalView{}).Page(&b, &big, ModelOptions{Card: true}); err == nil || !strings.Contains(err.Error(), "--page fit") {
		t.Errorf("400 card names on one A4 page: %v", err)
	}
	checkSVG(t, survivalPage(t, &big, ModelOptions{Card: true, Page: "fit"}))
}

func TestSurvivalShowAndAnalysisText(t *testing.T) {
	s := survivalSetup(t, filepath.Join(examplesDir, "survival-infection", "base-game.yaml"))
	var b bytes.Buffer
	if err := (survivalView{}).Show(&b, s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2–6 players, no board", "Hidden Bite ★", "Chips: 85 (10×10, 15×5, 60×1)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("show does not say %q:\n%s", want, b.String())
		}
	}
	if _, err := os.Stat(filepath.Join("testdata", "svg")); err != nil {
		t.Fatal(err)
	}
}
