package survivalinfection

import "github.com/zmission/zmission/validate"

// head starts every catalogue example: the base game, changed by what
// follows.
const head = "format: 1\nid: example\ntitle: Example\nruleset: survival-infection\n"

var only = []string{Ruleset}

func init() {
	for _, c := range []*validate.Check{
		{ID: "camp-range", Title: "The player range cannot be played", Severity: validate.Error, Games: only,
			Doc:  "Zombie: Survival Infection is played by 2 to 6: the last Camp with Survivors or Characters wins, so one player alone has already won, and each player needs a Starting Camp set (a Phase card, an Apartment Building and a No Hideout card: the box has 6). (A range from high to low is `players-backwards`, as in every game.) A variant for more players adds sets (`camp: {sets: 8}`) from a second box.",
			Bad:  head + "changes:\n  players: {max: 8}\n",
			Good: head + "changes:\n  players: {max: 8}\n  camp: {sets: 8}\n"},
		{ID: "deck-short", Title: "The deck cannot be dealt and split into two piles", Severity: validate.Error, Games: only,
			Doc:  "At setup each player is dealt 5 cards, and the rest is split into two piles, the Hidden Bite going into the second. With 2-3 players only open-symbol cards are used. At every player count the setup allows, the deck used (after that filter) must cover the deal and leave at least one card for each pile.",
			Bad:  head + "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: -2 Survivors, type: action, count: 20}\n",
			Good: head + "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: -2 Survivors, type: action, count: 32}\n"},
		{ID: "hidden-bite-count", Title: "Not exactly one Hidden Bite in the deck", Severity: validate.Error, Games: only,
			Doc:  "The Hidden Bite is the one card that starts the Infection Phase: the setup shuffles it into the second pile. Every deck used (4-6 players, and the open-symbol cards of 2-3 players) must hold exactly one. A closed-symbol Hidden Bite is left in the box with 2-3 players.",
			Bad:  head + "changes:\n  edit:\n    - {card: Hidden Bite, symbol: closed}\n",
			Good: head + "changes:\n  edit:\n    - {card: Hidden Bite, symbol: open}\n"},
		{ID: "hidden-bite-early", Title: "The Hidden Bite can land outside the second pile", Severity: validate.Warning, Games: only,
			Doc:  "The rule sets the Hidden Bite aside, deals, then shuffles it into the second of the two piles: \"This puts the trigger for the Infection Phase somewhere randomly in the second half of the deck.\" A house rule that deals it, or shuffles it into the first pile or the whole deck, can start the Infection Phase on the first turn. Turn this check off in .zmission.yaml if that is the point of your variant.",
			Bad:  head + "changes:\n  hidden-bite: {into: whole-deck}\n",
			Good: head + "changes:\n  hidden-bite: {into: second-pile}\n"},
		{ID: "chips-short", Title: "The chips run out at setup", Severity: validate.Error, Games: only,
			Doc:  "Each Camp takes its chips (one 10 in the base game), and for each player under 6 one 10 and three 5 chips are flipped to Zombie. At every player count the setup allows, that must not take more chips of a value than the set has (nor chips of a value it lacks).",
			Bad:  head + "changes:\n  chips:\n    - {value: 10, count: 5}\n",
			Good: head + "changes:\n  chips:\n    - {value: 10, count: 6}\n"},
		{ID: "chips-change", Title: "The chips cannot make change for a few Survivors", Severity: validate.Error, Games: only,
			Doc:  "\"When making change take care to keep the count of the remaining Survivors correct as they are a finite resource.\" Rolls and cards move any number of Survivors, the rulebook's worked examples from 1 (\"Amy returns 1 Survivor\") to 8 (\"Shawn takes 8 Survivors\"): each of those amounts must be a sum of the set's chips. Chips of only 10 and 5 cannot pay 1 Survivor; the finding names the smallest amount the chips cannot make.",
			Bad:  head + "changes:\n  chips:\n    - {value: 1, count: 0}\n",
			Good: head + "changes:\n  chips:\n    - {value: 1, count: 8}\n"},
		{ID: "variant-card", Title: "A variant changes a card the deck does not have", Severity: validate.Error, Games: only,
			Doc:  "A variant's `remove:` and `edit:` name cards of the deck exactly as written (`zmission show` lists them), and remove no more copies than there are. `add:` with a name the deck has adds copies of that card, so its type and symbol must agree.",
			Bad:  head + "changes:\n  remove:\n    - {card: Shotgunn, count: 1}\n",
			Good: head + "changes:\n  remove:\n    - {card: Shotgun, count: 1}\n"},
		{ID: "die-faces", Title: "A die does not have six faces, or a phase die is missing", Severity: validate.Error, Games: only,
			Doc:  "The Base, Survival and Infection dice are six-sided, and custom dice must be too. Each face is a number, `blank` (0) or `symbol` (0, and the roll's result is doubled). The base, survival and infection dice must all be there.",
			Bad:  head + "changes:\n  dice:\n    - {die: infection, faces: [1, 2, 3, symbol, symbol]}\n",
			Good: head + "changes:\n  dice:\n    - {die: infection, faces: [1, 2, 3, 3, symbol, symbol]}\n"},
		{ID: "card-no-type", Title: "A card has no type", Severity: validate.Error, Games: only,
			Doc:  "Every card is one of the five types: Action, Reaction, Event, Character or Hideout. The type decides how the card is played (an Event when drawn, a Reaction only in response) and so how the deck runs.",
			Bad:  head + "changes:\n  add:\n    - {card: Barricade, count: 2}\n",
			Good: head + "changes:\n  add:\n    - {card: Barricade, type: reaction, count: 2}\n"},
		{ID: "card-duplicate", Title: "A card name is listed twice in the deck", Severity: validate.Warning, Games: only,
			Doc:  "Each card name is one entry with its count. A name listed twice is counted twice, but a variant's `remove:` and `edit:` reach only the first entry, and the checklist shows two lines for one card. Write one entry with the sum, or give the second card a name of its own.",
			Bad:  head + "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: Shotgun, type: reaction, count: 20}\n    - {card: -2 Survivors, type: action, count: 20}\n    - {card: Shotgun, type: reaction, count: 4}\n",
			Good: head + "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: Shotgun, type: reaction, count: 24}\n    - {card: -2 Survivors, type: action, count: 20}\n"},
		{ID: "hidden-bite-type", Title: "The Hidden Bite is not typed as an Event", Severity: validate.Warning, Games: only,
			Doc:  "\"The core game has only one Event card, the HIDDEN BITE.\" Drawn, it must be played at once and is then removed from the game, as every Event is. A variant that types it as an Action, Reaction, Character or Hideout changes nothing in play, so zmission keeps counting it as an Event (in `analyze`, the sheet and the simulation) and warns that the type is misleading.",
			Bad:  head + "changes:\n  edit:\n    - {card: Hidden Bite, type: action}\n",
			Good: head + "changes:\n  edit:\n    - {card: Hidden Bite, type: event}\n"},
		{ID: "infection-die-harmless", Title: "The Infection Die can never kill", Severity: validate.Warning, Games: only,
			Doc:  "In the Infection Phase \"a positive result is the total number of Survivors killed by the undead\". When every roll of the Base Die with the Infection Die is 0 or less before modifiers (say, every Infection Die face is -3), the Infection Phase kills nobody unless a Hideout or Character adds to the roll: the phase that should be the game's climax only brings Survivors.",
			Bad:  head + "changes:\n  dice:\n    - {die: infection, faces: [-3, -3, -3, -3, -3, -3]}\n",
			Good: head + "changes:\n  dice:\n    - {die: infection, faces: [-1, -1, 2, 3, symbol, symbol]}\n"},
		{ID: "outcome-impossible", Title: "A variant makes a way to win or lose impossible", Severity: validate.Warning, Games: only,
			Doc:  "The game is won by the last Camp with Survivors or Characters, and lost by a Camp that has none (\"If at any point a Camp has 0 Characters/ Survivors they can no longer win as a Survivor\"); the zombies win when \"the last remaining Camps are knocked out via Undead Reckoning on the same roll\", the undead rolling the Base Die \"without any modifiers\". A variant whose Camps start with no Survivor chip (`camp: {chips: []}`) has every Camp out before the first turn, and one whose Base Die has no positive face makes Undead Reckoning kill nobody, so the zombies can never win.",
			Bad:  head + "changes:\n  dice:\n    - {die: base, faces: [blank, blank, blank, blank, -1, -1]}\n",
			Good: head + "changes:\n  dice:\n    - {die: base, faces: [blank, blank, 1, 1, -1, -1]}\n"},
		{ID: "variant-unfair", Title: "A variant makes one seat win far more or less than its share", Severity: validate.Warning, Games: only,
			Doc:  "zmission plays the variant out, up to 300 whole games at each player count (seed 1; fewer when its games run long, so the check's work stays bounded; the model and the players' policy are in docs/rules-survival-infection.md), and the base game the same way. A seat's fair share is the games won by a seat, over the seats. The check fires when, at some player count, one seat's win rate strays from its fair share by more than half of it (it wins under half or over one and a half times its share), with its whole 95% Wilson interval beyond that margin, and the base game at that count does not stray so. The finding names the count that strays most and every count that strays. `zmission analyze` prints every seat's rate with its interval. The figures are a model's, not a table's: a variant whose point is an edge for the starting player can turn this check off in .zmission.yaml.",
			Bad:  head + "changes:\n  add:\n    - {card: Massacre, type: action, count: 12, text: -30 Survivors}\n",
			Good: head + "changes:\n  add:\n    - {card: Shotgun, count: 2}\n"},
		{ID: "variant-length", Title: "A variant's games are much shorter or longer than the base game's", Severity: validate.Info, Games: only,
			Doc:  "zmission plays the variant out, up to 300 whole games at each player count (seed 1), and the base game the same way. The check fires when, at some player count, the variant's median game length in rounds lies outside the base game's 10th to 90th percentile at that count: most of the variant's games would be unusually short or long ones of the base game. It is information, not a fault: a quicker game may be the point of the variant.",
			Bad:  head + "changes:\n  redraw: 4\n",
			Good: head + "changes:\n  redraw: 6\n"},
	} {
		validate.Register(c)
	}
}
