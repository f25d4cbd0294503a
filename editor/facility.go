package editor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
)

// graphKind is the facility crawler's board: rooms on the slots of a grid,
// joined by corridors. The page draws it from FacilityState and edits it
// with the slot, room and corridor operations (facility_ops.go); render's
// printable sheet stays in State.SVG, for the page's sheet view.
type graphKind struct{}

func (graphKind) name() string { return "facility" }

// FacilityState is the facility as the page draws and edits it.
type FacilityState struct {
	Grid    [2]int   `json:"grid"` // [columns, rows]
	Borders []string `json:"borders"`
	// Sections a new slot may take: A, B, C and every border.
	Sections  []string      `json:"sections"`
	Slots     []FacSlot     `json:"slots"`
	Corridors []FacCorridor `json:"corridors"`
	// Rooms is the palette: the built-in catalogue, then the scenario's
	// custom rooms, each with the slot it is on (0: not on the map).
	Rooms []FacRoom `json:"rooms"`
	// Loose are the findings at no slot or corridor (by index in
	// State.Findings), for a badge beside the grid.
	Loose []int `json:"loose"`
}

// FacSlot is one slot and the room on it.
type FacSlot struct {
	ID      int    `json:"id"`
	Index   int    `json:"index"` // in /slots
	At      [2]int `json:"at"`
	Section string `json:"section"`
	Room    string `json:"room,omitempty"` // as written, even when unknown
	Name    string `json:"name,omitempty"`
	Type    string `json:"type,omitempty"`
	Covered bool   `json:"covered,omitempty"`
	Escape  string `json:"escape,omitempty"`
	// Known is false for a room id the catalogue does not have.
	Known bool `json:"known"`
	// Tokens on the slot at setup, as "intruder adult ×2".
	Tokens   []string `json:"tokens,omitempty"`
	Findings []int    `json:"findings"`
}

// FacCorridor is one corridor.
type FacCorridor struct {
	ID         int    `json:"id"`
	Index      int    `json:"index"` // in /corridors
	Between    [2]int `json:"between"`
	Noise      int    `json:"noise"`
	Deadly     int    `json:"deadly,omitempty"`
	Door       string `json:"door,omitempty"`
	DoorAt     int    `json:"door_at,omitempty"`
	Technical  bool   `json:"technical,omitempty"`
	Unexplored bool   `json:"unexplored,omitempty"`
	// Tokens in the corridor at setup.
	Tokens   []string `json:"tokens,omitempty"`
	Findings []int    `json:"findings"`
}

// FacRoom is one room of the palette.
type FacRoom struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Escape string `json:"escape,omitempty"`
	Custom bool   `json:"custom,omitempty"`
	Slot   int    `json:"slot,omitempty"`
}

func (graphKind) fill(st *State, show *snapshot) {
	f, ok := show.res.Model.(*facility.Facility)
	if !ok {
		return
	}
	fs := &FacilityState{Grid: [2]int{f.Cols, f.Rows}, Borders: append([]string{}, f.Borders...),
		Sections: append([]string{}, facility.Sections...), Slots: []FacSlot{}, Corridors: []FacCorridor{}, Rooms: []FacRoom{}, Loose: []int{}}
	for _, b := range []string{"A/B", "A/C", "B/C"} {
		fs.Sections = append(fs.Sections, b)
	}
	slotTok, corTok := facilityTokens(f)
	roomAt := map[string]int{}
	for _, s := range f.Slots {
		v := FacSlot{ID: s.ID, Index: s.Index, At: [2]int{s.X, s.Y}, Section: s.Section, Room: s.RoomID, Covered: s.Covered, Tokens: slotTok[s.ID], Findings: []int{}}
		if s.Room != nil {
			v.Name, v.Type, v.Escape, v.Known = s.Room.Name, s.Room.Type, s.Room.Escape, true
		}
		if s.RoomID != "" {
			if _, dup := roomAt[s.RoomID]; !dup {
				roomAt[s.RoomID] = s.ID
			}
		}
		fs.Slots = append(fs.Slots, v)
	}
	for _, c := range f.Corridors {
		v := FacCorridor{ID: c.ID, Index: c.Index, Between: [2]int{c.A, c.B}, Noise: c.Noise, Deadly: c.Deadly, Door: c.Door, DoorAt: c.DoorAt,
			Technical: c.Technical, Tokens: corTok[c.ID], Findings: []int{}}
		a, b := f.Slot(c.A), f.Slot(c.B)
		v.Unexplored = a == nil || b == nil || a.RoomID == "" || b.RoomID == ""
		fs.Corridors = append(fs.Corridors, v)
	}
	var custom []*facility.Room
	for _, r := range f.Cat {
		if r.Custom {
			custom = append(custom, r)
		}
	}
	slices.SortFunc(custom, func(a, b *facility.Room) int { return strings.Compare(a.ID, b.ID) })
	for _, r := range facility.BuiltinRooms() {
		if c := f.Cat[r.ID]; c != nil && c.Custom {
			continue // a custom room of the same id stands in for it
		}
		fs.Rooms = append(fs.Rooms, FacRoom{ID: r.ID, Name: r.Name, Type: r.Type, Escape: r.Escape, Slot: roomAt[r.ID]})
	}
	for _, r := range custom {
		fs.Rooms = append(fs.Rooms, FacRoom{ID: r.ID, Name: r.Name, Type: r.Type, Escape: r.Escape, Custom: true, Slot: roomAt[r.ID]})
	}
	st.Facility = fs
	if st.Stale {
		// The findings are the current version's; their places are on a
		// board that is not drawn.
		return
	}
	placeFacility(st, show, f)
}

