package classic

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

//go:embed boxes/*.yaml
var boxFiles embed.FS

func init() {
	sub, _ := fs.Sub(boxFiles, "boxes")
	rules.RegisterBoxes(sub)
	rules.Register(game{})
}

type game struct{}

func (game) Ruleset() string        { return Ruleset }
func (game) DefaultTileset() string { return "city" }

// Name is how an author names the game.
func (game) Name() string { return "classic Zombicide" }

func (game) Movement(s *rules.Scene) []rules.Move { return NewWorld(s).Movement() }

// Inventory is the mission's inventory without the rest of the play: the
// editor's palette shows it as it edits.
func (game) Inventory(s *rules.Scene) []rules.Count {
	counts, _ := rules.Inventory(s, CoreBox, nil)
	return counts
}
func (game) LOS(s *rules.Scene, zone int, o rules.SightOptions) []rules.Seen {
	return rules.CastLOS(s.Board, NewWorld(s), zone, o)
}
func (game) Sight(s *rules.Scene, o rules.SightOptions) []rules.Sightline {
	return rules.SightGraph(s.Board, NewWorld(s), o)
}
func (game) EachSight(s *rules.Scene, o rules.SightOptions, fn func(from int, to, rng []int32)) {
	rules.EachSight(s.Board, NewWorld(s), o, fn)
}

// Paths: Zombies spawn at red Spawn Zones from the start; others when a rule
// activates them.
func (game) Paths(s *rules.Scene) rules.Paths {
	pl := NewWorld(s).Play()
	p := rules.Paths{Enemies: "Zombies", DoorsStop: true}
	var active []int
	for _, t := range rules.SpawnOrder(s) {
		p.SpawnOrder = append(p.SpawnOrder, t.Index)
		var path []int
		if pl.Puzzle.Start >= 0 {
			path = pl.EnemyPath(t.Zone.Index, pl.Puzzle.Start)
		}
		p.EnemyPaths = append(p.EnemyPaths, path)
		if t.Color == "red" {
			active = append(active, t.Zone.Index)
		}
	}
	p.Threat = pl.EnemyDistance(active)
	return p
}

// itemKey: every weapon that opens doors counts the same.
func itemKey(item string) string {
	switch item {
	case "door-opener", "crowbar", "fire-axe", "chainsaw":
		return rules.KeyDoorOpener
	}
	return item
}

// Play reads the world with the shared rules: a door-opening weapon is the
// key to every closed door, found by Searching inside a building.
func (w *World) Play() *rules.Play {
	pl := rules.NewPlay(w.Scene, w.Movement(), "Zombie", CoreBox)
	p := pl.Puzzle
	p.ItemKey = itemKey
	for _, e := range w.Mission.Equipment {
		p.Initial = append(p.Initial, itemKey(e))
	}
	bs := w.Buildings()
	// The building of each zone (the first that holds it, as BuildingOf
	// says) and each building's keys, made once: Solve asks for every
	// room it reaches, and a scan of the buildings per room grew with the
	// square of the board.
	of := make([]int, len(w.B.Zones))
	for i := range of {
		of[i] = -1
	}
	for i, b := range bs {
		for _, z := range b.Zones {
			if of[z] < 0 {
				of[z] = i
			}
		}
	}
	keys := make([]map[string]string, len(bs))
	p.ZoneKeys = func(z int) map[string]string {
		// Search is possible in any building room; the Equipment deck
		// holds door-opening weapons.
		if w.B.Zones[z].Kind != layout.Room || of[z] < 0 {
			return nil
		}
		i := of[z]
		if keys[i] == nil {
			keys[i] = map[string]string{rules.KeyDoorOpener: "Searching in " + w.B.Zones[bs[i].Zones[0]].ID}
		}
		return keys[i]
	}
	pl.KeyWhy = func(k string) string {
		if k == rules.KeyDoorOpener {
			return "a weapon that opens doors, and the team starts without one and reaches no building to Search in before a door is opened"
		}
		return ""
	}
	return pl
}

