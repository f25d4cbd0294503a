package facility

import (
	_ "embed"
	"encoding/json"
	"sort"
	"sync"
)

// Room is one room of the catalogue: the built-in rooms the rulebook names,
// plus a scenario's custom rooms.
type Room struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Type is the stack it comes from: a section (A, B, C) or ? (random).
	Type         string   `json:"type"`
	Items        []string `json:"items,omitempty"`
	Computer     bool     `json:"computer,omitempty"`
	NeverSecured bool     `json:"never_secured,omitempty"`
	NeverBroken  bool     `json:"never_broken,omitempty"`
	// Escape is the way out the room gives: lander, hibernation, shuttle.
	Escape string `json:"escape,omitempty"`
	// LifeSupport is the section whose life support the room switches.
	LifeSupport string `json:"life_support,omitempty"`
	Action      string `json:"action,omitempty"`
	Custom      bool   `json:"custom,omitempty"`
}

//go:embed rooms.json
var roomsJSON []byte

// builtin is the catalogue the rulebook gives, in its order.
// It is read on first use, so a command that needs no room pays nothing.
var builtinRooms = sync.OnceValue(func() []Room {
	var doc struct {
		Rooms []Room `json:"rooms"`
	}
	if err := json.Unmarshal(roomsJSON, &doc); err != nil {
		panic("facility: rooms.json: " + err.Error()) // embedded data, checked by a test
	}
	return doc.Rooms
})

// BuiltinRooms lists the built-in catalogue, in the rulebook's order.
func BuiltinRooms() []Room { return append([]Room(nil), builtinRooms()...) }

// Room ids the rules single out.
const (
	LandingZone   = "landing-zone"
	Hibernatorium = "hibernatorium"
	EscapeShuttle = "escape-shuttle"
	Nest          = "nest"
	CoolingSystem = "cooling-system"
	Reactor       = "reactor"
	LSCB          = "life-support-control-b"
	LSCC          = "life-support-control-c"
	// DrillingStation: "Place a new corridor leading from the room with
	// the robot", to a discovered room or an undiscovered one.
	DrillingStation = "drilling-station"
	// TechnicalEntrance: "Move to any room in the facility."
	TechnicalEntrance = "technical-corridor-entrance"
)

// catalogue is the rooms a scenario may use, by id.
type catalogue map[string]*Room

func newCatalogue(custom []Room) catalogue {
	c := catalogue{}
	for _, r := range builtinRooms() {
		c[r.ID] = &r
	}
	for i := range custom {
		r := custom[i]
		r.Custom = true
		c[r.ID] = &r
	}
	return c
}

func (c catalogue) ids() []string {
	out := make([]string, 0, len(c))
	for id := range c {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// lifeSupportRoom is the room that switches a section's life support.
func (c catalogue) lifeSupportRoom(section string) string {
	for _, id := range c.ids() {
		if c[id].LifeSupport == section {
			return id
		}
	}
	return ""
}
