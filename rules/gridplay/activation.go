package gridplay

import "slices"

// Horde is a game at play as one Activation of its enemies reads it.
type Horde interface {
	Hunt
	// Over says the game is won or lost.
	Over() bool
	// Attack: the enemies of the kinds set in zone z attack the Survivors
	// there.
	Attack(z int, kinds KindSet)
	// Blocked says the enemies in zone z, whose ways on are steps, spend
	// their Action on something else than moving (Invader's Xenos
	// destroying a closed door on the way).
	Blocked(z int, steps []Link) bool
}

// Move is a group of enemies going from one zone to the next.
type Move struct {
	From, To int
	X        Pack
}

// Activate gives the enemies of the kinds set one Activation, as both
// rulebooks order it (Invader's words): "Resolve all the Attacks first,
// then all the Moves. Each Xeno performs either an Attack OR a Move with a
// single Action." zs are the zones holding enemies of those kinds, in zone
// order; occ and noise the Survivors and Noise tokens per zone, loudest
// EnemySteps' list of noisy zones (emptied by the caller). The enemies in
// a zone with Survivors attack; the others move by EnemySteps, split over
// equal ways (Split). It moves them in enemies and returns the moves,
// appended to buf (a caller's array keeps the usual few off the heap),
// none when the game ends in the Attacks (over is then true).
func Activate[H Horde](h H, links [][]Link, enemies []Pack, kinds KindSet, zs []int, occ, noise []int16, loudest *[]int, buf []Move) (moves []Move, over bool) {
	moves = buf
	var attacked []int
	for _, z := range zs {
		if occ[z] > 0 {
			attacked = append(attacked, z)
			h.Attack(z, kinds)
			if h.Over() {
				return nil, true
			}
		}
	}
	for _, z := range zs {
		if slices.Contains(attacked, z) {
			continue
		}
		steps := EnemySteps(h, links, z, occ, noise, loudest)
		if h.Blocked(z, steps) {
			continue
		}
		k := len(steps)
		for j, l := range steps {
			var g Pack
			any := false
			for t := range Kinds {
				if kinds[t] {
					g[t] = int16(Split(int(enemies[z][t]), k, j))
					any = any || g[t] > 0
				}
			}
			if any {
				moves = append(moves, Move{From: z, To: l.To, X: g})
			}
		}
	}
	for _, g := range moves {
		for t := range Kinds {
			enemies[g.From][t] -= g.X[t]
			enemies[g.To][t] += g.X[t]
		}
	}
	return moves, false
}
