package rules

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// shortagesBySets is Shortages as Hall's theorem states it, with no bit
// masks: every set of the colours used, counted with the tally's own
// count. The masks of tally.shortages must give the same answer.
func shortagesBySets(t *tally) []Shortage {
	var out []Shortage
	for _, typ := range t.types() {
		var used []string
		for _, u := range t.uses[typ] {
			if !slices.Contains(used, u.color) {
				used = append(used, u.color)
			}
		}
		slices.Sort(used)
		if len(used) == 0 || len(used) > 16 {
			continue
		}
		var best *Shortage
		for set := 1; set < 1<<len(used); set++ {
			var cs []string
			for i, c := range used {
				if set&(1<<i) != 0 {
					cs = append(cs, c)
				}
			}
			c := t.count(typ, cs, len(cs) == len(used))
			if c.Used <= c.Owned {
				continue
			}
			if best == nil || c.Used-c.Owned > best.Used-best.Owned || c.Used-c.Owned == best.Used-best.Owned && len(cs) < len(best.Colors) {
				best = &Shortage{Type: typ, Colors: cs, All: c.All, Used: c.Used, Extra: c.Extra, Owned: c.Owned, Over: c.Over, TwoSided: t.twoSided(typ)}
			}
		}
		if best != nil {
			for _, c := range best.Colors {
				best.Each = append(best.Each, t.count(typ, []string{c}, false).Used)
			}
			out = append(out, *best)
		}
	}
	return out
}

// TestShortagesMasksMatchSets compares the two on random boxes and uses:
// one-sided, two-sided and any-colour tokens, colours used or not owned,
// tokens the rules add.
func TestShortagesMasksMatchSets(t *testing.T) {
	colours := []string{"", "red", "green", "blue", "violet", "yellow"}
	r := rand.New(rand.NewPCG(45, 1))
	short := 0
	for n := range 3000 {
		ta := &tally{boxTable: &boxTable{kinds: map[string][]physical{}}, uses: map[string][]tokenUse{}}
		for _, typ := range []string{"spawn", "door", "objective"}[:1+r.IntN(3)] {
			for range r.IntN(4) {
				var sides []string
				switch r.IntN(3) {
				case 0: // any colour
				case 1:
					sides = []string{colours[1+r.IntN(5)]}
				default:
					sides = sidesOf(colours[1+r.IntN(5)] + "/" + colours[1+r.IntN(5)])
				}
				ta.kinds[typ] = append(ta.kinds[typ], physical{sides: sides, n: r.IntN(5)})
			}
			for i := range r.IntN(12) {
				if r.IntN(5) == 0 {
					i = -1 // a token the rules add
				}
				ta.uses[typ] = append(ta.uses[typ], tokenUse{color: colours[r.IntN(len(colours))], token: i})
			}
		}
		got, want := ta.shortages(), shortagesBySets(ta)
		short += len(want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: kinds %v uses %v\nmasks: %+v\nsets:  %+v", n, ta.kinds, ta.uses, got, want)
		}
	}
	if short < 1000 {
		t.Fatalf("only %d shortages in the random cases: they test too little", short)
	}
}
