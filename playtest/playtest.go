// Package playtest plays a mission many times and says how it plays: win
// rate with its interval, how long games last, why they are lost, when each
// Objective falls and where Survivors die.
//
// It is the engine every simulated game shares: one seeded random stream
// per game played (so the numbers do not depend on how many cores ran
// them), the parallel runner, the statistics and the what-if loop. A game
// supplies a Model (its forward model and agents, bound to one mission)
// from its own rules package; the engine knows board kinds, never games.
package playtest

import (
	"fmt"
	"math/rand/v2"

	"github.com/zmission/zmission/rules"
)

// Bounds on what one run plays. A request above them is answered with the
// bound, never with an allocation sized by the request.
const (
	DefaultGames = 1000
	MaxGames     = 100_000
	MaxSurvivors = 12 // the rulebooks' tables stop at 12 Survivors
	// MaxRounds ends a game that neither side wins: it is counted lost
	// ("time"), so a model that stalls cannot hang a run.
	MaxRounds = 60
)

// Agent names a way of playing the Survivors and says what it does.
type Agent struct {
	Name  string `json:"name"`
	About string `json:"about"`
}

// Model is one mission read by one game's rules, ready to be played many
// times. Play must be safe to call from several goroutines at once and
// must draw every chance from rng alone: the same rng gives the same game.
type Model interface {
	// Zones names the board's places; Outcome.Eliminated indexes them.
	Zones() []string
	// Objectives names the mission's victory conditions, in order;
	// Outcome.Met indexes them.
	Objectives() []string
	// Agents lists the agents the game has, the default first.
	Agents() []Agent
	// Approximations lists what the model assumes where the rule texts
	// give no component (docs/playtest.md explains each).
	Approximations() []string
	// Play plays one whole game.
	Play(g Game, rng *rand.Rand) Outcome
}

// Game is what one game is played with.
type Game struct {
	Survivors int
	Agent     string
}

// Outcome is how one game ended.
type Outcome struct {
	Won    bool
	Rounds int    // Game Rounds played, the last one included
	Cause  string // why it was lost ("" when won): "survivor eliminated", "time", ...
	// Met is, per Objective, the round it was met in (0: never).
	Met []int
	// Eliminated lists the zone of each Survivor eliminated.
	Eliminated []int
}

// Grid is a game on a grid board (rules.KindGrid) that can be played:
// its rules package's registered game implements it.
type Grid interface {
	// Playtest reads a placed mission into a Model; an error says why the
	// mission cannot be played (no start, no Survivor can move, ...).
	// decks, when not nil, is a file of the game's own shape replacing the
	// decks its model assumes (docs/playtest.md).
	Playtest(s *rules.Scene, decks []byte) (Model, error)
}

// ForScene finds the playable game of a placed mission.
func ForScene(s *rules.Scene, decks []byte) (Model, error) {
	g, ok := rules.Lookup(s.Mission.Ruleset).(Grid)
	if !ok {
		return nil, fmt.Errorf("no playtest for the %s ruleset yet", s.Mission.Ruleset)
	}
	return g.Playtest(s, decks)
}

// Clamp bounds a requested number of games: at least 1, at most MaxGames;
// clamped reports that the request was over the bound.
func Clamp(games int) (n int, clamped bool) {
	switch {
	case games <= 0:
		return 1, false
	case games > MaxGames:
		return MaxGames, true
	}
	return games, false
}

// Stream is the random stream of one game: game number i of the run with
// seed, played with that many Survivors. Each game has its own, so a game
// plays the same whichever worker plays it and whatever ran before.
func Stream(seed uint64, survivors, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, StreamKey(survivors, i)))
}

// StreamKey is the second PCG seed of Stream's game i with that many
// Survivors (or players): a model that reseeds one generator per game,
// rather than allocating one, plays the same games with
// pcg.Seed(seed, StreamKey(survivors, i)).
func StreamKey(survivors, i int) uint64 {
	return uint64(survivors)<<32 | uint64(uint32(i))
}

// PartStreamKey is StreamKey for a game played in more than one part at
// each count (a colony scenario's normal and hardcore sides): each part
// has streams of its own. Part 0 is StreamKey itself.
func PartStreamKey(part, survivors, i int) uint64 {
	return StreamKey(part<<8|survivors&0xff, i)
}
