package colony

import (
	"strings"

	"github.com/zmission/zmission/validate"
)

// base is the catalogue's example scenario: the base six Locations and a
// collection written in place, clean at 2 to 4 players.
const base = `format: 1
id: example
title: Example
ruleset: colony
players: 2-4
objective:
  name: Stock Up
  normal:
    victory: "The Food supply holds {1} tokens."
    numbers: [{each: 3, per: player}]
    morale: 6
    round: 6
    setup:
      - {zombies: 2, at: colony}
  needs:
    - {cards: food, number: 1}
locations: [police-station, grocery-store, school, gas-station, library, hospital]
collection:
  name: shelf
  ruleset: colony
  tokens: {zombie: 30, noise: 20}
  colony: {morale-track: 10, round-track: 10, entrance-spaces: 3}
  locations:
    police-station: {spaces: 3, deck: {weapon: 4, food: 1}}
    grocery-store: {spaces: 3, deck: {food: 5}}
    school: {spaces: 3, deck: {tool: 3, food: 2}}
    gas-station: {spaces: 3, deck: {fuel: 4}}
    library: {spaces: 3, deck: {tool: 3}}
    hospital: {spaces: 3, deck: {medicine: 5}}
  cards:
    starter-items: {food: 10, weapon: 8, tool: 10, medicine: 2}
    survivors: 20
    secret-objectives: {non-betrayal: 8, betrayal: 2}
    crisis: {food: 4, fuel: 2, medicine: 2}
    crossroads: 10
    exiled-objectives: 4
`

// with replaces one line of the base example (it must be there).
func with(old, new string) string {
	if !strings.Contains(base, old) {
		panic("colony catalogue: no " + old)
	}
	return strings.Replace(base, old, new, 1)
}

var colonyOnly = []string{Ruleset}

