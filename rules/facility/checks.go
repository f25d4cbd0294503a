package facility

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/rules"
)

func slotPtr(s *Slot) string          { return "/slots/" + strconv.Itoa(s.Index) }
func corPtr(c *Corridor) string       { return "/corridors/" + strconv.Itoa(c.Index) }
func roomPtr(i int) string            { return "/rooms/" + strconv.Itoa(i) }
func tokPtr(i int) string             { return "/tokens/" + strconv.Itoa(i) }
func stackPtr(t string, i int) string { return "/stacks/" + t + "/" + strconv.Itoa(i) }

// CheckModel implements rules.ModelGame: every check of the facility, in a
// fixed order (lint sorts them by rule).
func (Game) CheckModel(m rules.Model, _ rules.Options) []rules.Finding {
	f, ok := m.(*Facility)
	if !ok {
		return nil
	}
	return f.Check()
}

// Check runs every check on the facility.
func (f *Facility) Check() []rules.Finding {
	var out []rules.Finding
	for _, c := range []func() []rules.Finding{
		f.checkPlayers, f.checkSlots, f.checkRooms, f.checkStacks, f.checkCorridors, f.checkLandingZone,
		f.checkRequired, f.checkEscapes, f.checkObjectives, f.checkTokens, f.checkQueen, f.checkSecured, f.checkOrder,
	} {
		out = append(out, c()...)
	}
	return out
}

// checkPlayers: a range reads low to high, as in every game.
func (f *Facility) checkPlayers() []rules.Finding {
	lo, hi := f.PlayersMin, f.PlayersMax
	return rules.PlayersBackwards("/players", fmt.Sprintf("%d-%d", lo, hi), lo, hi, fmt.Sprintf("write %d-%d", hi, lo))
}

func (f *Facility) checkSlots() []rules.Finding {
	var out []rules.Finding
	byPos := map[[2]int]*Slot{}
	for _, s := range f.Slots {
		if first := f.slotByID[s.ID]; first != s {
			out = append(out, rules.Finding{Rule: "slot-duplicate", Ptr: slotPtr(s) + "/id",
				Message: fmt.Sprintf("slot id %d is used twice: rooms, corridors and the lowest-id tie-break need one slot per id", s.ID),
				Related: []rules.Related{{Ptr: slotPtr(first), Message: "the first slot " + strconv.Itoa(s.ID)}}})
		}
		p := [2]int{s.X, s.Y}
		if first := byPos[p]; first != nil {
			out = append(out, rules.Finding{Rule: "slot-duplicate", Ptr: slotPtr(s) + "/at",
				Message: fmt.Sprintf("slots %d and %d are both at %d,%d", first.ID, s.ID, s.X, s.Y),
				Related: []rules.Related{{Ptr: slotPtr(first), Message: "the first slot there"}}})
		} else {
			byPos[p] = s
		}
		if s.X < 0 || s.Y < 0 || s.X >= f.Cols || s.Y >= f.Rows {
			out = append(out, rules.Finding{Rule: "slot-outside", Ptr: slotPtr(s) + "/at",
				Message: fmt.Sprintf("slot %d at %d,%d is beyond the facility's border: the grid is %d×%d (columns 0-%d, rows 0-%d); no room or corridor can be placed beyond it", s.ID, s.X, s.Y, f.Cols, f.Rows, f.Cols-1, f.Rows-1),
				Hint:    "enlarge grid or move the slot"})
		}
		if strings.Contains(s.Section, "/") && !slices.Contains(f.Borders, s.Section) {
			hint := "add it to borders, or put the slot in one section"
			if len(f.Borders) > 0 {
				hint = "declared borders: " + strings.Join(f.Borders, ", ") + "; " + hint
			}
			out = append(out, rules.Finding{Rule: "slot-section", Ptr: slotPtr(s) + "/section",
				Message: fmt.Sprintf("slot %d is on the %s border, but the scenario declares no border between sections %s", s.ID, s.Section, strings.Replace(s.Section, "/", " and ", 1)),
				Hint:    hint})
		}
	}
	return out
}

