package invader

import (
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// base starts the examples, as for the shared checks.
const base = rules.ExampleBase

var game1 = []string{Ruleset}

func init() {
	for _, c := range []*validate.Check{
		{ID: "start-outside", Title: "The Survivors start outside without oxygen", Severity: validate.Error, Games: game1,
			Doc:  "A Survivor in an exterior zone needs an equipped Oxygen Tank the whole time. A start outside needs `equipment: [oxygen-tank]`.",
			Bad:  "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntiles:\n  - {face: 5B, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n",
			Good: "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\nequipment: [oxygen-tank]\ntiles:\n  - {face: 5B, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n"},
		{ID: "mold-on-exterior", Title: "Mold in an exterior zone", Severity: validate.Error, Games: game1,
			Doc:  "A Spoiler Abomination leaves Mold in room and corridor zones, never outside. A Mold token on the planet surface is ignored by every check.",
			Bad:  "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntiles:\n  - {face: 5B, at: [0, 0]}\ntokens:\n  - {type: start, at: [1, 2]}\n  - {type: mold, at: [0, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n",
			Good: "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntiles:\n  - {face: 5B, at: [0, 0]}\ntokens:\n  - {type: start, at: [1, 2]}\n  - {type: mold, at: [0, 1]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n"},
		{ID: "mold-linked", Title: "Active Mold already links two Spawn Zones", Severity: validate.Error, Games: game1,
			Doc:  "The game is lost as soon as two Spawn Zones are linked by an uninterrupted chain of Active Mold zones; a mission that starts that way is lost before the first turn.",
			Bad:  base + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, at: [1, 0]}\n  - {type: spawn, at: [4, 2]}\n  - {type: mold, at: [3, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: base + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, at: [1, 0]}\n  - {type: mold, state: inactive, at: [3, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "mold-distance", Title: "Few Active Mold zones would link two Spawn Zones", Severity: validate.Warning, Games: game1,
			Doc:     "The fewest room or corridor zones that, turned to Active Mold, would link two Spawn Zones (zones sharing an edge; walls do not matter, corners do not count; the chain's ends are the Spawn Zones or their neighbours). Below the threshold (option `threshold`, default 2) the Spoiler Abomination can lose the game in a few moves.\n\nConfigure with:\n\n```yaml\nrules:\n  mold-distance: {threshold: 3}\n```",
			Bad:     base + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, at: [1, 0]}\n  - {type: spawn, at: [4, 2]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good:    base + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, at: [1, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Options: map[string]any{"threshold": 2}, Bounds: map[string][2]float64{"threshold": {1, MaxMoldThreshold}}},
		{ID: "objective-in-mold", Title: "An Objective stands in a Mold zone", Severity: validate.Error, Games: game1,
			Doc:  "The rulebook, Mold: \"Remove any Objective and Door tokens in the Zone. They cannot be recovered. Look at Objective tokens removed this way: the Mission may already be lost!\" An Objective in a zone that starts with Active or Inactive Mold is gone before the first turn, and a victory condition that needs it cannot be met. Reported at the Objective, with the Mold that removes it.",
			Bad:  base + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: mold, at: [0, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - take: red\n  - exit: all\n",
			Good: base + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: mold, at: [3, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - take: red\n  - exit: all\n"},
		{ID: "room-shut", Title: "A room the Survivors enter only once Xenos destroy its door", Severity: validate.Warning, Games: game1,
			Doc:  "Door Activation: a Survivor \"places or removes a closed Door token on a door opening in a room Zone they occupy\". A closed neutral door lets Survivors out of its room, but not in from a corridor, and Invader doors are not opened any other way: only Xenos destroying the door open it from outside. A room (and what lies beyond it) whose every way in is such a door is reported once, at its first door, with the Objectives and Exit behind it. It is a warning, not an error: Xenos do destroy doors on their way to the Survivors, but the mission then depends on them. When the door is the only way out of a red Spawn Zone's part of the board toward the Survivors, its Xenos break it for certain: the message names that Spawn Zone, and analyze counts the door open (docs/rules-invader.md, Decision 20).",
			Bad:  base + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n}\nobjectives:\n  - take: red\n",
			Good: base + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, state: open}\nobjectives:\n  - take: red\n"},
	} {
		validate.Register(c)
	}
}
