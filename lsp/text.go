package lsp

import (
	"unicode/utf16"
	"unicode/utf8"
)

// Positions on the wire count lines from 0, breaking at LF, CRLF and CR, and
// characters in the encoding agreed at initialize: UTF-16 code units (the
// protocol's default), UTF-8 bytes or UTF-32 code points.

type encoding int

const (
	utf16Enc encoding = iota
	utf8Enc
	utf32Enc
)

func (e encoding) String() string { return [...]string{"utf-16", "utf-8", "utf-32"}[e] }

// chooseEncoding picks the client's first offer the server knows (UTF-8
// first costs nothing to count); UTF-16 when it offers none.
func chooseEncoding(offers []string) encoding {
	for _, want := range []string{"utf-8", "utf-32", "utf-16"} {
		for _, o := range offers {
			if o == want {
				return map[string]encoding{"utf-8": utf8Enc, "utf-32": utf32Enc, "utf-16": utf16Enc}[want]
			}
		}
	}
	return utf16Enc
}

// text is a document's content with its line starts.
type text struct {
	data   []byte
	starts []int
}

func newText(data []byte) *text {
	t := &text{data: data, starts: []int{0}}
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\n':
			t.starts = append(t.starts, i+1)
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// lineEnd is the offset of line n's break (or the end of the text).
func (t *text) lineEnd(n int) int {
	if n+1 >= len(t.starts) {
		return len(t.data)
	}
	e := t.starts[n+1] - 1
	if e > t.starts[n] && t.data[e] == '\n' && t.data[e-1] == '\r' {
		e--
	}
	return e
}

// pos is the wire position of byte offset off.
func (t *text) pos(off int, enc encoding) Position {
	off = min(max(off, 0), len(t.data))
	lo, hi := 0, len(t.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if t.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Position{Line: lo, Character: units(t.data[t.starts[lo]:min(off, t.lineEnd(lo))], enc)}
}

// offset is the byte offset of a wire position; one past a line's end is
// its end, past the last line the end of the text. ok is false for a
// position that lies nowhere (a negative number).
func (t *text) offset(p Position, enc encoding) (int, bool) {
	if p.Line < 0 || p.Character < 0 {
		return 0, false
	}
	if p.Line >= len(t.starts) {
		return len(t.data), true
	}
	off, end := t.starts[p.Line], t.lineEnd(p.Line)
	for n := 0; n < p.Character && off < end; {
		r, size := utf8.DecodeRune(t.data[off:end])
		n += runeUnits(r, size, enc)
		off += size
	}
	return off, true
}

func units(b []byte, enc encoding) int {
	switch enc {
	case utf8Enc:
		return len(b)
	case utf32Enc:
		return utf8.RuneCount(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		n += runeUnits(r, size, enc)
		b = b[size:]
	}
	return n
}

func runeUnits(r rune, size int, enc encoding) int {
	switch enc {
	case utf8Enc:
		return size
	case utf32Enc:
		return 1
	}
	return max(1, utf16.RuneLen(r)) // 2 beyond the Basic Multilingual Plane; 1 for an invalid byte too
}

// rangeOf is the wire range of byte offsets [s, e).
func (t *text) rangeOf(s, e int, enc encoding) Range {
	return Range{Start: t.pos(s, enc), End: t.pos(e, enc)}
}

// whole is the range of the whole text.
func (t *text) whole(enc encoding) Range { return t.rangeOf(0, len(t.data), enc) }
