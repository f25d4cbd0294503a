package validate

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Check describes one check: its stable id, its default severity and the
// documentation that feeds `zmission rules ID` and docs/checks.md. Games
// register their checks at init time; the catalogue is what configuration
// files are validated against and what SARIF lists as rules.
type Check struct {
	ID       string         // stable kebab-case id, e.g. "exit-unreachable"
	Title    string         // one line
	Severity Severity       // default
	Games    []string       // rulesets it applies to; nil = every game
	Doc      string         // markdown: what it finds, why it matters, how to fix
	Bad      string         // a YAML mission (or fragment) that triggers it
	Good     string         // the fixed version
	Options  map[string]any // configurable options with their defaults, e.g. {"threshold": 3}
	// Bounds holds the least and the greatest value of each number option:
	// a configuration comes from anyone, and a number that sizes a search
	// is checked before it is used.
	Bounds map[string][2]float64
	// Fixed: a limit of the format, not a judgement: its severity cannot be
	// configured and no comment silences it (a board past the bound would
	// lose its tiles without a word).
	Fixed bool
}

var registry = struct {
	sync.RWMutex
	byID map[string]*Check
}{byID: map[string]*Check{}}

// Register adds c to the catalogue. It panics on a duplicate or malformed
// id, a missing title or an unknown severity: those are programmer errors
// that must surface at init time, never on user input.
func Register(c *Check) {
	if c == nil {
		panic("validate.Register: nil check")
	}
	if !isKebab(c.ID) {
		panic(fmt.Sprintf("validate.Register: id %q is not kebab-case", c.ID))
	}
	if strings.TrimSpace(c.Title) == "" {
		panic(fmt.Sprintf("validate.Register: check %q has no title", c.ID))
	}
	if c.Severity > Error {
		panic(fmt.Sprintf("validate.Register: check %q has an unknown severity %d", c.ID, c.Severity))
	}
	for k, def := range c.Options {
		var v float64
		switch d := def.(type) {
		case int:
			v = float64(d)
		case float64:
			v = d
		default:
			continue
		}
		b, ok := c.Bounds[k]
		if !ok || v < b[0] || v > b[1] {
			panic(fmt.Sprintf("validate.Register: number option %q of check %q has no bounds holding its default", k, c.ID))
		}
	}
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.byID[c.ID]; dup {
		panic(fmt.Sprintf("validate.Register: duplicate check id %q", c.ID))
	}
	registry.byID[c.ID] = c
}

// Checks returns every registered check, sorted by id.
func Checks() []*Check {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]*Check, 0, len(registry.byID))
	for _, c := range registry.byID {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Check) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Lookup returns the check with the given id, or nil.
func Lookup(id string) *Check {
	registry.RLock()
	defer registry.RUnlock()
	return registry.byID[id]
}

// isKebab reports whether s is lower-case words of letters and digits
// joined by single hyphens.
func isKebab(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// camelName turns a rule id into the CamelCase name SARIF rules carry:
// "exit-unreachable" -> "ExitUnreachable". Any character other than an
// ASCII letter or digit separates words, so unregistered ids work too.
func camelName(id string) string {
	var b strings.Builder
	words := strings.FieldsFunc(id, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	for _, w := range words {
		b.WriteString(strings.ToUpper(w[:1]))
		b.WriteString(w[1:])
	}
	return b.String()
}

// firstParagraph returns the first paragraph of a markdown text, its lines
// joined by spaces.
func firstParagraph(doc string) string {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(doc), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			break
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, " ")
}
