package invader

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Analyze reports the play order and the metrics a designer wants.
func (game) Analyze(s *rules.Scene) *rules.Analysis {
	w := NewWorld(s)
	m := s.Mission
	a := &rules.Analysis{Title: m.Title, Ruleset: m.Ruleset, Tiles: len(s.Board.Tiles), Cells: [2]int{s.Board.W, s.Board.H}, Zones: len(s.Board.Zones),
		Spheres: []rules.SphereReport{}, Objectives: []rules.ObjectiveState{}, Routes: []rules.Route{}, Spawns: []rules.SpawnReport{}, Inventory: []rules.InventoryLine{}}
	p := w.Puzzle()
	var sol *rules.Solution
	if p.Start >= 0 {
		a.Start = zoneName(w, p.Start)
		sol = rules.Solve(p, true)
		a.Spheres = spheres(w, sol)
		for i, o := range m.Objectives {
			st := rules.ObjectiveState{Number: i + 1, Text: objectiveShort(w, o), Sphere: -1}
			if sp, ok := sol.Met[i]; ok {
				st.Met, st.Sphere = true, sp
			}
			if o.Survive > 0 || o.Kill != "" || (objectiveShort(w, o) == o.Text) {
				st.Note = "not decided by the map"
			}
			a.Objectives = append(a.Objectives, st)
		}
		a.Routes = routes(w, p, sol)
	}
	order := w.SpawnOrder()
	var start []int
	if p.Start >= 0 {
		start = []int{p.Start}
	}
	toStart := w.XenoDistance(start)
	for i, t := range order {
		r := rules.SpawnReport{Order: i + 1, Color: t.Color, At: [2]int{t.Cell.X, t.Cell.Y}, Zone: t.Zone.ID, ToStart: toStart[t.Zone.Index], Active: "never"}
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
	a.ExtraSpawns = ExtraSpawns(survivors(m))
	a.Mold = moldReport(w)
	counts, _ := w.Inventory()
	for _, c := range counts {
		a.Inventory = append(a.Inventory, rules.InventoryLine{What: c.Label(), Used: c.Used, Owned: c.Owned})
	}
	return a
}

func spheres(w *World, sol *rules.Solution) []rules.SphereReport {
	var out []rules.SphereReport
	for _, sp := range sol.Spheres {
		if sp.Index > 0 && len(sp.Zones)+len(sp.Taken)+len(sp.Fired) == 0 {
			continue // a key that opened nothing new
		}
		r := rules.SphereReport{Index: sp.Index, Opened: append([]rules.Gain{}, sp.Gained...), Zones: []string{}, Taken: []string{}, Fired: []string{}}
		for _, z := range sp.Zones {
			r.Zones = append(r.Zones, zoneName(w, z))
		}
		for _, ti := range sp.Taken {
			for _, t := range w.Tokens {
				if t.Index == ti {
					r.Taken = append(r.Taken, strings.TrimPrefix(tokenName(t), "the "))
				}
			}
		}
		for _, ri := range sp.Fired {
			r.Fired = append(r.Fired, ruleText(w.Mission.Rules[ri]))
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
func routes(w *World, p *rules.Puzzle, sol *rules.Solution) []rules.Route {
	n := len(w.B.Zones)
	var active []int
	for _, t := range w.Of(missions.TokSpawn) {
		if t.Color == "red" {
			active = append(active, t.Zone.Index)
		}
	}
	danger := w.XenoDistance(active)
	route := func(from, to int, what string) rules.Route {
		r := rules.Route{From: zoneName(w, from), To: what, Moves: -1, Path: []string{}, SpawnDistance: -1}
		path := rules.ShortestPath(p.Moves, n, from, to, sol.Keys)
		if path == nil {
			return r
		}
		r.Moves = len(path) - 1
		for _, z := range path {
			r.Path = append(r.Path, zoneName(w, z))
			if d := danger[z]; d >= 0 && (r.SpawnDistance < 0 || d < r.SpawnDistance) {
				r.SpawnDistance = d
			}
		}
		return r
	}
	var out []rules.Route
	objs := w.Of(missions.TokObjective)
	// Taken order: by sphere, then document order.
	for sp := 0; sp < len(sol.Spheres)+1; sp++ {
		for _, t := range objs {
			if s, ok := sol.Taken[t.Index]; ok && s == sp {
				out = append(out, route(p.Start, t.Zone.Index, strings.TrimPrefix(tokenName(t), "the ")))
			}
		}
	}
	for _, t := range objs {
		if _, ok := sol.Taken[t.Index]; !ok {
			out = append(out, route(p.Start, t.Zone.Index, strings.TrimPrefix(tokenName(t), "the ")))
		}
	}
	for _, t := range w.Of(missions.TokExit) {
		out = append(out, route(p.Start, t.Zone.Index, strings.TrimPrefix(tokenName(t), "the ")))
	}
	return out
}

func moldReport(w *World) *rules.MoldReport {
	sp := w.Of(missions.TokSpawn)
	var best *rules.MoldReport
	for i := range sp {
		for j := i + 1; j < len(sp); j++ {
			if sp[i].Zone.Index == sp[j].Zone.Index {
				continue
			}
			c, ok := w.MoldChain(sp[i].Zone.Index, sp[j].Zone.Index)
			if !ok || (best != nil && len(c) >= best.Zones) {
				continue
			}
			best = &rules.MoldReport{Zones: len(c), Chain: []string{}, Between: [2]string{sp[i].Zone.ID, sp[j].Zone.ID}}
			for _, z := range c {
				best.Chain = append(best.Chain, zoneName(w, z))
			}
		}
	}
	return best
}
