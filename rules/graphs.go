package rules

import (
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
)

// Move is one way between two edge-sharing zones: through which kind of
// edge, what a Survivor needs to take it, and who can take it at all.
// Moves are listed From < To (zone indexes) and go both ways, except for
// Survivors on a OneWay move: they take it only leaving zone Out (a closed
// door a Survivor removes from inside the room only; Out -1: from neither
// side). Enemies always take a move both ways.
type Move struct {
	From, To  int
	Via       string   // opening, marking, door, hatch, mold (a wall Mold turned into an opening)
	Requires  []string // Survivors' keys, sorted: oxygen, door:violet
	Survivors bool
	Xenos     bool // the game's enemies (Xenos, Zombies)
	OneWay    bool // Survivors take it only from zone Out
	Out       int
	Edge      layout.CellEdge   // the first cell edge of this way
	Edges     []layout.CellEdge // every cell edge of this way, in board order
	Door      int               // index of the door token on it in mission.tokens, or -1
}

// sameWay reports whether two moves between one pair of zones are the same
// way (cell edges and door aside).
func sameWay(a, b *Move) bool {
	return a.Via == b.Via && slices.Equal(a.Requires, b.Requires) && a.Survivors == b.Survivors &&
		a.Xenos == b.Xenos && a.OneWay == b.OneWay && a.Out == b.Out
}

// Leaving reports whether a Survivor may take m leaving zone z (keys
// aside): every way both ways, a OneWay move only out of Out.
func (m Move) Leaving(z int) bool { return !m.OneWay || m.Out == z }

// Other is the zone at the other end of m from z.
func (m Move) Other(z int) int {
	if m.From == z {
		return m.To
	}
	return m.From
}

// Seen is one zone in sight, at a range in zones.
type Seen struct {
	Zone  int
	Range int
}

// Sightline is an undirected sight edge between two zones, From < To.
type Sightline struct {
	// int32: an open board has millions of lines of sight.
	From, To int32
	Range    int32
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
	// EachSight gives Sight's lines zone by zone (see rules.EachSight),
	// for writing a graph of millions of lines without holding it.
	EachSight(s *Scene, o SightOptions, fn func(from int, to, rng []int32))
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
	adjs := b.Adjacent()
	out := make([]Move, 0, len(adjs)) // about one move per pair: no regrowing a board of 262,144 zones' moves
	// The cell edges of every move in one array, each move's in a run of
	// its own: a pair's edges are first counted per move.
	total := 0
	for _, adj := range adjs {
		total += len(adj.Edges)
	}
	arena := make([]layout.CellEdge, 0, total)
	var of []int // per edge of the pair: its move in out, or -1
	for _, adj := range adjs {
		first := len(out) // the moves of this pair start here; a pair has few
		of = of[:0]
	edges:
		for _, e := range adj.Edges {
			m, ok := step(adj.A, adj.B, e)
			if !ok {
				of = append(of, -1)
				continue
			}
			for i := first; i < len(out); i++ {
				if sameWay(&out[i], &m) {
					of = append(of, i)
					continue edges
				}
			}
			m.Edges = nil
			of = append(of, len(out))
			out = append(out, m)
		}
		for i := first; i < len(out); i++ {
			n := 0
			for _, k := range of {
				if k == i {
					n++
				}
			}
			at := len(arena)
			arena = arena[:at+n]
			out[i].Edges = arena[at : at : at+n]
		}
		for k, i := range of {
			if i >= 0 {
				out[i].Edges = append(out[i].Edges, adj.Edges[k])
			}
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
		if c := strings.Compare(strings.Join(a.Requires, ","), strings.Join(b.Requires, ",")); c != 0 {
			return c
		}
		if a.OneWay != b.OneWay {
			if a.OneWay {
				return 1
			}
			return -1
		}
		return a.Out - b.Out
	})
	return out
}
