package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/zmission/zmission/missions"
)

// Analyze reports the play order and the metrics a designer wants; a game
// adds what is its own (Invader: the Mold risk).
func (pl *Play) Analyze() *Analysis {
	// The doors the enemies destroy for certain are counted open: the
	// figures are the play's, and the notes say what the Survivors wait
	// for.
	shut := pl
	pl = pl.AfterDestroyed()
	s := pl.Scene
	m := s.Mission
	a := &Analysis{Title: m.Title, Enemy: pl.Enemy, Ruleset: m.Ruleset, Tiles: len(s.Board.Tiles), Cells: [2]int{s.Board.W, s.Board.H}, Zones: len(s.Board.Zones),
		Spheres: []SphereReport{}, Objectives: []ObjectiveState{}, Routes: []Route{}, Spawns: []SpawnReport{}, Inventory: []InventoryLine{}}
	p := pl.Puzzle
	var sol *Solution
	if p.Start >= 0 {
		a.Start = zoneName(pl, p.Start)
		sol = pl.Solved(true)
		a.Spheres = pl.spheres(sol)
		var soft *Solution
		if p.HasOneWay() {
			soft = Solve(p.Lenient(), true)
		}
		need := shut.doorsNeeded()
		for i, o := range m.Objectives {
			st := ObjectiveState{Number: i + 1, Text: objectiveShort(pl, o), Sphere: -1}
			if sp, ok := sol.Met[i]; ok {
				st.Met, st.Sphere = true, sp
			}
			if o.Survive > 0 || o.Kill != "" || (objectiveShort(pl, o) == o.Text) {
				st.Note = "not decided by the map"
			}
			if !st.Met {
				st.Note = pl.unmetNote(o, soft, i)
			} else if shut != pl {
				if _, ok := shut.Solved(true).Met[i]; !ok {
					st.Note = pl.destroyedNote(need(i))
				}
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
		if c.Used > 0 { // the editor's palette lists the rest too
			a.Inventory = append(a.Inventory, InventoryLine{What: c.Label(), Used: c.Used, Owned: c.Owned})
		}
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
		r.Credits = pl.credits(sol, sp)
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
	// The legs of a tour share few sets of keys: each set's adjacency is
	// made once (a mission may hold 3,000 Objectives).
	adjs := map[string][][]int{}
	route := func(from, to int, what string, keys map[string]int) Route {
		r := Route{From: zoneName(pl, from), To: what, Moves: -1, Path: []string{}, SpawnDistance: -1}
		names := slices.Sorted(maps.Keys(keys))
		held := strings.Join(names, "\x00")
		adj, ok := adjs[held]
		if !ok {
			adj = usableAdj(p.Moves, n, keys)
			adjs[held] = adj
		}
		path := shortestPath(adj, from, to)
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
		if _, ok := sol.Taken[t.Index]; !ok && p.Gone[t.Index] == nil {
			out = append(out, route(p.Start, t.Zone.Index, strings.TrimPrefix(TokenName(t), "the "), sol.Keys))
		}
	}
	for _, t := range pl.Of(missions.TokExit) {
		out = append(out, route(cur, t.Zone.Index, strings.TrimPrefix(TokenName(t), "the "), sol.Keys))
	}
	return out
}

// unmetNote says why objective i is not met when the map alone decides it:
// Mold removed a token it needs, or the Survivors get there only once the
// enemies destroy a door (soft: the solution with those doors destroyed).
func (pl *Play) unmetNote(o missions.Objective, soft *Solution, i int) string {
	if o.Take != "" {
		for _, t := range pl.Of(missions.TokObjective) {
			if m := pl.Puzzle.Gone[t.Index]; m != nil && (o.Take == "all" || t.Color == o.Take) {
				return fmt.Sprintf("the Mold at %d,%d removes %s", m.Cell.X, m.Cell.Y, TokenName(t))
			}
		}
	}
	if soft != nil {
		if sp, ok := soft.Met[i]; ok {
			return fmt.Sprintf("only once %ss destroy a closed door (then in step %d): a Survivor removes a door from inside its room only", pl.Enemy, sp+1)
		}
	}
	return ""
}

// doorsNeeded answers, for an objective met only once the enemies destroy
// the doors they destroy for certain, which of those doors it waits for:
// each door whose staying shut alone leaves it unmet (a door behind which
// lies another objective's token is not this one's). Where no single door
// is needed (any of several will do), all are named. The play is the one
// with the doors still shut; each door costs one solve, asked once.
func (pl *Play) doorsNeeded() func(i int) []int {
	doors := slices.Sorted(maps.Keys(pl.Puzzle.Destroyed))
	without := map[int]*Solution{} // door -> the solution with only it shut
	return func(i int) []int {
		if len(doors) < 2 {
			return doors
		}
		var out []int
		for _, d := range doors {
			sol := without[d]
			if sol == nil {
				rest := maps.Clone(pl.Puzzle.Destroyed)
				delete(rest, d)
				sol = pl.opened(rest).Solved(true)
				without[d] = sol
			}
			if _, met := sol.Met[i]; !met {
				out = append(out, d)
			}
		}
		if len(out) == 0 {
			return doors
		}
		return out
	}
}

// destroyedNote says which doors the enemies open for the Survivors, and
// why they must: "once Xenos destroy the closed door at 5,2:n, the only
// way from the red Spawn Zone at 5,2 (2A/e) toward the Survivors".
func (pl *Play) destroyedNote(doors []int) string {
	var parts []string
	for _, d := range doors {
		sp := pl.Puzzle.Destroyed[d]
		for _, t := range pl.Tokens {
			if t.Index == d {
				parts = append(parts, fmt.Sprintf("%s, the only way from %s toward the Survivors", strings.TrimPrefix(TokenName(t), "the "), TokenName(sp)))
			}
		}
	}
	return fmt.Sprintf("once %ss destroy the closed %s", pl.Enemy, strings.Join(parts, "; and the "))
}

// credits says which of the keys gained together opened each zone first
// reachable in sphere sp: a zone the Survivors reach with one of the new
// keys alone is credited to the first such key; a zone that needs several
// of them to the keys together. Keys that opened nothing are left out.
func (pl *Play) credits(sol *Solution, sp Sphere) []Credit {
	if len(sp.Gained) == 0 || len(sp.Zones) == 0 {
		return nil
	}
	p := pl.Puzzle
	n := len(pl.Board.Zones)
	before := map[string]int{}
	for k, s := range sol.Keys {
		if s < sp.Index {
			before[k] = s
		}
	}
	for _, g := range sp.Gained { // held before this step's keys came
		delete(before, g.Key)
	}
	if len(sp.Gained) == 1 {
		return []Credit{{Opened: []Gain{sp.Gained[0]}, Zones: pl.zoneNames(sp.Zones)}}
	}
	credited := map[int]bool{}
	var out []Credit
	for _, g := range sp.Gained {
		keys := maps.Clone(before)
		keys[g.Key] = sp.Index
		reach := Reachable(p.Moves, n, p.Start, keys)
		var zs []int
		for _, z := range sp.Zones {
			if reach[z] && !credited[z] {
				credited[z] = true
				zs = append(zs, z)
			}
		}
		if len(zs) > 0 {
			out = append(out, Credit{Opened: []Gain{g}, Zones: pl.zoneNames(zs)})
		}
	}
	var rest []int
	for _, z := range sp.Zones {
		if !credited[z] {
			rest = append(rest, z)
		}
	}
	if len(rest) > 0 {
		out = append(out, Credit{Opened: append([]Gain{}, sp.Gained...), Zones: pl.zoneNames(rest)})
	}
	return out
}

func (pl *Play) zoneNames(zs []int) []string {
	out := make([]string, 0, len(zs))
	for _, z := range zs {
		out = append(out, zoneName(pl, z))
	}
	return out
}
