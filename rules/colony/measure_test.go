package colony

import (
	"fmt"
	"os"
	"testing"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// TestMeasureApproximations prints how much each number the text does not
// give moves a scenario's figures (docs/rules-colony.md, "Playing a
// scenario out", quotes the table), on examples/colony/field-hospital.yaml.
// It runs only when asked:
//
//	ZMISSION_MEASURE=1 go test ./rules/colony -run Measure -v
func TestMeasureApproximations(t *testing.T) {
	if os.Getenv("ZMISSION_MEASURE") == "" {
		t.Skip("set ZMISSION_MEASURE=1 to measure")
	}
	const dir = "../../examples/colony/"
	data, err := os.ReadFile(dir + "field-hospital.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, probs := missions.Load("field-hospital.yaml", data, source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	m, _ := game{}.Load(doc, rules.LoadEnv{ReadFile: func(name string) ([]byte, error) { return os.ReadFile(dir + name) }})
	s := m.(*Scenario)
	line := func(name string) {
		row := name
		for _, r := range s.PlayOut(1, 4000).Rows {
			if r.Side != "normal" || r.Players == 3 {
				continue
			}
			row += fmt.Sprintf(" | %d: met %.1f%%, morale held %.1f%%, round %d", r.Players, r.Met.Rate*100, r.MoraleHeld.Rate*100, r.Rounds.Median)
		}
		t.Log(row)
	}
	line("the model as documented")
	searchOn, attackOn = 4, 5
	line("Search on 4+ and Attack on 5+ (weaker Survivors)")
	searchOn, attackOn = 3, 4
	crisisFail = 0
	line("a failed Crisis costs no Morale")
	crisisFail = 1
	startFood = 1
	line("the supply starts with 1 Food per player")
	startFood = 0
	foodPerCard = 2
	line("a Food card adds 2 Food")
	foodPerCard = 1
}
