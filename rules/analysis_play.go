package rules

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/missions"
)

// Analyze reports the play order and the metrics a designer wants; a game
// adds what is its own (Invader: the Mold risk).
func (pl *Play) Analyze() *Analysis {
	s := pl.Scene
	m := s.Mission
	a := &Analysis{Title: m.Title, Enemy: pl.Enemy, Ruleset: m.Ruleset, Tiles: len(s.Board.Tiles), Cells: [2]int{s.Board.W, s.Board.H}, Zones: len(s.Board.Zones),
		Spheres: []SphereReport{}, Objectives: []ObjectiveState{}, Routes: []Route{}, Spawns: []SpawnReport{}, Inventory: []InventoryLine{}}
	p := pl.Puzzle
	var sol *Solution
	if p.Start >= 0 {
		a.Start = zoneName(pl, p.Start)
		sol = Solve(p, true)
		a.Spheres = pl.spheres(sol)
		for i, o := range m.Objectives {
			st := ObjectiveState{Number: i + 1, Text: objectiveShort(pl, o), Sphere: -1}
			if sp, ok := sol.Met[i]; ok {
				st.Met, st.Sphere = true, sp
			}
			if o.Survive > 0 || o.Kill != "" || (objectiveShort(pl, o) == o.Text) {
				st.Note = "not decided by the map"
			}
			a.Objectives = append(a.Objectives, st)
		}
		a.Routes = pl.routes(sol)
	}
	order := SpawnOrder(s)
	var start []int
	if p.Start >= 0 {
		start = []int{p.Start}
	}
	toStart := pl.EnemyDistance(start)
	for i, t := range order {
		r := SpawnReport{Order: i + 1, Color: t.Color, At: [2]int{t.Cell.X, t.Cell.Y}, Zone: t.Zone.ID, ToStart: toStart[t.Zone.Index], Active: "never"}
		switch {
		case t.Color == "red":
			r.Active = "always"
		case sol != nil:
			if sp, ok := sol.Active[t.Color]; ok {
				r.Active = fmt.Sprintf("from step %d", sp+1)
			}
		}
		a.Spawns = append(a.Spawns, r)
	}
	a.ExtraSpawns = pl.Extra[[2]string{"spawn", "red"}]
	counts, _ := pl.Inventory()
	for _, c := range counts {
		a.Inventory = append(a.Inventory, InventoryLine{What: c.Label(), Used: c.Used, Owned: c.Owned})
	}
	return a
}

func (pl *Play) spheres(sol *Solution) []SphereReport {
	var out []SphereReport
	for _, sp := range sol.Spheres {
		if sp.Index > 0 && len(sp.Zones)+len(sp.Taken)+len(sp.Fired) == 0 {
			continue // a key that opened nothing new
		}
		r := SphereReport{Index: sp.Index, Opened: append([]Gain{}, sp.Gained...), Zones: []string{}, Taken: []string{}, Fired: []string{}}
		for _, z := range sp.Zones {
			r.Zones = append(r.Zones, zoneName(pl, z))
		}
		for _, ti := range sp.Taken {
			for _, t := range pl.Tokens {
				if t.Index == ti {
					r.Taken = append(r.Taken, strings.TrimPrefix(TokenName(t), "the "))
				}
			}
		}
		for _, ri := range sp.Fired {
			r.Fired = append(r.Fired, ruleText(pl.Mission.Rules[ri]))
		}
		out = append(out, r)
	}
	return out
}

// ruleText: "when taking the violet Objective: open violet doors, activate violet Spawn Zones".
func ruleText(r missions.Rule) string {
	var eff []string
	for _, e := range r.Then {
		switch {
		case e.Open != "":
			eff = append(eff, "open "+e.Open+" doors")
		case e.Activate != "":
			eff = append(eff, "activate "+e.Activate+" Spawn Zones")
		case e.Grant != "":
			eff = append(eff, "gain "+e.Grant)
		case e.Remove != "":
			eff = append(eff, "remove "+e.Remove)
		case e.Text != "":
			eff = append(eff, e.Text)
		}
	}
	return "on " + triggerName(r) + ": " + strings.Join(eff, ", ")
}

// routes: start -> each Objective token (in the order they are taken) -> Exit.
func (pl *Play) routes(sol *Solution) []Route {
	p := pl.Puzzle
	n := len(pl.Board.Zones)
	var active []int
	for _, t := range pl.Of(missions.TokSpawn) {
		if t.Color == "red" {
			active = append(active, t.Zone.Index)
		}
	}
	danger := pl.EnemyDistance(active)
	// keysBefore are the keys held when sphere sp starts, so each leg of
	// the tour only uses doors that are open by then.
	keysBefore := func(sp int) map[string]int {
		ks := map[string]int{}
		for k, s := range sol.Keys {
			if s < sp {
				ks[k] = s
			}
		}
		return ks
	}
	route := func(from, to int, what string, keys map[string]int) Route {
		r := Route{From: zoneName(pl, from), To: what, Moves: -1, Path: []string{}, SpawnDistance: -1}
		path := ShortestPath(p.Moves, n, from, to, keys)
		if path == nil {
			return r
		}
		r.Moves = len(path) - 1
		for _, z := range path {
			r.Path = append(r.Path, zoneName(pl, z))
			if d := danger[z]; d >= 0 && (r.SpawnDistance < 0 || d < r.SpawnDistance) {
				r.SpawnDistance = d
			}
		}
		return r
	}
	// The tour: from the start to each Objective in the order the play
	// takes them (by step, then as listed), then to the Exit.
	var out []Route
	objs := pl.Of(missions.TokObjective)
	cur := p.Start
	for sp := 0; sp < len(sol.Spheres)+1; sp++ {
		for _, t := range objs {
			if s, ok := sol.Taken[t.Index]; ok && s == sp {
				out = append(out, route(cur, t.Zone.Index, strings.TrimPrefix(TokenName(t), "the "), keysBefore(sp+1)))
				cur = t.Zone.Index
			}
		}
	}
	for _, t := range objs {
		if _, ok := sol.Taken[t.Index]; !ok {
			out = append(out, route(p.Start, t.Zone.Index, strings.TrimPrefix(TokenName(t), "the "), sol.Keys))
		}
	}
	for _, t := range pl.Of(missions.TokExit) {
		out = append(out, route(cur, t.Zone.Index, strings.TrimPrefix(TokenName(t), "the "), sol.Keys))
	}
	return out
}
