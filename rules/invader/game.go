package invader

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

func init() { rules.Register(game{}) }

type game struct{}

func (game) Ruleset() string        { return Ruleset }
func (game) DefaultTileset() string { return "station" }

// Name is how an author names the game.
func (game) Name() string { return "Zombicide: Invader" }

// Terrain: the planet's exterior, the airlocks that lead out to it and
// their hatches are Invader's alone.
func (game) Terrain() (kinds, features []string, edges []layout.EdgeKind) {
	return []string{layout.Exterior}, []string{"airlock"}, []layout.EdgeKind{layout.EdgeHatch}
}

// Check runs every Invader check on a placed mission.
func (game) Check(s *rules.Scene, opt rules.Options) []rules.Finding {
	w := NewWorld(s)
	out := w.Play().Checks()
	for _, c := range checks {
		out = append(out, c(w, opt)...)
	}
	return out
}

// checks are the game's checks, each in its own file.
var checks []func(*World, rules.Options) []rules.Finding

func (game) Movement(s *rules.Scene) []rules.Move { return NewWorld(s).Movement() }
func (game) LOS(s *rules.Scene, zone int, o rules.SightOptions) []rules.Seen {
	return NewWorld(s).LOS(zone, o)
}
func (game) Sight(s *rules.Scene, o rules.SightOptions) []rules.Sightline {
	return NewWorld(s).Sight(o)
}
func (game) EachSight(s *rules.Scene, o rules.SightOptions, fn func(from int, to, rng []int32)) {
	w := NewWorld(s)
	rules.EachSight(w.B, w, o, fn)
}

// Paths computes what the map overlays show.
func (game) Paths(s *rules.Scene) rules.Paths {
	w := NewWorld(s)
	p := rules.Paths{Enemies: "Xenos"}
	start := -1
	if st := w.Of("start"); len(st) > 0 {
		start = st[0].Zone.Index
	}
	var active []int
	for _, t := range w.SpawnOrder() {
		p.SpawnOrder = append(p.SpawnOrder, t.Index)
		var path []int
		if start >= 0 {
			path = w.XenoPath(t.Zone.Index, start)
		}
		p.EnemyPaths = append(p.EnemyPaths, path)
		if t.Color == "red" {
			active = append(active, t.Zone.Index)
		}
	}
	p.Threat = w.XenoDistance(active)
	p.MoldChain = w.shortestMoldChain()
	return p
}
