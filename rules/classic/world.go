// Package classic is classic (modern-day) Zombicide: streets instead of
// corridors, buildings of rooms, doors locked until a Survivor holds a
// weapon that opens them, buildings that spawn Zombies when first opened,
// and cars. The rules followed are the project's digest; the readings it
// had to make are listed in docs/rules-classic.md.
package classic

import (
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Ruleset is the mission ruleset value of this game.
const Ruleset = "zombicide-classic"

// CoreBox is the box a mission needs when it names none.
const CoreBox = "zombicide-s1"

// World is a scene read with classic rules.
type World struct {
	*rules.Scene
	B     *layout.Board
	Doors map[rules.EdgeKey]*rules.Token
}

// NewWorld reads the door tokens.
func NewWorld(s *rules.Scene) *World {
	w := &World{Scene: s, B: s.Board, Doors: map[rules.EdgeKey]*rules.Token{}}
	for _, t := range s.Of(missions.TokDoor) {
		if d, ok := rules.Side(t.Side); ok {
			w.Doors[rules.KeyOf(t.Cell.X, t.Cell.Y, d)] = t
		}
	}
	return w
}

func (w *World) door(x, y int, d layout.Dir) *rules.Token { return w.Doors[rules.KeyOf(x, y, d)] }

// RoomLike: building rooms end a line of sight.
func (w *World) RoomLike(z int) bool { return w.B.Zones[z].Kind == layout.Room }

// Dark zones (a tile set may have them) block sight.
func (w *World) Dark(z int) bool { return w.B.Zones[z].HasFeature("dark") }

// BlocksSight: walls, the board edge and closed doors.
func (w *World) BlocksSight(x, y int, d layout.Dir, a, b int) bool {
	switch w.B.Edge(x, y, d) {
	case layout.EdgeBoard, layout.EdgeWall, layout.EdgeHatch:
		return true
	case layout.EdgeDoor:
		t := w.door(x, y, d)
		return t != nil && t.State == "closed"
	}
	return false
}

// Movement lists every way between zones. Doors are locked: a closed door
// needs a weapon that opens doors (and its colour's rule, for a coloured
// door); Zombies never open doors.
func (w *World) Movement() []rules.Move {
	return w.Scene.Moves(func() []rules.Move { return rules.Moves(w.B, w.step) })
}

// step says how the cell edge e (on zone a's cell) can be crossed.
func (w *World) step(a, b int, e layout.CellEdge) (rules.Move, bool) {
	m := rules.Move{From: a, To: b, Edge: e, Door: -1, Survivors: true, Xenos: true}
	switch e.Kind {
	case layout.EdgeNone, layout.EdgeOpening:
		m.Via = "opening"
	case layout.EdgeMarking:
		m.Via = "marking"
	case layout.EdgeDoor:
		m.Via = "door"
		if t := w.door(e.X, e.Y, e.Dir); t != nil {
			m.Door = t.Index
			if t.State == "closed" {
				m.Xenos = false
				m.Requires = []string{rules.KeyDoorOpener}
				if t.Color != "neutral" {
					m.Requires = append(m.Requires, rules.KeyDoor(t.Color))
				}
				slices.Sort(m.Requires)
			}
		}
	default:
		return m, false
	}
	return m, true
}