// buildingSection lists the buildings, the one the Survivors start in
// (startB, or -1) said so. The other lines are the board's alone, written
// once a board (an edit of a big board wrote 180 of them again).
func buildingSection(w *World, startB int) rules.Section {
	sec := rules.Section{Title: "Buildings (rooms joined by openings; opening one draws a Zombie card per room)"}
	lines := boardBuildings.linesOf(w.B)
	if len(lines) == 0 {
		return sec
	}
	sec.Lines = slices.Clone(lines)
	if startB >= 0 && startB < len(sec.Lines) {
		sec.Lines[startB] = buildingLine(w, startB, w.Buildings()[startB], "the Survivors start here: it does not spawn")
	}
	return sec
}

// buildingLine is a building's line of the analysis: its number, its rooms
// and what opening it spawns.
func buildingLine(w *World, i int, b Building, spawn string) string {
	var s strings.Builder
	s.WriteString(strconv.Itoa(i + 1))
	s.WriteString(". ")
	for j, z := range b.Zones {
		if j > 0 {
			s.WriteString(", ")
		}
		s.WriteString(w.B.Zones[z].ID)
	}
	s.WriteString(" — ")
	s.WriteString(spawn)
	return s.String()
}

func buildingName(w *World, bs []Building, i int) string {
	if i < 0 {
		return "no building"
	}
	var ids []string
	for _, z := range bs[i].Zones {
		ids = append(ids, w.B.Zones[z].ID)
	}
	return "the building " + ids[0] + fmt.Sprintf(" (%d room%s)", len(ids), rules.Plural(len(ids)))
}

// Terrain: streets are classic Zombicide's alone.
func (game) Terrain() (kinds, features []string, edges []layout.EdgeKind) {
	return []string{layout.Street}, nil, nil
}

// Check runs every classic check on a placed mission.
func (game) Check(s *rules.Scene, _ rules.Options) []rules.Finding {
	w := NewWorld(s)
	pl := w.Play()
	out := pl.Checks()
	out = append(out, checkCars(w)...)
	out = append(out, checkSealed(w)...)
	out = append(out, checkDoorOpener(w, pl)...)
	return out
}

// checkCars: cars stand on streets only.
func checkCars(w *World) []rules.Finding {
	var out []rules.Finding
	for _, t := range w.Of(missions.TokCar) {
		if t.Zone.Kind != layout.Street {
			out = append(out, rules.Finding{Rule: "car-off-street", Ptr: t.Ptr(),
				Message: fmt.Sprintf("the %s car at %d,%d stands in %s, a %s zone: cars stand and drive on streets only", t.Kind, t.Cell.X, t.Cell.Y, t.Zone.ID, t.Zone.Kind)})
		}
	}
	return out
}

// checkSealed: a building with no door or opening to the outside.
func checkSealed(w *World) []rules.Finding {
	bs := w.Buildings()
	// One pass over the zone pairs marks every building with a door or an
	// opening to a zone outside it.
	of := make([]int, len(w.B.Zones))
	for z := range of {
		of[z] = -1
	}
	for i, b := range bs {
		for _, z := range b.Zones {
			of[z] = i
		}
	}
	open := make([]bool, len(bs))
	for _, adj := range w.B.Adjacent() {
		ia, ib := of[adj.A], of[adj.B]
		if ia == ib {
			continue
		}
		for _, e := range adj.Edges {
			if e.Kind == layout.EdgeDoor || e.Kind == layout.EdgeOpening {
				if ia >= 0 {
					open[ia] = true
				}
				if ib >= 0 {
					open[ib] = true
				}
				break
			}
		}
	}
	var out []rules.Finding
	for i, b := range bs {
		if open[i] {
			continue
		}
		z := w.B.Zones[b.Zones[0]]
		ptr := fmt.Sprintf("/tiles/%d", w.B.Tiles[z.Tile].Index)
		out = append(out, rules.Finding{Rule: "building-sealed", Ptr: ptr,
			Message: fmt.Sprintf("%s has no door or opening to the outside: nobody can ever enter it", buildingName(w, bs, i)),
			Hint:    "turn the tile so a door opening faces a street, or join the building to another"})
	}
	return out
}

