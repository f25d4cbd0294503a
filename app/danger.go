package app

import (
	"slices"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

// dangerOf is the danger overlay's data from a playtest: per board zone,
// the Survivors eliminated there, with the games, agent and seed the
// legend names. playtest --heatmap and render --overlay danger both draw it.
func dangerOf(s *rules.Scene, m playtest.Model, res *playtest.Result) *render.Danger {
	counts := playtest.ZoneCounts(m, res)
	if n := len(s.Board.Zones); len(counts) > n {
		counts = counts[:n]
	}
	var survivors []int
	for _, c := range res.BySurvivors {
		survivors = append(survivors, c.Survivors)
	}
	slices.Sort(survivors)
	return &render.Danger{Counts: counts, Games: res.Played(), Agent: res.Agent.Name, Seed: res.Seed, Survivors: survivors}
}

// fillDanger plays the short playtest (docs/playtest.md) at the mission's
// Survivor count for each --overlay danger: a game without a playtest, or
// a mission its model refuses, is a usage error saying why.
func fillDanger(s *rules.Scene, overlays []render.Overlay) error {
	var d *render.Danger
	for i := range overlays {
		if overlays[i].Kind != render.OverlayDanger || overlays[i].Danger != nil {
			continue
		}
		if d == nil {
			m, res, err := playtest.Quick(s, []int{playtest.MissionSurvivors(s)}, 0, 0)
			if err != nil {
				return usageErr("overlay danger: %v", err)
			}
			d = dangerOf(s, m, res)
		}
		overlays[i].Danger = d
	}
	return nil
}
