package editor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/rules/facility"
	"go.yaml.in/yaml/v4"
)

// graphOp is what the facility's operations read beyond the common Op
// fields (At is a new slot's place). Slots and corridors are named by their
// ids, as the file and the printed board name them.
type graphOp struct {
	Slot      int     `json:"slot,omitempty"`
	Room      string  `json:"room,omitempty"`
	Covered   *bool   `json:"covered,omitempty"`
	Corridor  int     `json:"corridor,omitempty"`
	Between   *[2]int `json:"between,omitempty"`
	Noise     *int    `json:"noise,omitempty"`
	Deadly    *int    `json:"deadly,omitempty"`
	Door      *string `json:"door,omitempty"`
	DoorAt    *int    `json:"door_at,omitempty"`
	Technical *bool   `json:"technical,omitempty"`
	Section   string  `json:"section,omitempty"`
}

// graphOps are the facility's operations, by name.
var graphOps = map[string]func(root *yaml.Node, op Op) error{
	"room.place":      roomPlace,
	"room.set":        roomSet,
	"room.remove":     roomRemove,
	"corridor.add":    keepOrder(corridorAdd),
	"corridor.set":    corridorSet,
	"corridor.remove": corridorRemove,
	"slot.add":        keepOrder(slotAdd),
	"ids.renumber":    renumberOp,
	"slot.remove":     slotRemove,
}

// defaultNoise is a new corridor's noise: the lowest value a corridor's
// front shows (0 is the reinforced back).
const defaultNoise = 1

var doorStates = []string{"none", "open", "closed", "destroyed"}

// byID finds the entry of a facility list whose key (id, slot) is v: its
// index, or -1. Entries that are not mappings are passed over.
func byID(l *yaml.Node, key string, v int) int {
	if l == nil {
		return -1
	}
	for i, it := range l.Content {
		if n, ok := intOf(get(it, key)); ok && n == v {
			return i
		}
	}
	return -1
}

// own refuses an entry that is a YAML alias or anchor: editing it would
// change every place that uses it.
func own(it *yaml.Node, what string) error {
	if it.Kind == yaml.AliasNode || it.Anchor != "" {
		return refuse("%s is a YAML alias or anchor; edit it in the text", what)
	}
	if it.Kind != yaml.MappingNode {
		return refuse("%s is not a mapping; fix it in the text first", what)
	}
	return nil
}

// nextID is one more than the highest id in the list.
func nextID(l *yaml.Node) int {
	n := 0
	for _, it := range l.Content {
		if v, ok := intOf(get(it, "id")); ok && v > n {
			n = v
		}
	}
	return n + 1
}

// slotList is the scenario's slots; a slot id must be one of them.
func slotList(root *yaml.Node) (*yaml.Node, error) {
	s, err := list(root, "slots", false)
	if err != nil {
		return nil, refuse("the scenario has no slots")
	}
	return s, nil
}

func needSlot(root *yaml.Node, id int) error {
	s, err := slotList(root)
	if err != nil {
		return err
	}
	if byID(s, "id", id) < 0 {
		return refuse("there is no slot %d", id)
	}
	return nil
}

// roomNames are the rooms a scenario may place: the built-in catalogue
// and its custom rooms.
func roomNames(root *yaml.Node) []string {
	var out []string
	for _, r := range facility.BuiltinRooms() {
		out = append(out, r.ID)
	}
	if l := get(root, "custom_rooms"); l != nil && l.Kind == yaml.SequenceNode {
		for _, it := range l.Content {
			if id := get(it, "id"); id != nil && id.Kind == yaml.ScalarNode {
				out = append(out, id.Value)
			}
		}
	}
	return out
}

func roomPlace(root *yaml.Node, op Op) error {
	if op.Slot == 0 || op.Room == "" {
		return refuse("room.place needs a slot and a room")
	}
	if err := needSlot(root, op.Slot); err != nil {
		return err
	}
	names := roomNames(root)
	if !slices.Contains(names, op.Room) {
		if near := typo.Closest(op.Room, names); near != "" {
			return refuse("unknown room %q; did you mean %q?", op.Room, near)
		}
		return refuse("unknown room %q: the rooms are the catalogue's and the scenario's custom_rooms", op.Room)
	}
	rooms, err := list(root, "rooms", true)
	if err != nil {
		return err
	}
	if i := byID(rooms, "slot", op.Slot); i >= 0 {
		return refuse("slot %d already holds %s: remove it first", op.Slot, get(rooms.Content[i], "room").Value)
	}
	for _, it := range rooms.Content {
		if r := get(it, "room"); r != nil && r.Value == op.Room {
			at, _ := intOf(get(it, "slot"))
			return refuse("%s is already on slot %d: each room is one tile; remove it there first", op.Room, at)
		}
	}
	covered := op.Room == facility.Hibernatorium
	if op.Covered != nil {
		if *op.Covered && op.Room != facility.Hibernatorium {
			return refuse("only the Hibernatorium has an Undiscovered tile to cover it")
		}
		covered = *op.Covered
	}
	r := mapping("slot", num(op.Slot), "room", str(op.Room))
	if covered != (op.Room == facility.Hibernatorium) {
		r.Content = append(r.Content, str("covered"), boolean(covered))
	}
	rooms.Content = append(rooms.Content, r)
	return nil
}

