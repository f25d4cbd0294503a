package gridplay

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// script is a game that records the round's steps and ends at the step
// named by endAt (in round endRound), or never.
type script struct {
	log      []string
	endAt    string
	endRound int
	round    *int
	over     bool
}

func (g *script) step(name string) {
	g.log = append(g.log, name)
	if name == g.endAt && *g.round == g.endRound {
		g.over = true
	}
}

func (g *script) Over() bool  { return g.over }
func (g *script) StartRound() { g.step("start") }
func (g *script) Activate(k KindSet) {
	if k == AllKinds {
		g.step("all")
	} else {
		g.step(fmt.Sprint("only", slices.Index(k[:], true)))
	}
}
func (g *script) Spawn()    { g.step("spawn") }
func (g *script) EndRound() { g.step("end") }

// players is the script's agent.
type players struct{}

func (players) Players(g *script) { g.step("players") }

func TestRoundOrder(t *testing.T) {
	round := 1
	g := &script{round: &round}
	PlayRound(g, players{})
	if got, want := strings.Join(g.log, " "), fmt.Sprintf("start players all only%d spawn end", Fast); got != want {
		t.Errorf("a round: %s, want %s", got, want)
	}
}

// TestRoundStopsWhenOver: no step runs once the game is won or lost.
func TestRoundStopsWhenOver(t *testing.T) {
	steps := []string{"start", "players", "all", fmt.Sprint("only", Fast), "spawn", "end"}
	for i, s := range steps {
		round := 1
		g := &script{round: &round, endAt: s, endRound: 1}
		if Play(g, players{}, &round, 10) {
			t.Errorf("over at %s: timed out", s)
		}
		if !slices.Equal(g.log, steps[:i+1]) || round != 1 {
			t.Errorf("over at %s: %v in round %d", s, g.log, round)
		}
	}
}

func TestPlayCountsRounds(t *testing.T) {
	round := 1
	g := &script{round: &round, endAt: "spawn", endRound: 3}
	if Play(g, players{}, &round, 10) || round != 3 {
		t.Errorf("won in round 3: round %d", round)
	}
	round = 1
	g = &script{round: &round}
	if !Play(g, players{}, &round, 4) || round != 4 || len(g.log) != 4*6 {
		t.Errorf("never over, bound 4: timed out %v at round %d after %d steps", true, round, len(g.log))
	}
}
