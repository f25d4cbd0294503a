package examples_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"

	// Every game registers its rules.
	_ "github.com/zmission/zmission/rules/classic"
	_ "github.com/zmission/zmission/rules/colony"
	_ "github.com/zmission/zmission/rules/facility"
	_ "github.com/zmission/zmission/rules/invader"
	_ "github.com/zmission/zmission/rules/survivalinfection"
)

// example is a full-line comment holding YAML: a key or a list item, as a
// template's commented examples are written ("# players: {max: 6}",
// "#   - {card: ...}"). The editor modeline is not an example.
var example = regexp.MustCompile(`^(\s*)# ((?:\s*)(?:[a-z][a-z0-9_-]*:|- ).*)$`)

// uncomment deletes the "# " of the example lines chosen by pick (by
// their index among the examples), keeping their indentation.
func uncomment(src string, pick func(i int) bool) (string, int) {
	lines := strings.Split(src, "\n")
	n := 0
	for j, l := range lines {
		m := example.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(m[2], "yaml-language-server:") {
			continue
		}
		if pick(n) {
			lines[j] = m[1] + m[2]
		}
		n++
	}
	return strings.Join(lines, "\n"), n
}

// blocks groups the example lines: a key and the more indented lines that
// follow it (its list items) are one example.
func blocks(src string) [][]int {
	var out [][]int
	n := 0
	indent := -1
	for _, l := range strings.Split(src, "\n") {
		m := example.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(m[2], "yaml-language-server:") {
			indent = -1
			continue
		}
		at := len(m[1]) + len(m[2]) - len(strings.TrimLeft(m[2], " "))
		if indent < 0 || at <= indent {
			out = append(out, nil)
			indent = at
		}
		out[len(out)-1] = append(out[len(out)-1], n)
		n++
	}
	return out
}

func check(t *testing.T, name, src string) {
	t.Helper()
	r := lint.Bytes(name, []byte(src), lint.Options{Limits: source.DefaultLimits})
	for _, d := range r.Diags {
		if d.Severity != validate.Info {
			t.Errorf("%s: %d:%d: %s: %s [%s]\n%s", name, d.Line, d.Col, d.Severity, d.Message, d.Rule, src)
		}
	}
}

// TestTemplatesValidate: 'zmission new' writes a clean file, and every
// commented example in it validates once uncommented as its comment says:
// each one alone, and all together.
func TestTemplatesValidate(t *testing.T) {
	for _, rs := range examples.Templates() {
		src, _ := examples.Template(rs)
		name := rs + ".yaml"
		check(t, name, string(src))
		all, n := uncomment(string(src), func(int) bool { return true })
		if n == 0 {
			continue
		}
		check(t, name+" (every example uncommented)", all)
		for k, b := range blocks(string(src)) {
			one, _ := uncomment(string(src), func(i int) bool { return i >= b[0] && i <= b[len(b)-1] })
			check(t, fmt.Sprintf("%s (example %d uncommented)", name, k+1), one)
		}
	}
}

// The examples are found: the Survival Infection template has some, and
// uncommenting them changes the document.
func TestTemplateExamplesFound(t *testing.T) {
	src, ok := examples.Template("survival-infection")
	if !ok {
		t.Fatal("no survival-infection template")
	}
	all, n := uncomment(string(src), func(int) bool { return true })
	if n < 4 || all == string(src) || len(blocks(string(src))) < 4 {
		t.Errorf("%d example lines, %d examples", n, len(blocks(string(src))))
	}
	for _, want := range []string{"\n  players: {max: 6}\n", "\n  add:\n    - {card: Barricade"} {
		if !strings.Contains(all, want) {
			t.Errorf("uncommented, the template lacks %q:\n%s", want, all)
		}
	}
}
