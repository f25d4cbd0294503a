// Package facility is the facility crawler (ruleset facility), a Nemesis:
// Retaliation-style game: rooms on the slots of a grid bounded by three
// section border pieces A, B and C, joined by corridors with noise values,
// most of it explored during play. It reads a scenario into a Facility,
// checks it, analyses its escapes, noise and intruder routes, and lists it
// as a graph of places (slots) and ways (corridors).
package facility

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// Ruleset is the document's ruleset value.
const Ruleset = "facility"

// Sections are the three section border pieces.
var Sections = []string{"A", "B", "C"}

// doc is the scenario as written (past the schema), read by read.
type doc struct {
	Title, ID, Author, Briefing, Notes string
	Players                            any // json.Number or a range string
	Mode                               string
	Grid                               []int
	Borders                            []string
	Slots                              []slotDoc
	Rooms                              []roomDoc
	CustomRooms                        []Room
	Corridors                          []corridorDoc
	Stacks                             map[string][]string
	CorridorPool                       *int
	LifeSupport                        map[string]string
	Hibernatorium, AntiAircraft        string
	LanderRound                        int
	Eggs                               *int
	LandingZoneGear                    map[string]int
	Tokens                             []Token
	Objectives                         []Objective
}

type slotDoc struct {
	ID      int
	At      []int
	Section string
}

type roomDoc struct {
	Slot    int
	Room    string
	Covered *bool
}

type corridorDoc struct {
	ID        int
	Between   []int
	Noise     int
	Deadly    int
	Door      string
	DoorAt    int
	Technical bool
}

// Facility is a scenario read into its board: slots, the rooms on them and
// the corridors between them.
type Facility struct {
	ID, Name, Author, Briefing, Notes string
	// PlayersMin and PlayersMax: the character counts the scenario allows.
	PlayersMin, PlayersMax int
	Deadly                 bool
	Cols, Rows             int
	Borders                []string
	Slots                  []*Slot     // in document order
	Corridors              []*Corridor // in document order
	Placed                 []Placement // the rooms entry by entry
	Cat                    catalogue
	// Stacks by type (A, B, C, ?), and which the scenario wrote.
	Stacks       map[string][]string
	StackWritten map[string]bool
	CorridorPool int             // -1: not given
	LifeSupport  map[string]bool // section -> active
	HibActive    bool
	AntiAircraft string
	LanderRound  int
	Eggs         int
	Gear         map[string]int
	Tokens       []Token
	Objectives   []Objective

	eggsWritten bool

	slotByID map[int]*Slot
	corByID  map[int]*Corridor
}

// Slot is one room slot of the grid.
type Slot struct {
	ID      int
	X, Y    int
	Section string // A, B, C, or a border "A/B"
	Index   int    // in /slots
	Room    *Room  // nil: empty (explored during play)
	RoomID  string // as written, even when unknown
	Covered bool   // the Undiscovered Hibernatorium tile is on it
	RoomAt  int    // index in /rooms, -1 when empty
	// Corridors touching the slot, by id.
	Corridors []*Corridor
}

// Corridor is one corridor tile between two slots.
type Corridor struct {
	ID        int
	A, B      int // slot ids
	Noise     int // 0: reinforced
	Deadly    int // 0: none
	Door      string
	DoorAt    int
	Technical bool
	Index     int
}

// Placement is one entry of /rooms.
type Placement struct {
	Slot    int
	Room    string
	Covered bool
}

// Token is a marker, intruder or character placed at setup.
type Token struct {
	Type     string `json:"type"`
	Kind     string `json:"kind,omitempty"`
	Count    int    `json:"count,omitempty"`
	Corridor int    `json:"corridor,omitempty"`
	Slot     int    `json:"slot,omitempty"`
}

// Objective is one way the characters win.
type Objective struct {
	Escape  string `json:"escape,omitempty"`
	Destroy string `json:"destroy,omitempty"`
	Text    string `json:"text,omitempty"`
}

// Ruleset implements rules.Model.
func (f *Facility) Ruleset() string { return Ruleset }

// Title implements rules.Model.
func (f *Facility) Title() string { return f.Name }

// Slot returns the slot with an id, or nil.
func (f *Facility) Slot(id int) *Slot { return f.slotByID[id] }

// Corridor returns the corridor with an id, or nil.
func (f *Facility) Corridor(id int) *Corridor { return f.corByID[id] }

// Other is the slot at the other end of c from s.
func (c *Corridor) Other(s int) int {
	if c.A == s {
		return c.B
	}
	return c.A
}

// HasDoor says whether the corridor has a door slot.
func (c *Corridor) HasDoor() bool { return c.Door != "" && c.Door != "none" }