// facilityTokens says each slot's and corridor's setup tokens in words.
func facilityTokens(f *facility.Facility) (slots, cors map[int][]string) {
	slots, cors = map[int][]string{}, map[int][]string{}
	for _, t := range f.Tokens {
		w := t.Type
		if t.Kind != "" {
			w += " " + t.Kind
		}
		if t.Count > 1 {
			w += fmt.Sprintf(" ×%d", t.Count)
		}
		switch {
		case t.Corridor != 0:
			cors[t.Corridor] = append(cors[t.Corridor], w)
		case t.Slot != 0:
			slots[t.Slot] = append(slots[t.Slot], w)
		}
	}
	return slots, cors
}

// placeFacility puts each finding at the slot or corridor its line (or a
// related line) belongs to: a room entry stands on its slot, a token on
// its slot or in its corridor.
func placeFacility(st *State, show *snapshot, f *facility.Facility) {
	var lines map[int]string
	if show.res.Doc != nil {
		lines = facilityLines(show.res.Doc.Root)
	}
	slotAt := map[int]int{} // slot id -> index in fs.Slots
	for i, s := range st.Facility.Slots {
		if _, dup := slotAt[s.ID]; !dup {
			slotAt[s.ID] = i
		}
	}
	where := func(ptr string) (slot, cor int) {
		var i int
		slot, cor = -1, -1
		switch {
		case ptr == "":
		case scan(ptr, "/slots/%d", &i) && i < len(f.Slots):
			slot = i
		case scan(ptr, "/corridors/%d", &i) && i < len(f.Corridors):
			cor = i
		case scan(ptr, "/rooms/%d", &i) && i < len(f.Placed):
			if j, ok := slotAt[f.Placed[i].Slot]; ok {
				slot = j
			}
		case scan(ptr, "/tokens/%d", &i) && i < len(f.Tokens):
			t := f.Tokens[i]
			if t.Corridor != 0 {
				for j, c := range f.Corridors {
					if c.ID == t.Corridor {
						return -1, j
					}
				}
			} else if j, ok := slotAt[t.Slot]; ok {
				slot = j
			}
		}
		return slot, cor
	}
	for i := range st.Findings {
		fd := &st.Findings[i]
		slot, cor := where(lines[fd.Line])
		for _, r := range fd.Related {
			if slot >= 0 || cor >= 0 {
				break
			}
			slot, cor = where(lines[r.Line])
		}
		switch {
		case slot >= 0:
			s := &st.Facility.Slots[slot]
			s.Findings = append(s.Findings, i)
			fd.Place = &Place{Kind: "slot", X: s.At[0], Y: s.At[1], Zone: fmt.Sprintf("slot %d", s.ID), Token: -1, Tile: -1}
		case cor >= 0:
			c := &st.Facility.Corridors[cor]
			c.Findings = append(c.Findings, i)
			fd.Place = &Place{Kind: "corridor", Zone: fmt.Sprintf("corridor %d", c.ID), Token: -1, Tile: -1}
		default:
			st.Facility.Loose = append(st.Facility.Loose, i)
		}
	}
}

// facilityLines maps each line of the scenario to the slot, room entry,
// corridor or token it belongs to: "/corridors/3".
func facilityLines(root *source.Node) map[int]string {
	out := map[int]string{}
	if root == nil {
		return out
	}
	for _, key := range []string{"slots", "rooms", "corridors", "tokens"} {
		l := root.Field(key)
		if l == nil || l.Kind != source.Array {
			continue
		}
		for i, it := range l.Items {
			mark(it, fmt.Sprintf("/%s/%d", key, i), out)
		}
	}
	return out
}
