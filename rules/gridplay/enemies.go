package gridplay

import (
	"slices"

	"github.com/zmission/zmission/rules"
)

// Hunt is a game at play as its enemies' (Xenos', Zombies') Move reads
// it: what a zone sees now and the enemies' ways over the doors of the
// moment.
type Hunt interface {
	// Sight is the zones seen from z now.
	Sight(z int) []rules.Seen
	// EnemyDist is the enemies' steps from every zone to t (-1: none).
	EnemyDist(t int) []int16
	// EnemyPassable says whether enemies can step along l from a zone.
	EnemyPassable(from int, l Link) bool
}

// EnemySteps are the ways a group of enemies in zone z takes its Move,
// as both rulebooks word it (Invader's words quoted): "The first Zone they
// go for is the one with Survivors in Line of Sight that has the most
// Noise tokens", "If no Survivors are visible, they Move toward the
// noisiest Zone", then they "move 1 Zone toward their destination Zone by
// taking the shortest available path". Each Survivor counts as one Noise.
// Equal targets and equal routes give several ways, in zone order.
//
// occ and noise are the Survivors and Noise tokens per zone; loudest is
// the noisy zones, loudest first, listed on first need: the caller empties
// it once per activation.
func EnemySteps(h Hunt, links [][]Link, z int, occ, noise []int16, loudest *[]int) []Link {
	var targets []int
	best := 0
	loud := func(t int) int { return int(noise[t]) + int(occ[t]) }
	for _, seen := range h.Sight(z) {
		if occ[seen.Zone] == 0 {
			continue
		}
		if d := h.EnemyDist(seen.Zone); d[z] < 0 {
			continue
		}
		switch l := loud(seen.Zone); {
		case l > best:
			best, targets = l, append(targets[:0], seen.Zone)
		case l == best:
			targets = append(targets, seen.Zone)
		}
	}
	if len(targets) == 0 {
		if len(*loudest) == 0 {
			for t := range links {
				if loud(t) > 0 {
					*loudest = append(*loudest, t)
				}
			}
			slices.SortStableFunc(*loudest, func(a, b int) int { return loud(b) - loud(a) })
		}
		for _, t := range *loudest {
			l := loud(t)
			if l < best {
				break
			}
			if d := h.EnemyDist(t); d[z] < 0 {
				continue
			}
			best = l
			targets = append(targets, t)
		}
	}
	var steps []Link
	for _, t := range targets {
		d := h.EnemyDist(t)
		if d[z] <= 0 {
			continue
		}
		for _, l := range links[z] {
			if d[l.To] == d[z]-1 && h.EnemyPassable(z, l) && !slices.ContainsFunc(steps, func(o Link) bool { return o.To == l.To }) {
				steps = append(steps, l)
			}
		}
	}
	slices.SortFunc(steps, func(a, b Link) int { return a.To - b.To })
	return steps
}

// Split is the share of c enemies of one type that takes way j of k:
// "If there is more than one route of the same length, Xenos split into
// groups of equal numbers and types to follow all possible routes"; the
// odd ones go the first ways (the model's choice where the players
// decide).
func Split(c, k, j int) int {
	n := c / k
	if j < c%k {
		n++
	}
	return n
}
