package playtest

import (
	"fmt"
	"math"
	"slices"
)

// MaxChanges bounds the what-if changes a run plays: a mission with
// thousands of Spawn Zones and doors would otherwise play a run per token.
const MaxChanges = 24

// Change is one edit of a mission a game proposes for the what-if loop
// ("without the red Spawn Zone at 3B/a"), already read into a Model.
type Change struct {
	Name  string
	Model Model
}

// WhatIfLine is how one change moves the win rate.
type WhatIfLine struct {
	Change    string  `json:"change"`
	Survivors int     `json:"survivors"`
	From      float64 `json:"from"` // the mission's own win rate
	To        float64 `json:"to"`   // with the change
	Delta     float64 `json:"delta"`
	// The games are paired (same seeds), so the difference is judged on
	// the pairs that disagree: Gained games lost by the mission and won
	// with the change, Lost the other way round, of Games pairs.
	Games  int `json:"games"`
	Gained int `json:"gained"`
	Lost   int `json:"lost"`
	// CI95 is the 95% interval of To − From on the pairs (PairedDiff);
	// Significant, that it leaves 0 out.
	CI95        [2]float64 `json:"ci95"`
	Significant bool       `json:"significant"`
}

// WhatIf plays the mission and each change with opt (its first Survivor
// count only) and lists the changes by how far they move the win rate,
// the largest first. Every change is played on the same seeds as the
// mission, so the difference is the change's, not the dice's (common
// random numbers), and each game of a change is paired with the
// mission's game of the same number for its interval.
func WhatIf(m Model, changes []Change, opt Options) ([]WhatIfLine, error) {
	if len(opt.Survivors) == 0 || len(changes) == 0 {
		return nil, nil
	}
	changes = changes[:min(len(changes), MaxChanges)]
	agent, err := pickAgent(m, opt.Agent)
	if err != nil {
		return nil, err
	}
	s := opt.Survivors[0]
	if s < 1 || s > MaxSurvivors {
		return nil, fmt.Errorf("%d Survivors: play 1 to %d", s, MaxSurvivors)
	}
	n, _ := Clamp(opt.Games)
	// One bit per game of the mission: bounded by MaxGames.
	base := make([]bool, n)
	wins := 0
	i := 0
	Each(n, opt.Workers, func(k int) Outcome {
		return m.Play(Game{Survivors: s, Agent: agent.Name}, Stream(opt.Seed, s, k))
	}, func(o Outcome) {
		base[i] = o.Won
		if o.Won {
			wins++
		}
		i++
	})
	from := round4(float64(wins) / float64(n))
	out := make([]WhatIfLine, 0, len(changes))
	for _, c := range changes {
		ca, err := pickAgent(c.Model, agent.Name)
		if err != nil {
			return nil, err
		}
		gained, lost, won := 0, 0, 0
		i := 0
		Each(n, opt.Workers, func(k int) Outcome {
			return c.Model.Play(Game{Survivors: s, Agent: ca.Name}, Stream(opt.Seed, s, k))
		}, func(o Outcome) {
			switch {
			case o.Won && !base[i]:
				gained++
			case !o.Won && base[i]:
				lost++
			}
			if o.Won {
				won++
			}
			i++
		})
		to := round4(float64(won) / float64(n))
		lo, hi := PairedDiff(gained, lost, n, z95)
		out = append(out, WhatIfLine{Change: c.Name, Survivors: s, From: from, To: to, Delta: round4(to - from),
			Games: n, Gained: gained, Lost: lost, CI95: [2]float64{round4(lo), round4(hi)}, Significant: lo > 0 || hi < 0})
	}
	slices.SortStableFunc(out, func(a, b WhatIfLine) int {
		da, db := math.Abs(a.Delta), math.Abs(b.Delta)
		switch {
		case da > db:
			return -1
		case da < db:
			return 1
		}
		if a.Change < b.Change {
			return -1
		}
		if a.Change > b.Change {
			return 1
		}
		return 0
	})
	return out, nil
}

// PairedDiff is the interval, at the normal quantile z, of the difference
// of two win rates measured on the same n games, of which gained were won
// only by the second and lost only by the first: McNemar's paired
// difference (gained − lost)/n, with the Agresti–Min adjustment (half a
// game added to each cell of the 2×2 table: Agresti and Min, "Simple
// improved confidence intervals for comparing matched proportions",
// Statistics in Medicine 24, 2005), which keeps a sensible width when
// few pairs disagree. The agreeing pairs say nothing of the difference.
func PairedDiff(gained, lost, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return -1, 1
	}
	b, c, nn := float64(lost)+0.5, float64(gained)+0.5, float64(n)+2
	d := (c - b) / nn
	v := ((b + c) - (c-b)*(c-b)/nn) / (nn * nn)
	half := z * math.Sqrt(max(v, 0))
	return max(-1, d-half), min(1, d+half)
}

// Varied is a Model that can propose the what-if changes of its mission:
// the mission's own Spawn Zones and doors, one at a time.
type Varied interface {
	// Changes lists at most limit changes, in the mission's order, and
	// how many it could have listed.
	Changes(limit int) (changes []Change, of int)
}
