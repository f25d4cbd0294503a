package gridplay

import (
	"math"
	"testing"
)

// table is a game's four kinds with Invader's and classic's figures: the
// Tough one and the Abomination need Damage 2 and 3.
var table = Table{
	ToKill: [Kinds]int{1, 2, 1, 3},
	Ranged: [Kinds]int{Tough, Abomination, Common, Fast},
	Melee:  [Kinds]int{Fast, Common, Tough, Abomination},
}

func TestHits(t *testing.T) {
	for _, c := range []struct {
		name         string
		hits, d      int
		x            Pack
		ranged, conc bool
		want         Pack
		killed       int
	}{
		{"ranged: a Tough one the Damage cannot eliminate shields the rest", 3, 1, Pack{2, 1, 0, 0}, true, false, Pack{2, 1, 0, 0}, 0},
		{"ranged with Damage 2: the Tough one first, then the Commons", 3, 2, Pack{2, 1, 0, 0}, true, false, Pack{0, 0, 0, 0}, 3},
		{"ranged: more hits than targets", 5, 1, Pack{1, 0, 1, 0}, true, false, Pack{0, 0, 0, 0}, 2},
		{"melee: hits go past the Tough one to the Fast and Common", 3, 1, Pack{2, 1, 1, 0}, false, false, Pack{0, 1, 0, 0}, 3},
		{"concentrate ranged: two hits of 1 eliminate a Tough one", 2, 1, Pack{3, 1, 0, 0}, true, true, Pack{3, 0, 0, 0}, 1},
		{"concentrate ranged: one hit of 1 does not", 1, 1, Pack{3, 1, 0, 0}, true, true, Pack{3, 1, 0, 0}, 0},
		{"concentrate melee: the target the Damage alone cannot eliminate", 3, 1, Pack{1, 0, 0, 1}, false, true, Pack{1, 0, 0, 0}, 1},
		{"no hits", 0, 3, Pack{1, 1, 1, 1}, true, false, Pack{1, 1, 1, 1}, 0},
	} {
		x := c.x
		killed := 0
		table.Hits(c.hits, c.d, &x, c.ranged, c.conc, func(k int) {
			killed++
			if x[k] < 0 {
				t.Errorf("%s: kind %d below zero", c.name, k)
			}
		})
		if x != c.want || killed != c.killed {
			t.Errorf("%s: left %v, %d eliminated; want %v, %d", c.name, x, killed, c.want, c.killed)
		}
	}
}

func TestExpected(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	// Ranged, a Tough one in front and Damage 1: Concentrate Fire, two hits
	// needed of three dice hitting on 4+.
	if e, conc := table.Expected(3, 4, 1, Pack{2, 1, 0, 0}, true); !conc || !near(e, AtLeast(3, 2, 0.5)) {
		t.Errorf("ranged behind a Tough one: %v, %v", e, conc)
	}
	// Ranged with Damage 2: expected hits, capped by the targets.
	if e, conc := table.Expected(4, 4, 2, Pack{1, 0, 0, 0}, true); conc || !near(e, 1) {
		t.Errorf("ranged, one Common, four dice: %v, %v", e, conc)
	}
	// Melee, Commons and a Tough one with Damage 1: hits on the Commons.
	if e, conc := table.Expected(2, 3, 1, Pack{3, 1, 0, 0}, false); conc || !near(e, 2*4.0/6) {
		t.Errorf("melee at Commons: %v, %v", e, conc)
	}
	// Melee at an Abomination alone with Damage 1: three hits needed.
	if e, conc := table.Expected(3, 2, 1, Pack{0, 0, 0, 1}, false); !conc || !near(e, AtLeast(3, 3, 5.0/6)) {
		t.Errorf("melee at the Abomination: %v, %v", e, conc)
	}
	if e, _ := table.Expected(3, 2, 1, Pack{}, true); e != 0 {
		t.Errorf("no target: %v", e)
	}
	if table.Need(Abomination, 0) != 3 || table.Need(Abomination, 2) != 2 || table.Need(Common, 3) != 1 {
		t.Error("Need: hits of Damage d to reach the kind's Damage")
	}
}
