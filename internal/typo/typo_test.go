package typo

import (
	"reflect"
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"kitten", "sitting", 3}, {"titel", "title", 1}, {"", "éééé", 4}, {"same", "same", 0}, {"ab", "ba", 1},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNear(t *testing.T) {
	names := []string{"title", "tiles", "tileset", "1A/c", "1A/e", "zombicide-invader", "zombicide-classic"}
	for _, c := range []struct {
		word string
		want []string
	}{
		{"titel", []string{"title"}},
		{"1a/c", []string{"1A/c"}}, // case is not a typo worth refusing
		{"1A/d", []string{"1A/c", "1A/e"}},
		{"zombicide-invadr", []string{"zombicide-invader"}},
		{"nothing-like-it", nil},
		{"title", nil}, // an exact match is no typo
		{strings.Repeat("x", 100), nil},
	} {
		if got := Near(c.word, names, 0); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Near(%q) = %q, want %q", c.word, got, c.want)
		}
	}
	if got := Closest("1A/d", names); got != "1A/c" {
		t.Errorf("Closest = %q", got)
	}
}

func TestGuess(t *testing.T) {
	for _, c := range []struct {
		word  string
		names []string
		want  string
	}{
		{"rotate", []string{"face", "at", "rot"}, "rot"},
		{"north", []string{"n", "e", "s", "w"}, "n"},
		{"warn", []string{"off", "info", "warning", "error"}, "warning"},
		{"colour", []string{"type", "color", "state"}, "color"},
		{"xyz", []string{"n", "e"}, ""},
		{"ab", []string{"abcdef"}, ""}, // too short to stand for a longer word
	} {
		if got := Guess(c.word, c.names); got != c.want {
			t.Errorf("Guess(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

// TestHint: a slip gets the names it is near, a stem the names that begin
// with it, and a letter no other letter (a tile-set label "e" is not a
// slip for "a").
func TestHint(t *testing.T) {
	cmds := []string{"validate", "analyze", "render", "rules", "new"}
	rulesets := []string{"colony", "facility", "survival-infection", "zombicide-classic", "zombicide-invader"}
	for _, c := range []struct {
		word  string
		names []string
		want  string
	}{
		{"valdate", cmds, `did you mean "validate"?`},
		{"zombicide", rulesets, `did you mean "zombicide-classic" or "zombicide-invader"?`},
		{"warn", []string{"error", "warning", "info"}, `did you mean "warning"?`},
		{"door-never-open", []string{"door-never-opens", "door-duplicate"}, `did you mean "door-never-opens"?`},
		{"e", []string{"a", "b", "c"}, ""},
		{"E", []string{"a", "e"}, `did you mean "e"?`},
		{"xyz", cmds, ""},
	} {
		if got := Hint(c.word, c.names); got != c.want {
			t.Errorf("Hint(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

// A game named by the word its players use: the dashed part of a name.
func TestCandidatesByDashedPart(t *testing.T) {
	names := []string{"colony", "facility", "zombicide-classic", "zombicide-invader"}
	for word, want := range map[string]string{
		"invader": `did you mean "zombicide-invader"?`,
		"Classic": `did you mean "zombicide-classic"?`,
		"chess":   "",
		"in":      "",
	} {
		if got := Hint(word, names); got != want {
			t.Errorf("Hint(%q) = %q, want %q", word, got, want)
		}
	}
}
