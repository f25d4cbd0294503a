package source

import (
	"strings"
	"testing"
)

func TestWholeNumber(t *testing.T) {
	for lit, want := range map[string]string{
		"90": "90", "90.0": "90", "-0.0": "0", "-0": "0", "1e0": "1", "2.50e1": "25",
		"1E2": "100", "100e-2": "1", "-3.000": "-3", "0.0": "0",
	} {
		if got, ok := WholeNumber(lit); !ok || got != want {
			t.Errorf("WholeNumber(%s) = %q, %v; want %s", lit, got, ok, want)
		}
	}
	for _, lit := range []string{"90.5", "1e-1", "1e400", "1e100000000", "1e31", "0." + strings.Repeat("0", 200) + "1"} {
		if got, ok := WholeNumber(lit); ok {
			t.Errorf("WholeNumber(%s) = %q, want none", lit, got)
		}
	}
}

// TestDecodeWholeFloats: 'rot: 90.0' and 'at: [1.0, 0]' decode into int
// fields; what does not fit is a located error that says what is wanted,
// with no word of the Go decoder.
func TestDecodeWholeFloats(t *testing.T) {
	type tile struct {
		At  [2]int `json:"at"`
		Rot int    `json:"rot"`
	}
	type doc struct {
		Tiles []tile `json:"tiles"`
	}
	parse := func(src string) *Node {
		n, probs := ParseYAML([]byte(src), Limits{})
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		return n
	}
	var d doc
	if err := Decode(parse("tiles:\n  - {at: [1.0, -0.0], rot: 90.0}\n  - {at: [1e0, 2.0e0], rot: 2.7e2}\n"), &d); err != nil {
		t.Fatal(err)
	}
	if d.Tiles[0] != (tile{[2]int{1, 0}, 90}) || d.Tiles[1] != (tile{[2]int{1, 2}, 270}) {
		t.Errorf("decoded %+v", d.Tiles)
	}
	for src, want := range map[string]struct {
		pos Pos
		msg string
	}{
		"tiles:\n  - {at: [0, 0], rot: 0}\n  - {at: [0, 0], rot: 1e400}\n": {Pos{3, 23}, "tiles #2.rot wants a whole number that fits: 1e400 is too large"},
		"tiles:\n  - {at: [0, 0], rot: 99999999999999999999}\n":            {Pos{2, 23}, "tiles #1.rot wants a whole number that fits: 99999999999999999999 is too large"},
		"tiles:\n  - {at: [0, 2.5], rot: 0}\n":                             {Pos{2, 14}, "tiles #1.at #2 wants a whole number: 2.5"},
		"tiles:\n  - {at: [0, 0], rot: 0}\n  - {at: [0, 0], rot: \"x\"}\n": {Pos{3, 23}, "tiles #2.rot wants a whole number, not a string"},
	} {
		err := Decode(parse(src), &doc{})
		de, ok := err.(*DecodeError)
		if !ok || de.Pos != want.pos || de.Message != want.msg {
			t.Errorf("Decode(%q) = %#v; want %v %q", src, err, want.pos, want.msg)
		}
		if err != nil && strings.Contains(err.Error(), "json:") {
			t.Errorf("a Go decoder message: %v", err)
		}
	}
}
