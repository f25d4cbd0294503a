package gridplay

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// MaxCards bounds the cards of one deck a deck file may hold, so a file
// cannot size an allocation.
const MaxCards = 500

// Shuffle shuffles a deck of card indexes with the game's own stream.
func Shuffle(rng *rand.Rand, a []int16) {
	rng.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
}

// CardRange reads a card number ("51") or range ("1-25") of the cards
// numbered 1 to MaxCards.
func CardRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > MaxCards {
		return 0, 0, fmt.Errorf("%q is not a card number or range (1-%d)", s, MaxCards)
	}
	return lo, hi, nil
}
