package invader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

func init() { checks = append(checks, checkMold, checkMoldOutside) }

// ExtraSpawns is how many Spawn Zones to add for a number of Survivors:
// 1 per 2 Survivors above 6 (7-8: 1, 9-10: 2, 11-12: 3).
func ExtraSpawns(survivors int) int {
	if survivors <= 6 {
		return 0
	}
	return (survivors - 5) / 2
}

// checkMold: Spawn Zones already linked by Active Mold (the game is lost at
// once), or that few more Mold zones would link.
func checkMold(w *World, opt rules.Options) []rules.Finding {
	threshold := 2
	if opt != nil {
		threshold = opt.Int("mold-distance", "threshold", threshold)
	}
	sp := w.Of(missions.TokSpawn)
	var out []rules.Finding
	pairs := map[[2]int]bool{} // one finding per pair of zones, however many tokens
	// One problem, one report: pairs that the same zones would link are
	// one mold-distance finding naming every Spawn Zone the chain links.
	type group struct {
		at     int // index in out
		chain  []int
		spawns []*rules.Token
	}
	var groups []*group
	byChain := map[string]*group{}
	// Only pairs closer than the threshold can be reported: find them with
	// one bounded search per Spawn Zone. owners lists, per zone, the Spawn
	// Zones a chain may end at it (itself or an edge-neighbour).
	limit := max(min(threshold, MaxMoldThreshold), 1)
	owners := map[int][]int{}
	tokensOf := map[int][]int{} // Spawn Zone -> its tokens, in order
	for i, t := range sp {
		z := t.Zone.Index
		if len(tokensOf[z]) == 0 {
			for _, e := range w.moldEnds(z) {
				owners[e] = append(owners[e], z)
			}
		}
		tokensOf[z] = append(tokensOf[z], i)
	}
	closeTo := map[int][]int{} // Spawn Zone -> the other Spawn Zones closer than limit
	for a := range tokensOf {
		var near []int
		w.moldNear(a, limit, func(z, _ int) {
			for _, b := range owners[z] {
				if b != a {
					near = append(near, b)
				}
			}
		})
		slices.Sort(near)
		closeTo[a] = slices.Compact(near)
	}
	for i := range sp {
		// The later tokens on zones close to this one, in token order: the
		// pairs every-pair-of-tokens would measure, in its order.
		var later []int
		for _, b := range closeTo[sp[i].Zone.Index] {
			for _, j := range tokensOf[b] {
				if j > i {
					later = append(later, j)
				}
			}
		}
		slices.Sort(later)
		for _, j := range later {
			a, b := sp[i], sp[j]
			za, zb := min(a.Zone.Index, b.Zone.Index), max(a.Zone.Index, b.Zone.Index)
			if pairs[[2]int{za, zb}] {
				continue
			}
			pairs[[2]int{za, zb}] = true
			chain, ok := w.MoldChain(a.Zone.Index, b.Zone.Index)
			if !ok {
				continue
			}
			rel := []rules.Related{{Ptr: a.Ptr(), Message: "one end of the chain"}}
			switch {
			case len(chain) == 0:
				out = append(out, rules.Finding{Rule: "mold-linked", Ptr: b.Ptr(),
					Message: fmt.Sprintf("Active Mold already links %s and %s: the game is lost before it starts", rules.TokenName(a), rules.TokenName(b)), Related: rel})
			case len(chain) < threshold:
				k := fmt.Sprint(slices.Sorted(slices.Values(chain)))
				if g := byChain[k]; g != nil {
					for _, t := range []*rules.Token{a, b} {
						if !slices.Contains(g.spawns, t) {
							g.spawns = append(g.spawns, t)
						}
					}
					continue
				}
				g := &group{at: len(out), chain: chain, spawns: []*rules.Token{a, b}}
				byChain[k] = g
				groups = append(groups, g)
				out = append(out, rules.Finding{Rule: "mold-distance", Ptr: b.Ptr(),
					Hint: "move the Spawn Zones apart, or put exterior zones or more rooms between them", Related: rel})
			}
		}
	}
	for _, g := range groups {
		var ids, names []string
		for _, z := range g.chain {
			ids = append(ids, w.B.Zones[z].ID)
		}
		for _, t := range g.spawns {
			names = append(names, rules.TokenName(t))
		}
		f := &out[g.at]
		linked := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
		f.Message = fmt.Sprintf("%d more Active Mold zone%s (%s) would link %s and lose the game", len(g.chain), rules.Plural(len(g.chain)), rules.JoinIDs(ids), linked)
		for _, t := range g.spawns[2:] {
			f.Related = append(f.Related, rules.Related{Ptr: t.Ptr(), Message: "another Spawn Zone it links"})
		}
	}
	return out
}

// checkMoldOutside: Mold never grows in exterior zones.
func checkMoldOutside(w *World, _ rules.Options) []rules.Finding {
	var out []rules.Finding
	for _, t := range w.Of(missions.TokMold) {
		if w.exterior(t.Zone.Index) {
			out = append(out, rules.Finding{Rule: "mold-on-exterior", Ptr: t.Ptr(),
				Message: fmt.Sprintf("Mold at %d,%d stands in the exterior zone %s; Mold only grows in rooms and corridors, so it is ignored", t.Cell.X, t.Cell.Y, t.Zone.ID)})
		}
	}
	return out
}
