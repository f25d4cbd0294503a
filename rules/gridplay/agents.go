package gridplay

import "github.com/zmission/zmission/playtest"

// Agents are the grid games' ways of playing the Survivors, the default
// first (AgentNamed). Both are deterministic given the game's stream.
var Agents = []playtest.Agent{
	{Name: "careful", About: "a careful group: tours the Objectives in play order, keeps together, kills what threatens, searches when safe"},
	{Name: "strong", About: "a strong group: each round, tries the careful group's plays and two bolder ones in short rollouts and keeps the best (best of 3×2 rollouts, 3 rounds deep)"},
}

// AgentNamed is the agent called name over a game's careful group and its
// two bolder variants (variants, the careful group first): "strong" rolls
// them out as Agents says, any other name plays the careful group.
func AgentNamed[G Sim[G], A Agent[G]](name string, variants []A) Agent[G] {
	if name == "strong" {
		return &Rollout[G, A]{Variants: variants, Rollouts: 2, Depth: 3}
	}
	return variants[0]
}

// Described is the naming half of a grid game's model (playtest.Model):
// the zones, the objectives, what it assumes and its agents.
type Described struct {
	Names  []string // the zones' names, by zone index
	Labels []string // the objectives', in order
	Approx []string // what the model assumes (docs/playtest.md)
}

func (d *Described) Zones() []string          { return d.Names }
func (d *Described) Objectives() []string     { return d.Labels }
func (d *Described) Approximations() []string { return d.Approx }
func (d *Described) Agents() []playtest.Agent { return Agents }

// KindNamed is the enemy kind named s in names (a game's names of
// Common, Tough, Fast and Abomination).
func KindNamed(names *[Kinds]string, s string) (int, bool) {
	for i, n := range names {
		if n == s {
			return i, true
		}
	}
	return 0, false
}