// roomAt is the rooms entry on a slot.
func roomAt(root *yaml.Node, slot int) (*yaml.Node, int, error) {
	rooms, err := list(root, "rooms", false)
	i := byID(rooms, "slot", slot)
	if err != nil || i < 0 {
		return nil, -1, refuse("slot %d holds no room", slot)
	}
	it := rooms.Content[i]
	return it, i, own(it, "the room on slot "+itoa(slot))
}

func roomSet(root *yaml.Node, op Op) error {
	it, _, err := roomAt(root, op.Slot)
	if err != nil {
		return err
	}
	if op.Covered == nil {
		return refuse("room.set changes covered: say true or false")
	}
	hib := get(it, "room").Value == facility.Hibernatorium
	if *op.Covered && !hib {
		return refuse("only the Hibernatorium has an Undiscovered tile to cover it")
	}
	if *op.Covered == hib {
		del(it, "covered") // the default
	} else {
		set(it, "covered", boolean(*op.Covered))
	}
	return nil
}

func roomRemove(root *yaml.Node, op Op) error {
	_, i, err := roomAt(root, op.Slot)
	if err != nil {
		return err
	}
	return listRemove(root, "rooms", "room", i)
}

func corridorAdd(root *yaml.Node, op Op) error {
	if op.Between == nil {
		return refuse("corridor.add needs the two slots it joins")
	}
	a, b := op.Between[0], op.Between[1]
	if a == b {
		return refuse("a corridor joins two slots, not slot %d to itself", a)
	}
	for _, s := range []int{a, b} {
		if err := needSlot(root, s); err != nil {
			return err
		}
	}
	cors, err := list(root, "corridors", true)
	if err != nil {
		return err
	}
	for _, it := range cors.Content {
		if p, ok := pairOf(get(it, "between")); ok && (p == [2]int{a, b} || p == [2]int{b, a}) {
			id, _ := intOf(get(it, "id"))
			return refuse("corridor %d already joins slots %d and %d: one corridor between two slots", id, a, b)
		}
	}
	noise := defaultNoise
	if op.Noise != nil {
		noise = *op.Noise
	}
	if err := checkNoise(noise); err != nil {
		return err
	}
	c := mapping("id", num(nextID(cors)), "between", pair([2]int{a, b}), "noise", num(noise))
	cors.Content = append(cors.Content, c)
	if op.Door != nil || op.Technical != nil || op.Deadly != nil || op.DoorAt != nil {
		return setCorridor(c, op, [2]int{a, b})
	}
	return nil
}

func checkNoise(n int) error {
	if n < 0 || n > 4 {
		return refuse("a corridor's noise is 1 to 4, or 0 for a reinforced corridor (got %d)", n)
	}
	return nil
}

// corridor is the corridors entry with an id.
func corridor(root *yaml.Node, id int) (*yaml.Node, int, error) {
	cors, err := list(root, "corridors", false)
	i := byID(cors, "id", id)
	if err != nil || i < 0 {
		return nil, -1, refuse("there is no corridor %d", id)
	}
	it := cors.Content[i]
	return it, i, own(it, "corridor "+itoa(id))
}

func corridorSet(root *yaml.Node, op Op) error {
	it, _, err := corridor(root, op.Corridor)
	if err != nil {
		return err
	}
	ends, _ := pairOf(get(it, "between"))
	if op.Noise != nil {
		if err := checkNoise(*op.Noise); err != nil {
			return err
		}
		set(it, "noise", num(*op.Noise))
	}
	return setCorridor(it, op, ends)
}

