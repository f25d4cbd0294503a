package generate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// How a candidate's difficulty is judged (Options.JudgeBy).
const (
	// JudgePlaytest plays each candidate the formula put within one band
	// of the difficulty asked, with the short playtest analyze reads
	// (playtest.Quick: its games, its seed) at the mission's Survivor
	// count, and keeps one the playtest finds of that difficulty. A game
	// with no model of play yet is judged by the formula, and the result
	// says so.
	JudgePlaytest = "playtest"
	// JudgeFormula keeps the formula's band alone.
	JudgeFormula = "formula"
)

// Playable reports whether the ruleset's rules package plays its
// missions: a game whose model lands is judged by its playtest with no
// change here.
func Playable(ruleset string) bool {
	_, ok := rules.Lookup(ruleset).(playtest.Grid)
	return ok
}

// judge reads a proved candidate's difficulty: the band it plays at and,
// when the candidate cannot be played, why (the candidate is passed
// over). An error stops the generation.
type judge func(c *candidate) (band, why string, err error)

// judge is how rq judges its candidates (nil: the formula alone), and, for
// the result, how the difficulty was read when it is not by a playtest.
func (rq *request) judge() (judge, string) {
	if j := rq.o.Judge; j != nil {
		return func(c *candidate) (string, string, error) {
			d, err := j(c.r)
			return d, "", err
		}, ""
	}
	if rq.o.JudgeBy == JudgeFormula {
		return nil, "by the formula, as asked (--judge formula)"
	}
	if !Playable(rq.g.Ruleset) {
		return nil, fmt.Sprintf("by the formula: no playtest for %s yet (docs/playtest.md)", rq.g.Ruleset)
	}
	if n := rq.survivors(); n > playtest.MaxSurvivors {
		// The playtest would play the mission at 12 and call that its
		// difficulty: the formula reads the count written.
		return nil, fmt.Sprintf("by the formula: the playtest plays 1 to %d Survivors, and this mission is for %d", playtest.MaxSurvivors, n)
	}
	asked := bandRates[rq.o.Difficulty]
	return func(c *candidate) (string, string, error) {
		// A screen of the run's first games (the same games: each has its
		// own stream) passes over a candidate whose 95% interval lies
		// outside the band asked; the rest are played in full.
		_, res, err := playtest.Quick(c.r.Scene, []int{playtest.MissionSurvivors(c.r.Scene)}, screenGames, 0)
		if err != nil {
			return "", "the playtest cannot play it: " + err.Error(), nil
		}
		if ci := res.BySurvivors[0].CI95; ci[1] < asked[0] || ci[0] >= asked[1] {
			return res.BySurvivors[0].Difficulty, "", nil
		}
		e := c.est
		playtest.ReadDifficulty(c.r.Scene, &e, 0, 0)
		if e.From != rules.FromPlaytest {
			return "", "the playtest cannot play it: " + e.NoPlaytest, nil
		}
		c.est = e
		return e.Difficulty, "", nil
	}, ""
}

// survivors is the Survivor count the mission is written for: asked, else
// the --from file's.
func (rq *request) survivors() int {
	if rq.o.Survivors > 0 {
		return rq.o.Survivors
	}
	if rq.from != nil {
		return rq.from.Survivors
	}
	return 0
}

// screenGames are the games a candidate is screened with before the
// short playtest's full run.
const screenGames = 40

// bandRates are the win rates each difficulty reads from (playtest.Band):
// from the first, below the second.
var bandRates = map[string][2]float64{
	"easy":   {playtest.BandEasy, 2},
	"medium": {playtest.BandMedium, playtest.BandEasy},
	"hard":   {playtest.BandDeadly, playtest.BandMedium},
}

// judgeWanted: the formula as the first filter — a candidate it puts two
// bands from the difficulty asked is not played.
func judgeWanted(formula, asked string) bool {
	order := []string{"easy", "medium", "hard"}
	a, b := slices.Index(order, formula), slices.Index(order, asked)
	return a >= 0 && b >= 0 && a-b <= 1 && b-a <= 1
}

// judgedWords words how the kept candidate's difficulty was read.
func judgedWords(e rules.Estimate, note string) string {
	if p := e.Playtest; e.From == rules.FromPlaytest && p != nil {
		return fmt.Sprintf("by a playtest: won %d of %d games with %d Survivor%s (the formula: %s, score %.1f)",
			p.Wins, p.Games, p.Survivors, plural(p.Survivors), e.Formula, e.Score)
	}
	if note != "" {
		return note
	}
	return "by the judge given"
}

// playedWords tallies the bands the judge found: "easy ×3, hard".
func playedWords(got []string) string {
	n := map[string]int{}
	var order []string
	for _, d := range got {
		if n[d] == 0 {
			order = append(order, d)
		}
		n[d]++
	}
	var out []string
	for _, d := range order {
		if n[d] == 1 {
			out = append(out, d)
		} else {
			out = append(out, fmt.Sprintf("%s ×%d", d, n[d]))
		}
	}
	return strings.Join(out, ", ")
}

// steer moves the difficulty the structure aims at one band towards the
// difficulty asked, against what the judge found: a candidate played
// harder than asked, the next is built easier, and the other way (a
// candidate of the difficulty asked moves nothing). The aim goes beyond
// the bands the structure reaches for a request (gentle, deadly) when the
// judge keeps finding a board off the difficulty asked.
func steer(aim, played, asked string) string {
	order := []string{gentle, "easy", "medium", "hard", deadly}
	a, p, k := slices.Index(order, aim), slices.Index(order, played), slices.Index(order, asked)
	switch {
	case p < 0 || k < 0 || a < 0 || p == k:
		return aim
	case p > k && a > 0:
		return order[a-1]
	case p < k && a < len(order)-1:
		return order[a+1]
	}
	return aim
}

// gentle is an aim below easy: one Spawn Zone, far off, no chain, no Mold.
const gentle = "gentle"

// deadly is an aim above hard, for a board too small for hard by the
// hard aim's structure: a Spawn Zone more, all as near as hard allows,
// more Mold.
const deadly = "deadly"

// hardAim reports whether the structure aims at hard or above.
func (rq *request) hardAim() bool { return rq.aim == "hard" || rq.aim == deadly }
