package app

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/validate"
)

// checkedFiles counts the files validate checked, by kind, for its summary.
type checkedFiles struct {
	missions, tilesets, other int
	companions                map[string]int // files a game's documents lean on, by what they are called
}

func (c *checkedFiles) add(k lint.Kind, noun string) {
	switch k {
	case lint.KindMission:
		c.missions++
	case lint.KindTileset:
		c.tilesets++
	case lint.KindCompanion:
		if c.companions == nil {
			c.companions = map[string]int{}
		}
		c.companions[noun]++
	default:
		c.other++
	}
}

func (c checkedFiles) total() int {
	n := c.missions + c.tilesets + c.other
	for _, k := range c.companions {
		n += k
	}
	return n
}

// String says what was checked: "6 missions", "4 missions and 1 tile set".
func (c checkedFiles) String() string {
	var parts []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(c.missions, "mission", "missions")
	add(c.tilesets, "tile set", "tile sets")
	nouns := make([]string, 0, len(c.companions))
	for noun := range c.companions {
		nouns = append(nouns, noun)
	}
	sort.Strings(nouns)
	for _, noun := range nouns {
		add(c.companions[noun], noun, noun+"s")
	}
	add(c.other, "other file", "other files")
	switch len(parts) {
	case 0:
		return "no files"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// summary ends validate's text output on standard error. Findings are
// always counted ("2 errors in 2 files"); a clean run says so only to a
// person at a terminal ("6 missions checked, clean"): in scripts and CI logs
// a clean run stays silent and the exit status speaks.
func (e *env) summary(diags []validate.Diagnostic, checked checkedFiles, o validate.Options) {
	var b bytes.Buffer
	validate.Summary(&b, diags, checked.total(), o)
	if b.Len() == 0 && e.terminal(e.stderr) {
		fmt.Fprintf(&b, "%s checked, clean\n", checked)
	}
	e.stderr.Write(b.Bytes())
}
