package rules

import (
	"strings"

	"github.com/zmission/zmission/validate"
)

// ExampleBase starts the catalogue's Invader example missions: two tiles of
// the station set, Survivors starting in the corridor at 0,1.
const ExampleBase = `format: 1
id: example
title: Example
ruleset: zombicide-invader
tileset: station
tiles:
  - {face: 1A, at: [0, 0]}
  - {face: 2A, at: [1, 0]}
`

// TileGames are the rulesets played on tiles (board kind grid): the
// checks of tiles, cells and tokens hold for these and no other game.
// lint's TestTileGamesListed keeps the list in step with the games
// registered (the games register after this package's init, so the list
// cannot be read from the registry here).
var TileGames = []string{"zombicide-classic", "zombicide-invader"}

// The checks every game on tiles shares: start, references, solvability,
// coloured doors, spawns, inventory. Their examples use Zombicide: Invader.
func init() {
	for _, c := range []*validate.Check{
		{ID: "start-missing", Title: "No start token", Severity: validate.Error,
			Doc:  "Every mission says where the Survivors begin: one `start` token. Without it nothing about reachability can be checked. A start token written but off the board is reported there (`token-off-board`), not here.",
			Bad:  ExampleBase + "tokens:\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "start-multiple", Title: "More than one start token", Severity: validate.Error,
			Doc:  "The Survivors start together in one zone.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: start, at: [3, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "players-backwards", Title: "The player range runs backwards", Severity: validate.Error,
			Doc:  "`players` is a count or a range written low to high (`2-6`; in Zombie: Survival Infection, `min` no more than `max`). A range such as `6-2` allows no player count at all, so nothing that depends on the player count can be checked against it. Every game gives this same error.",
			Bad:  strings.Replace(ExampleBase, "ruleset:", "players: 6-2\nruleset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: strings.Replace(ExampleBase, "ruleset:", "players: 2-6\nruleset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "no-objectives", Title: "The mission has no objectives", Severity: validate.Warning,
			Doc:  "Objectives say how the mission is won; without them the tool cannot check that it can be.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "unknown-ref", Title: "A reference names nothing on the board", Severity: validate.Error,
			Doc:  "`reach`, `activate` and `remove` name a token id, a zone id (`1A/c`, see `zmission zones`) or a board cell (`\"3,4\"`).",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\nobjectives:\n  - reach: 9Z/q\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\nobjectives:\n  - reach: 2A/e\n"},
		{ID: "exit-missing", Title: "An objective asks for the Exit, but there is none", Severity: validate.Error,
			Doc:  "`exit: all` needs an `exit` token on the board.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "exit-unreachable", Title: "The Exit cannot be reached", Severity: validate.Error,
			Doc: "With every key the Survivors can ever gain (objectives taken, doors opened by special rules, Oxygen Tanks from a reachable Oxygen Supply Room), no way leads from the start to the Exit. The message names what blocks each way: the door and the rule that would open it, the airlock and the missing oxygen, or a zone walled off.",
			Bad: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - exit: all\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 2]}\n  - {type: objective, color: violet, at: [0, 0]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - exit: all\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n"},
		{ID: "objective-unreachable", Title: "An objective cannot be reached", Severity: validate.Error,
			Doc: "An Objective token, zone or token that a victory condition needs lies beyond what the Survivors can ever reach. Reported at the token, with what blocks the way.",
			Bad: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: green}\n" +
				"objectives:\n  - take: red\nrules:\n  - when: {take: violet}\n    then: [{open: green}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, state: open}\n" +
				"objectives:\n  - take: red\n"},
		{ID: "key-behind-lock", Title: "A door is opened only by something behind it", Severity: validate.Error,
			Doc: "The special rule that opens this coloured door fires on something (typically taking the Objective of the door's colour) that can only be reached through the door. The classic design slip: \"the violet door is opened by the violet Objective\", with the Objective placed in the room the door closes.",
			Bad: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - take: violet\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [0, 0]}\n  - {type: objective, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - take: violet\n  - take: red\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n"},
		{ID: "door-never-opens", Title: "A coloured door that nothing opens", Severity: validate.Error,
			Doc:  "Coloured doors follow the mission's special rules; with no rule `open: COLOUR`, the door is a wall. Add the rule, or use a neutral door. In Zombicide: Invader a door on the edge of a Mold zone is removed before play (\"Colored doors can be removed by Mold\") and is not reported.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [5, 2], side: n, color: green}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [5, 2], side: n}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "objective-order", Title: "Objectives cannot be met in the order given", Severity: validate.Error,
			Doc: "Objectives with `order` must be met in that order. Here a later one can be met, and an earlier one too, but only the other way round: what the earlier one needs is given by the later one.",
			Bad: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: objective, color: violet, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - {take: violet, order: 1}\n  - {take: red, order: 2}\nrules:\n  - when: {take: red}\n    then: [{open: violet}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: objective, color: violet, at: [5, 2]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n" +
				"objectives:\n  - {take: red, order: 1}\n  - {take: violet, order: 2}\nrules:\n  - when: {take: red}\n    then: [{open: violet}]\n"},
		{ID: "objective-count", Title: "An objective asks for more than the map has", Severity: validate.Error,
			Doc:  "`take` with a `count` above the number of Objective tokens of that colour on the map, a colour with no token at all, or `exit: N` with more Survivors than the mission has.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\nobjectives:\n  - {take: red, count: 2}\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: objective, at: [3, 0]}\nobjectives:\n  - {take: red, count: 2}\n"},
		{ID: "spawn-no-path", Title: "Xenos from a Spawn Zone can never reach the Survivors", Severity: validate.Error,
			Doc:  "Xenos walk the shortest path to the Survivors, destroying closed doors on the way, but walls stop them. A Spawn Zone walled off from the start produces Xenos that never play a part.",
			Bad:  strings.Replace(ExampleBase, "2A", "7B", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, at: [4, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, at: [4, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "spawn-near-start", Title: "A Spawn Zone is in or next to the start zone", Severity: validate.Warning,
			Doc:  "Xenos spawning in, or one move from, the Survivors' start attack on the first round. Sometimes meant; usually not.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, at: [1, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, at: [4, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "spawn-never-active", Title: "A coloured Spawn Zone that no rule activates", Severity: validate.Warning,
			Doc:  "Red Spawn Zones are always active. Green, violet and other colours spawn only once a special rule activates them (`then: [{activate: green}]`).",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, color: green, at: [4, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: spawn, color: green, at: [4, 1]}\n  - {type: objective, at: [0, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - take: red\n  - exit: all\nrules:\n  - when: {take: red}\n    then: [{activate: green}]\n"},
		{ID: "rule-does-nothing", Title: "A special rule does nothing", Severity: validate.Warning,
			Doc:  "A special rule that waits for an Objective colour the map does not have (`when: {take: blue}` with no blue Objective) never fires; an effect that opens a door colour or activates a Spawn Zone colour the map does not have (`open: blue` with no blue door) changes nothing (in Zombicide: Invader, doors a Mold zone removes before play do not count). Usually a colour changed in one place and not the other. Reported at the trigger or the effect; rules count from 1.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [0, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\nrules:\n  - when: {take: blue}\n    then: [{open: violet}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: objective, color: violet, at: [0, 0]}\n  - {type: door, at: [5, 2], side: n, color: violet}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n"},
		{ID: "spawn-first", Title: "More than one Spawn Zone is marked first", Severity: validate.Error,
			Doc:  "Spawning starts at one Spawn Zone and goes clockwise (`zmission analyze` prints the order). Mark one `first: true`.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, first: true, at: [4, 1]}\n  - {type: spawn, first: true, at: [4, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 2]}\n  - {type: spawn, first: true, at: [4, 1]}\n  - {type: spawn, at: [4, 0]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "inventory", Title: "The mission needs more tokens or tiles than its boxes hold", Severity: validate.Error,
			Doc:  "Token and tile counts against the boxes the mission lists under `boxes` (default: invader-core). 7 or more Survivors add 1 red Spawn Zone per 2 Survivors above 6, and each Survivor takes a dashboard, a colour base and 5 plastic trackers at setup: the Invader core box holds 6 dashboards, so more Survivors need \"the extra Survivor dashboards, plastic markers, color bases, and Starting Equipment cards contained in expansions\" (one finding at `survivors`, naming every part short, and the spawn tokens too when only the Spawn Zones the Survivors add make them short; Starting Equipment is not counted, as extra Survivors may start without it). A tile used twice is reported by the board (`both-faces`, `tile-overlap`), not here. Two-sided tokens (the component list's \"Red/Green x1\") show one side on the board: each placed token needs a token of its own that can show its colour, so the Invader core box supplies 6 Spawn tokens in all, at most 1 of them green and 1 violet, and 14 Objectives, any of them red. The message names what is short: \"7 spawn tokens (1 green, 6 red), but invader-core has 6\", or \"2 green spawn tokens, but invader-core has 1 that can show green\". `zmission analyze` and the editor's palette print the same counts, with a line of all colours for such tokens.",
			Bad:  ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [0, 0], side: e, color: violet}\n  - {type: door, at: [2, 0], side: w, color: violet}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\nrules:\n  - when: {round: 3}\n    then: [{open: violet}]\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [0, 0], side: e, color: violet}\n  - {type: door, at: [2, 0], side: w, color: green}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\nrules:\n  - when: {round: 3}\n    then: [{open: violet}, {open: green}]\n"},
		{ID: "box-ruleset", Title: "A box of another game", Severity: validate.Error,
			Doc:  "`boxes` lists boxes of the mission's own game: a Zombicide: Invader box holds no classic Zombicide components, and the other way round. Such a box counts nothing, so a token only it holds (Mold, a Sentry Gun in a classic mission) is reported as not in the game. With no box of the mission's game listed, nothing is counted and the inventory is not checked.",
			Bad:  strings.Replace(ExampleBase, "tileset:", "boxes: [invader-core, zombicide-s1]\ntileset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: strings.Replace(ExampleBase, "tileset:", "boxes: [invader-core]\ntileset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "tileset-ruleset", Title: "The tile set is drawn for another game", Severity: validate.Error,
			Doc:  "A tile set is drawn for one game's rules: the built-in `station` for Zombicide: Invader, `city` for classic Zombicide. A tile-set file says which rulesets it serves (`rulesets: [zombicide-invader]`); without that line its zones decide: exterior zones, airlocks and hatches are Invader's, streets classic Zombicide's, and a set with neither serves both. The message says which it is and how it is known. No board is built from another game's tiles: every finding on it (faces the set lacks, tokens off its tiles, streets into walls) would follow from this one, so the board and the game's checks do not run (`checks-skipped`).",
			Bad:  strings.Replace(ExampleBase, "ruleset: zombicide-invader", "ruleset: zombicide-classic", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: ExampleBase + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "unknown-box", Title: "An unknown box", Severity: validate.Error,
			Doc:  "`boxes` names boxes zmission knows (`zmission rules inventory` lists how they are counted). A box is a data file; unknown names are usually typos. The other boxes are still checked, and the token and tile counts too: an unknown name counts as the most any box of the game holds, so a shortage reported then is one whichever box was meant.",
			Bad:  strings.Replace(ExampleBase, "tileset:", "boxes: [invader-cor]\ntileset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n",
			Good: strings.Replace(ExampleBase, "tileset:", "boxes: [invader-core]\ntileset:", 1) + "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"},
	} {
		if c.ID != "players-backwards" { // the one check every game gives (rules/players.go)
			c.Games = TileGames
		}
		validate.Register(c)
	}
}
