package rules

import (
	"fmt"

	"github.com/zmission/zmission/missions"
)

// checkSpawns: paths from every Spawn Zone to the start, spawns next to the
// start, colours nothing activates, the first spawn.
func (pl *Play) checkSpawns() []Finding {
	sp := pl.Of(missions.TokSpawn)
	st := pl.Of(missions.TokStart)
	var out []Finding
	var firsts []*Token
	for _, t := range sp {
		if t.First {
			firsts = append(firsts, t)
		}
	}
	for _, t := range firsts[min(1, len(firsts)):] {
		out = append(out, Finding{Rule: "spawn-first", Ptr: t.Ptr() + "/first", Message: fmt.Sprintf("%s is marked first too; spawning starts at one Spawn Zone", TokenName(t)),
			Related: []Related{{Ptr: firsts[0].Ptr(), Message: "marked first here"}}})
	}
	activated := map[string]bool{"red": true}
	for _, r := range pl.Mission.Rules {
		for _, e := range r.Then {
			if e.Activate != "" {
				activated[e.Activate] = true
			}
		}
	}
	for _, t := range sp {
		if !activated[t.Color] {
			out = append(out, Finding{Rule: "spawn-never-active", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s never spawns: only red Spawn Zones are active from the start, and no special rule activates %s ones", TokenName(t), t.Color),
				Hint:    fmt.Sprintf("add a rule effect '{activate: %s}', or make it red", t.Color)})
		}
	}
	if len(st) == 0 {
		return out
	}
	start := st[0].Zone.Index
	dist := pl.EnemyDistance([]int{start})
	for _, t := range sp {
		z := t.Zone.Index
		switch d := dist[z]; {
		case d < 0:
			out = append(out, Finding{Rule: "spawn-no-path", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%ss from %s can never reach the Survivors' start in %s: every way is cut", pl.Enemy, TokenName(t), zoneName(pl, start)),
				Related: []Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		case d == 0:
			out = append(out, Finding{Rule: "spawn-near-start", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is in the Survivors' start zone", TokenName(t)), Related: []Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		case d == 1:
			out = append(out, Finding{Rule: "spawn-near-start", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is 1 %s move from the Survivors' start in %s", TokenName(t), pl.Enemy, zoneName(pl, start)), Related: []Related{{Ptr: st[0].Ptr(), Message: "the start"}}})
		}
	}
	return out
}

func JoinIDs(ids []string) string {
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
