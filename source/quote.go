package source

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuote is the most characters of a value a message quotes: a value of a
// megabyte is named by its start, not echoed whole into every output format.
const MaxQuote = 80

// Shorten returns s cut to MaxQuote characters, the last one "…" when
// something was cut. It never splits a character.
func Shorten(s string) string {
	if head, cut := headOf(s); cut {
		return head + "…"
	}
	return s
}

// Quote is a value quoted for a message, like %q, cut as Shorten cuts it:
// "abc…" (the ellipsis inside the quotes, so the value is seen to go on).
func Quote(s string) string {
	head, cut := headOf(s)
	q := strconv.Quote(head)
	if !cut {
		return q
	}
	return q[:len(q)-1] + "…\""
}

// headOf returns the first MaxQuote-1 characters of s and true, or s and
// false when s is short enough to quote whole.
func headOf(s string) (string, bool) {
	if len(s) <= MaxQuote || utf8.RuneCountInString(s) <= MaxQuote {
		return s, false
	}
	n := 0
	for i := range s {
		if n == MaxQuote-1 {
			return s[:i], true
		}
		n++
	}
	return s, false
}
