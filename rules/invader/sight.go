package invader

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// SightOptions, Seen and Sightline are the shared sight types.
type (
	SightOptions = rules.SightOptions
	Seen         = rules.Seen
	Sightline    = rules.Sightline
)

// BlocksSight reports whether the edge on side d of cell (x, y) stops a line
// of sight: walls (unless Mold opened them), the board edge, airlock
// hatches, and closed doors.
func (w *World) BlocksSight(x, y int, d layout.Dir, a, b int) bool {
	switch w.B.Edge(x, y, d) {
	case layout.EdgeBoard, layout.EdgeHatch:
		return true
	case layout.EdgeWall:
		return !w.moldOpening(a, b)
	case layout.EdgeDoor:
		t := w.door(x, y, d)
		return t != nil && t.State == "closed"
	}
	return false
}

// LOS lists what zone from sees (rules.CastLOS: the ray casting both games
// share), itself at range 0 first.
func (w *World) LOS(from int, o SightOptions) []Seen { return rules.CastLOS(w.B, w, from, o) }

// Sight is the whole line-of-sight graph.
func (w *World) Sight(o SightOptions) []Sightline { return rules.SightGraph(w.B, w, o) }
