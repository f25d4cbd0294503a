package invader

import (
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// Requirement names a key a Survivor needs to take a step.
const (
	NeedOxygen = "oxygen"
	doorNeed   = "door:" // + colour
)

// NeedDoor is the key for doors of a colour.
func NeedDoor(color string) string { return doorNeed + color }

// Step is one way between two zones (see rules.Move).
type Step = rules.Move

// Movement lists every way between zones, one entry per distinct
// (via, requirements) between a pair, sorted by (From, To, Via, Requires).
func (w *World) Movement() []Step {
	return w.Scene.Moves(func() []Step { return rules.Moves(w.B, w.step) })
}

// step says how the cell edge e (on zone a's cell) can be crossed.
func (w *World) step(a, b int, e layout.CellEdge) (Step, bool) {
	st := Step{From: a, To: b, Edge: e, Door: -1, Survivors: true, Xenos: true}
	switch e.Kind {
	case layout.EdgeNone, layout.EdgeOpening:
		st.Via = "opening"
	case layout.EdgeMarking:
		st.Via = "marking"
	case layout.EdgeDoor:
		st.Via = "door"
		if t := w.door(e.X, e.Y, e.Dir); t != nil {
			st.Door = t.Index
			// Invader doors are not locked, but Door Activation works only
			// on "a door opening in a room Zone they occupy": a closed
			// neutral door lets Survivors out of a room, not in from a
			// corridor. A coloured one waits for the mission's trigger.
			// Xenos destroy closed doors on their way.
			switch {
			case t.State != "closed":
			case t.Color != "neutral":
				st.Requires = append(st.Requires, NeedDoor(t.Color))
			default:
				ra, rb := w.B.Zones[a].Kind == layout.Room, w.B.Zones[b].Kind == layout.Room
				switch {
				case ra && rb: // a Survivor in either room may remove it
				case ra:
					st.OneWay, st.Out = true, a
				case rb:
					st.OneWay, st.Out = true, b
				default: // no room on either side: no Survivor may remove it
					st.OneWay, st.Out = true, -1
				}
			}
		}
	case layout.EdgeHatch:
		// Oxygen is for being outside: the rule below adds it. A hatch
		// that the board puts between two station zones needs none.
		st.Via = "hatch"
	case layout.EdgeWall:
		if !w.moldOpening(a, b) {
			return st, false
		}
		st.Via = "mold"
	default:
		return st, false
	}
	// Going out through the hatch, and the whole time outside, needs an
	// equipped Oxygen Tank.
	if w.exterior(a) || w.exterior(b) {
		st.Requires = append(st.Requires, NeedOxygen)
	}
	slices.Sort(st.Requires)
	return st, true
}
