package source

import (
	"testing"
	"unicode/utf8"
)

// spanText is the text Span covers for ptr.
func spanText(t *testing.T, name, doc, ptr string, key bool) string {
	t.Helper()
	root, probs := Parse(name, []byte(doc), DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("%s: %v", name, probs)
	}
	l := NewLines([]byte(doc))
	s, e := l.Span(root, ptr, key)
	return doc[l.Offset(s):l.Offset(e)]
}

func TestSpan(t *testing.T) {
	yml := `format: 1
title: "First \"Contact\""   # a comment
tiles:
  - {face: 1A, at: [0, 0]}
  - face: 2B
    at: [1, 0]
tokens:
  - {type: start, at: 0}
briefing: |
  Two lines
    of text.

notes: 'it''s'
`
	for _, c := range []struct {
		ptr  string
		key  bool
		want string
	}{
		{"/format", false, "1"},
		{"/format", true, "format"},
		{"/title", false, `"First \"Contact\""`},
		{"/tiles/0", false, "{face: 1A, at: [0, 0]}"},
		{"/tiles/0/face", false, "1A"},
		{"/tiles/0/at", false, "[0, 0]"},
		{"/tiles/0/at", true, "at"},
		{"/tiles/1", false, "face: 2B\n    at: [1, 0]"},
		{"/tiles", false, "- {face: 1A, at: [0, 0]}\n  - face: 2B\n    at: [1, 0]"},
		{"/tokens/0/at", false, "0"},
		{"/tokens/0/type", true, "type"},
		{"/briefing", false, "|\n  Two lines\n    of text."},
		{"/notes", false, "'it''s'"},
		{"/tiles/7/face", false, "- {face: 1A, at: [0, 0]}\n  - face: 2B\n    at: [1, 0]"}, // nothing there: its nearest value
	} {
		if got := spanText(t, "m.yaml", yml, c.ptr, c.key); got != c.want {
			t.Errorf("%s key=%v: got %q, want %q", c.ptr, c.key, got, c.want)
		}
	}
	js := `{"tiles": [{"face": "1A", "at": [0, 0]}], "n": -1.5e3, "s": "a,]b"}`
	for _, c := range []struct {
		ptr  string
		key  bool
		want string
	}{
		{"/tiles/0", false, `{"face": "1A", "at": [0, 0]}`},
		{"/tiles/0/face", true, `"face"`},
		{"/tiles/0/face", false, `"1A"`},
		{"/n", false, `-1.5e3`},
		{"/s", false, `"a,]b"`},
		{"", false, js},
	} {
		if got := spanText(t, "m.json", js, c.ptr, c.key); got != c.want {
			t.Errorf("json %s key=%v: got %q, want %q", c.ptr, c.key, got, c.want)
		}
	}
}

// Offsets and positions agree with Offset's line breaks and its columns in
// runes, a byte order mark taking none.
func TestLinesRoundTrip(t *testing.T) {
	data := []byte("\ufeffa: é\r\nb: x\rc\u2028d: ü\n")
	l := NewLines(data)
	for off := 0; off <= len(data); off++ {
		if off < len(data) && !utf8.RuneStart(data[off]) {
			continue
		}
		want := Offset(data, int64(off))
		if got := l.Pos(off); got != want && off >= 3 {
			t.Errorf("Pos(%d) = %v, want %v", off, got, want)
		}
	}
	for _, p := range []Pos{{1, 1}, {1, 4}, {2, 3}, {3, 1}, {4, 4}} {
		if got := l.Pos(l.Offset(p)); got != p {
			t.Errorf("Pos(Offset(%v)) = %v", p, got)
		}
	}
}
