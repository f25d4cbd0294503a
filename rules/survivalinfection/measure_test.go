package survivalinfection

import (
	"fmt"
	"os"
	"testing"
)

// TestMeasureApproximations prints how much each stand-in number and
// policy choice of the whole-game model moves the base game's figures
// (docs/rules-survival-infection.md, "Whole games", quotes the table). It
// plays 4000 games a count per line, so it runs only when asked:
//
//	ZMISSION_MEASURE=1 go test ./rules/survivalinfection -run Measure -v
func TestMeasureApproximations(t *testing.T) {
	if os.Getenv("ZMISSION_MEASURE") == "" {
		t.Skip("set ZMISSION_MEASURE=1 to measure")
	}
	line := func(name string) {
		row := name
		for _, r := range Base().PlayGames(1, 4000) {
			if r.Players%2 == 1 {
				continue
			}
			row += fmt.Sprintf(" | %d: %d rounds, Zombies %.1f%%, seat 1 %+.1f pts", r.Players, r.Rounds.Median, r.Zombies.Rate*100, r.FirstSeat*100)
		}
		t.Log(row)
	}
	line("the model as documented")
	saveDefault = 2
	line("a saving Reaction saves 2, not 1")
	saveDefault = 1
	allLoss = 1
	line("Attack Everyone kills 1 in each other Camp, not 2")
	allLoss = 2
	plainHideout = cardFx{kind: fxHideout}
	line("a Hideout that prints no modifier has none (not the Apartment Building's)")
	plainHideout = apartment
	noHideout.inf = 2
	line("No Hideout adds +2 to Infection rolls too")
	noHideout.inf = 0
	undeadAtLeader = true
	line("the undead kill from the Camp with the most people")
	undeadAtLeader = false
}