func init() {
	for _, c := range []*validate.Check{
		{ID: "colony-placeholders", Title: "The objective's placeholders do not match its numbers", Severity: validate.Error,
			Doc: "The victory text and additional rules of each side of the Main Objective are templates: `{1}`, `{2}`, … stand for the side's `numbers`, in order. Every placeholder needs a number, and every number must be printed somewhere, on each side separately (the Hardcore side usually has other numbers).",
			Bad: with(`{1} tokens."`, `{1} tokens and {2} Fuel."`), Good: base},
		{ID: "colony-track", Title: "Starting Morale or Round is off its track", Severity: validate.Error,
			Doc: "The game ends when Morale reaches 0 or the Round marker reaches 0, so both start at 1 or more; and they cannot start past the end of their track on the Colony board (`colony: {morale-track, round-track}` in the collection).",
			Bad: with("morale: 6", "morale: 12"), Good: base},
		{ID: "colony-objective-late", Title: "The objective cannot be met before the Round track runs out", Severity: validate.Error,
			Doc: "The Main Objective is checked in each Colony Phase, just before the Round marker moves; with the marker starting at R it is checked in rounds 1 to R. An objective that cannot be met before round `earliest` (it counts rounds survived, or its rules hold it back) needs the Round track to start at `earliest` or more.",
			Bad: with("round: 6", "round: 6\n    earliest: 8"), Good: with("round: 6", "round: 8\n    earliest: 8")},
		{ID: "colony-locations", Title: "Not one Colony and six distinct Locations", Severity: validate.Error,
			Doc: "The board is the Colony and six Location boards. `locations` names six distinct Locations: the base six by id (police-station, grocery-store, school, gas-station, library, hospital), Location boards the collection describes, or custom ones written in place. The Colony itself is the hub and is never one of them.",
			Bad: with("library, hospital]", "library, library]"), Good: base},
		{ID: "colony-objective-source", Title: "The objective names something that cannot be found", Severity: validate.Error,
			Doc: "`needs` lists what the objective names: card kinds (found by Searching a Location's item deck, or dealt as Starter Items) and Locations. Each must exist in this scenario, and when a need is counted by one of the objective's numbers, enough cards of the kind must exist at every player count.",
			Bad: with("{cards: food, number: 1}", "{cards: samples, number: 1}"), Good: base},
		{ID: "colony-pool-short", Title: "A card pool is too small for a player count or variant", Severity: validate.Error,
			Doc: "Setup deals 5 Starter Items per player (7 with 2 players), 4 Survivors per player (keep 2, or 3 with 2 players), 2 non-Betrayal Secret Objectives per player and 1 Betrayal (more-betrayal: 1 per player and 1; Co-op and no-secret-objectives: none), each round reveals a Crisis card, and each Player Turn draws a Crossroads card (\"= previous Player Crossroad card\"), so the first round draws one per player. Each pool must hold enough at every player count in `players`, for the standard game and each variant in `variants`, after the variant's removals (Co-op removes non-co-op cards, PG the \"!?!\" cards).",
			Bad: with("survivors: 20", "survivors: 12"), Good: base},
		{ID: "colony-setup-space", Title: "Zombies or Noise placed at setup do not fit", Severity: validate.Error, Games: colonyOnly,
			Doc: "Zombies placed in the Colony fill Entrances 1 to 6 in turn, so the Colony holds 6 × `entrance-spaces`; a Location holds its `spaces`; a Location takes at most 4 Noise, and the Colony none (Noise comes from Searching, which happens only outside it). A full place kills a Survivor, so setup must not overfill one. The tokens placed must also be in the collection's `tokens`.",
			Bad: with("{zombies: 2, at: colony}", "{zombies: 20, at: colony}"), Good: base},
		{ID: "colony-crisis-no-source", Title: "A Crisis asks for a card kind no deck holds", Severity: validate.Warning, Games: colonyOnly,
			Doc: "A Crisis card asks for cards of one kind; non-matching cards count against it. When no Location deck and no Starter Item holds that kind, the Crisis can only be failed.",
			Bad: with("crisis: {food: 4, fuel: 2, medicine: 2}", "crisis: {food: 4, fuel: 2, medicine: 2, ammo: 2}"), Good: base},
		{ID: "colony-deck-unknown", Title: "A base Location's board is not in the collection", Severity: validate.Warning, Games: colonyOnly,
			Doc: "The base Locations are built in by name only: their item decks and spaces are what you own, described under `locations` in the collection. A base Location the collection leaves out is counted with an empty deck and unknown spaces.",
			Bad: with("    hospital: {spaces: 3, deck: {medicine: 5}}\n", ""), Good: base},
		{ID: "colony-exile-objectives", Title: "Exile with no Exiled Objective cards", Severity: validate.Warning, Games: colonyOnly,
			Doc: "The standard game has Exile: \"Vote to Exile ... all Players vote\", and the exiled player's Survivors leave the Colony and they \"draw Exile Obj.\" A collection with no Exiled Objective cards (`exiled-objectives`) leaves an exiled player nothing to play for. The standard game is always checked, whatever variants the scenario lists.",
			Bad: with("exiled-objectives: 4", "exiled-objectives: 0"), Good: base},
		{ID: "colony-solo", Title: "The player range allows 1 player", Severity: validate.Warning, Games: colonyOnly,
			Doc: "With 1 player there is no vote to exile (\"all Players vote, 1 vote/Player\", \"not self\"), and the Secret Objective deal is \"2 (per Player) non-Betrayal + 1 (only) Betrayal\" for one player: 1 game in 3 the only player holds the Betrayal, with nobody to betray. The text deals for a table of players; a solo scenario is a house rule, best played with the co-op variant.",
			Bad: with("players: 2-4", "players: 1-4"), Good: base},
		{ID: "colony-collection", Title: "The collection cannot be read", Severity: validate.Error, Games: colonyOnly,
			Doc: "`collection` is a collection file (relative to the scenario), a collection written in place, or a list of them. A collection is a box file — `name`, `title`, `ruleset: colony`, `tokens` as the Zombicide boxes have them — with the Colony board, the Location boards and the card pools added. It must read and follow its schema (`zmission schema colony-collection`); the counts of marked cards (`mature`, `non-coop`) cannot exceed their pool.",
			Bad: with("crossroads: 10\n", "crossroads: 10\n    non-coop: {crossroads: 12}\n"), Good: base},
		{ID: "colony-seldom-won", Title: "The Main Objective is seldom met when the scenario is played out", Severity: validate.Warning, Games: colonyOnly,
			Doc: "zmission plays each side of the scenario up to 200 times at each player count (seed 1; fewer when the decks are huge, so the check's work stays bounded) with the dealt Starter Items, the Location decks, the Crisis deck, Food, Waste, Morale and the Round track, under a cooperative policy (docs/rules-colony.md, \"Playing a scenario out\"). The check fires when, at some player count, the Main Objective is met by the last round in fewer than 10% of plays, with the whole 95% Wilson interval below 10%. The finding names the count that does worst and every count that fails. The figures are a model's: `zmission analyze` shows them, with what ends the plays (Morale at 0, the Round track run out).",
			Bad: with("morale: 6", "morale: 1"), Good: base},
		{ID: "colony-foregone", Title: "The Main Objective is almost always met when the scenario is played out", Severity: validate.Info, Games: colonyOnly,
			Doc: "zmission plays each side of the scenario up to 200 times at each player count (seed 1), as for `colony-seldom-won`. The check fires when, at some player count, the Main Objective is met in more than 98% of plays, with the whole 95% interval above: the objective hardly asks anything of the table. It is information: a first game may want exactly that.",
			Bad: with(`numbers: [{each: 3, per: player}]`, `numbers: [1]`), Good: base},
	} {
		c.Games = colonyOnly
		validate.Register(c)
	}
}
