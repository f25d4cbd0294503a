package gridplay

import (
	"slices"
	"testing"
)

// horde is the square's enemies at play: it logs the Attacks and ends the
// game at the Attack in zone overAt; blockAt's enemies do not move.
type horde struct {
	square
	attacks []int
	overAt  int
	over    bool
	blockAt int
}

func (h *horde) Over() bool { return h.over }
func (h *horde) Attack(z int, _ KindSet) {
	h.attacks = append(h.attacks, z)
	h.over = z == h.overAt
}
func (h *horde) Blocked(z int, _ []Link) bool { return z == h.blockAt }

// TestActivateAttacksThenMoves: the enemies with Survivors attack (all
// of them before any moves), the others move toward the Survivors, split
// over equal ways, the odd one the first way; only the kinds acting go.
func TestActivateAttacksThenMoves(t *testing.T) {
	q := square{seen: map[int][]int{0: {3}, 4: {3}}}
	links := q.links()
	enemies := make([]Pack, 5)
	enemies[0] = Pack{3, 0, 1, 0} // two ways to 3: via 1 and via 2
	enemies[3] = Pack{1, 0, 0, 0}
	enemies[4] = Pack{2, 0, 0, 0}
	occ := []int16{0, 0, 0, 1, 0}
	h := &horde{square: q, overAt: -1, blockAt: -1}
	moves, over := Activate(h, links, enemies, Only(Common), []int{0, 3, 4}, occ, make([]int16, 5), new([]int), nil)
	if over || !slices.Equal(h.attacks, []int{3}) {
		t.Fatalf("attacks %v, over %v", h.attacks, over)
	}
	want := []Move{{From: 0, To: 1, X: Pack{2}}, {From: 0, To: 2, X: Pack{1}}, {From: 4, To: 3, X: Pack{2}}}
	if !slices.Equal(moves, want) {
		t.Errorf("moves %v, want %v", moves, want)
	}
	if enemies[0] != (Pack{0, 0, 1, 0}) || enemies[1] != (Pack{2}) || enemies[2] != (Pack{1}) || enemies[3] != (Pack{3}) || enemies[4] != (Pack{}) {
		t.Errorf("enemies after: %v", enemies)
	}

	// A game over in the Attacks moves nobody; a blocked zone stays.
	enemies[0] = Pack{3}
	h = &horde{square: q, overAt: 3, blockAt: -1}
	if moves, over := Activate(h, links, enemies, AllKinds, []int{0, 3}, occ, make([]int16, 5), new([]int), nil); !over || moves != nil || enemies[0] != (Pack{3}) {
		t.Errorf("over in the Attacks: moves %v, over %v, zone 0 %v", moves, over, enemies[0])
	}
	h = &horde{square: q, overAt: -1, blockAt: 0}
	if moves, _ := Activate(h, links, enemies, AllKinds, []int{0}, occ, make([]int16, 5), new([]int), nil); moves != nil || enemies[0] != (Pack{3}) {
		t.Errorf("blocked: moves %v, zone 0 %v", moves, enemies[0])
	}
}
