package classic

import (
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// base is the start of the catalogue's classic examples: one crossroads
// tile, Survivors starting in the middle street.
const base = `format: 1
id: example
title: Example
ruleset: zombicide-classic
tileset: city
tiles:
  - {face: 9B, at: [0, 0]}
`

var classicOnly = []string{Ruleset}

func init() {
	for _, c := range []*validate.Check{
		{ID: "car-off-street", Title: "A car is not on a street", Severity: validate.Error, Games: classicOnly,
			Doc:  "Cars stand in street zones and drive over streets only, never into buildings.",
			Bad:  base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: car, kind: police, at: [0, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n",
			Good: base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: car, kind: police, at: [1, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n"},
		{ID: "door-on-street", Title: "A door between two street zones", Severity: validate.Error, Games: rules.TileGames,
			Doc:  "Streets are split into zones by pedestrian crossings; doors stand on the door openings of buildings.",
			Bad:  base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: door, at: [1, 1], side: w}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n",
			Good: base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: door, at: [0, 0], side: e}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n"},
		{ID: "building-sealed", Title: "A building with no door or opening to the outside", Severity: validate.Error, Games: classicOnly,
			Doc: "A building (rooms joined by openings) that no door opening or opening connects to a street or another building: nobody can enter it, and its Zombie cards never come. The built-in city set has none; a tile set of your own can make one (the gallery's `testdata/broken/building-sealed.yaml` uses such a set). Reported at the tile of its first room."},
		{ID: "no-door-opener", Title: "Nobody can ever open a door", Severity: validate.Error, Games: classicOnly,
			Doc: "Classic doors are locked: a Survivor opens one only with a weapon that opens doors. The team needs one from the start (`equipment: [door-opener]`), or a building it can enter without opening a door, to Search for one. When neither exists and the mission needs a door opened, it cannot be won.",
			Bad: base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: door, at: [0, 0], side: e}\n  - {type: door, at: [2, 0], side: w}\n  - {type: door, at: [0, 2], side: n}\n  - {type: door, at: [2, 2], side: w}\n" +
				"objectives:\n  - take: red\n",
			Good: base + "equipment: [door-opener]\ntokens:\n  - {type: start, at: [1, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: door, at: [0, 0], side: e}\n  - {type: door, at: [2, 0], side: w}\n  - {type: door, at: [0, 2], side: n}\n  - {type: door, at: [2, 2], side: w}\n" +
				"objectives:\n  - take: red\n"},
		{ID: "token-not-in-game", Title: "A token the game does not have", Severity: validate.Error, Games: rules.TileGames,
			Doc:  "Each game has its own tokens: classic Zombicide has no Mold, Sentry Gun or Bot, Zombicide: Invader no cars. A token that no box of the mission's game holds is reported once per type, at its first use, instead of as a shortage of boxes: no box would help.",
			Bad:  base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: mold, at: [1, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n",
			Good: base + "tokens:\n  - {type: start, at: [1, 1]}\n  - {type: noise, at: [1, 0]}\n  - {type: exit, at: [1, 2]}\nobjectives:\n  - exit: all\n"},
	} {
		validate.Register(c)
	}
}
