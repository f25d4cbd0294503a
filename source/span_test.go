package source

import "testing"

// TestSpan: where a key, a scalar, a flow collection and a block
// collection end, in YAML and JSON; the end is just after the last
// character (SARIF's endColumn).
func TestSpan(t *testing.T) {
	yml := "title: First Contact  # the name\nid: \"fc\"\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2B, at: [1, 0]}\nnote: 'it''s'\n"
	js := "{\"title\": \"First\", \"at\": [0, 1],\n \"n\": 12}\n"
	for _, c := range []struct {
		data, ptr string
		key       bool
		want      Pos
	}{
		{yml, "/title", false, Pos{1, 21}},
		{yml, "/title", true, Pos{1, 6}},
		{yml, "/id", false, Pos{2, 9}},
		{yml, "/tiles/0", false, Pos{4, 27}},
		{yml, "/tiles/0/face", false, Pos{4, 14}},
		{yml, "/tiles/1/at", false, Pos{5, 26}},
		{yml, "/tiles", false, Pos{5, 27}},
		{yml, "/note", false, Pos{6, 14}},
		{yml, "/missing", false, Pos{}},
		{js, "/title", false, Pos{1, 18}},
		{js, "/title", true, Pos{1, 9}},
		{js, "/at", false, Pos{1, 32}},
		{js, "/n", false, Pos{2, 9}},
	} {
		root, probs := Parse("x", []byte(c.data), DefaultLimits)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		if got := NewText([]byte(c.data)).Span(root, c.ptr, c.key); got != c.want {
			t.Errorf("%q key=%v: got %v, want %v", c.ptr, c.key, got, c.want)
		}
	}
}
