// Package typo guesses what a mistyped name meant: the known names within a
// few edits of it. Every "did you mean" in the tool comes from here, so
// they all agree on what counts as a slip of the keyboard.
package typo

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Distance is the edit distance between a and b in runes, where swapping
// two neighbours counts as one edit (the commonest typo: "titel").
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// three rolling rows: two back (for swaps), previous, current
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// maxWord bounds the work: no slip of the keyboard is longer.
const maxWord = 64

// Near returns the names closest to word, ignoring case, when they are
// close enough to be a typo (at most a third of its letters, at least one),
// sorted; at most limit of them (0: no limit). An exact match is not a typo.
func Near(word string, names []string, limit int) []string {
	if len(word) > maxWord || len(names) > 10000 {
		return nil
	}
	w := fold(word)
	best := max(1, len([]rune(word))/3)
	var out []string
	for _, n := range names {
		if n == word || len(n) > maxWord {
			continue
		}
		d := Distance(w, fold(n))
		if d > 0 && d >= len([]rune(word)) {
			continue // nothing of the word is kept: "a" for "e" is no slip
		}
		switch {
		case d < best:
			best, out = d, []string{n}
		case d == best && !contains(out, n):
			out = append(out, n)
		}
	}
	sort.Strings(out)
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// Candidates are the names a word may be a slip for: the nearest (Near),
// or else those that begin with it ("zombicide" for "zombicide-classic"
// and "zombicide-invader", when the word has three letters or more), or
// else those with a dashed part that begins with it ("invader" for
// "zombicide-invader"); at most three, sorted.
func Candidates(word string, names []string) []string {
	if n := Near(word, names, 3); len(n) > 0 {
		return n
	}
	if len([]rune(word)) < 3 || len(word) > maxWord {
		return nil
	}
	w := fold(word)
	var out []string
	for _, n := range names {
		if f := fold(n); f != w && strings.HasPrefix(f, w) && !contains(out, n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		// A later part of a dashed name: "invader" for "zombicide-invader".
		for _, n := range names {
			if f := fold(n); strings.Contains(f, "-"+w) && !contains(out, n) {
				out = append(out, n)
			}
		}
	}
	sort.Strings(out)
	if len(out) > 3 {
		return nil // too many to be a guess
	}
	return out
}

// Hint words the candidates as a question: `did you mean "validate"?`,
// `did you mean "a" or "b"?`; "" when there is none.
func Hint(word string, names []string) string {
	c := Candidates(word, names)
	if len(c) == 0 {
		return ""
	}
	q := make([]string, len(c))
	for i, n := range c {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return "did you mean " + q[0] + "?"
	}
	return "did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}

// Closest returns the one closest name (the first in sorted order among
// equals), or "".
func Closest(word string, names []string) string {
	if n := Near(word, names, 1); len(n) > 0 {
		return n[0]
	}
	return ""
}

func fold(s string) string { return strings.Map(unicode.ToLower, s) }

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Guess is Closest, or else a name that the word begins with ("north" for
// "n", "rotate" for "rot": the longest such) or that begins with the word
// ("warn" for "warning", when the word has three letters or more).
func Guess(word string, names []string) string {
	if c := Closest(word, names); c != "" {
		return c
	}
	w := fold(word)
	best := ""
	for _, n := range names {
		f := fold(n)
		if f == w || f == "" {
			continue
		}
		if strings.HasPrefix(w, f) && len(n) > len(best) {
			best = n
		}
	}
	if best != "" {
		return best
	}
	if len([]rune(word)) >= 3 {
		sorted := append([]string(nil), names...)
		sort.Strings(sorted)
		for _, n := range sorted {
			if f := fold(n); f != w && strings.HasPrefix(f, w) {
				return n
			}
		}
	}
	return ""
}