func (f *Facility) checkRooms() []rules.Finding {
	var out []rules.Finding
	names := f.Cat.ids()
	seen := map[string]string{} // room id -> pointer of its first use
	for i, p := range f.Placed {
		ptr := roomPtr(i)
		s := f.slotByID[p.Slot]
		switch {
		case s == nil:
			out = append(out, rules.Finding{Rule: "room-slot", Ptr: ptr + "/slot",
				Message: fmt.Sprintf("room %s is on slot %d, which is not a slot of the facility: rooms are placed on room slots only", p.Room, p.Slot)})
		case s.RoomAt != i:
			out = append(out, rules.Finding{Rule: "room-slot", Ptr: ptr + "/slot",
				Message: fmt.Sprintf("slot %d already holds %s: one room per slot", p.Slot, s.RoomID),
				Related: []rules.Related{{Ptr: roomPtr(s.RoomAt), Message: "the room already there"}}})
		}
		r := f.Cat[p.Room]
		if r == nil {
			out = append(out, unknownRoom(ptr+"/room", p.Room, names))
			continue
		}
		if first, dup := seen[p.Room]; dup {
			out = append(out, rules.Finding{Rule: "room-duplicate", Ptr: ptr + "/room",
				Message: fmt.Sprintf("%s is on the map twice: each named room is one tile", r.Name),
				Related: []rules.Related{{Ptr: first, Message: "the first " + r.Name}}})
		} else {
			seen[p.Room] = ptr + "/room"
		}
		if s != nil && s.RoomAt == i && !canHold(s, r.Type) {
			msg := fmt.Sprintf("%s is a section %s room, on slot %d in section %s: section rooms belong to their section", r.Name, r.Type, s.ID, s.Section)
			if r.ID == Nest {
				msg = fmt.Sprintf("the Nest is on slot %d in section %s: its eggs lie in the Nest space on the section C border, which is part of the Nest room", s.ID, s.Section)
			}
			out = append(out, rules.Finding{Rule: "room-section", Ptr: ptr + "/slot", Message: msg,
				Related: []rules.Related{{Ptr: slotPtr(s), Message: "the slot"}}})
		}
		if p.Covered && r.ID != Hibernatorium {
			out = append(out, rules.Finding{Rule: "room-section", Ptr: ptr + "/covered",
				Message: fmt.Sprintf("only the Hibernatorium has an Undiscovered tile to cover it; %s cannot be covered", r.Name)})
		}
	}
	for _, t := range []string{"A", "B", "C", "?"} {
		for i, id := range f.Stacks[t] {
			if !f.StackWritten[t] {
				break
			}
			ptr := stackPtr(t, i)
			r := f.Cat[id]
			if r == nil {
				out = append(out, unknownRoom(ptr, id, names))
				continue
			}
			if first, dup := seen[id]; dup {
				out = append(out, rules.Finding{Rule: "room-duplicate", Ptr: ptr,
					Message: fmt.Sprintf("%s is already in the scenario: each named room is one tile, on the map or in a stack", r.Name),
					Related: []rules.Related{{Ptr: first, Message: "the first " + r.Name}}})
			} else {
				seen[id] = ptr
			}
			if r.Type != t {
				out = append(out, rules.Finding{Rule: "room-section", Ptr: ptr,
					Message: fmt.Sprintf("%s is a type %s room, in the %s stack: the room tiles are sorted into stacks by type", r.Name, r.Type, t),
					Hint:    "move it to stacks." + r.Type})
			}
		}
	}
	return out
}

func unknownRoom(ptr, id string, names []string) rules.Finding {
	fd := rules.Finding{Rule: "room-unknown", Ptr: ptr, Message: fmt.Sprintf("unknown room %q", id),
		Hint: "the rooms are listed in docs/facility-format.md; add your own under custom_rooms"}
	if near := typo.Closest(id, names); near != "" {
		fd.Message += fmt.Sprintf("; did you mean %q?", near)
	}
	return fd
}

// empties are the empty slots (one per id), in id order.
func (f *Facility) empties() []*Slot {
	var out []*Slot
	for _, s := range f.sortedSlots() {
		if s.RoomID == "" && f.slotByID[s.ID] == s {
			out = append(out, s)
		}
	}
	return out
}

func (f *Facility) checkStacks() []rules.Finding {
	var out []rules.Finding
	empty := f.empties()
	total := 0
	var parts []string
	for _, t := range []string{"A", "B", "C", "?"} {
		total += len(f.Stacks[t])
		parts = append(parts, fmt.Sprintf("%s %d", t, len(f.Stacks[t])))
	}
	if len(empty) > total {
		var per []string
		for _, x := range Sections {
			n := 0
			for _, s := range empty {
				if s.InSection(x) {
					n++
				}
			}
			per = append(per, fmt.Sprintf("%s %d", x, n))
		}
		ptr := "/stacks"
		if len(f.StackWritten) == 0 {
			ptr = "/slots"
		}
		out = append(out, rules.Finding{Rule: "stack-short", Ptr: ptr, Key: true,
			Message: fmt.Sprintf("%s (by section: %s; border slots count in both) but the stacks hold %s (%s): once a type runs out exploration places a ? room, and once the ? stack is empty too, nothing is placed", rules.CountOf(len(empty), "empty slot"), strings.Join(per, ", "), rules.CountOf(total, "room"), strings.Join(parts, ", ")),
			Hint:    "add rooms to the stacks (custom rooms if need be) or remove slots"})
	}
	if f.CorridorPool >= 0 {
		if need := len(f.potential()); need > f.CorridorPool {
			out = append(out, rules.Finding{Rule: "corridor-pool-short", Ptr: "/corridor_pool",
				Message: fmt.Sprintf("exploration can lay up to %d more corridors (between neighbouring empty slots) but the corridor pool holds %d: when the corridors run out, nothing is placed, and parts of the facility may stay cut off", need, f.CorridorPool),
				Hint:    fmt.Sprintf("give corridor_pool at least %d", need)})
		}
	}
	return out
}