// Label names a slot for people: "5 Landing Zone", "7 (empty B)".
func (s *Slot) Label() string {
	switch {
	case s.Room != nil && s.Covered:
		return strconv.Itoa(s.ID) + " " + s.Room.Name + " (covered)"
	case s.Room != nil:
		return strconv.Itoa(s.ID) + " " + s.Room.Name
	case s.RoomID != "":
		return strconv.Itoa(s.ID) + " " + s.RoomID
	}
	return strconv.Itoa(s.ID) + " (empty " + s.Section + ")"
}

// InSection says whether the slot is in section x (a border slot is in
// both of its sections).
func (s *Slot) InSection(x string) bool { return strings.Contains(s.Section, x) }

// Is says whether the slot holds the room id.
func (s *Slot) Is(id string) bool { return s.Room != nil && s.Room.ID == id }

// Find returns the slot holding a room, or nil.
func (f *Facility) Find(room string) *Slot {
	for _, s := range f.Slots {
		if s.Is(room) {
			return s
		}
	}
	return nil
}

// Game is the facility crawler's rules.ModelGame.
type Game struct{}

func init() { rules.RegisterModel(Game{}) }

// Ruleset implements rules.ModelGame.
func (Game) Ruleset() string { return Ruleset }
func (Game) Name() string    { return "facility crawler" }

// Kind implements rules.ModelGame: rooms joined by corridors.
func (Game) Kind() rules.Kind { return rules.KindGraph }

// Schema implements rules.ModelGame.
func (Game) Schema() string { return "facility" }

// Load implements rules.ModelGame. Everything past the schema is checked by
// CheckModel, so that one wrong room name does not hide the other findings;
// the model keeps unknown names with no room behind them.
func (Game) Load(d *missions.Doc, _ rules.LoadEnv) (rules.Model, []rules.Finding) {
	if d == nil || d.Root == nil || d.Root.Kind != source.Object {
		return nil, []rules.Finding{{Rule: "schema", Ptr: "", Message: "the scenario cannot be read: it is not a mapping"}}
	}
	return build(read(d.Root)), nil
}

// build makes the model of a decoded scenario; it never fails.
func build(d *doc) *Facility {
	f := &Facility{ID: d.ID, Name: d.Title, Author: d.Author, Briefing: d.Briefing, Notes: d.Notes,
		Deadly: d.Mode == "deadly", Borders: d.Borders, Cat: newCatalogue(d.CustomRooms),
		slotByID: map[int]*Slot{}, corByID: map[int]*Corridor{}, Tokens: d.Tokens, Objectives: d.Objectives,
		AntiAircraft: d.AntiAircraft, LanderRound: d.LanderRound, Eggs: 5, CorridorPool: -1,
		LifeSupport: map[string]bool{}, HibActive: d.Hibernatorium == "active"}
	f.PlayersMin, f.PlayersMax = players(d.Players)
	if len(d.Grid) == 2 {
		f.Cols, f.Rows = d.Grid[0], d.Grid[1]
	}
	if f.AntiAircraft == "" {
		f.AntiAircraft = "random"
	}
	if f.LanderRound == 0 {
		f.LanderRound = 10
	}
	if d.Eggs != nil {
		f.Eggs, f.eggsWritten = *d.Eggs, true
	}
	if d.CorridorPool != nil {
		f.CorridorPool = *d.CorridorPool
	}
	for _, x := range Sections {
		f.LifeSupport[x] = d.LifeSupport[x] == "active"
	}
	f.Gear = map[string]int{"ammo": 4, "grenade": 4, "oxygen": 4, "medpack": 4}
	for k, v := range d.LandingZoneGear {
		f.Gear[k] = v
	}
	for i, s := range d.Slots {
		sl := &Slot{ID: s.ID, Section: s.Section, Index: i, RoomAt: -1}
		if len(s.At) == 2 {
			sl.X, sl.Y = s.At[0], s.At[1]
		}
		f.Slots = append(f.Slots, sl)
		if _, dup := f.slotByID[s.ID]; !dup {
			f.slotByID[s.ID] = sl
		}
	}
	for i, r := range d.Rooms {
		covered := r.Room == Hibernatorium
		if r.Covered != nil {
			covered = *r.Covered
		}
		f.Placed = append(f.Placed, Placement{Slot: r.Slot, Room: r.Room, Covered: covered})
		sl := f.slotByID[r.Slot]
		if sl == nil || sl.RoomAt >= 0 {
			continue // room-slot reports it
		}
		sl.RoomAt, sl.RoomID, sl.Room, sl.Covered = i, r.Room, f.Cat[r.Room], covered
	}
	for i, c := range d.Corridors {
		co := &Corridor{ID: c.ID, Noise: c.Noise, Deadly: c.Deadly, Door: c.Door, DoorAt: c.DoorAt, Technical: c.Technical, Index: i}
		if len(c.Between) == 2 {
			co.A, co.B = c.Between[0], c.Between[1]
		}
		f.Corridors = append(f.Corridors, co)
		if _, dup := f.corByID[c.ID]; !dup {
			f.corByID[c.ID] = co
		}
		for _, end := range []int{co.A, co.B} {
			if s := f.slotByID[end]; s != nil && (end != co.B || co.A != co.B) {
				s.Corridors = append(s.Corridors, co)
			}
		}
	}
	for _, s := range f.Slots {
		sort.SliceStable(s.Corridors, func(i, j int) bool { return s.Corridors[i].ID < s.Corridors[j].ID })
	}
	// A stack the scenario does not write holds every catalogue room of
	// its type that the scenario uses nowhere else.
	f.Stacks, f.StackWritten = map[string][]string{}, map[string]bool{}
	used := map[string]bool{}
	for _, p := range f.Placed {
		used[p.Room] = true
	}
	for k, v := range d.Stacks {
		f.Stacks[k], f.StackWritten[k] = v, true
		for _, id := range v {
			used[id] = true
		}
	}
	all := append(append([]Room(nil), builtinRooms()...), d.CustomRooms...)
	// The Landing Zone and the Hibernatorium are placed at setup, never
	// drawn: they are in no default stack (room-required reports them).
	used[LandingZone], used[Hibernatorium] = true, true
	for _, r := range all {
		if !f.StackWritten[r.Type] && !used[r.ID] {
			used[r.ID] = true
			f.Stacks[r.Type] = append(f.Stacks[r.Type], r.ID)
		}
	}
	return f
}