// setCorridor sets a corridor's Deadly value, door and technical mark.
func setCorridor(it *yaml.Node, op Op, ends [2]int) error {
	if op.Deadly != nil {
		switch d := *op.Deadly; {
		case d == 0:
			del(it, "deadly")
		case d < 0 || d > 4:
			return refuse("a Deadly value is 1 to 3, smaller than the noise (got %d)", d)
		default:
			set(it, "deadly", num(d))
		}
	}
	if op.Door != nil {
		d := *op.Door
		switch {
		case !slices.Contains(doorStates, d):
			return refuse("a door is %s (got %q)", strings.Join(doorStates, ", "), d)
		case d == "none":
			// No door slot: nothing for door_at to face either.
			del(it, "door")
			del(it, "door_at")
		default:
			set(it, "door", str(d))
		}
	}
	if op.DoorAt != nil {
		switch at := *op.DoorAt; {
		case at == 0:
			del(it, "door_at")
		case at != ends[0] && at != ends[1]:
			return refuse("the door slot faces one end of the corridor: slot %d or %d (got %d)", ends[0], ends[1], at)
		case get(it, "door") == nil:
			return refuse("the corridor has no door slot: give it a door first")
		default:
			set(it, "door_at", num(at))
		}
	}
	if op.Technical != nil {
		if *op.Technical {
			set(it, "technical", boolean(true))
		} else {
			del(it, "technical")
		}
	}
	return nil
}

func corridorRemove(root *yaml.Node, op Op) error {
	_, i, err := corridor(root, op.Corridor)
	if err != nil {
		return err
	}
	// Tokens in it go too (undo brings them back): a token in no corridor
	// is a finding to clean up.
	dropTokens(root, func(t *yaml.Node) bool { c, ok := intOf(get(t, "corridor")); return ok && c == op.Corridor })
	return listRemove(root, "corridors", "corridor", i)
}

func dropTokens(root *yaml.Node, gone func(*yaml.Node) bool) {
	if toks, err := list(root, "tokens", false); err == nil {
		toks.Content = slices.DeleteFunc(toks.Content, func(t *yaml.Node) bool { return t.Kind == yaml.MappingNode && gone(t) })
	}
}

var sectionNames = []string{"A", "B", "C", "A/B", "A/C", "B/C"}

func slotAdd(root *yaml.Node, op Op) error {
	if op.At == nil || op.Section == "" {
		return refuse("slot.add needs a place [column, row] and a section")
	}
	if !slices.Contains(sectionNames, op.Section) {
		return refuse("a section is %s (got %q)", strings.Join(sectionNames, ", "), op.Section)
	}
	grid, ok := pairOf(get(root, "grid"))
	at := *op.At
	if !ok {
		return refuse("the scenario has no grid [columns, rows]; fix it in the text first")
	}
	if at[0] < 0 || at[1] < 0 || at[0] >= grid[0] || at[1] >= grid[1] {
		return refuse("[%d, %d] is beyond the grid: it is %d×%d (columns 0-%d, rows 0-%d)", at[0], at[1], grid[0], grid[1], grid[0]-1, grid[1]-1)
	}
	slots, err := slotList(root)
	if err != nil {
		return err
	}
	// The new slot goes in reading order, as the slots are numbered.
	pos := len(slots.Content)
	for i, it := range slots.Content {
		p, ok := pairOf(get(it, "at"))
		if !ok {
			continue
		}
		if p == at {
			id, _ := intOf(get(it, "id"))
			return refuse("slot %d is already at [%d, %d]", id, at[0], at[1])
		}
		if (p[1] > at[1] || (p[1] == at[1] && p[0] > at[0])) && pos == len(slots.Content) {
			pos = i
		}
	}
	s := mapping("id", num(nextID(slots)), "at", pair(at), "section", str(op.Section))
	slots.Content = slices.Insert(slots.Content, pos, s)
	return nil
}

func slotRemove(root *yaml.Node, op Op) error {
	slots, err := slotList(root)
	if err != nil {
		return err
	}
	i := byID(slots, "id", op.Slot)
	if i < 0 {
		return refuse("there is no slot %d", op.Slot)
	}
	if len(slots.Content) == 1 {
		return refuse("a facility needs at least one slot")
	}
	// What stands on the slot goes with it (undo brings it all back): its
	// room, the corridors to it and the tokens in them.
	var cors []int
	if l, err := list(root, "corridors", false); err == nil {
		l.Content = slices.DeleteFunc(l.Content, func(c *yaml.Node) bool {
			p, ok := pairOf(get(c, "between"))
			if ok && (p[0] == op.Slot || p[1] == op.Slot) {
				id, _ := intOf(get(c, "id"))
				cors = append(cors, id)
				return true
			}
			return false
		})
	}
	if l, err := list(root, "rooms", false); err == nil {
		l.Content = slices.DeleteFunc(l.Content, func(r *yaml.Node) bool { s, ok := intOf(get(r, "slot")); return ok && s == op.Slot })
	}
	dropTokens(root, func(t *yaml.Node) bool {
		if s, ok := intOf(get(t, "slot")); ok && s == op.Slot {
			return true
		}
		c, ok := intOf(get(t, "corridor"))
		return ok && slices.Contains(cors, c)
	})
	slots.Content = slices.Delete(slots.Content, i, i+1)
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
