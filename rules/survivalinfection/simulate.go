package survivalinfection

import (
	"math/rand/v2"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// Policy is how the simulated players play, in words, printed with every
// estimate. The rules fix the draws ("Draw until you have 6 cards in your
// hand"); what a player does with the hand is a choice, and this is ours.
const Policy = "each turn the player draws until the hand holds the redraw size; " +
	"an Event drawn is played at once and takes the place of the Take Action; " +
	"otherwise the player plays an Action, Character or Hideout from the hand when it holds one (picked at random), " +
	"else discards two cards; after each Action, every other Camp holding a Reaction plays one with probability 1/2"

// workBudget bounds the cards one row of the simulation shuffles, so a
// deck of thousands of cards answers in about a second with fewer runs.
const workBudget = 1_500_000

// SimInfo says how the Infection Phase estimates were made.
type SimInfo struct {
	Seed   int64  `json:"seed"`
	Runs   int    `json:"runs"`
	Capped bool   `json:"capped,omitempty"` // --runs was more than MaxRuns
	Policy string `json:"policy"`
}

func simInfo(o rules.AnalyzeOptions) SimInfo {
	si := SimInfo{Seed: o.Seed, Runs: o.Runs, Policy: Policy}
	if si.Seed == 0 {
		si.Seed = DefaultSeed
	}
	if si.Runs <= 0 {
		si.Runs = DefaultRuns
	}
	if si.Runs > MaxRuns {
		si.Runs, si.Capped = MaxRuns, true
	}
	return si
}

// RoundStat is the simulated round in which the Hidden Bite is drawn and
// the Infection Phase starts (an estimate).
type RoundStat struct {
	// Runs is how many games were played: fewer than asked when the deck
	// is so large that the asked runs would exceed the work budget.
	Runs     int     `json:"runs"`
	Earliest int     `json:"earliest"`
	Median   int     `json:"median"`
	Latest   int     `json:"latest"`
	Mean     float64 `json:"mean"`
	P10      int     `json:"p10"`
	P90      int     `json:"p90"`
}

// card kinds in the simulation
const (
	kAction = iota
	kReaction
	kEvent
	kCharacter
	kHideout
	kBite
	kinds
)

func kindOf(t string) int {
	switch t {
	case Action:
		return kAction
	case Reaction:
		return kReaction
	case Event:
		return kEvent
	case Character:
		return kCharacter
	}
	return kHideout
}

// simulate plays sim.Runs setups with n players and returns the rounds in
// which the Hidden Bite is drawn. Each game has its own stream, the one
// the whole game of the same number plays (playtest.StreamKey), and the
// engine plays them, so each row is reproducible on its own and on any
// number of cores.
func (s *Setup) simulate(n int, sim SimInfo) *RoundStat {
	var deck []uint8
	f := s.Filter(n)
	for _, c := range s.Deck {
		if f.OpenOnly && c.Closed || c.HiddenBite {
			continue
		}
		for range c.Count {
			deck = append(deck, uint8(kindOf(c.Type)))
		}
	}
	runs := min(sim.Runs, max(1, workBudget/(len(deck)+1)))
	// The rounds counted up to the latest seen: memory follows the
	// game's length, never the number of runs.
	var rounds playtest.Hist
	type worker struct {
		src *rand.PCG
		g   *table
	}
	playtest.EachWith(runs, 0, func() worker {
		src := rand.NewPCG(0, 0)
		return worker{src: src, g: &table{s: s, n: n, rng: rand.New(src), deck: deck}}
	}, func(w worker, i int) int {
		w.src.Seed(uint64(sim.Seed), playtest.StreamKey(n, i))
		return w.g.play()
	}, func(r int) bool {
		if r > 0 {
			rounds.Add(r)
		}
		return true
	})
	if rounds.N() == 0 {
		return nil
	}
	sp := rounds.Span()
	return &RoundStat{Runs: runs, Earliest: rounds.Min(), Median: sp.Median, Latest: rounds.Max(),
		Mean: sp.Mean, P10: sp.P10, P90: sp.P90}
}

// table is one simulated game, reused across runs.
type table struct {
	s     *Setup
	n     int
	rng   *rand.Rand
	deck  []uint8
	cards []uint8
	hands [][kinds]int
	draw  []uint8 // the draw pile, top card last
	disc  []uint8
}

// play sets up and plays until the Hidden Bite is drawn; the round it was
// drawn in, or 0 when it never is (a setup the checks reject).
func (g *table) play() int {
	s, n := g.s, g.n
	g.cards = append(g.cards[:0], g.deck...)
	bite := uint8(kBite)
	if !s.Bite.SetAside {
		g.cards = append(g.cards, bite)
	}
	g.rng.Shuffle(len(g.cards), func(i, j int) { g.cards[i], g.cards[j] = g.cards[j], g.cards[i] })
	if cap(g.hands) < n {
		g.hands = make([][kinds]int, n)
	}
	g.hands = g.hands[:n]
	clear(g.hands)
	dealt := s.Hand.N * n
	if dealt > len(g.cards) {
		return 0
	}
	for k, c := range g.cards[:dealt] {
		if c == bite {
			return 1 // dealt: played on its holder's first turn
		}
		g.hands[k%n][c]++
	}
	rest := g.cards[dealt:]
	first := len(rest) / 2
	if !s.Bite.SetAside {
		first = len(rest) // already shuffled in: one pile
	}
	pile1, pile2 := rest[:first], rest[first:]
	// The draw pile is built top first, then reversed so the top is last.
	g.draw = g.draw[:0]
	g.draw = append(g.draw, pile1...)
	if s.Bite.SetAside {
		switch s.Bite.Into {
		case IntoFirst:
			k := g.rng.IntN(len(pile1) + 1)
			g.draw = append(g.draw[:k], append([]uint8{bite}, g.draw[k:]...)...)
			g.draw = append(g.draw, pile2...)
		case IntoDeck:
			g.draw = append(g.draw, pile2...)
			k := g.rng.IntN(len(g.draw) + 1)
			g.draw = append(g.draw[:k], append([]uint8{bite}, g.draw[k:]...)...)
		default:
			k := g.rng.IntN(len(pile2) + 1)
			g.draw = append(g.draw, pile2[:k]...)
			g.draw = append(g.draw, bite)
			g.draw = append(g.draw, pile2[k:]...)
		}
	} else {
		g.draw = append(g.draw, pile2...)
	}
	for i, j := 0, len(g.draw)-1; i < j; i, j = i+1, j-1 {
		g.draw[i], g.draw[j] = g.draw[j], g.draw[i]
	}
	g.disc = g.disc[:0]
	limit := 64 * (len(g.deck) + 8) // a bound, never reached by a checked setup
	for t := 0; t < limit; t++ {
		p := t % n
		if g.turn(p) {
			return t/n + 1
		}
	}
	return 0
}

func handSize(h *[kinds]int) int {
	return h[kAction] + h[kReaction] + h[kEvent] + h[kCharacter] + h[kHideout]
}

// turn plays player p's Redraw and Take Action; true when the Hidden
// Bite is drawn.
func (g *table) turn(p int) bool {
	h := &g.hands[p]
	event := false
	for handSize(h) < g.s.Redraw.N {
		if len(g.draw) == 0 {
			if len(g.disc) == 0 {
				break
			}
			// "shuffle the Discard Pile to reform the Draw Pile"
			g.draw, g.disc = append(g.draw, g.disc...), g.disc[:0]
			g.rng.Shuffle(len(g.draw), func(i, j int) { g.draw[i], g.draw[j] = g.draw[j], g.draw[i] })
		}
		c := g.draw[len(g.draw)-1]
		g.draw = g.draw[:len(g.draw)-1]
		switch c {
		case kBite:
			return true
		case kEvent:
			event = true // played at once, then out of the game
		default:
			h[c]++
		}
	}
	if event {
		return false
	}
	// An Event dealt at setup is played like one drawn.
	if h[kEvent] > 0 {
		h[kEvent]--
		return false
	}
	playable := h[kAction] + h[kCharacter] + h[kHideout]
	if playable == 0 {
		for k := 0; k < 2 && h[kReaction] > 0; k++ {
			h[kReaction]--
			g.disc = append(g.disc, kReaction)
		}
		return false
	}
	k := g.rng.IntN(playable)
	switch {
	case k < h[kAction]:
		h[kAction]--
		g.disc = append(g.disc, kAction)
		for q := 1; q < g.n; q++ {
			o := &g.hands[(p+q)%g.n]
			if o[kReaction] > 0 && g.rng.IntN(2) == 0 {
				o[kReaction]--
				g.disc = append(g.disc, kReaction)
			}
		}
	case k < h[kAction]+h[kCharacter]:
		h[kCharacter]-- // stays in front of a Camp
	default:
		h[kHideout]--
	}
	return false
}

func round2(v float64) float64 {
	if v < 0 {
		return -round2(-v)
	}
	return float64(int64(v*100+0.5)) / 100
}