// players reads "players": a number or a range; default 1-5.
func players(v any) (lo, hi int) {
	switch p := v.(type) {
	case string:
		a, b, ok := strings.Cut(p, "-")
		lo, _ = strconv.Atoi(a)
		hi = lo
		if ok {
			hi, _ = strconv.Atoi(b)
		}
		return lo, hi // a backwards range is players-backwards, not swapped
	case fmt.Stringer: // json.Number
		n, _ := strconv.Atoi(p.String())
		return n, n
	}
	return 1, 5
}

// Nodes implements rules.GraphModel: every slot, with its room.
func (f *Facility) Nodes() []rules.Node {
	out := make([]rules.Node, 0, len(f.Slots))
	for _, s := range f.sortedSlots() {
		n := rules.Node{ID: strconv.Itoa(s.ID), Kind: "slot " + s.Section, X: float64(s.X), Y: float64(s.Y), Features: []string{}}
		if s.Room != nil {
			n.Kind = "room " + s.Section
			n.Name = s.Room.Name
			if s.Room.Escape != "" {
				n.Features = append(n.Features, "escape:"+s.Room.Escape)
			}
			if s.Room.LifeSupport != "" {
				n.Features = append(n.Features, "life-support:"+s.Room.LifeSupport)
			}
			if s.Room.Computer {
				n.Features = append(n.Features, "computer")
			}
			if len(s.Room.Items) > 0 {
				n.Features = append(n.Features, "items:"+strings.Join(s.Room.Items, "+"))
			}
			if s.Covered {
				n.Features = append(n.Features, "covered")
			}
		} else {
			n.Name = "(empty)"
		}
		out = append(out, n)
	}
	return out
}

// Links implements rules.GraphModel: every corridor, by id.
func (f *Facility) Links() []rules.Link {
	cs := append([]*Corridor(nil), f.Corridors...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
	out := make([]rules.Link, 0, len(cs))
	for _, c := range cs {
		l := rules.Link{From: strconv.Itoa(c.A), To: strconv.Itoa(c.B), Via: "corridor " + strconv.Itoa(c.ID), Requires: []string{}}
		if c.Technical {
			l.Via = "technical corridor " + strconv.Itoa(c.ID)
		}
		if c.Door == "closed" {
			l.Requires = append(l.Requires, "door")
		}
		note := "noise " + strconv.Itoa(c.Noise)
		if c.Noise == 0 {
			note = "reinforced"
		}
		if c.Deadly > 0 {
			note += "/" + strconv.Itoa(c.Deadly)
		}
		if c.HasDoor() {
			note += ", door " + c.Door
		}
		if f.unexplored(c) {
			note += ", unexplored"
		}
		l.Note = note
		out = append(out, l)
	}
	return out
}

// sortedSlots is the slots by id.
func (f *Facility) sortedSlots() []*Slot {
	out := append([]*Slot(nil), f.Slots...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// unexplored: the rules' "a corridor connected to only 1 room".
func (f *Facility) unexplored(c *Corridor) bool {
	a, b := f.slotByID[c.A], f.slotByID[c.B]
	return a == nil || b == nil || a.RoomID == "" || b.RoomID == ""
}
