package gridplay

import (
	"strings"
	"testing"
)

// TestDeckFileBounds: a deck file's numbers are bounded before they size
// anything, and the error names the entry.
func TestDeckFileBounds(t *testing.T) {
	if c, err := Counts("x[0]", []int{0, 1, 2, 50}); err != nil || c != [4]int{0, 1, 2, 50} {
		t.Errorf("counts 0 1 2 50: %v %v", c, err)
	}
	for _, in := range [][]int{{1, 2, 3}, {1, 2, 3, 51}, {-1, 0, 0, 0}} {
		if _, err := Counts("x[3]", in); err == nil || !strings.HasPrefix(err.Error(), "x[3].count: ") {
			t.Errorf("counts %v: %v", in, err)
		}
	}
	deck, err := Numbered[int](nil, 3, 5, "Test", func(n int) int { return 10 * n })
	if err != nil || len(deck) != 3 || deck[0] != 30 || deck[2] != 50 {
		t.Errorf("cards 3-5: %v %v", deck, err)
	}
	if _, err := Numbered(make([]int, MaxCards-1), 1, 2, "Test", func(n int) int { return n }); err == nil || !strings.Contains(err.Error(), "Test cards") {
		t.Errorf("a card over MaxCards: %v", err)
	}
	if deck, err := Copies([]string{"a"}, "b", 2, "e[1]"); err != nil || strings.Join(deck, "") != "abb" {
		t.Errorf("two copies: %v %v", deck, err)
	}
	for _, n := range []int{-1, MaxCards} {
		if _, err := Copies([]string{"a"}, "b", n, "e[1]"); err == nil || !strings.HasPrefix(err.Error(), "e[1].count: ") {
			t.Errorf("%d copies: %v", n, err)
		}
	}
	if err := Decode([]byte(`{"a": 1, "b": 2}`), &struct{ A int }{}); err == nil {
		t.Error("an unknown field read")
	}
	if d, err := ReadIf(nil, func([]byte) (*int, error) { t.Fatal("read with no file"); return nil, nil }); d != nil || err != nil {
		t.Errorf("no file: %v %v", d, err)
	}
	for _, w := range []struct {
		dice, acc, dmg int
		rng            [2]int
		ranged, out    bool
	}{
		{1, 4, 1, [2]int{0, 0}, false, false},
		{MaxDice, 6, 3, [2]int{0, 6}, true, false},
		{MaxDice + 1, 4, 1, [2]int{0, 0}, false, true},
		{1, 7, 1, [2]int{0, 0}, false, true},
		{1, 4, 4, [2]int{0, 0}, false, true},
		{1, 4, 1, [2]int{2, 1}, true, true},
		{1, 4, 1, [2]int{0, 1}, false, true},
	} {
		if got := (&Weapon{Dice: w.dice, Accuracy: w.acc, Damage: w.dmg, Range: w.rng, Ranged: w.ranged}).OutOfBounds(); got != w.out {
			t.Errorf("%+v: out of bounds %v", w, got)
		}
	}
}
