package rules

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

func ptrf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Side reads a door's side letter.
func Side(s string) (layout.Dir, bool) {
	switch s {
	case "n":
		return layout.N, true
	case "e":
		return layout.E, true
	case "s":
		return layout.S, true
	case "w":
		return layout.W, true
	}
	return 0, false
}

// EdgeKey names one edge between two cells the same way from either side:
// the cell to the west or north, and E or S.
type EdgeKey struct {
	X, Y int
	Dir  layout.Dir
}

// KeyOf normalises the side d of cell (x, y).
func KeyOf(x, y int, d layout.Dir) EdgeKey {
	switch d {
	case layout.W:
		return EdgeKey{x - 1, y, layout.E}
	case layout.N:
		return EdgeKey{x, y - 1, layout.S}
	}
	return EdgeKey{x, y, d}
}

// String writes the edge as an author reads it: "3,4:e".
func (k EdgeKey) String() string { return fmt.Sprintf("%d,%d:%s", k.X, k.Y, k.Dir) }

// Defaults fills what a token leaves out: red spawns and objectives,
// neutral closed doors, active Mold.
func Defaults(t missions.Token) missions.Token {
	switch t.Type {
	case missions.TokSpawn, missions.TokObjective:
		if t.Color == "" {
			t.Color = "red"
		}
	case missions.TokDoor:
		if t.Color == "" {
			t.Color = "neutral"
		}
		if t.State == "" {
			t.State = "closed"
		}
	case missions.TokMold:
		if t.State == "" {
			t.State = "active"
		}
	}
	return t
}

// Place resolves every token of m onto the board. Tokens that cannot be
// placed are reported and left out of the scene, so later checks only see
// tokens that stand somewhere real.
func Place(doc *missions.Doc, m *missions.Mission, b *layout.Board) (*Scene, []Finding) {
	s := &Scene{Doc: doc, Mission: m, Board: b, moves: &movesMemo{}, paths: &pathsMemo{}}
	var out []Finding
	doors := map[EdgeKey]int{}
	missing := map[[2]string]string{} // face, label -> why it names no zone; each worded once
	for i, raw := range m.Tokens {
		t := &Token{Token: Defaults(raw), Index: i}
		switch {
		case t.At != nil:
			x, y := t.At[0], t.At[1]
			z := b.ZoneAt(x, y)
			if z == nil && listedSquare(m, b, x, y) {
				// A tile is listed on this square but was left off the board
				// (an unknown face, an overlap): its finding says why, and
				// this token follows from it.
				continue
			}
			if z == nil {
				what := "outside the board"
				if x < b.W && y < b.H {
					what = "on a square with no tile"
				}
				out = append(out, Finding{Rule: "token-off-board", Ptr: ptrf("/tokens/%d/at", i),
					Message: fmt.Sprintf("%s token at %d,%d is %s (the board is %d×%d cells)", t.Type, x, y, what, b.W, b.H)})
				continue
			}
			t.Cell, t.Zone = layout.Point{X: x, Y: y}, z
		case t.In != "":
			face, label, _ := strings.Cut(t.In, "/")
			z, p, ok := b.FaceZone(face, label)
			if !ok {
				k := [2]string{face, label}
				if _, done := missing[k]; !done {
					missing[k] = missingZone(b, face, label)
				}
				out = append(out, Finding{Rule: "token-off-board", Ptr: ptrf("/tokens/%d/in", i),
					Message: fmt.Sprintf("%s token in %s: %s", t.Type, t.In, missing[k])})
				continue
			}
			t.Cell, t.Zone = p, z
		default:
			continue // reported by the structure checks
		}
		if t.Type == missions.TokDoor {
			if f, ok := placeDoor(b, t, doors); !ok {
				out = append(out, f)
				continue
			}
		}
		s.Tokens = append(s.Tokens, t)
	}
	return s, out
}

// listedSquare reports whether the mission lists a tile on the tile-grid
// square of cell (x, y).
func listedSquare(m *missions.Mission, b *layout.Board, x, y int) bool {
	if b.N <= 0 || x < 0 || y < 0 {
		return false
	}
	for _, t := range m.Tiles {
		if t.At[0] == x/b.N && t.At[1] == y/b.N {
			return true
		}
	}
	return false
}

