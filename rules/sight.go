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
	var c caster
	out := c.cast(b, w, from, o)
	slices.SortFunc(out, func(a, b Seen) int {
		if a.Range != b.Range {
			return a.Range - b.Range
		}
		return a.Zone - b.Zone
	})
	return out
}

// caster keeps what one cast needs between the casts of a whole board: the
// best range found per zone (valid where mark holds the cast's number) and
// the zones seen, so a board's sight graph allocates them once.
type caster struct {
	best []int32
	mark []int32
	n    int32
	seen []Seen
}

// cast lists what zone from sees, in no order; the list is the caster's
// until the next cast.
func (c *caster) cast(b *layout.Board, w SightWorld, from int, o SightOptions) []Seen {
	if len(c.mark) < len(b.Zones) {
		c.best = make([]int32, len(b.Zones))
		c.mark = make([]int32, len(b.Zones))
		c.n = 0
	}
	c.n++
	c.seen = c.seen[:0]
	see := func(z, rng int) {
		if c.mark[z] != c.n {
			c.mark[z], c.best[z] = c.n, int32(rng)
			c.seen = append(c.seen, Seen{Zone: z})
		} else if int32(rng) < c.best[z] {
			c.best[z] = int32(rng)
		}
	}
	see(from, 0)
	if w.Dark(from) && !o.EnhancedSenses {
		return []Seen{{Zone: from}}
	}
	roomBudget := 1
	if o.EnhancedSenses {
		roomBudget = 2
	}
	for _, cell := range b.Zones[from].Cells {
		for d := layout.Dir(0); d < 4; d++ {
			x, y, cur, rng, rooms := cell.X, cell.Y, from, 0, 0
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
				see(cur, rng)
				if w.RoomLike(cur) {
					rooms++
					if rooms >= roomBudget {
						break
					}
				}
			}
		}
	}
	for i := range c.seen {
		c.seen[i].Range = int(c.best[c.seen[i].Zone])
	}
	return c.seen
}

// EachSight calls fn once per zone, in zone order, with the zones after it
// that it sees (sorted) and their ranges: the sight graph without holding
// it, for a board whose open zones see millions of pairs. The slices are
// fn's until it returns.
func EachSight(b *layout.Board, w SightWorld, o SightOptions, fn func(from int, to, rng []int32)) {
	var c caster
	var to, rng []int32
	for i := range b.Zones {
		to = to[:0]
		for _, s := range c.cast(b, w, i, o) {
			if s.Zone > i {
				to = append(to, int32(s.Zone))
			}
		}
		// Sorted as numbers, then given their ranges: sorting the lines
		// themselves was a third of the graph.
		slices.Sort(to)
		rng = rng[:0]
		for _, z := range to {
			rng = append(rng, c.best[z])
		}
		fn(i, to, rng)
	}
}

// SightGraph is every pair of zones that see each other, with the smallest
// range, From < To, sorted.
func SightGraph(b *layout.Board, w SightWorld, o SightOptions) []Sightline {
	var out []Sightline
	n := len(b.Zones)
	EachSight(b, w, o, func(i int, to, rng []int32) {
		if need := len(out) + len(to); need > cap(out) {
			// A board whose open zones see along whole rows has millions
			// of lines: grown by doubling, the list was copied again and
			// again into fresh memory. The lines so far foretell the rest,
			// at most four times what is needed now: a first zone that sees
			// the whole board must not foretell a list of n² lines.
			guess := max(2*cap(out), need)
			guess = max(guess, min(len(out)/(i+1)*n*9/8, 4*need))
			out = append(make([]Sightline, 0, guess), out...)
		}
		for k, z := range to {
			out = append(out, Sightline{From: int32(i), To: z, Range: rng[k]})
		}
	})
	return out
}
