package rules

import (
	"slices"

	"github.com/zmission/zmission/layout"
)

// SightWorld is how a game reads the board for line of sight.
type SightWorld interface {
	// RoomLike: entering this zone ends a line of sight (rooms; Invader's
	// Active Mold too).
	RoomLike(z int) bool
	// Dark: darkness blocks sight into and out of the zone.
	Dark(z int) bool
	// BlocksSight: the edge on side d of cell (x, y), between zones a and b,
	// stops a line of sight.
	BlocksSight(x, y int, d layout.Dir, a, b int) bool
}

// CastLOS lists what zone from sees, itself at range 0 first, then by range
// and zone order.
//
// Rays go from every cell of the zone in the 4 directions. Crossing into
// another zone is 1 range step. Entering a room-like zone makes it visible
// and stops the ray (so room to room is 1 Zone, and a corridor or street
// sees 1 Zone into a room); entering a corridor-like zone makes it visible
// and the ray goes on. A blocking edge or the board edge stops it. Enhanced
// senses let a ray through one more room-like zone and ignore darkness.
func CastLOS(b *layout.Board, w SightWorld, from int, o SightOptions) []Seen {
	best := map[int]int{from: 0}
	if w.Dark(from) && !o.EnhancedSenses {
		return []Seen{{Zone: from}}
	}
	roomBudget := 1
	if o.EnhancedSenses {
		roomBudget = 2
	}
	for _, c := range b.Zones[from].Cells {
		for d := layout.Dir(0); d < 4; d++ {
			x, y, cur, rng, rooms := c.X, c.Y, from, 0, 0
			for {
				nx, ny := x+layout.DX[d], y+layout.DY[d]
				nz := b.ZoneAt(nx, ny)
				if nz == nil || w.BlocksSight(x, y, d, cur, nz.Index) {
					break
				}
				x, y = nx, ny
				if nz.Index == cur {
					continue
				}
				cur = nz.Index
				rng++
				if w.Dark(cur) && !o.EnhancedSenses {
					break
				}
				if r, ok := best[cur]; !ok || rng < r {
					best[cur] = rng
				}
				if w.RoomLike(cur) {
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

// SightGraph is every pair of zones that see each other, with the smallest
// range, From < To, sorted.
func SightGraph(b *layout.Board, w SightWorld, o SightOptions) []Sightline {
	var out []Sightline
	for i := range b.Zones {
		for _, s := range CastLOS(b, w, i, o) {
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