// checkDoorOpener: doors stay shut forever when nobody can open them.
func checkDoorOpener(w *World, pl *rules.Play) []rules.Finding {
	if pl.Puzzle.Start < 0 {
		return nil
	}
	var closed []*rules.Token
	for _, t := range w.Of(missions.TokDoor) {
		if t.State == "closed" {
			closed = append(closed, t)
		}
	}
	if len(closed) == 0 {
		return nil
	}
	sol := pl.Solved(false)
	if _, ok := sol.Keys[rules.KeyDoorOpener]; ok {
		return nil
	}
	if len(sol.Met) == len(w.Mission.Objectives) {
		return nil // the mission can be won with every door shut
	}
	return []rules.Finding{{Rule: "no-door-opener", Ptr: closed[0].Ptr(),
		Message: "no Survivor can ever open a door: the team starts without a door-opening weapon, and every building is behind a closed door, so none can be Searched for one",
		Hint:    "add 'equipment: [door-opener]', leave a door open, or let the Survivors start in a building"}}
}

// Analyze adds the buildings and the street network to the shared analysis.
func (game) Analyze(s *rules.Scene) *rules.Analysis {
	w := NewWorld(s)
	pl := w.Play()
	a := pl.Analyze()
	bs := w.Buildings()
	startB := -1
	if pl.Puzzle.Start >= 0 {
		startB = BuildingOf(bs, pl.Puzzle.Start)
	}
	a.Sections = append(a.Sections, buildingSection(w, startB))
	a.Sections = append(a.Sections, w.streets())
	e := rules.EstimateOf(a)
	a.Estimate = &e
	return a
}

// streets reports the street network and what each car can drive over.
func (w *World) streets() rules.Section {
	n := len(w.B.Zones)
	street := func(z int) bool { return w.B.Zones[z].Kind == layout.Street }
	adj := make([][]int, n)
	for _, m := range w.Movement() {
		if street(m.From) && street(m.To) {
			adj[m.From] = append(adj[m.From], m.To)
			adj[m.To] = append(adj[m.To], m.From)
		}
	}
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	var sizes []int
	for z := 0; z < n; z++ {
		if !street(z) || comp[z] >= 0 {
			continue
		}
		id := len(sizes)
		sizes = append(sizes, 0)
		q := []int{z}
		comp[z] = id
		for len(q) > 0 {
			c := q[0]
			q = q[1:]
			sizes[id]++
			for _, o := range adj[c] {
				if comp[o] < 0 {
					comp[o] = id
					q = append(q, o)
				}
			}
		}
	}
	total := 0
	for _, s := range sizes {
		total += s
	}
	sec := rules.Section{Title: "Streets and cars"}
	sec.Lines = append(sec.Lines, fmt.Sprintf("%d street zone%s in %d network%s", total, rules.Plural(total), len(sizes), rules.Plural(len(sizes))))
	for _, t := range w.Of(missions.TokCar) {
		search := "searchable once (Pimpmobile)"
		if t.Kind == "police" {
			search = "searchable every Turn, drawing until a weapon (police car)"
		}
		reach := 0
		if c := comp[t.Zone.Index]; c >= 0 {
			reach = sizes[c]
		}
		sec.Lines = append(sec.Lines, fmt.Sprintf("%s car at %d,%d (%s): drives over %d street zone%s; %s", t.Kind, t.Cell.X, t.Cell.Y, t.Zone.ID, reach, rules.Plural(reach), search))
	}
	return sec
}