func (f *Facility) checkCorridors() []rules.Finding {
	var out []rules.Finding
	pairs := map[[2]int]*Corridor{}
	for _, c := range f.Corridors {
		ptr := corPtr(c)
		if first := f.corByID[c.ID]; first != c {
			out = append(out, rules.Finding{Rule: "corridor-duplicate", Ptr: ptr + "/id",
				Message: fmt.Sprintf("corridor id %d is used twice: the lowest-id tie-break needs one corridor per id", c.ID),
				Related: []rules.Related{{Ptr: corPtr(first), Message: "the first corridor " + strconv.Itoa(c.ID)}}})
		}
		a, b := f.slotByID[c.A], f.slotByID[c.B]
		bad := false
		for _, end := range []int{c.A, c.B} {
			if f.slotByID[end] == nil {
				bad = true
				out = append(out, rules.Finding{Rule: "corridor-end", Ptr: ptr + "/between",
					Message: fmt.Sprintf("corridor %d leads to slot %d, which is not a slot of the facility: no corridor can be placed beyond the facility's border", c.ID, end)})
			}
		}
		if c.A == c.B {
			bad = true
			out = append(out, rules.Finding{Rule: "corridor-end", Ptr: ptr + "/between",
				Message: fmt.Sprintf("corridor %d joins slot %d to itself: a corridor joins two slots", c.ID, c.A)})
		}
		if bad {
			continue
		}
		key := [2]int{min(c.A, c.B), max(c.A, c.B)}
		if first := pairs[key]; first != nil {
			out = append(out, rules.Finding{Rule: "corridor-duplicate", Ptr: ptr + "/between",
				Message: fmt.Sprintf("corridors %d and %d both join slots %d and %d: one corridor space between two slots, with at most one door slot", first.ID, c.ID, key[0], key[1]),
				Related: []rules.Related{{Ptr: corPtr(first), Message: "the first corridor"}}})
		} else {
			pairs[key] = c
		}
		if !c.Technical && !adjacent(a, b) {
			out = append(out, rules.Finding{Rule: "corridor-adjacent", Ptr: ptr + "/between",
				Message: fmt.Sprintf("corridor %d joins slots %d (%d,%d) and %d (%d,%d), which are not neighbours on the grid", c.ID, a.ID, a.X, a.Y, b.ID, b.X, b.Y),
				Hint:    "join neighbouring slots, or mark it technical: true"})
		}
		switch {
		case c.Noise < 0 || c.Noise > 4:
			out = append(out, rules.Finding{Rule: "noise-range", Ptr: ptr + "/noise",
				Message: fmt.Sprintf("corridor %d has noise %d: a corridor's front shows a noise value 1-4, its back 0 (reinforced)", c.ID, c.Noise)})
		case c.Deadly != 0 && c.Noise == 0:
			out = append(out, rules.Finding{Rule: "noise-range", Ptr: ptr + "/deadly",
				Message: fmt.Sprintf("corridor %d is reinforced (noise 0) and has a Deadly value %d: secured corridors still have only one value of 0", c.ID, c.Deadly)})
		case c.Deadly != 0 && (c.Deadly < 1 || c.Deadly >= c.Noise):
			msg := fmt.Sprintf("corridor %d has Deadly value %d with noise %d: the second noise value is a smaller one, 1-%d", c.ID, c.Deadly, c.Noise, c.Noise-1)
			if c.Noise == 2 {
				msg = fmt.Sprintf("corridor %d has Deadly value %d with noise 2: the second noise value is a smaller one, so 1", c.ID, c.Deadly)
			}
			if c.Noise == 1 {
				msg = fmt.Sprintf("corridor %d has Deadly value %d with noise 1: the second noise value is a smaller one, and none is smaller than 1", c.ID, c.Deadly)
			}
			out = append(out, rules.Finding{Rule: "noise-range", Ptr: ptr + "/deadly", Message: msg})
		}
		if c.DoorAt != 0 {
			switch {
			case !c.HasDoor():
				out = append(out, rules.Finding{Rule: "door-slot", Ptr: ptr + "/door_at",
					Message: fmt.Sprintf("corridor %d has no door slot, so its door slot cannot face slot %d", c.ID, c.DoorAt), Hint: "add door: open (or closed), or drop door_at"})
			case c.DoorAt != c.A && c.DoorAt != c.B:
				out = append(out, rules.Finding{Rule: "door-slot", Ptr: ptr + "/door_at",
					Message: fmt.Sprintf("corridor %d's door slot faces slot %d, which is not one of its ends (%d, %d)", c.ID, c.DoorAt, c.A, c.B)})
			case !a.Is(LandingZone) && !b.Is(LandingZone) && f.Find(LandingZone) != nil: // setup's corridors: checkLandingZone
				// "If a corridor has a door slot, place it so the slot
				// connects with the newly explored room": a corridor from
				// a room to an empty slot was laid from that room. With no
				// Landing Zone on the map (room-required) any empty slot
				// may be where it was meant, its corridors the setup's.
				room, empty := a, b
				if room.RoomID == "" {
					room, empty = b, a
				}
				if room.RoomID != "" && empty.RoomID == "" && c.DoorAt == empty.ID {
					out = append(out, rules.Finding{Rule: "door-slot", Ptr: ptr + "/door_at",
						Message: fmt.Sprintf("corridor %d leads from %s (slot %d) to the empty slot %d with its door slot facing slot %d: a corridor laid while exploring a room has its door slot connect with the newly explored room", c.ID, roomName(room), room.ID, empty.ID, empty.ID),
						Hint:    fmt.Sprintf("door_at: %d", room.ID)})
				}
			}
		}
		// "An unexplored corridor is one connected to only 1 room": a
		// corridor is laid at the Landing Zone or around a room being
		// explored, so one end at least is a room.
		if a.RoomID == "" && b.RoomID == "" {
			out = append(out, rules.Finding{Rule: "corridor-no-room", Ptr: ptr + "/between",
				Message: fmt.Sprintf("corridor %d joins slots %d and %d, both empty: corridors are laid only at the Landing Zone at setup or around a room being explored, so every corridor is connected to at least 1 room", c.ID, a.ID, b.ID),
				Hint:    "place a room on one of its slots, or remove the corridor (exploration lays it)"})
		}
		if (a.Is(LandingZone) || b.Is(LandingZone)) && c.Noise == 0 {
			out = append(out, rules.Finding{Rule: "landing-zone-faceup", Ptr: ptr + "/noise",
				Message: fmt.Sprintf("corridor %d joins the Landing Zone and shows its 0 side: setup connects the Landing Zone's corridors faceup (non-0 value side)", c.ID),
				Hint:    "give it its front noise value, 1-4"})
		}
		for _, end := range []*Slot{a, b} {
			if end.Is(Hibernatorium) && c.Noise == 0 {
				out = append(out, rules.Finding{Rule: "hibernatorium-reinforced", Ptr: ptr + "/noise",
					Message: fmt.Sprintf("corridor %d leads to the Hibernatorium and is reinforced (noise 0): corridors leading to the Hibernatorium can never be reinforced", c.ID),
					Hint:    "give it its front noise value, 1-4", Related: []rules.Related{{Ptr: roomPtr(end.RoomAt), Message: "the Hibernatorium"}}})
			}
		}
	}
	return out
}

