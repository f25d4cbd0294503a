// Package gridplay holds what the grid games' forward models share: the
// dice of an Attack, the Danger Levels and the Actions they give, the decks'
// shuffling and card numbers, and the loss causes every game prints the
// same way. Each game (rules/invader, and the classic game next) keeps its
// own state, doors, special Zones, decks and Survivors, and its tests quote
// its own rule text; what lives here is only what both texts say alike.
package gridplay

import (
	"slices"

	"github.com/zmission/zmission/playtest"
)

// Loss causes every grid game prints the same way.
const (
	// LostSurvivor: a starting Survivor was eliminated.
	LostSurvivor = "Survivor eliminated"
	// LostTime: no result after playtest.MaxRounds (the model's bound, not
	// a rule).
	LostTime = "time"
)

// Outcome is how a game ended, for the playtest: rounds played, the
// round each objective was met in (met), the zones Survivors were
// eliminated in (elim); a game neither won nor lost was lost on time.
func Outcome(won bool, rounds int, cause string, met, elim []int) playtest.Outcome {
	o := playtest.Outcome{Won: won, Rounds: rounds, Cause: cause, Met: slices.Clone(met), Eliminated: slices.Clone(elim)}
	if !won && o.Cause == "" {
		o.Cause = LostTime
	}
	return o
}
