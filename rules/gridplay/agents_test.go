package gridplay

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// toy is a game the rollouts can play: each variant's Players adds its
// step to the score; the enemies take one point a round.
type toy struct {
	rng   *rand.Rand
	round int
	score float64
	over  bool
}

func (g *toy) Over() bool                { return g.over }
func (g *toy) StartRound()               {}
func (g *toy) Activate(KindSet)          {}
func (g *toy) Spawn()                    { g.score-- }
func (g *toy) EndRound()                 {}
func (g *toy) Rand() *rand.Rand          { return g.rng }
func (g *toy) Clone(rng *rand.Rand) *toy { c := *g; c.rng = rng; return &c }
func (g *toy) NextRound()                { g.round++ }
func (g *toy) Score() float64            { return g.score }
func (st step) Players(g *toy)           { g.score += float64(st) }

type step int

// TestAgentNamed: "strong" rolls the variants out and plays the best one;
// any other name plays the careful group (the first variant).
func TestAgentNamed(t *testing.T) {
	variants := []step{1, 3, 2}
	g := &toy{rng: rand.New(rand.NewPCG(1, 2))}
	AgentNamed[*toy]("careful", variants).Players(g)
	if g.score != 1 {
		t.Errorf("careful: score %v, want 1", g.score)
	}
	g = &toy{rng: rand.New(rand.NewPCG(1, 2))}
	AgentNamed[*toy]("strong", variants).Players(g)
	if g.score != 3 || g.round != 0 {
		t.Errorf("strong: score %v round %d, want the best variant's 3 in round 0", g.score, g.round)
	}
	if names := []string{Agents[0].Name, Agents[1].Name}; !slices.Equal(names, []string{"careful", "strong"}) {
		t.Errorf("agents %v", names)
	}
}

// TestRateAndOutcome: an ended game rates by its result and length; a game
// with no result and no cause was lost on time.
func TestRateAndOutcome(t *testing.T) {
	none := func() float64 { return 0 }
	if w, l := Rate(true, true, 5, nil, nil, none), Rate(true, false, 5, nil, nil, none); w != 1e4-5 || l != -1e4+5 {
		t.Errorf("won %v, lost %v", w, l)
	}
	if v := Rate(false, false, 3, []int{0, 2}, []bool{true, false, true}, func() float64 { return -7 }); v != 100+60-7 {
		t.Errorf("in progress: %v, want 153", v)
	}
	met := []int{2}
	o := Outcome(false, 60, "", met, []int{4})
	met[0] = 9
	if o.Cause != LostTime || o.Met[0] != 2 || o.Eliminated[0] != 4 || o.Rounds != 60 {
		t.Errorf("no cause: %+v", o)
	}
	if o := Outcome(true, 3, "", nil, nil); o.Cause != "" || !o.Won {
		t.Errorf("won: %+v", o)
	}
}
