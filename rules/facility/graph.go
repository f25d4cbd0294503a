package facility

// The facility as a graph: the corridors on the map, and the corridors
// exploration may still lay (between two empty neighbouring slots: the
// rules never set up a corridor "to a room already on the map").

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
// map and those exploration may lay, in moves (each move one corridor);
// closed doors count as passable (a character can open them). Missing
// slots are -1.
func (f *Facility) reach(from int) map[int]int {
	adj := map[int][]int{}
	for _, c := range f.Corridors {
		if f.slotByID[c.A] != nil && f.slotByID[c.B] != nil && c.A != c.B {
			adj[c.A] = append(adj[c.A], c.B)
			adj[c.B] = append(adj[c.B], c.A)
		}
	}
	for _, p := range f.potential() {
		adj[p[0]] = append(adj[p[0]], p[1])
		adj[p[1]] = append(adj[p[1]], p[0])
	}
	dist := map[int]int{from: 0}
	queue := []int{from}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range adj[s] {
			if _, seen := dist[t]; !seen {
				dist[t] = dist[s] + 1
				queue = append(queue, t)
			}
		}
	}
	return dist
}

// canHold says whether a room of type typ may be explored into slot s: a
// section room only in its section (or on a border of it), a ? room
// anywhere.
func canHold(s *Slot, typ string) bool {
	return typ == "?" || s.InSection(typ)
}
