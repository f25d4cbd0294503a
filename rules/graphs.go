package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
)

// Move is one way between two edge-sharing zones: through which kind of
// edge, what a Survivor needs to take it, and who can take it at all.
// Moves are undirected; From < To (zone indexes).
type Move struct {
	From, To  int
	Via       string   // opening, marking, door, hatch, mold (a wall Mold turned into an opening)
	Requires  []string // Survivors' keys, sorted: oxygen, door:violet
	Survivors bool
	Xenos     bool // the game's enemies (Xenos, Zombies)
	Edge      layout.CellEdge
	Door      int // index of the door token on it in mission.tokens, or -1
}

// Seen is one zone in sight, at a range in zones.
type Seen struct {
	Zone  int
	Range int
}

// Sightline is an undirected sight edge between two zones, From < To.
type Sightline struct {
	From, To int
	Range    int
}

// SightOptions tune line of sight.
type SightOptions struct {
	// EnhancedSenses: sight goes 1 Zone farther in room Zones and ignores
	// dark Zones (the Skill; a Searchlight ignores darkness too).
	EnhancedSenses bool
}

// BoardGame is a game played on a board of zones: it says how actors move
// and see. Commands that draw or print graphs use it.
type BoardGame interface {
	Game
	Movement(s *Scene) []Move
	LOS(s *Scene, zone int, o SightOptions) []Seen
	Sight(s *Scene, o SightOptions) []Sightline
}

// Paths is what a map shows of how the enemies come: the spawn order, their
// shortest paths to the Survivors, the threat of every zone, and the
// shortest Mold chain between Spawn Zones.
type Paths struct {
	SpawnOrder []int   // spawn token indexes (mission.tokens) in spawning order
	EnemyPaths [][]int // per spawn in SpawnOrder: zone indexes from the Spawn Zone to the start zone (nil: no path)
	Threat     []int   // per zone: enemy moves from the nearest active Spawn Zone; -1 = none reach it
	MoldChain  []int   // zones that, all Active Mold, would link two Spawn Zones (the shortest such chain); nil if none
	Enemies    string  // what the game calls them, plural: "Xenos", "Zombies"
	DoorsStop  bool    // closed doors stop them (classic) rather than being destroyed (Invader)
}

// PathGame is a BoardGame that can say how its enemies come.
type PathGame interface {
	BoardGame
	Paths(s *Scene) Paths
}

// Moves lists every way between edge-sharing zones of b: step says how a
// cell edge between zones a and b can be crossed (ok=false: it cannot).
// Each distinct (via, requirements, who) between a pair is listed once,
// sorted by (From, To, Via, Requires).
func Moves(b *layout.Board, step func(a, b int, e layout.CellEdge) (Move, bool)) []Move {
	var out []Move
	for _, adj := range b.Adjacent() {
		seen := map[string]bool{}
		for _, e := range adj.Edges {
			m, ok := step(adj.A, adj.B, e)
			if !ok {
				continue
			}
			k := fmt.Sprint(m.Via, m.Requires, m.Survivors, m.Xenos)
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Move) int {
		if a.From != b.From {
			return a.From - b.From
		}
		if a.To != b.To {
			return a.To - b.To
		}
		if c := strings.Compare(a.Via, b.Via); c != 0 {
			return c
		}
		return strings.Compare(strings.Join(a.Requires, ","), strings.Join(b.Requires, ","))
	})
	return out
}