func (f *Facility) checkLandingZone() []rules.Finding {
	var out []rules.Finding
	lz := f.Find(LandingZone)
	if lz == nil {
		return nil
	}
	if n := len(lz.Corridors); n < 3 {
		out = append(out, rules.Finding{Rule: "landing-zone-corridors", Ptr: roomPtr(lz.RoomAt),
			Message: fmt.Sprintf("the Landing Zone (slot %d) has %s: setup connects 3 random corridor tiles to it", lz.ID, rules.CountOf(n, "corridor")),
			Hint:    "add corridors from its slot to neighbouring slots"})
	}
	// The corridors to undiscovered rooms are the setup's: "draw 3 random
	// corridor tiles and connect them … to the Landing Zone", and
	// exploration never lays one "to a room already on the map". Only the
	// Drilling Station, once discovered, adds one: "It may be placed
	// leading to an already discovered room or to an undiscovered room."
	var open []*Corridor
	for _, c := range lz.Corridors {
		if f.Find(DrillingStation) != nil {
			break
		}
		if o := f.slotByID[c.Other(lz.ID)]; o != nil && o.RoomID == "" {
			open = append(open, c)
		}
	}
	if len(open) > 3 {
		var rel []rules.Related
		var ids []string
		for _, c := range open {
			ids = append(ids, strconv.Itoa(c.ID))
			rel = append(rel, rules.Related{Ptr: corPtr(c), Message: fmt.Sprintf("corridor %d, to the empty slot %d", c.ID, c.Other(lz.ID))})
		}
		out = append(out, rules.Finding{Rule: "landing-zone-corridors", Ptr: roomPtr(lz.RoomAt),
			Message: fmt.Sprintf("the Landing Zone (slot %d) has %d corridors to empty slots (%s): setup draws exactly 3 corridor tiles for it, and exploration never lays a corridor to a room already on the map", lz.ID, len(open), strings.Join(ids, ", ")),
			Hint:    "keep 3 of them, or place the rooms their far ends lead to (a start explored further)", Related: rel})
	}
	for _, c := range lz.Corridors {
		if c.HasDoor() && c.DoorAt != 0 && c.DoorAt != lz.ID && f.slotByID[c.DoorAt] != nil && (c.DoorAt == c.A || c.DoorAt == c.B) {
			out = append(out, rules.Finding{Rule: "door-slot", Ptr: corPtr(c) + "/door_at",
				Message: fmt.Sprintf("corridor %d joins the Landing Zone with its door slot facing slot %d: at setup a door slot is placed on an entrance to the Landing Zone", c.ID, c.DoorAt),
				Hint:    fmt.Sprintf("door_at: %d", lz.ID)})
		}
	}
	return out
}

// stackHas says whether a room id waits in a stack.
func (f *Facility) stackHas(id string) bool {
	for _, ids := range f.Stacks {
		if slices.Contains(ids, id) {
			return true
		}
	}
	return false
}

// listed says whether the scenario has a room at all: in /rooms (even on a
// slot that room-slot reports) or in a stack.
func (f *Facility) listed(id string) bool {
	for _, p := range f.Placed {
		if p.Room == id {
			return true
		}
	}
	return f.stackHas(id)
}

// misspelt says whether a room on the map has an unknown name whose
// closest catalogue name is id: room-unknown reports that one mistake, and
// a missing-room finding would only repeat it.
func (f *Facility) misspelt(id string) bool {
	names := f.Cat.ids()
	for _, p := range f.Placed {
		if f.Cat[p.Room] == nil && typo.Closest(p.Room, names) == id {
			return true
		}
	}
	return false
}

// needed are the rooms the objectives need, with the objective's pointer.
func (f *Facility) needed() [][2]string {
	var out [][2]string
	for i, o := range f.Objectives {
		ptr := "/objectives/" + strconv.Itoa(i)
		switch o.Escape {
		case "lander":
			out = append(out, [2]string{LandingZone, ptr})
		case "hibernation":
			// "It can be turned active in the Life Support Control C
			// room": not needed when it starts active.
			out = append(out, [2]string{Hibernatorium, ptr})
			if !f.HibActive {
				out = append(out, [2]string{LSCC, ptr})
			}
		case "shuttle":
			out = append(out, [2]string{EscapeShuttle, ptr})
		}
		switch o.Destroy {
		case "nest":
			out = append(out, [2]string{Nest, ptr})
		case "facility":
			out = append(out, [2]string{CoolingSystem, ptr})
		}
	}
	return out
}

