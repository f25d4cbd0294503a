package rules

import (
	"fmt"
	"math"
	"strings"
)

// Estimate is a mission's difficulty and playing time worked out from its
// map (docs/estimates.md gives each game's formula and how it was
// calibrated), with the figures it rests on.
type Estimate struct {
	Difficulty string   `json:"difficulty"` // easy, medium, hard
	Score      float64  `json:"score"`      // the difficulty figure the band is read from
	Minutes    int      `json:"minutes"`    // estimated playing time
	Figures    []Figure `json:"figures"`
	// From says what Difficulty was read from: FromPlaytest (Playtest
	// holds the run, Formula the formula's band) or, when empty, the
	// formula. NoPlaytest says why a game that can be played was read
	// from the formula instead (no playtest for it yet, a refused model).
	From       string           `json:"from,omitempty"`
	Formula    string           `json:"formula,omitempty"`
	Playtest   *PlaytestReading `json:"playtest,omitempty"`
	NoPlaytest string           `json:"no_playtest,omitempty"`
}

// FromPlaytest is Estimate.From when a short playtest gave the difficulty.
const FromPlaytest = "playtest"

// PlaytestReading is the short playtest a difficulty was read from: the
// win rate at the mission's Survivor count, with its sample and seed.
type PlaytestReading struct {
	Survivors int        `json:"survivors"`
	Games     int        `json:"games"`
	Wins      int        `json:"wins"`
	WinRate   float64    `json:"win_rate"`
	CI95      [2]float64 `json:"ci95"`
	Agent     string     `json:"agent"`
	Seed      uint64     `json:"seed"`
}

// Figure is one number an estimate rests on.
type Figure struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// The bands: a score below BandEasy is easy, from BandHard hard.
const (
	BandEasy = 3.5
	BandHard = 5.5
)

// Band is the difficulty a score falls in.
func Band(score float64) string {
	switch {
	case score < BandEasy:
		return "easy"
	case score >= BandHard:
		return "hard"
	}
	return "medium"
}

// The tile games' weights, calibrated on the examples (docs/estimates.md).
const (
	wPressure = 2.0 // per unit of pressure
	wSpawn    = 0.5 // per Spawn Zone that spawns
	wSteps    = 0.5 // per step of the key chain
	wMold     = 1.0 // divided by the Mold zones still needed to link two Spawn Zones
)

// EstimateOf reads the estimate of a mission on tiles from its analysis:
// pressure (Σ 1/enemy moves to the start over the Spawn Zones that ever
// spawn), Spawn Zones, steps of the key chain, Mold zones still needed to
// link two Spawn Zones (Invader), and the Survivor moves of the tour.
func EstimateOf(a *Analysis) Estimate {
	moves, steps, spawns := 0, max(len(a.Spheres)-1, 0), 0
	pressure := 0.0
	for _, r := range a.Routes {
		if r.Moves > 0 {
			moves += r.Moves
		}
	}
	for _, s := range a.Spawns {
		if s.Active == "never" || s.ToStart < 0 {
			continue
		}
		spawns++
		pressure += 1 / float64(max(s.ToStart, 1))
	}
	pressure = math.Round(pressure*100) / 100
	score := wPressure*pressure + wSpawn*float64(spawns) + wSteps*float64(steps)
	figs := []Figure{{"pressure", pressure}, {"spawn zones", float64(spawns)}, {"key steps", float64(steps)}}
	if a.Mold != nil && a.Mold.Zones >= 1 {
		score += wMold / float64(a.Mold.Zones)
		figs = append(figs, Figure{"mold links", float64(a.Mold.Zones)})
	}
	figs = append(figs, Figure{"tour moves", float64(moves)})
	// Minutes: setting up and explaining, two per Survivor move of the
	// tour, fourteen per step of the key chain.
	return NewEstimate(score, 25+2*float64(moves)+14*float64(steps), figs)
}

// NewEstimate rounds a score (to a tenth) and minutes (to 5) into an
// estimate.
func NewEstimate(score, minutes float64, figs []Figure) Estimate {
	score = math.Round(score*10) / 10
	return Estimate{Score: score, Difficulty: Band(score), Minutes: int(math.Round(minutes/5) * 5), Figures: figs}
}

// Line words the estimate for a report.
func (e Estimate) Line() string {
	return fmt.Sprintf("%s (score %.1f), about %d minutes", e.Difficulty, e.Score, e.Minutes)
}

// FiguresLine lists the figures: "pressure 1.17, spawn zones 3, ...".
func (e Estimate) FiguresLine() string {
	var parts []string
	for _, f := range e.Figures {
		parts = append(parts, fmt.Sprintf("%s %s", f.Name, trimFloat(f.Value)))
	}
	return strings.Join(parts, ", ")
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%d", int(v))
	}
	return fmt.Sprintf("%.2f", v)
}

// Report is the estimate as analyze prints it, with the figures it rests
// on.
func (e Estimate) Report() string {
	if p := e.Playtest; e.From == FromPlaytest && p != nil {
		return fmt.Sprintf("Difficulty (docs/estimates.md): %s, read from a playtest: won %d of %d games (%s, 95%% interval %s–%s)\n"+
			"  with %d %s, agent %s, seed %d\n"+
			"Estimate by the formula: %s (score %.1f), about %d minutes\n  from %s\n",
			e.Difficulty, p.Wins, p.Games, percent(p.WinRate), percent(p.CI95[0]), percent(p.CI95[1]),
			p.Survivors, survivorNoun(p.Survivors), p.Agent, p.Seed, e.Formula, e.Score, e.Minutes, e.FiguresLine())
	}
	out := fmt.Sprintf("Estimate (docs/estimates.md): %s\n  from %s\n", e.Line(), e.FiguresLine())
	if e.NoPlaytest != "" {
		out += fmt.Sprintf("  difficulty read from the formula: %s\n", e.NoPlaytest)
	}
	return out
}

// survivorNoun agrees with a count of Survivors: "1 Survivor", "2 Survivors".
func survivorNoun(n int) string {
	if n == 1 {
		return "Survivor"
	}
	return "Survivors"
}

// percent words a rate as a percentage with one decimal.
func percent(x float64) string { return fmt.Sprintf("%.1f%%", math.Round(x*1000)/10) }
