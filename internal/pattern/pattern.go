// Package pattern matches the regular expressions our schemas and file
// formats use for names, most of which have one shape: an anchored run of
// ASCII character classes, every one of fixed length but the last
// ("^[a-z0-9][a-z0-9-]{0,39}$"). Those are matched by a loop over the bytes,
// without compiling a regular expression: a command checking one file
// would otherwise spend a tenth of its time compiling them. Any other
// expression is compiled by regexp on its first match. Tests hold the two
// to the same answers.
package pattern

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Pattern is one expression, matched as regexp.MatchString would.
type Pattern struct {
	src   string
	items []item // nil: not of the simple shape; use re

	once sync.Once
	re   *regexp.Regexp
}

// item is a character class repeated min to max times.
type item struct {
	set      [128]bool
	min, max int
}

// New prepares an expression; it is not compiled until it is matched.
func New(expr string) *Pattern {
	return &Pattern{src: expr, items: simple(expr)}
}

// String is the expression.
func (p *Pattern) String() string { return p.src }

// Simple tells whether the expression is matched without regexp.
func (p *Pattern) Simple() bool { return p.items != nil }

// Regexp is the expression compiled by regexp (it panics on an invalid
// one: our expressions are fixed, and tests compile each).
func (p *Pattern) Regexp() *regexp.Regexp {
	p.once.Do(func() { p.re = regexp.MustCompile(p.src) })
	return p.re
}

// MatchString reports whether s matches.
func (p *Pattern) MatchString(s string) bool {
	if p.items == nil {
		return p.Regexp().MatchString(s)
	}
	i := 0
	for k, it := range p.items {
		n := 0
		limit := it.max
		if k < len(p.items)-1 {
			limit = it.min // every item but the last has a fixed length
		}
		for n < limit && i < len(s) && s[i] < 128 && it.set[s[i]] {
			i++
			n++
		}
		if n < it.min {
			return false
		}
	}
	return i == len(s)
}

// simple parses "^" items "$", where an item is a bracketed class of ASCII
// letters, digits, ranges and the characters "-_" (a "-" last or first),
// with an optional {n}, {m,n} or ? ; every item but the last must have a
// fixed count. It returns nil for anything else.
func simple(expr string) []item {
	if !strings.HasPrefix(expr, "^") || !strings.HasSuffix(expr, "$") || len(expr) < 2 {
		return nil
	}
	s := expr[1 : len(expr)-1]
	var items []item
	for s != "" {
		if s[0] != '[' {
			return nil
		}
		end := strings.IndexByte(s, ']')
		if end < 2 {
			return nil
		}
		var it item
		if !classSet(s[1:end], &it.set) {
			return nil
		}
		s = s[end+1:]
		it.min, it.max = 1, 1
		switch {
		case strings.HasPrefix(s, "?"):
			it.min, s = 0, s[1:]
		case strings.HasPrefix(s, "{"):
			close := strings.IndexByte(s, '}')
			if close < 0 {
				return nil
			}
			lo, hi, ok := strings.Cut(s[1:close], ",")
			m, err1 := strconv.Atoi(lo)
			n, err2 := m, error(nil)
			if ok {
				n, err2 = strconv.Atoi(hi)
			}
			if err1 != nil || err2 != nil || m < 0 || n < m || n > 1000 {
				return nil
			}
			it.min, it.max, s = m, n, s[close+1:]
		}
		items = append(items, it)
	}
	if len(items) == 0 {
		return nil
	}
	for _, it := range items[:len(items)-1] {
		if it.min != it.max {
			return nil
		}
	}
	return items
}

// classSet reads the inside of a bracketed class: letters, digits, "_",
// ranges such as a-z, and "-" as the first or last character.
func classSet(c string, set *[128]bool) bool {
	word := func(b byte) bool {
		return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
	}
	for i := 0; i < len(c); i++ {
		b := c[i]
		switch {
		case b == '-' && (i == 0 || i == len(c)-1):
			set['-'] = true
		case word(b) && i+2 < len(c) && c[i+1] == '-' && word(c[i+2]):
			lo, hi := b, c[i+2]
			if hi < lo {
				return false
			}
			for x := lo; x <= hi; x++ {
				set[x] = true
			}
			i += 2
		case word(b):
			set[b] = true
		default:
			return false
		}
	}
	return true
}