func (f *Facility) checkRequired() []rules.Finding {
	var out []rules.Finding
	if f.Find(LandingZone) == nil && !f.misspelt(LandingZone) {
		out = append(out, rules.Finding{Rule: "room-required", Ptr: "/rooms", Key: true,
			Message: "there is no Landing Zone on the map: the characters start there, and setup connects 3 corridors to it",
			Hint:    "add {slot: N, room: landing-zone} on a section A slot"})
	}
	// "Place the Undiscovered Hibernatorium tile on top of the
	// Hibernatorium room." and "Assemble the robot model and place it on
	// the Hibernatorium.": setup puts both on the room, so it is on the
	// map from the start, never drawn from a stack.
	if f.Find(Hibernatorium) == nil && !f.misspelt(Hibernatorium) {
		ptr, key := "/rooms", true
		msg := "there is no Hibernatorium on the map: setup places the Undiscovered Hibernatorium tile on top of the Hibernatorium room, and the robot on it"
		if f.stackHas(Hibernatorium) && f.stackPointer(Hibernatorium) != "/slots" {
			ptr, key = f.stackPointer(Hibernatorium), false
			msg = "the Hibernatorium is in a stack, but it is never drawn: setup places the Undiscovered Hibernatorium tile on top of the Hibernatorium room, and the robot on it, so the room is on the map from the start"
		}
		out = append(out, rules.Finding{Rule: "room-required", Ptr: ptr, Key: key, Message: msg,
			Hint: "add {slot: N, room: hibernatorium} on a section B slot"})
	}
	// "Place 5 egg tokens in the Eggs space on the section C border." and
	// "The Nest space on the section C border is an extension of the Nest
	// room": eggs need a Nest to be taken from.
	if f.Eggs > 0 && !f.listed(Nest) {
		ptr, key := "/eggs", false
		if !f.eggsWritten {
			ptr, key = "/rooms", true // the default 5 eggs: point at the rooms
		}
		out = append(out, rules.Finding{Rule: "room-required", Ptr: ptr, Key: key,
			Message: fmt.Sprintf("%s lie in the Nest space, an extension of the Nest room, but the Nest is neither on the map nor in a stack", rules.CountOf(f.Eggs, "egg")),
			Hint:    "place the Nest on a section C slot, add it to the C stack, or set eggs: 0"})
	}
	for _, n := range f.needed() {
		if !f.listed(n[0]) {
			name := f.Cat[n[0]].Name
			out = append(out, rules.Finding{Rule: "room-required", Ptr: n[1],
				Message: fmt.Sprintf("this objective needs the %s, which is neither on the map nor in a stack", name),
				Hint:    "place it in rooms, or add it to its stack"})
		}
	}
	return out
}

// escapeRooms are the rooms with a way out, and the room that must be
// reached first for each (Life Support Control C activates hibernation).
var escapeRooms = []string{LandingZone, Hibernatorium, EscapeShuttle, LSCC}

func (f *Facility) checkEscapes() []rules.Finding {
	lz := f.Find(LandingZone)
	if lz == nil {
		return nil
	}
	var out []rules.Finding
	dist := f.reach(lz.ID)
	for _, id := range escapeRooms[1:] {
		if id == LSCC && f.HibActive {
			continue
		}
		if f.canCome(id, dist) {
			continue
		}
		r := f.Cat[id]
		// A Technical Corridor Entrance still in a stack is not counted:
		// whether it is drawn is chance, not a way the scenario gives.
		tce := ""
		if f.Find(TechnicalEntrance) == nil && f.canCome(TechnicalEntrance, dist) {
			tce = " (only the Technical Corridor Entrance, if it is drawn from its stack, could bring a character there)"
		}
		if s := f.Find(id); s != nil {
			out = append(out, rules.Finding{Rule: "escape-unreachable", Ptr: roomPtr(s.RoomAt),
				Message: fmt.Sprintf("%s (slot %d) can never be reached from the Landing Zone: no corridor on the map, and none exploration can lay, leads there%s", r.Name, s.ID, tce),
				Hint:    "add a corridor, or an empty slot next to it that exploration can connect"})
			continue
		}
		if f.stackHas(id) {
			out = append(out, rules.Finding{Rule: "escape-unreachable", Ptr: f.stackPointer(id),
				Message: fmt.Sprintf("%s waits in the %s stack, but no empty section %s slot can be explored from the Landing Zone: it can never come into play%s", r.Name, r.Type, r.Type, tce)})
		}
	}
	return out
}

// checkObjectives reports objectives no play can meet: a Lander the
// anti-aircraft system always shoots down, and hibernating in a facility
// the objective also destroys.
func (f *Facility) checkObjectives() []rules.Finding {
	var out []rules.Finding
	lz := f.Find(LandingZone)
	for i, o := range f.Objectives {
		ptr := "/objectives/" + strconv.Itoa(i)
		// "ACTIVE: The Lander is destroyed: discard the lander token."
		// Only Life Support Control B ("check … and swap those tokens")
		// and the Reactor ("Treat the Anti-Aircraft System as inactive")
		// change a top token the scenario fixes active.
		if o.Escape == "lander" && f.AntiAircraft == "active" && lz != nil {
			dist := f.reach(lz.ID)
			if !f.canCome(LSCB, dist) && !f.canCome(Reactor, dist) {
				out = append(out, rules.Finding{Rule: "objective-impossible", Ptr: ptr + "/escape",
					Message: fmt.Sprintf("the Lander is shot down: the scenario sets the top anti-aircraft token active, and %s, so when the round marker enters the lander token's space the Lander is destroyed", f.noSwap()),
					Hint:    "set anti_aircraft: random (or inactive), or put Life Support Control B or the Reactor where a character can reach it",
					Related: []rules.Related{{Ptr: "/anti_aircraft", Message: "the anti-aircraft token set active"}}})
			}
		}
		// "There are 3 ways of doing so": an objective that takes any of
		// them fails only when all three are closed. A way closed by a
		// mistake reported elsewhere (a room missing or cut off) is said
		// there; this finding is for the rest.
		if o.Escape == "any" && lz != nil {
			if msg, ok := f.noWayOut(); ok {
				fd := rules.Finding{Rule: "objective-impossible", Ptr: ptr + "/escape",
					Message: "this objective lets the characters escape any of the 3 ways, but none is open: " + msg,
					Hint:    "open one way: the Escape Shuttle in the C stack, Life Support Control C for hibernation, or a Lander that can land"}
				if f.AntiAircraft == "active" {
					fd.Related = []rules.Related{{Ptr: "/anti_aircraft", Message: "the anti-aircraft token set active"}}
				}
				out = append(out, fd)
			}
		}
		// "When the facility is destroyed, the game ends. All characters
		// in the facility (even hibernated) … are dead."
		if o.Escape == "hibernation" && o.Destroy == "facility" {
			out = append(out, rules.Finding{Rule: "objective-impossible", Ptr: ptr + "/destroy",
				Message: "this objective asks the characters to hibernate and to destroy the facility: when the facility is destroyed all characters in it, even hibernated, are dead, and only living characters win",
				Hint:    "split it into two objectives, or escape by the Lander or the Escape Shuttle (escape: lander, shuttle or any)"})
		}
	}
	out = append(out, f.splitHibernation()...)
	return append(out, f.sameEscape(out)...)
}

