package facility

import "github.com/zmission/zmission/rules"

// The facility's weights (docs/estimates.md): what a character's quickest
// way out costs, in oxygen and moves, and what is already after them.
const (
	wSections  = 1.0  // per section whose life support starts inactive
	wOxygen    = 0.4  // per oxygen the quickest escape burns of the 7
	wMoves     = 0.25 // per move of the quickest escape
	wIntruders = 1.5  // per intruder the scenario places
	wNoise     = 0.5  // per noise marker the scenario places
	wDestroy   = 1.0  // when the Nest must be destroyed too
)

// Estimate reads the scenario's difficulty and playing time from its
// analysis a: the quickest plan of any escape (moves, oxygen burnt, round),
// the sections without life support, and the intruders and noise placed.
func (f *Facility) Estimate(a *Analysis) rules.Estimate {
	best := (*Plan)(nil)
	for i := range a.Escapes {
		e := &a.Escapes[i]
		if e.Unreachable {
			continue
		}
		for j := range e.Plans {
			p := &e.Plans[j]
			if p.TooLate {
				continue
			}
			if best == nil || p.Round < best.Round || p.Round == best.Round && p.Moves < best.Moves {
				best = p
			}
		}
	}
	moves, burnt, round := 0, 7, lastRound
	if best != nil {
		moves, burnt, round = best.Moves, 7-best.Margin, best.Round
	}
	intruders, noise := 0, 0
	for _, t := range f.Tokens {
		n := max(t.Count, 1)
		switch t.Type {
		case "intruder":
			intruders += n
		case "noise":
			noise += n
		}
	}
	destroy := 0
	for _, o := range a.Objectives {
		if o.Destroy == "nest" {
			destroy = 1
		}
	}
	score := wSections*float64(len(a.LifeSupply.Inactive)) + wOxygen*float64(max(burnt, 0)) + wMoves*float64(moves) +
		wIntruders*float64(intruders) + wNoise*float64(noise) + wDestroy*float64(destroy)
	// Minutes: an hour of setting up and first rounds, two per slot of
	// the facility to explore, five per round the quickest escape takes,
	// ten more to destroy the Nest.
	minutes := 60 + 2*float64(a.Slots) + 5*float64(round) + 10*float64(destroy)
	return rules.NewEstimate(score, minutes, []rules.Figure{
		{Name: "inactive sections", Value: float64(len(a.LifeSupply.Inactive))},
		{Name: "quickest escape moves", Value: float64(moves)},
		{Name: "oxygen burnt", Value: float64(burnt)},
		{Name: "escape round", Value: float64(round)},
		{Name: "intruders placed", Value: float64(intruders)},
		{Name: "noise markers", Value: float64(noise)},
		{Name: "destroy the nest", Value: float64(destroy)},
	})
}
