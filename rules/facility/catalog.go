package facility

import (
	"strings"

	"github.com/zmission/zmission/validate"
)

// base is the catalogue's facility: 4×2 slots, the Landing Zone in section
// A, the covered Hibernatorium in B, the Nest in C; the stacks are the
// built-in ones.
const base = `format: 1
id: example
title: Example
ruleset: facility
grid: [4, 2]
borders: [A/B, B/C]
slots:
  - {id: 1, at: [0, 0], section: A}
  - {id: 2, at: [1, 0], section: A}
  - {id: 3, at: [2, 0], section: B}
  - {id: 4, at: [3, 0], section: C}
  - {id: 5, at: [0, 1], section: A}
  - {id: 6, at: [1, 1], section: A/B}
  - {id: 7, at: [2, 1], section: B}
  - {id: 8, at: [3, 1], section: C}
rooms:
  - {slot: 2, room: landing-zone}
  - {slot: 7, room: hibernatorium}
  - {slot: 8, room: nest}
corridors:
  - {id: 1, between: [1, 2], noise: 1}
  - {id: 2, between: [2, 3], noise: 2}
  - {id: 3, between: [2, 6], noise: 3, door: open, door_at: 2}
  - {id: 4, between: [6, 7], noise: 4}
  - {id: 5, between: [7, 8], noise: 2}
objectives:
  - escape: any
`