// splitHibernation: hibernating and destroying the facility asked by two
// objectives cannot both be met either: "To win, all mission tasks must
// be fulfilled", and the destruction kills the hibernating characters.
// Reported once, at the first objective that destroys the facility; a
// scenario with the two in one objective has that finding already.
func (f *Facility) splitHibernation() []rules.Finding {
	hib, destroy := -1, -1
	for i, o := range f.Objectives {
		if o.Escape == "hibernation" && o.Destroy == "facility" {
			return nil
		}
		if o.Escape == "hibernation" && hib < 0 {
			hib = i
		}
		if o.Destroy == "facility" && destroy < 0 {
			destroy = i
		}
	}
	if hib < 0 || destroy < 0 {
		return nil
	}
	return []rules.Finding{{Rule: "objective-impossible", Ptr: "/objectives/" + strconv.Itoa(destroy) + "/destroy",
		Message: fmt.Sprintf("objective %d destroys the facility and objective %d asks the characters to hibernate: every objective must be met, and when the facility is destroyed all characters in it, even hibernated, are dead", destroy+1, hib+1),
		Hint:    "escape by the Lander or the Escape Shuttle instead of hibernating (escape: lander, shuttle or any), or drop the destruction",
		Related: []rules.Related{{Ptr: "/objectives/" + strconv.Itoa(hib) + "/escape", Message: "the objective that asks to hibernate"}}}}
}

// destroysFacility says whether some objective destroys the facility.
func (f *Facility) destroysFacility() bool {
	return slices.ContainsFunc(f.Objectives, func(o Objective) bool { return o.Destroy == "facility" })
}

// sameEscape: "If multiple objectives require you to fulfill the same
// requirement, that many characters must do so and survive." Objectives
// that ask the same escape need one character each: more than the
// scenario's characters, or more than one in the Escape Shuttle ("When a
// character escapes using the Escape Shuttle, the Escape Shuttle cannot be
// used again that game"), cannot all be met. One finding per way, at the
// first objective too many; a way already reported impossible is left.
func (f *Facility) sameEscape(found []rules.Finding) []rules.Finding {
	var out []rules.Finding
	most := max(f.PlayersMin, f.PlayersMax)
	for _, way := range []string{"lander", "hibernation", "shuttle"} {
		var asks []int
		for i, o := range f.Objectives {
			if o.Escape == way {
				asks = append(asks, i)
			}
		}
		reported := slices.ContainsFunc(found, func(fd rules.Finding) bool {
			for _, i := range asks {
				if strings.HasPrefix(fd.Ptr, "/objectives/"+strconv.Itoa(i)+"/") {
					return true
				}
			}
			return false
		})
		if len(asks) < 2 || reported {
			continue
		}
		carries, why, ptr := most, fmt.Sprintf("the scenario is for at most %s", rules.CountOf(most, "character")), "/players"
		if way == "shuttle" && carries > 1 {
			carries, why, ptr = 1, "the Escape Shuttle takes one: when a character escapes using it, it cannot be used again that game", ""
		}
		if len(asks) <= carries {
			continue
		}
		var nums []string
		var rel []rules.Related
		for _, i := range asks {
			nums = append(nums, strconv.Itoa(i+1))
			if i != asks[carries] {
				rel = append(rel, rules.Related{Ptr: "/objectives/" + strconv.Itoa(i) + "/escape", Message: "asks the same escape"})
			}
		}
		if ptr != "" {
			rel = append(rel, rules.Related{Ptr: ptr, Message: "the characters"})
		}
		out = append(out, rules.Finding{Rule: "objective-impossible", Ptr: "/objectives/" + strconv.Itoa(asks[carries]) + "/escape",
			Message: fmt.Sprintf("objectives %s each ask a character to escape by %s, so %d characters must do so and survive, but %s", rules.ListAnd(nums), wayName[way], len(asks), why),
			Hint:    "merge them into one objective, or ask for different ways out (escape: any lets each character choose)",
			Related: rel})
	}
	return out
}

// wayName is how a message names an escape.
var wayName = map[string]string{"lander": "the Lander", "hibernation": "hibernating", "shuttle": "the Escape Shuttle"}

// noWayOut says why no escape is open to an `escape: any` objective, when
// each way is closed by something no other finding reports: a Lander the
// anti-aircraft system always shoots down, a room not in the game, or
// hibernating in a facility an objective destroys. ok is false when a way
// is open, or closed by a room missing from the map or cut off
// (room-required, escape-unreachable say so).
func (f *Facility) noWayOut() (msg string, ok bool) {
	lz := f.Find(LandingZone)
	dist := f.reach(lz.ID)
	var why []string
	// The Lander: open unless the top token is fixed active and nothing
	// can swap or remove it.
	if f.AntiAircraft != "active" || f.canCome(LSCB, dist) || f.canCome(Reactor, dist) {
		return "", false
	}
	why = append(why, "the Lander is shot down ("+f.noSwap()+")")
	// Hibernation: the Hibernatorium must be on the map (room-required)
	// and reachable (escape-unreachable), and active or activated in Life
	// Support Control C.
	switch h := f.Find(Hibernatorium); {
	case f.destroysFacility():
		why = append(why, "hibernating characters die with the facility the objectives destroy")
	case h == nil, !f.canCome(Hibernatorium, dist):
		return "", false
	case !f.HibActive && !f.listed(LSCC):
		why = append(why, "hibernation needs the Hibernatorium activated in Life Support Control C, which is not in the game")
	case !f.HibActive && !f.canCome(LSCC, dist):
		return "", false
	default:
		return "", false
	}
	// The Escape Shuttle: in the game and able to come into play.
	switch {
	case !f.listed(EscapeShuttle):
		why = append(why, "the Escape Shuttle is not in the game")
	default:
		return "", false // open, or cut off (escape-unreachable)
	}
	return why[0] + "; " + why[1] + "; and " + why[2], true
}

