package zmission_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestShowLegend: every symbol 'show' draws on a board of tiles is
// explained in the README's section on show, so the legend there cannot
// fall behind the drawing. The box-drawing junctions that only join lines
// are left out; the straight lines, the door and opening marks are not.
func TestShowLegend(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "### `zmission show MISSION`")
	section, _, _ = strings.Cut(section, "```")
	explained := map[rune]bool{}
	for i, part := range strings.Split(section, "`") {
		if i%2 == 1 { // inside backquotes
			for _, r := range part {
				explained[r] = true
			}
		}
	}
	lines := map[rune]bool{}
	for _, r := range "━┃─│┄┆═║╹╻" {
		lines[r] = true
	}
	var missions []string
	for _, game := range []string{"invader", "classic"} {
		m, _ := filepath.Glob(filepath.Join("examples", game, "*.yaml"))
		missions = append(missions, m...)
	}
	drawn := map[rune]string{}
	for _, m := range missions {
		code, out, errOut := run("show", m)
		if code != 0 {
			t.Fatalf("show %s: exit %d\n%s", m, code, errOut)
		}
		rows := strings.Split(out, "\n")
		for _, row := range rows[1:] {
			if strings.HasPrefix(row, "  ") {
				// The token list: its glyph comes first.
				glyph := strings.Fields(row)[0]
				if glyph != "door" && !strings.HasPrefix(glyph, "Z") && !strings.HasPrefix(glyph, "O") && !explained[[]rune(glyph)[0]] {
					t.Errorf("%s: the token glyph %q is not explained in the README", m, glyph)
				}
				continue
			}
			for _, r := range row {
				if unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '/' {
					continue
				}
				if r >= 0x2500 && r <= 0x257F && !lines[r] {
					continue // a junction
				}
				drawn[r] = m
			}
		}
	}
	for _, must := range "◦▮·═" {
		if drawn[must] == "" {
			t.Errorf("no example shows %q any more: the test no longer covers it", must)
		}
	}
	for r, m := range drawn {
		if !explained[r] {
			t.Errorf("show draws %q (in %s), which the README's legend of show does not explain", r, m)
		}
	}
}
