// Package invader is Zombicide: Invader: what its board means (movement and
// line of sight between zones, airlocks, oxygen, Mold, coloured doors), the
// mission analysis (can it be won; spawns; Mold risk; inventory) and its
// checks. The rules followed are the project's digest of the rulebook; the
// readings it had to make are listed in docs/rules-invader.md.
package invader

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Ruleset is the mission ruleset value of this game.
const Ruleset = "zombicide-invader"

// Mold states of a zone.
const (
	NoMold = iota
	InactiveMold
	ActiveMold
)

// World is a scene read with Invader's rules: which zones are Mold, which
// edges carry which door. Graphs are computed from it.
type World struct {
	*rules.Scene
	B     *layout.Board
	Mold  []int // per zone index
	Doors map[rules.EdgeKey]*rules.Token
	touch [][]int      // zones sharing an edge, by zone; see touching
	play  *rules.Play  // the shared reading, made once; see Play
	mold  *moldScratch // what the Mold searches reuse; see scratch
}

// NewWorld reads the tokens that change the board.
func NewWorld(s *rules.Scene) *World {
	w := &World{Scene: s, B: s.Board, Mold: make([]int, len(s.Board.Zones)), Doors: map[rules.EdgeKey]*rules.Token{}}
	for _, t := range s.Tokens {
		switch t.Type {
		case missions.TokMold:
			if w.exterior(t.Zone.Index) {
				continue // Mold never grows outside; reported by mold-on-exterior
			}
			st := ActiveMold
			if t.State == "inactive" {
				st = InactiveMold
			}
			w.Mold[t.Zone.Index] = max(w.Mold[t.Zone.Index], st)
		case missions.TokDoor:
			if d, ok := rules.Side(t.Side); ok {
				w.Doors[rules.KeyOf(t.Cell.X, t.Cell.Y, d)] = t
			}
		}
	}
	return w
}

// exterior reports whether zone i is an exterior zone.
func (w *World) exterior(i int) bool { return w.B.Zones[i].Kind == layout.Exterior }

// RoomLike reports whether zone i counts as a room for line of sight:
// rooms, and Active Mold anywhere; Inactive Mold counts as a corridor.
func (w *World) RoomLike(i int) bool {
	switch w.Mold[i] {
	case ActiveMold:
		return true
	case InactiveMold:
		return false
	}
	return w.B.Zones[i].Kind == layout.Room
}

// Dark reports whether zone i is dark (expansions): darkness blocks sight.
func (w *World) Dark(i int) bool { return w.B.Zones[i].HasFeature("dark") }

// door returns the door token on side d of cell (x, y), with Mold removing
// doors of Mold zones as the rules say.
func (w *World) door(x, y int, d layout.Dir) *rules.Token {
	t := w.Doors[rules.KeyOf(x, y, d)]
	if t == nil {
		return nil
	}
	a := w.B.ZoneAt(x, y)
	b := w.B.ZoneAt(x+layout.DX[d], y+layout.DY[d])
	if (a != nil && w.Mold[a.Index] != NoMold) || (b != nil && w.Mold[b.Index] != NoMold) {
		return nil
	}
	return t
}

// moldIn returns the first Mold token (in document order) of zone z when
// z is a Mold zone, else nil.
func (w *World) moldIn(z int) *rules.Token {
	if w.Mold[z] == NoMold {
		return nil
	}
	for _, m := range w.Of(missions.TokMold) {
		if m.Zone.Index == z {
			return m
		}
	}
	return nil
}

// doorMold returns the Mold token that removes door t (the Mold of a zone
// on either side of it, the door's own cell first), or nil.
func (w *World) doorMold(t *rules.Token) *rules.Token {
	d, ok := rules.Side(t.Side)
	if !ok {
		return nil
	}
	for _, z := range []*layout.Zone{w.B.ZoneAt(t.Cell.X, t.Cell.Y), w.B.ZoneAt(t.Cell.X+layout.DX[d], t.Cell.Y+layout.DY[d])} {
		if z != nil {
			if m := w.moldIn(z.Index); m != nil {
				return m
			}
		}
	}
	return nil
}

// moldOpening reports whether a wall between zones a and b counts as an
// opening: Mold turns a zone's walls into openings, except towards the
// exterior.
func (w *World) moldOpening(a, b int) bool {
	if w.Mold[a] == NoMold && w.Mold[b] == NoMold {
		return false
	}
	return !w.exterior(a) && !w.exterior(b)
}
