package playtest

import (
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
}

// WhatIf plays the mission and each change with opt (its first Survivor
// count only) and lists the changes by how far they move the win rate,
// the largest first. Every change is played on the same seeds as the
// mission, so the difference is the change's, not the dice's (common
// random numbers).
func WhatIf(m Model, changes []Change, opt Options) ([]WhatIfLine, error) {
	if len(opt.Survivors) == 0 || len(changes) == 0 {
		return nil, nil
	}
	changes = changes[:min(len(changes), MaxChanges)]
	o := opt
	o.Survivors = opt.Survivors[:1]
	base, err := Run(m, o)
	if err != nil {
		return nil, err
	}
	from := base.BySurvivors[0]
	out := make([]WhatIfLine, 0, len(changes))
	for _, c := range changes {
		r, err := Run(c.Model, o)
		if err != nil {
			return nil, err
		}
		to := r.BySurvivors[0].WinRate
		out = append(out, WhatIfLine{Change: c.Name, Survivors: from.Survivors, From: from.WinRate, To: to, Delta: round4(to - from.WinRate)})
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

// Varied is a Model that can propose the what-if changes of its mission:
// the mission's own Spawn Zones and doors, one at a time.
type Varied interface {
	// Changes lists at most limit changes, in the mission's order, and
	// how many it could have listed.
	Changes(limit int) (changes []Change, of int)
}
