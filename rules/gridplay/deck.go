package gridplay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
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

// MaxDice bounds a weapon's dice in a deck file.
const MaxDice = 20

// Defaults is a game's embedded deck file (name, data) read by read once;
// callers must not change what it gives. The embedded file is tested, so
// it failing to read is a build's bug, not the user's.
func Defaults[D any](name string, data []byte, read func([]byte) (*D, error)) func() *D {
	return sync.OnceValue(func() *D {
		d, err := read(data)
		if err != nil {
			panic(name + ": " + err.Error())
		}
		return d
	})
}

// ReadIf reads a deck file given by the user with read; none (nil) gives
// nil, the game's defaults.
func ReadIf[D any](data []byte, read func([]byte) (*D, error)) (*D, error) {
	if data == nil {
		return nil, nil
	}
	return read(data)
}

// Decode reads a deck file's JSON into f, refusing fields f does not have.
func Decode(data []byte, f any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(f); err != nil {
		return fmt.Errorf("reading the decks: %v", err)
	}
	return nil
}

// Counts reads an enemy card's counts, one per Danger Level (Blue to Red),
// each 0 to 50; where names the card in errors.
func Counts(where string, in []int) ([4]int, error) {
	var out [4]int
	if len(in) != 4 {
		return out, fmt.Errorf("%s.count: want 4 numbers, Blue to Red", where)
	}
	for j, n := range in {
		if n < 0 || n > 50 {
			return out, fmt.Errorf("%s.count: %d is not 0 to 50", where, n)
		}
		out[j] = n
	}
	return out, nil
}

// Numbered adds to deck the cards numbered lo to hi, card(n) each, at most
// MaxCards in all; what names the deck's cards in errors.
func Numbered[C any](deck []C, lo, hi int, what string, card func(n int) C) ([]C, error) {
	for n := lo; n <= hi; n++ {
		if len(deck) >= MaxCards {
			return nil, fmt.Errorf("more than %d %s cards", MaxCards, what)
		}
		deck = append(deck, card(n))
	}
	return deck, nil
}

// Copies adds count copies of card c to deck, at most MaxCards in all;
// where names the entry in errors.
func Copies[C any](deck []C, c C, count int, where string) ([]C, error) {
	if count < 0 || len(deck)+count > MaxCards {
		return nil, fmt.Errorf("%s.count: 0 to %d cards in all", where, MaxCards)
	}
	for range count {
		deck = append(deck, c)
	}
	return deck, nil
}