// noSwap says why neither room that beats the anti-aircraft system helps.
func (f *Facility) noSwap() string {
	var parts []string
	for _, id := range []string{LSCB, Reactor} {
		name := "the " + f.Cat[id].Name
		if id == LSCB {
			name = f.Cat[id].Name
		}
		if f.listed(id) {
			parts = append(parts, name+" cannot be reached")
		} else {
			parts = append(parts, name+" is not in the game")
		}
	}
	if !f.listed(LSCB) && !f.listed(Reactor) {
		return "neither Life Support Control B (which swaps the tokens) nor the Reactor (which treats the system as inactive) is in the game"
	}
	return strings.Join(parts, " and ")
}

// stackPointer points at a room in a written stack, or at the slots when
// the stacks are the default ones.
//
// The stacks are looked at in a fixed order, the room's own type first (the
// stack a message names): a room written in two stacks is pointed at in
// the same place every run, never in map order.
func (f *Facility) stackPointer(id string) string {
	order := []string{"A", "B", "C", "?"}
	if r, ok := f.Cat[id]; ok {
		order = append([]string{r.Type}, order...)
	}
	for _, t := range order {
		if i := slices.Index(f.Stacks[t], id); i >= 0 && f.StackWritten[t] {
			return stackPtr(t, i)
		}
	}
	return "/slots"
}

func (f *Facility) checkTokens() []rules.Finding {
	var out []rules.Finding
	type load struct {
		noise, queen, others int
		first                int
	}
	cors := map[int]*load{}
	rooms := map[int]map[string]int{}
	for i, t := range f.Tokens {
		ptr := tokPtr(i)
		n := max(t.Count, 1)
		switch {
		case t.Corridor != 0 && t.Slot != 0, t.Corridor == 0 && t.Slot == 0:
			out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: "a token goes either in a corridor (corridor: ID) or in a room (slot: ID), not both and not neither"})
			continue
		case t.Corridor != 0:
			c := f.corByID[t.Corridor]
			if c == nil {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr + "/corridor", Message: fmt.Sprintf("there is no corridor %d", t.Corridor)})
				continue
			}
			switch t.Type {
			case "character":
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: "a character in a corridor: characters are never placed in corridors, only in rooms"})
				continue
			case "fire", "malfunction", "secure":
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: fmt.Sprintf("a %s marker in a corridor: %s markers are placed in rooms", t.Type, t.Type)})
				continue
			case "noise":
				for _, end := range []int{c.A, c.B} {
					if s := f.slotByID[end]; s != nil && s.Is(Hibernatorium) && s.Covered {
						out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr,
							Message: fmt.Sprintf("a noise marker in corridor %d, which leads to the covered Hibernatorium: until it is discovered, noise tokens cannot be placed on the connected corridors", c.ID)})
					}
				}
			}
			l := cors[c.ID]
			if l == nil {
				l = &load{first: i}
				cors[c.ID] = l
			}
			switch {
			case t.Type == "noise":
				l.noise += n
			case t.Kind == "queen":
				l.queen += n
			default:
				l.others += n
			}
		default:
			s := f.slotByID[t.Slot]
			if s == nil {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr + "/slot", Message: fmt.Sprintf("there is no slot %d", t.Slot)})
				continue
			}
			if s.RoomID == "" && t.Type != "intruder" {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr + "/slot", Message: fmt.Sprintf("slot %d holds no room yet: a %s token needs a room", t.Slot, t.Type)})
				continue
			}
			if s.RoomID == "" {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr + "/slot", Message: fmt.Sprintf("slot %d holds no room yet: intruders stand in rooms and corridors", t.Slot)})
				continue
			}
			if t.Type == "noise" {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: "a noise marker in a room: noise markers are placed in corridors"})
				continue
			}
			if t.Type == "secure" && s.Room != nil && s.Room.NeverSecured {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: fmt.Sprintf("%s is never secured: secure tokens can never be placed on it", s.Room.Name)})
			}
			if t.Type == "malfunction" && s.Room != nil && s.Room.NeverBroken {
				out = append(out, rules.Finding{Rule: "token-spot", Ptr: ptr, Message: fmt.Sprintf("%s can never be broken: a malfunction marker is never placed on it", s.Room.Name)})
			}
			if rooms[s.ID] == nil {
				rooms[s.ID] = map[string]int{}
			}
			rooms[s.ID][t.Type] += n
			limit := map[string]int{"fire": 1, "malfunction": 1, "secure": 3}[t.Type]
			if limit > 0 && rooms[s.ID][t.Type] > limit && rooms[s.ID][t.Type]-n <= limit {
				out = append(out, rules.Finding{Rule: "corridor-capacity", Ptr: ptr,
					Message: fmt.Sprintf("%d %s markers in %s: a room holds at most %d", rooms[s.ID][t.Type], t.Type, s.Label(), limit)})
			}
		}
	}
	ids := make([]int, 0, len(cors))
	for id := range cors {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		l := cors[id]
		ptr := tokPtr(l.first)
		msg := ""
		switch {
		case l.noise > 1:
			msg = fmt.Sprintf("%d noise markers", l.noise)
		case l.noise > 0 && l.queen+l.others > 0:
			msg = "a noise marker with intruders (noise markers are never placed in corridors containing intruders)"
		case l.queen >= 1 && l.others > 2: // two Queens: queen-count
			msg = fmt.Sprintf("the Queen and %d other intruders", l.others)
		case l.others > 6:
			msg = fmt.Sprintf("%d intruders", l.others)
		}
		if msg != "" {
			out = append(out, rules.Finding{Rule: "corridor-capacity", Ptr: ptr,
				Message: fmt.Sprintf("corridor %d holds %s: a corridor can hold a Queen and up to 2 other intruders, OR up to 6 Adults, Drones and Larvae in total, OR a noise marker", id, msg)})
		}
	}
	return out
}

