package invader

import (
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// Generation is what Invader's missions are made of, for the generator.
var Generation = &rules.Generation{
	Ruleset: Ruleset, CoreBox: CoreBox,
	Play:       func(s *rules.Scene) *rules.Play { return NewWorld(s).Play() },
	Players:    [2]int{1, 6},
	StartKinds: []string{layout.Corridor},
	SpawnKinds: []string{layout.Corridor, layout.Exterior},
	LockColors: []string{"violet", "green"},
	Mold:       true,
	// The core box's 5 neutral doors: "a Survivor may place or remove a
	// closed door token on a door opening of the room Zone it occupies",
	// and Xenos destroy a closed door on their way — a door shut at the
	// start slows them. The Falchion Sentry Gun: "A Survivor standing on
	// a Falchion Sentry Gun's Zone may control it".
	ShutDoors: true, DoorsFromInside: true, SentryGun: true,
	// "Playing with 7+ Survivors: add 1 Spawn token per 2 Survivors
	// above 6" — the rules add them at setup (the inventory counts them).
	SpawnsForSurvivors: true,
	// "Zombicide: Invader's difficulty may be tuned up or down using the
	// card numbers": "Xeno cards #1 to #25 form the easier part of a Xeno
	// invasion", "#26 to #50 are the harder part", and "#51 to #54 are
	// extra Activations. Add them for an element of surprise, tuning the
	// difficulty up." A mission's xeno_deck picks them, and the playtest
	// plays the cards it picks.
	EasierDeck: []string{"1-25"},
	HarderDeck: []string{"26-50", "51-54"},
	DeckRule:   deckRule,
	// Grab and go; a chain of key-cards; a colour-coded Spawn Zone woken
	// when its Objective is taken; a way out across the surface, where
	// the Survivors need the Oxygen Supply Room or Tanks (the rulebook's
	// Airlocks and oxygen).
	Types: []string{"grab-and-go", "key-chain", "wake-spawns", "airlock"},
	Words: rules.Words{
		First:  []string{"Silent", "Cold", "Red", "Broken", "Last", "Deep", "Dark", "Frozen", "Violet", "Hollow", "Iron", "Burning"},
		Second: []string{"Shift", "Relay", "Vent", "Airlock", "Signal", "Core", "Harvest", "Orbit", "Drill", "Beacon", "Quarantine", "Watch"},
		Openings: []string{
			"The mining station went quiet during the night shift.",
			"A supply run to the lower decks turned into a hunt.",
			"The Xenos broke through the hull plating an hour ago.",
			"Command lost contact with this wing of the station.",
			"The alarm has been ringing for three hours now.",
		},
		Enemy: "Xenos", Place: "the way out of this wing",
		Hooks: map[string][]string{
			"grab-and-go": {"Grab what the crew left and get out before the station wakes.", "There is no time to search the whole wing: in, grab, out."},
			"key-chain":   {"Every door on this deck answers to its own key-card.", "The wing is sealed section by section, and each seal has its card."},
			"wake-spawns": {"Something is nesting behind the coloured hatch, and it will not sleep through a theft.", "Taking what we came for will wake the nest we crept past."},
			"airlock":     {"The only way out is across the surface: mind the oxygen.", "The shuttle waits outside the hull, and outside there is no air."},
		},
		Closings: []string{
			"Nobody stays behind.",
			"Whoever falls behind stays behind.",
			"The station will not hold much longer.",
			"Keep the team together and the channel quiet.",
			"Count the Survivors at every hatch.",
		},
		Key: "key-card",
	},
}

// deckRule words a mission's Xeno card ranges for the players setting up.
func deckRule(ranges []string) string {
	switch strings.Join(ranges, ",") {
	case "1-25":
		return "Play with Xeno cards #1 to #25 only: the easier part of the Xeno invasion."
	case "26-50,51-54":
		return "Play with Xeno cards #26 to #54 only: the harder part of the Xeno invasion and the extra Activations."
	}
	return "Play with Xeno cards " + strings.Join(ranges, ", ") + " only."
}
