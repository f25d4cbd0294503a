package playtest

import (
	"fmt"

	"github.com/zmission/zmission/rules"
)

// The short playtest the other views read (analyze's difficulty, render's
// danger overlay, the site's win rates): a few hundred games with a fixed
// seed and the default agent, so every view shows the same figures for the
// same file, and analyze stays well under a second on a 6-tile example.
const (
	QuickGames = 200
	QuickSeed  = 1
)

// DefaultSurvivors is the Survivor count a mission is played at when it
// gives none.
const DefaultSurvivors = 6

// MissionSurvivors is the Survivor count the mission is written for.
func MissionSurvivors(s *rules.Scene) int {
	if s == nil || s.Mission == nil || s.Mission.Survivors <= 0 {
		return DefaultSurvivors
	}
	return min(s.Mission.Survivors, MaxSurvivors)
}

// Around is n and one Survivor either side, kept within [1, MaxSurvivors].
func Around(n int) []int {
	var out []int
	for k := n - 1; k <= n+1; k++ {
		if k >= 1 && k <= MaxSurvivors {
			out = append(out, k)
		}
	}
	return out
}

// Quick plays the short playtest of a placed mission at these Survivor
// counts: games per count (0: QuickGames) with seed (0: QuickSeed). An
// error says why it cannot run: no playtest for the game yet, or the
// model refused the mission.
func Quick(s *rules.Scene, survivors []int, games int, seed uint64) (Model, *Result, error) {
	if s == nil || s.Mission == nil {
		return nil, nil, fmt.Errorf("no placed mission to play")
	}
	m, err := ForScene(s, nil)
	if err != nil {
		return nil, nil, err
	}
	if games <= 0 {
		games = QuickGames
	}
	if seed == 0 {
		seed = QuickSeed
	}
	res, err := Run(m, Options{Games: games, Seed: seed, Survivors: survivors})
	if err != nil {
		return nil, nil, err
	}
	return m, res, nil
}

// ReadDifficulty reads a mission's difficulty from the short playtest at
// its Survivor count, in the bands of Band, into its estimate; where the
// playtest cannot run, the estimate keeps the formula's reading and says
// why (docs/estimates.md). games and seed are Quick's.
func ReadDifficulty(s *rules.Scene, e *rules.Estimate, games int, seed uint64) {
	if e == nil {
		return
	}
	n := MissionSurvivors(s)
	_, res, err := Quick(s, []int{n}, games, seed)
	if err != nil {
		e.NoPlaytest = err.Error()
		return
	}
	c := res.BySurvivors[0]
	e.From = rules.FromPlaytest
	e.Formula = e.Difficulty
	e.Difficulty = c.Difficulty
	e.Playtest = &rules.PlaytestReading{Survivors: c.Survivors, Games: c.Games, Wins: c.Wins, WinRate: c.WinRate,
		CI95: c.CI95, Agent: res.Agent.Name, Seed: res.Seed}
}

// ZoneCounts is, per zone of the model (the board's zones, in order), the
// Survivors the run saw eliminated there: what a heat map tints.
func ZoneCounts(m Model, res *Result) []int {
	names := m.Zones()
	index := make(map[string]int, len(names))
	for i, z := range names {
		index[z] = i
	}
	counts := make([]int, len(names))
	for _, z := range res.Zones {
		if i, ok := index[z.Zone]; ok {
			counts[i] = z.Eliminations
		}
	}
	return counts
}

// Played is how many games the run played in all, over every Survivor
// count: what its zone counts are over.
func (r *Result) Played() int {
	n := 0
	for _, c := range r.BySurvivors {
		n += c.Games
	}
	return n
}