// with replaces old by new in the base scenario; a missing old is a bug
// the catalogue test shows (the Bad example would equal the Good one).
func with(pairs ...string) string {
	s := base
	for i := 0; i+1 < len(pairs); i += 2 {
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

var facilityOnly = []string{Ruleset}

func init() {
	for _, c := range []*validate.Check{
		{ID: "slot-section", Title: "A slot lies on a border the scenario does not declare", Severity: validate.Error,
			Doc:  "Every slot is in one section (A, B or C) or on the border between two, and a border exists only where two section border pieces meet: list them under `borders`. A corridor placed on the border of 2 sections is in both.",
			Bad:  with("borders: [A/B, B/C]", "borders: [B/C]"),
			Good: base},
		{ID: "slot-outside", Title: "A slot lies beyond the facility's border", Severity: validate.Error,
			Doc:  "\"No room or corridor can be placed beyond the facility's borders.\" Slots sit on the grid (`grid: [columns, rows]`, counted from 0 at the top-left).",
			Bad:  with("{id: 8, at: [3, 1]", "{id: 8, at: [4, 1]"),
			Good: base},
		{ID: "slot-duplicate", Title: "Two slots share an id or a place", Severity: validate.Error,
			Doc:  "Rooms, corridors and tokens name slots by id, and the lowest-id tie-break needs each id once; two slots on one grid place would overlap.",
			Bad:  with("{id: 6, at: [1, 1]", "{id: 5, at: [1, 1]"),
			Good: base},
		{ID: "id-order", Title: "Ids do not follow the board's reading order", Severity: validate.Info,
			Doc:  "The rules break ties two ways: intruders take \"the shortest route that starts with the corridor/room with the lowest id number\", and attacks, events and noise markers resolve \"starting with the corridor on the top-left of the facility and going row by row\". Numbering slots and corridors row by row from the top-left makes the two agree and the board easy to read. Corridors are ordered by their midpoint: a vertical corridor between rows 0 and 1 comes after row 0's corridors.",
			Bad:  with("{id: 1, between: [1, 2]", "{id: 9, between: [1, 2]"),
			Good: base},
		{ID: "room-slot", Title: "A room is not on a slot, or shares one", Severity: validate.Error,
			Doc:  "Rooms are placed on room slots, one room per slot.",
			Bad:  with("{slot: 8, room: nest}", "{slot: 9, room: nest}"),
			Good: base},
		{ID: "room-unknown", Title: "A room name is not in the catalogue", Severity: validate.Error,
			Doc:  "Rooms are named by catalogue id (the built-in rooms are the rulebook's: see docs/facility-format.md); a name that is not there is reported with the closest one. Add rooms of your own under `custom_rooms`.",
			Bad:  with("room: hibernatorium}", "room: hibernatorum}"),
			Good: base},
		{ID: "room-duplicate", Title: "A named room appears twice", Severity: validate.Error,
			Doc:  "Each named room is one tile: it is on the map or in one stack, once.",
			Bad:  base + "stacks:\n  C: [escape-shuttle, nest]\n",
			Good: base + "stacks:\n  C: [escape-shuttle, reactor]\n"},
		{ID: "room-section", Title: "A section room is outside its section", Severity: validate.Error,
			Doc:  "\"Each section has its own dedicated section rooms (A, B, and C). All other rooms (?) are random and may appear in any section.\" A section room stands in its section or on a border of it; the Nest, whose eggs lie \"in the Eggs space on the section C border\", in section C. Stacks are sorted \"by type (A, B, C, and ?)\", so a room sits in its type's stack. Only the Hibernatorium can be covered.",
			Bad:  with("{slot: 8, room: nest}", "{slot: 5, room: nest}"),
			Good: base},
		{ID: "room-required", Title: "A room the scenario needs is missing", Severity: validate.Error,
			Doc:  "The characters start in the Landing Zone, so it is always on the map. So is the Hibernatorium: \"Place the Undiscovered Hibernatorium tile on top of the Hibernatorium room\" and \"Assemble the robot model and place it on the Hibernatorium\" are setup steps, so the room is never drawn from a stack (one written into a stack is reported there). The eggs lie \"in the Eggs space on the section C border\", an extension of the Nest room, so with eggs (5 unless `eggs` says otherwise) the Nest is on the map or in the C stack. Each escape an objective names needs its room on the map or in a stack: the Landing Zone (Lander), the Hibernatorium and Life Support Control C (hibernation; not Life Support Control C when the scenario starts with `hibernatorium: active`), the Escape Shuttle; destroying the Nest needs the Nest, destroying the facility the Cooling System.",
			Bad:  with("  - escape: any\n", "  - escape: shuttle\n") + "stacks:\n  C: [life-support-control-c, reactor]\n",
			Good: with("  - escape: any\n", "  - escape: shuttle\n") + "stacks:\n  C: [escape-shuttle, life-support-control-c, reactor]\n"},
		{ID: "corridor-end", Title: "A corridor leads beyond the border", Severity: validate.Error,
			Doc:  "A corridor joins two slots of the facility; one that leads to a slot that does not exist would lie beyond the facility's border (\"If a corridor leads to a space that outside the facility's border … do not set it up\").",
			Bad:  with("{id: 5, between: [7, 8]", "{id: 5, between: [7, 9]"),
			Good: base},
		{ID: "corridor-adjacent", Title: "A corridor joins slots that are not neighbours", Severity: validate.Error,
			Doc:  "Corridor tiles lie between orthogonally neighbouring slots. A corridor that joins distant slots must be declared `technical: true`.",
			Bad:  with("{id: 1, between: [1, 2], noise: 1}", "{id: 1, between: [1, 2], noise: 1}\n  - {id: 6, between: [5, 8], noise: 1}"),
			Good: with("{id: 1, between: [1, 2], noise: 1}", "{id: 1, between: [1, 2], noise: 1}\n  - {id: 6, between: [5, 8], noise: 1, technical: true}")},
		{ID: "corridor-duplicate", Title: "Two corridors share an id or a place", Severity: validate.Error,
			Doc:  "One corridor space lies between two slots, and a corridor has at most one door slot: a second corridor between the same slots (for a second door, say) is not possible. Corridor ids are unique, for the lowest-id tie-break.",
			Bad:  with("{id: 5, between: [7, 8], noise: 2}", "{id: 5, between: [7, 8], noise: 2}\n  - {id: 6, between: [8, 7], noise: 3, door: closed}"),
			Good: with("{id: 5, between: [7, 8], noise: 2}", "{id: 5, between: [7, 8], noise: 2, door: closed}")},
		{ID: "noise-range", Title: "A noise value is not on a corridor tile", Severity: validate.Error,
			Doc:  "A corridor's front shows a noise value 1-4 (the noise die's numbers); its back is 0, the side a reinforced corridor shows. Deadly mode adds \"the second, smaller noise values found on some corridors\" (`deadly`), and \"secured corridors still have only one value of 0\".",
			Bad:  with("{id: 2, between: [2, 3], noise: 2}", "{id: 2, between: [2, 3], noise: 5}"),
			Good: base},
		{ID: "door-slot", Title: "A door slot faces the wrong way", Severity: validate.Error,
			Doc:  "`door_at` names the slot a corridor's door slot faces: one of its ends, on a corridor that has a door slot. At setup, \"if any of them have a door slot, place the slot on an entrance to the Landing Zone\"; while exploring, \"if a corridor has a door slot, place it so the slot connects with the newly explored room\": a corridor from a room to an empty slot was laid from that room, so its door slot faces the room. Between two rooms either may have been explored first.",
			Bad:  with("door: open, door_at: 2}", "door: open, door_at: 6}"),
			Good: base},
		{ID: "hibernatorium-reinforced", Title: "A corridor to the Hibernatorium is reinforced", Severity: validate.Error,
			Doc:  "\"Corridors leading to the Hibernatorium can never be reinforced\": noise 0 (the back of a corridor tile) is not possible there.",
			Bad:  with("{id: 4, between: [6, 7], noise: 4}", "{id: 4, between: [6, 7], noise: 0}"),
			Good: base},
		{ID: "landing-zone-corridors", Title: "The Landing Zone does not have its 3 setup corridors", Severity: validate.Error,
			Doc:  "Setup: \"One by one, draw 3 random corridor tiles and connect them faceup (non-0 value side) to the Landing Zone.\" Fewer than 3 corridors is a finding; so are more than 3 corridors to empty slots, since exploration never lays a corridor \"to a room already on the map\", unless the Drilling Station is on the map (\"It may be placed leading to an already discovered room or to an undiscovered room\"). Corridors to rooms on the map (a start explored further) are not held to the 3.",
			Bad:  with("  - {id: 1, between: [1, 2], noise: 1}\n", ""),
			Good: base},
		{ID: "landing-zone-faceup", Title: "A Landing Zone corridor shows its 0 side", Severity: validate.Error,
			Doc:  "Setup: \"One by one, draw 3 random corridor tiles and connect them faceup (non-0 value side) to the Landing Zone.\" A corridor of the Landing Zone shows its noise value, 1-4, never the 0 of a reinforced corridor.",
			Bad:  with("{id: 2, between: [2, 3], noise: 2}", "{id: 2, between: [2, 3], noise: 0}"),
			Good: base},
		{ID: "objective-impossible", Title: "An objective no play can meet", Severity: validate.Error,
			Doc:  "Some objectives can never be met. A Lander with the top anti-aircraft token fixed active (`anti_aircraft: active`) is destroyed (\"ACTIVE: The Lander is destroyed\") unless a character swaps the tokens in Life Support Control B or the Reactor makes the game \"Treat the Anti-Aircraft System as inactive\": with neither room able to come into play, `escape: lander` is impossible. And hibernating while destroying the facility, asked in one objective or in two (every objective must be met): \"When the facility is destroyed, the game ends. All characters in the facility (even hibernated) … are dead.\" And escaping any way (`escape: any`) when all \"3 ways of doing so\" are closed: the Lander shot down as above, hibernation without Life Support Control C in the game (the Hibernatorium starting inactive) or in a facility any objective destroys, and no Escape Shuttle in the game. A way closed because its room is missing from the map or cut off is reported there (`room-required`, `escape-unreachable`), not again here. Last, \"If multiple objectives require you to fulfill the same requirement, that many characters must do so and survive\": objectives asking the same escape need more characters than the scenario's `players`, or more than the one the Escape Shuttle takes (\"When a character escapes using the Escape Shuttle, the Escape Shuttle cannot be used again that game\"), are reported once, at the first objective too many.",
			Bad:  with("  - escape: any\n", "  - escape: lander\n") + "anti_aircraft: active\nstacks:\n  B: [server-room]\n  C: [escape-shuttle]\n",
			Good: with("  - escape: any\n", "  - escape: lander\n") + "anti_aircraft: active\nstacks:\n  B: [life-support-control-b]\n  C: [escape-shuttle]\n"},
		{ID: "corridor-no-room", Title: "A corridor is connected to no room", Severity: validate.Error,
			Doc:  "Corridors are laid only at the Landing Zone at setup and \"in each space around the room shown on the card\" while exploring, so each one touches a room; \"An unexplored corridor is one connected to only 1 room.\" A corridor between two empty slots could never have been laid.",
			Bad:  with("{id: 5, between: [7, 8], noise: 2}", "{id: 5, between: [7, 8], noise: 2}\n  - {id: 6, between: [3, 4], noise: 1}"),
			Good: base},
		{ID: "queen-count", Title: "More than one Queen", Severity: validate.Error,
			Doc:  "There is one Queen, one model with one Queen Health deck: \"When the last Queen Health card is discarded the Queen is dead: remove her model from the game.\" Queen tokens (`kind: queen`) add up to at most 1.",
			Bad:  base + "tokens:\n  - {type: intruder, kind: queen, corridor: 2}\n  - {type: intruder, kind: queen, corridor: 5}\n",
			Good: base + "tokens:\n  - {type: intruder, kind: queen, corridor: 2}\n  - {type: intruder, kind: adult, corridor: 5}\n"},
		{ID: "secured-intruder", Title: "A secured room holds an intruder", Severity: validate.Error,
			Doc:  "\"Characters may never secure a room with an intruder inside.\" A room with a secure token and an intruder token at setup is not a state the game can reach.",
			Bad:  base + "tokens:\n  - {type: secure, slot: 8}\n  - {type: intruder, kind: adult, slot: 8}\n",
			Good: base + "tokens:\n  - {type: secure, slot: 8}\n  - {type: intruder, kind: adult, corridor: 5}\n"},
		{ID: "stack-short", Title: "The room stacks cannot fill every empty slot", Severity: validate.Warning,
			Doc:  "Exploration draws a room of the card's type; \"if there are no more rooms of the required type, place a ? room instead\", and when the ? stack is empty too, the component-limit rule applies: \"when no more are available, nothing happens\". The warning gives the empty slots per section and the rooms per stack.",
			Bad:  base + "stacks:\n  A: []\n  B: [cooling-system]\n  C: [escape-shuttle]\n  \"?\": [armory]\n",
			Good: base + "stacks:\n  A: [surgery-room]\n  B: [cooling-system]\n  C: [escape-shuttle]\n  \"?\": [armory, shelter]\n"},
		{ID: "corridor-pool-short", Title: "The corridor pool cannot cover exploration", Severity: validate.Warning, Games: facilityOnly,
			Doc:  "Exploration places \"a random corridor faceup in each space around the room\", never toward a room already on the map: it can lay one corridor between every two neighbouring empty slots that have none yet. A `corridor_pool` smaller than that runs out, and then nothing is placed.",
			Bad:  base + "corridor_pool: 2\n",
			Good: base + "corridor_pool: 20\n"},
		{ID: "escape-unreachable", Title: "An escape can never be reached from the Landing Zone", Severity: validate.Error,
			Doc:  "The Hibernatorium, the Escape Shuttle and Life Support Control C (which activates hibernation) must be reachable from the Landing Zone through corridors on the map, those exploration can lay, the move of a Technical Corridor Entrance on the map (\"Move to any room in the facility\"), and the corridor a Drilling Station on the map lays from the Hibernatorium, where the robot stands from setup (\"Place a new corridor leading from the room with the robot\"). A room still in a stack needs an empty slot of its section that exploration can reach.",
			Bad:  with("  - {id: 4, between: [6, 7], noise: 4}\n  - {id: 5, between: [7, 8], noise: 2}\n", "  - {id: 5, between: [7, 8], noise: 2}\n"),
			Good: base},
		{ID: "corridor-capacity", Title: "Too many tokens in a corridor or room", Severity: validate.Error,
			Doc:  "\"A corridor can hold a Queen and up to 2 other intruders OR up to 6 Adults, Drones, and Larvae in total OR a noise marker.\" A room holds at most 1 fire marker, 1 malfunction marker and 3 secure tokens. (Two Queens are `queen-count`.)",
			Bad:  base + "tokens:\n  - {type: intruder, kind: adult, count: 7, corridor: 2}\n",
			Good: base + "tokens:\n  - {type: intruder, kind: adult, count: 6, corridor: 2}\n"},
		{ID: "token-spot", Title: "A token is where it cannot be", Severity: validate.Error,
			Doc:  "A token goes in a corridor or a room that exists. \"Characters are never placed in corridors\"; noise markers lie in corridors, fire, malfunction and secure markers in rooms; while the Hibernatorium is covered \"noise tokens cannot be placed on the connected corridors\"; never-secured and never-broken rooms take no secure or malfunction marker.",
			Bad:  base + "tokens:\n  - {type: noise, corridor: 4}\n",
			Good: base + "tokens:\n  - {type: noise, corridor: 2}\n"},
	} {
		if c.Games == nil {
			c.Games = facilityOnly
		}
		validate.Register(c)
	}
}
