package invader

import (
	"fmt"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

func init() { checks = append(checks, checkSpawns, checkMold) }

// ExtraSpawns is how many Spawn Zones to add for a number of Survivors:
// 1 per 2 Survivors above 6 (7-8: 1, 9-10: 2, 11-12: 3).
func ExtraSpawns(survivors int) int {
	if survivors <= 6 {
		return 0
	}
	return (survivors - 5) / 2
}

// checkSpawns: paths from every Spawn Zone to the start, spawns next to the
// start, colours nothing activates, the first spawn.
func checkSpawns(w *World, _ rules.Options) []rules.Finding {
	sp := w.Of(missions.TokSpawn)
	st := w.Of(missions.TokStart)
	var out []rules.Finding
	var firsts []*rules.Token
	for _, t := range sp {
		if t.First {
			firsts = append(firsts, t)
		}
	}
	for _, t := range firsts[min(1, len(firsts)):] {
		out = append(out, rules.Finding{Rule: "spawn-first", Ptr: t.Ptr() + "/first", Message: fmt.Sprintf("%s is marked first too; spawning starts at one Spawn Zone", tokenName(t)),
			Related: []rules.Related{{Ptr: firsts[0].Ptr(), Message: "marked first here"}}})
	}
	activated := map[string]bool{"red": true}
	for _, r := range w.Mission.Rules {
		for _, e := range r.Then {
			if e.Activate != "" {
				activated[e.Activate] = true
			}
		}
	}
	for _, t := range sp {
		if !activated[t.Color] {
			out = append(out, rules.Finding{Rule: "spawn-never-active", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s never spawns: only red Spawn Zones are active from the start, and no special rule activates %s ones", tokenName(t), t.Color),
				Hint:    fmt.Sprintf("add a rule effect '{activate: %s}', or make it red", t.Color)})
		}
	}
	if len(st) == 0 {
		return out
	}
	start := st[0].Zone.Index
	dist := w.XenoDistance([]int{start})
	for _, t := range sp {
		z := t.Zone.Index
		switch d := dist[z]; {
		case d < 0:
			out = append(out, rules.Finding{Rule: "spawn-no-path", Ptr: t.Ptr(),
				Message: fmt.Sprintf("Xenos from %s can never reach the Survivors' start in %s: walls cut every way (Xenos pass doors, not walls)", tokenName(t), zoneName(w, start)),
				Related: []rules.Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		case d == 0:
			out = append(out, rules.Finding{Rule: "spawn-near-start", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is in the Survivors' start zone", tokenName(t)), Related: []rules.Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		case d == 1:
			out = append(out, rules.Finding{Rule: "spawn-near-start", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is 1 Xeno move from the Survivors' start in %s", tokenName(t), zoneName(w, start)), Related: []rules.Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		}
	}
	return out
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
	for i := range sp {
		for j := i + 1; j < len(sp); j++ {
			a, b := sp[i], sp[j]
			if a.Zone.Index == b.Zone.Index {
				continue
			}
			chain, ok := w.MoldChain(a.Zone.Index, b.Zone.Index)
			if !ok {
				continue
			}
			rel := []rules.Related{{Ptr: a.Ptr(), Message: "one end of the chain"}}
			switch {
			case len(chain) == 0:
				out = append(out, rules.Finding{Rule: "mold-linked", Ptr: b.Ptr(),
					Message: fmt.Sprintf("Active Mold already links %s and %s: the game is lost before it starts", tokenName(a), tokenName(b)), Related: rel})
			case len(chain) < threshold:
				var ids []string
				for _, z := range chain {
					ids = append(ids, zoneName(w, z))
				}
				out = append(out, rules.Finding{Rule: "mold-distance", Ptr: b.Ptr(),
					Message: fmt.Sprintf("%d more Active Mold zone%s (%s) would link %s and %s and lose the game", len(chain), plural(len(chain)), joinIDs(ids), tokenName(a), tokenName(b)),
					Hint:    "move the Spawn Zones apart, or put exterior zones or more rooms between them", Related: rel})
			}
		}
	}
	return out
}

func joinIDs(ids []string) string {
	if len(ids) > 6 {
		return fmt.Sprintf("%s, … %d in all", ids[0], len(ids))
	}
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += id
	}
	return s
}
