package gridplay

import "math/rand/v2"

// Sim is a game at play that the rollouts can copy, play on and rate.
type Sim[G any] interface {
	Phases
	// Rand is the game's random stream.
	Rand() *rand.Rand
	// Clone copies the game, to be played on with the stream rng and
	// told to nobody.
	Clone(rng *rand.Rand) G
	// NextRound counts one more Game Round.
	NextRound()
	// Score rates the game (Rate).
	Score() float64
}

// Rollout is the strong group: at the start of each Players' Phase it
// plays each variant of the careful group (Variants[0]) a few rounds ahead
// on copies of the game, and keeps the variant whose copies end best:
// Rollouts copies a variant, Depth rounds deep, the later rounds played
// by the careful group. Each copy plays on a stream seeded from the game's
// own, the same for every variant, so the variants meet the same dice.
type Rollout[G Sim[G], A Agent[G]] struct {
	Variants []A
	Rollouts int
	Depth    int
}

// Players plays the Players' Phase with the variant that rolled out best.
func (r *Rollout[G, A]) Players(s G) {
	seeds := make([][2]uint64, r.Rollouts)
	for k := range seeds {
		seeds[k] = [2]uint64{s.Rand().Uint64(), s.Rand().Uint64()}
	}
	best, bestScore := 0, 0.0
	for v, st := range r.Variants {
		score := 0.0
		for k := range r.Rollouts {
			c := s.Clone(rand.New(rand.NewPCG(seeds[k][0], seeds[k][1])))
			st.Players(c)
			if !c.Over() {
				EnemiesPhase(c)
				if !c.Over() {
					c.EndRound()
				}
			}
			for d := 1; d < r.Depth && !c.Over(); d++ {
				c.NextRound()
				PlayRound(c, r.Variants[0])
			}
			score += c.Score()
		}
		if v == 0 || score > bestScore {
			best, bestScore = v, score
		}
	}
	r.Variants[best].Players(s)
}

// Rate is a game's score for the rollouts: a won game 1e4 less its rounds,
// a lost one -1e4 plus them; one in progress 100 a met objective and 30 a
// taken Objective token, plus what its Survivors are worth (survivors,
// the game's own measure). Every term is a whole number, so the sum does
// not depend on the order it is added in.
func Rate(over, won bool, round int, met []int, taken []bool, survivors func() float64) float64 {
	if over {
		if won {
			return 1e4 - float64(round)
		}
		return -1e4 + float64(round)
	}
	v := 0.0
	for _, m := range met {
		if m > 0 {
			v += 100
		}
	}
	v += survivors()
	for _, t := range taken {
		if t {
			v += 30
		}
	}
	return v
}
