package source

import (
	"strconv"
	"strings"
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

// MaxMessage is the longest message ShortenQuotes lets through whole.
const MaxMessage = 2000

// ShortenQuotes cuts every %q-quoted value in msg longer than MaxQuote
// characters, as Quote does, and cuts the whole message to MaxMessage
// characters. Output formats pass every message through it, so a value of a
// megabyte is never echoed whole, whichever step worded the message.
func ShortenQuotes(msg string) string {
	if len(msg) <= MaxQuote+2 {
		return msg
	}
	var b strings.Builder
	for i := 0; i < len(msg); {
		j := strings.IndexByte(msg[i:], '"')
		if j < 0 {
			b.WriteString(msg[i:])
			break
		}
		b.WriteString(msg[i : i+j])
		i += j
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			// An unmatched quote: keep it and look for the next one.
			b.WriteByte('"')
			i++
			continue
		}
		if v, err := strconv.Unquote(q); err == nil && utf8.RuneCountInString(v) > MaxQuote {
			b.WriteString(Quote(v))
		} else {
			b.WriteString(q)
		}
		i += len(q)
	}
	out := b.String()
	if utf8.RuneCountInString(out) > MaxMessage {
		n := 0
		for k := range out {
			if n == MaxMessage-1 {
				return out[:k] + "…"
			}
			n++
		}
	}
	return out
}
