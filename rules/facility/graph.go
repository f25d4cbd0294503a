package facility

import "sort"

// The facility as a graph: the corridors on the map, the corridors
// exploration may still lay (between two empty neighbouring slots: the
// rules never set up a corridor "to a room already on the map"), and the
// Technical Corridor Entrance's move to any room.

// neighbours are the slots orthogonally next to s on the grid.
func (f *Facility) neighbours(s *Slot) []*Slot {
	var out []*Slot
	for _, t := range f.Slots {
		if t == s {
			continue
		}
		dx, dy := t.X-s.X, t.Y-s.Y
		if dx*dx+dy*dy == 1 && f.slotByID[t.ID] == t {
			out = append(out, t)
		}
	}
	return out
}

// adjacent says whether two slots are orthogonal neighbours.
func adjacent(a, b *Slot) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy == 1
}

// hasCorridor says whether a corridor joins slots a and b.
func (f *Facility) hasCorridor(a, b int) bool {
	s := f.slotByID[a]
	if s == nil {
		return false
	}
	for _, c := range s.Corridors {
		if c.Other(a) == b {
			return true
		}
	}
	return false
}

// potential lists the corridors exploration may still lay: one between
// every two neighbouring empty slots with none yet, as slot-id pairs with
// the lower id first, in slot order.
func (f *Facility) potential() [][2]int {
	var out [][2]int
	for _, s := range f.sortedSlots() {
		if s.RoomID != "" || f.slotByID[s.ID] != s {
			continue
		}
		for _, t := range f.neighbours(s) {
			if t.RoomID == "" && t.ID > s.ID && !f.hasCorridor(s.ID, t.ID) {
				out = append(out, [2]int{s.ID, t.ID})
			}
		}
	}
	return out
}

// reach is the slots reachable from a slot through the corridors on the
// map, those exploration may lay and the Technical Corridor Entrance's
// move (planGraph), in steps; closed doors count as passable (a character
// can open them). Missing slots are absent.
func (f *Facility) reach(from int) map[int]int {
	adj := f.planGraph()
	dist := map[int]int{from: 0}
	queue := []int{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, e := range adj[s] {
			if _, seen := dist[e.to]; !seen {
				dist[e.to] = dist[s] + 1
				queue = append(queue, e.to)
			}
		}
	}
	return dist
}

// canCome says whether a room can come into play for a character starting
// in the Landing Zone: it is on the map and reachable, or it waits in a
// stack and an empty slot of its section can be explored.
func (f *Facility) canCome(id string, dist map[int]int) bool {
	if s := f.Find(id); s != nil {
		_, ok := dist[s.ID]
		return ok
	}
	r := f.Cat[id]
	if r == nil || !f.stackHas(id) {
		return false
	}
	for _, s := range f.empties() {
		if _, in := dist[s.ID]; in && canHold(s, r.Type) {
			return true
		}
	}
	return false
}

// edge is a step of a character's way: a corridor on the map (its id),
// one exploration may lay (0), or the Technical Corridor Entrance's move
// (jump).
type edge struct {
	to, corridor int
	door         string
	jump         bool
	// drill: a corridor the Drilling Station lays from the Hibernatorium,
	// where the robot stands (see planGraph); walked as a corridor once
	// the room has been used.
	drill bool
}

// planGraph is every way a character can go: the corridors on the map, the
// corridors exploration may lay, and, from a Technical Corridor Entrance
// on the map, its room action ("TECHNICAL CORRIDOR ENTRANCE: Move to any
// room in the facility.") to every other room on the map, and the
// corridors a Drilling Station on the map may lay from the robot's room.
// Other room actions are left out (docs/rules-facility.md says why).
func (f *Facility) planGraph() map[int][]edge {
	adj := map[int][]edge{}
	for _, c := range f.Corridors {
		if f.slotByID[c.A] == nil || f.slotByID[c.B] == nil || c.A == c.B {
			continue
		}
		adj[c.A] = append(adj[c.A], edge{to: c.B, corridor: c.ID, door: c.Door})
		adj[c.B] = append(adj[c.B], edge{to: c.A, corridor: c.ID, door: c.Door})
	}
	for _, p := range f.potential() {
		adj[p[0]] = append(adj[p[0]], edge{to: p[1]})
		adj[p[1]] = append(adj[p[1]], edge{to: p[0]})
	}
	if t := f.Find(TechnicalEntrance); t != nil {
		for _, s := range f.sortedSlots() {
			if s != t && s.RoomID != "" && f.slotByID[s.ID] == s {
				adj[t.ID] = append(adj[t.ID], edge{to: s.ID, jump: true})
			}
		}
	}
	// "DRILLING STATION: Place a new corridor leading from the room with
	// the robot … It may be placed leading to an already discovered room
	// or to an undiscovered room." Setup: "Assemble the robot model and
	// place it on the Hibernatorium", and the robot is activated only once
	// a room is connected to the Hibernatorium: until then it stands
	// there, so a character who reaches a Drilling Station on the map can
	// join the Hibernatorium to any neighbouring slot.
	if d, h, lz := f.Find(DrillingStation), f.Find(Hibernatorium), f.Find(LandingZone); d != nil && h != nil && lz != nil && bfsPath(adj, lz.ID, d.ID, true) != nil {
		for _, n := range f.neighbours(h) {
			if !f.hasCorridor(h.ID, n.ID) {
				adj[h.ID] = append(adj[h.ID], edge{to: n.ID, drill: true})
				adj[n.ID] = append(adj[n.ID], edge{to: h.ID, drill: true})
			}
		}
	}
	for k := range adj {
		es := adj[k]
		sort.SliceStable(es, func(i, j int) bool { return es[i].to < es[j].to })
	}
	return adj
}

// canHold says whether a room of type typ may be explored into slot s: a
// section room only in its section (or on a border of it), a ? room
// anywhere.
func canHold(s *Slot, typ string) bool {
	return typ == "?" || s.InSection(typ)
}
