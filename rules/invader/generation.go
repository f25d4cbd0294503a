package invader

import (
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
	},
}
