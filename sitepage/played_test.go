package sitepage

import (
	"regexp"
	"strings"
	"testing"
)

// Each card game's page shows what simulated play says (issue 44): a
// Survival Infection variant's whole games per player count, every seat's
// win rate with its interval, beside the base game played the same way,
// with the flags in words; a colony scenario's odds per side and count.
func TestCardGamePagesShowPlayedOut(t *testing.T) {
	for _, c := range []struct {
		path   string
		tables []string // section titles that must hold a table
		words  string   // the section that says the flags in words
		cell   *regexp.Regexp
	}{
		{"../examples/survival-infection/long-night.yaml", []string{"Whole games, played out to the end", "The base game, played the same way"}, "Whole games, in words",
			regexp.MustCompile(`^\d+\.\d% \(\d+\.\d–\d+\.\d\) · `)},
		{"../examples/colony/field-hospital.yaml", []string{"Played out ("}, "Played out, in words",
			regexp.MustCompile(`^\d+\.\d% \(\d+\.\d–\d+\.\d\)$`)},
	} {
		f := File{Path: c.path, Name: c.path[strings.LastIndex(c.path, "/")+1:]}
		f.Data = read(t, f.Path)
		pg, _, err := Page(f, Options{})
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, s := range pg.Analysis.Sections {
			for _, want := range c.tables {
				if !strings.HasPrefix(s.Title, want) {
					continue
				}
				found[want] = true
				if s.Table == nil || len(s.Table.Rows) < 2 {
					t.Errorf("%s: %q is not a table of player counts", c.path, s.Title)
					continue
				}
				row := s.Table.Rows[0].Cells
				if !c.cell.MatchString(row[len(row)-1]) && !c.cell.MatchString(row[2]) {
					t.Errorf("%s: %q's first row %q shows no rate with its interval", c.path, s.Title, row)
				}
			}
			if s.Title == c.words {
				found[c.words] = len(s.Lines) > 0
			}
		}
		for _, want := range append(c.tables, c.words) {
			if !found[want] {
				t.Errorf("%s: the page has no %q section", c.path, want)
			}
		}
	}
}
