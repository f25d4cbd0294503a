package gridplay

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAtLeastEnumerates checks AtLeast against every roll of up to five
// six-sided dice, counted hit by hit.
func TestAtLeastEnumerates(t *testing.T) {
	for acc := 1; acc <= 7; acc++ {
		for n := 0; n <= 5; n++ {
			rolls := 1
			for range n {
				rolls *= 6
			}
			hits := make([]int, n+1) // rolls with exactly j hits
			for r := range rolls {
				j := 0
				for d, x := 0, r; d < n; d, x = d+1, x/6 {
					if x%6+1 >= acc {
						j++
					}
				}
				hits[j]++
			}
			for k := 0; k <= n+1; k++ {
				want := 0
				for j := k; j <= n; j++ {
					want += hits[j]
				}
				if k <= 0 {
					want = rolls
				}
				got := AtLeast(n, k, PHit(acc))
				if math.Abs(got-float64(want)/float64(rolls)) > 1e-12 {
					t.Errorf("Accuracy %d+, %d dice, %d hits or more: %v, want %d/%d", acc, n, k, got, want, rolls)
				}
			}
		}
	}
}

func TestPHitBounds(t *testing.T) {
	for acc, want := range map[int]float64{-3: 1, 0: 1, 1: 1, 4: 0.5, 6: 1.0 / 6, 7: 0, 12: 0} {
		if got := PHit(acc); got != want {
			t.Errorf("PHit(%d) = %v, want %v", acc, got, want)
		}
	}
}

func TestLevelAndActions(t *testing.T) {
	for _, c := range []struct{ xp, level, actions int }{
		{0, Blue, 3}, {6, Blue, 3}, {7, Yellow, 4}, {18, Yellow, 4},
		{19, Orange, 4}, {42, Orange, 4}, {43, Red, 4}, {500, Red, 4},
	} {
		if Level(c.xp) != c.level || Actions(c.xp) != c.actions {
			t.Errorf("%d XP: level %d, %d Actions; want %d, %d", c.xp, Level(c.xp), Actions(c.xp), c.level, c.actions)
		}
	}
}

func TestCardRange(t *testing.T) {
	for s, want := range map[string][2]int{"51": {51, 51}, "1-25": {1, 25}, " 3 - 4 ": {3, 4}, "500": {500, 500}} {
		lo, hi, err := CardRange(s)
		if err != nil || lo != want[0] || hi != want[1] {
			t.Errorf("CardRange(%q) = %d, %d, %v; want %v", s, lo, hi, err, want)
		}
	}
	for _, s := range []string{"", "0", "-1", "5-3", "501", "1-501", "x", "1-", "99999999999999999999"} {
		if _, _, err := CardRange(s); err == nil {
			t.Errorf("CardRange(%q) took a bad range", s)
		}
	}
}

// TestShuffleFollowsTheStream: the same stream shuffles the same way, and
// a shuffle keeps every card.
func TestShuffleFollowsTheStream(t *testing.T) {
	deck := func() []int16 {
		a := make([]int16, 40)
		for i := range a {
			a[i] = int16(i)
		}
		return a
	}
	a, b := deck(), deck()
	Shuffle(rand.New(rand.NewPCG(1, 2)), a)
	Shuffle(rand.New(rand.NewPCG(1, 2)), b)
	if !slices.Equal(a, b) {
		t.Fatal("the same stream shuffled two ways")
	}
	if slices.Equal(a, deck()) {
		t.Fatal("40 cards left in order")
	}
	slices.Sort(a)
	if !slices.Equal(a, deck()) {
		t.Fatal("a shuffle lost or doubled a card")
	}
}
