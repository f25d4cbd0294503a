package sitepage

import (
	"fmt"
	"math"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/site"
)

// playtestSection is how a mission the playtest can play plays: the short
// playtest (the games, seed and agent analyze reads its difficulty from)
// at the mission's Survivor count and one either side, as a table of win
// rates with their intervals. ok is false for a game without a playtest
// or a mission its model refuses: the page then says nothing of it.
func playtestSection(s *rules.Scene) (sec site.AnalysisSection, ok bool) {
	n := playtest.MissionSurvivors(s)
	_, res, err := playtest.Quick(s, playtest.Around(n), 0, 0)
	if err != nil {
		return sec, false
	}
	t := &site.Table{Head: []string{"Survivors", "Games", "Wins", "Win rate", "95% interval", "Reads as"}}
	for _, c := range res.BySurvivors {
		who := fmt.Sprint(c.Survivors)
		if c.Survivors == n {
			who += " (the mission's)"
		}
		t.Rows = append(t.Rows, site.Row{Cells: []string{who, fmt.Sprint(c.Games), fmt.Sprint(c.Wins), pct(c.WinRate),
			pct(c.CI95[0]) + "–" + pct(c.CI95[1]), c.ReadsAs}})
	}
	return site.AnalysisSection{
		Title: "Playtest",
		Lines: []string{fmt.Sprintf("%d games per Survivor count played by the rules' text, seed %d, agent %s (%s). "+
			"The model and what it assumes: docs/playtest.md.", res.Games, res.Seed, res.Agent.Name, res.Agent.About)},
		Table: t,
	}, true
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", math.Round(x*1000)/10) }