// missingZone says why face/label names no zone, and lists what the
// author may write instead: the face's labels, or the faces on the board.
func missingZone(b *layout.Board, face, label string) string {
	if labels := b.FaceLabels(face); len(labels) > 0 {
		return fmt.Sprintf("face %s has no zone labelled %q; its labels: %s", face, label, strings.Join(labels, ", "))
	}
	return fmt.Sprintf("no tile on the board shows face %s; the faces on it: %s", face, strings.Join(b.PlacedFaces(), ", "))
}

// nearOpenings is how far (in cells) a hint looks for door openings
// around a misplaced door: a tile or two, and a bounded cost per door.
const nearOpenings = 6

// nearestOpenings names the door openings nearest cell (x, y), at most
// three, each as a door token would be written: the hint says where the
// door can go without sending the author to a drawing the mission's
// errors would stop.
func nearestOpenings(b *layout.Board, x, y int) string {
	var at []string
	seen := map[EdgeKey]bool{}
	for r := 0; r <= nearOpenings && len(at) < 3; r++ {
		// the cells r steps away, in reading order
		for cy := y - r; cy <= y+r && len(at) < 3; cy++ {
			dx := r - abs(cy-y)
			for _, cx := range []int{x - dx, x + dx} {
				if !b.Covered(cx, cy) {
					continue
				}
				for d := layout.N; d <= layout.W; d++ {
					k := KeyOf(cx, cy, d)
					if seen[k] || b.Edge(cx, cy, d) != layout.EdgeDoor {
						continue
					}
					seen[k] = true
					if len(at) < 3 {
						at = append(at, fmt.Sprintf("%d,%d:%s", cx, cy, d))
					}
				}
				if dx == 0 {
					break
				}
			}
		}
	}
	if len(at) == 0 {
		return fmt.Sprintf("doors go on the door openings the tile set marks; there is none within %d cells of this one", nearOpenings)
	}
	return "doors go on the door openings the tile set marks; the nearest: " + strings.Join(at, ", ")
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// placeDoor checks that a door stands on a door opening, once per edge.
func placeDoor(b *layout.Board, t *Token, doors map[EdgeKey]int) (Finding, bool) {
	d, ok := Side(t.Side)
	if !ok {
		return Finding{}, true // the schema requires a side; nothing to add
	}
	x, y := t.Cell.X, t.Cell.Y
	key := KeyOf(x, y, d)
	at := fmt.Sprintf("%d,%d:%s", x, y, d) // as the author wrote it
	if k := b.Edge(x, y, d); k != layout.EdgeDoor {
		what := "a " + k.String()
		switch k {
		case layout.EdgeBoard:
			what = "the board edge"
		case layout.EdgeNone:
			what = "the inside of one zone"
		case layout.EdgeOpening:
			what = "an opening"
		case layout.EdgeHatch:
			what = "an airlock hatch"
		}
		if nz := b.ZoneAt(x+layout.DX[d], y+layout.DY[d]); nz != nil && nz.Kind == layout.Street && t.Zone.Kind == layout.Street {
			return Finding{Rule: "door-on-street", Ptr: t.Ptr(),
				Message: fmt.Sprintf("the door at %s stands between two street zones (%s and %s); doors belong on building door openings", at, t.Zone.ID, nz.ID),
				Hint:    "streets are split by pedestrian crossings, not doors"}, false
		}
		return Finding{Rule: "door-not-on-opening", Ptr: t.Ptr(),
			Message: fmt.Sprintf("the door at %s stands on %s, not on a door opening", at, what),
			Hint:    nearestOpenings(b, x, y)}, false
	}
	if j, dup := doors[key]; dup {
		return Finding{Rule: "door-duplicate", Ptr: t.Ptr(),
			Message: fmt.Sprintf("two doors on the edge %s", at),
			Related: []Related{{Ptr: ptrf("/tokens/%d", j), Message: "the other door"}}}, false
	}
	doors[key] = t.Index
	return Finding{}, true
}