// checkQueen: the Queen is one model with one Health deck: "When the last
// Queen Health card is discarded the Queen is dead: remove her model from
// the game." A facility holds at most one Queen.
func (f *Facility) checkQueen() []rules.Finding {
	var out []rules.Finding
	n, first := 0, -1
	for i, t := range f.Tokens {
		if t.Type != "intruder" || t.Kind != "queen" {
			continue
		}
		n += max(t.Count, 1)
		if first < 0 {
			first = i
		}
		if n > 1 {
			fd := rules.Finding{Rule: "queen-count", Ptr: tokPtr(i),
				Message: fmt.Sprintf("%d Queens in the facility: there is one Queen, one model with one Queen Health deck (when the last card is discarded the Queen is dead: remove her model from the game)", n),
				Hint:    "place one Queen token (count: 1)"}
			if first != i {
				fd.Related = []rules.Related{{Ptr: tokPtr(first), Message: "the first Queen"}}
			}
			out = append(out, fd)
			break
		}
	}
	return out
}

// checkSecured: "Characters may never secure a room with an intruder
// inside": a secure token and an intruder in one room cannot both be
// there at setup.
func (f *Facility) checkSecured() []rules.Finding {
	var out []rules.Finding
	intruder := map[int]int{} // slot -> first intruder token
	for i, t := range f.Tokens {
		if t.Type == "intruder" && t.Slot != 0 && t.Corridor == 0 {
			if _, ok := intruder[t.Slot]; !ok {
				intruder[t.Slot] = i
			}
		}
	}
	done := map[int]bool{}
	for i, t := range f.Tokens {
		if t.Type != "secure" || t.Slot == 0 || t.Corridor != 0 || done[t.Slot] {
			continue
		}
		j, ok := intruder[t.Slot]
		if !ok || f.slotByID[t.Slot] == nil || f.slotByID[t.Slot].RoomID == "" {
			continue
		}
		done[t.Slot] = true
		out = append(out, rules.Finding{Rule: "secured-intruder", Ptr: tokPtr(i),
			Message: fmt.Sprintf("the room on slot %d (%s) is secured with an intruder inside: characters may never secure a room with an intruder inside", t.Slot, roomName(f.slotByID[t.Slot])),
			Hint:    "remove the secure token or the intruder",
			Related: []rules.Related{{Ptr: tokPtr(j), Message: "the intruder"}}})
	}
	return out
}

// roomName is the name of the room on a slot, as written when unknown.
func roomName(s *Slot) string {
	if s.Room != nil {
		return s.Room.Name
	}
	return s.RoomID
}

// checkOrder: ids that do not follow the board's reading order make the
// "lowest id" and "top-left, row by row" tie-breaks disagree.
func (f *Facility) checkOrder() []rules.Finding {
	var out []rules.Finding
	ss := append([]*Slot(nil), f.Slots...)
	sort.SliceStable(ss, func(i, j int) bool {
		if ss[i].Y != ss[j].Y {
			return ss[i].Y < ss[j].Y
		}
		return ss[i].X < ss[j].X
	})
	for i := 1; i < len(ss); i++ {
		if ss[i].ID < ss[i-1].ID {
			out = append(out, rules.Finding{Rule: "id-order", Ptr: slotPtr(ss[i]) + "/id",
				Message: fmt.Sprintf("slot %d at %d,%d comes after slot %d at %d,%d reading the board top-left, row by row, but has the lower id", ss[i].ID, ss[i].X, ss[i].Y, ss[i-1].ID, ss[i-1].X, ss[i-1].Y),
				Hint:    "number slots row by row from the top-left, so the lowest-id and top-left tie-breaks agree"})
			break
		}
	}
	cs := []*Corridor{}
	for _, c := range f.Corridors {
		if !c.Technical && f.slotByID[c.A] != nil && f.slotByID[c.B] != nil {
			cs = append(cs, c)
		}
	}
	mid := func(c *Corridor) (int, int) {
		a, b := f.slotByID[c.A], f.slotByID[c.B]
		return a.Y + b.Y, a.X + b.X // doubled midpoint: rows first
	}
	sort.SliceStable(cs, func(i, j int) bool {
		yi, xi := mid(cs[i])
		yj, xj := mid(cs[j])
		if yi != yj {
			return yi < yj
		}
		return xi < xj
	})
	for i := 1; i < len(cs); i++ {
		if cs[i].ID < cs[i-1].ID {
			out = append(out, rules.Finding{Rule: "id-order", Ptr: corPtr(cs[i]) + "/id",
				Message: fmt.Sprintf("corridor %d (slots %d-%d) comes after corridor %d (slots %d-%d) reading the board top-left, row by row, but has the lower id", cs[i].ID, cs[i].A, cs[i].B, cs[i-1].ID, cs[i-1].A, cs[i-1].B),
				Hint:    "number corridors row by row from the top-left"})
			break
		}
	}
	return out
}
