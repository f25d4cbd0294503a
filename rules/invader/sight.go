package invader

import (
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// SightOptions, Seen and Sightline are the shared sight types.
type (
	SightOptions = rules.SightOptions
	Seen         = rules.Seen
	Sightline    = rules.Sightline
)

// blocksSight reports whether the edge on side d of cell (x, y) stops a line
// of sight: walls (unless Mold opened them), the board edge, airlock
// hatches, and closed doors.
func (w *World) blocksSight(x, y int, d layout.Dir, a, b int) bool {
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

// LOS lists what zone from sees, itself at range 0 first, then by range and
// zone order.
//
// Rays go from every cell of the zone in the 4 directions. Crossing into
// another zone is 1 range step. Entering a room-like zone makes it visible
// and stops the ray (so room to room is 1 Zone, and a corridor sees 1 Zone
// into a room); entering a corridor-like zone makes it visible and the ray
// goes on. A blocking edge or the board edge stops it.
func (w *World) LOS(from int, o SightOptions) []Seen {
	best := map[int]int{from: 0}
	if w.dark(from) && !o.EnhancedSenses {
		return []Seen{{Zone: from}}
	}
	roomBudget := 1
	if o.EnhancedSenses {
		roomBudget = 2
	}
	for _, c := range w.B.Zones[from].Cells {
		for d := layout.Dir(0); d < 4; d++ {
			x, y, cur, rng, rooms := c.X, c.Y, from, 0, 0
			for {
				nx, ny := x+layout.DX[d], y+layout.DY[d]
				nz := w.B.ZoneAt(nx, ny)
				if nz == nil || w.blocksSight(x, y, d, cur, nz.Index) {
					break
				}
				x, y = nx, ny
				if nz.Index == cur {
					continue
				}
				cur = nz.Index
				rng++
				if w.dark(cur) && !o.EnhancedSenses {
					break
				}
				if r, ok := best[cur]; !ok || rng < r {
					best[cur] = rng
				}
				if w.roomLike(cur) {
					rooms++
					if rooms >= roomBudget {
						break
					}
				}
			}
		}
	}
	out := make([]Seen, 0, len(best))
	for z, r := range best {
		out = append(out, Seen{Zone: z, Range: r})
	}
	slices.SortFunc(out, func(a, b Seen) int {
		if a.Range != b.Range {
			return a.Range - b.Range
		}
		return a.Zone - b.Zone
	})
	return out
}

// Sight is the whole line-of-sight graph: every pair of zones that see each
// other, with the smallest range, From < To, sorted.
func (w *World) Sight(o SightOptions) []Sightline {
	var out []Sightline
	for i := range w.B.Zones {
		for _, s := range w.LOS(i, o) {
			if s.Zone > i {
				out = append(out, Sightline{From: i, To: s.Zone, Range: s.Range})
			}
		}
	}
	slices.SortFunc(out, func(a, b Sightline) int {
		if a.From != b.From {
			return a.From - b.From
		}
		return a.To - b.To
	})
	return out
}
