package classic

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// Generation is what classic Zombicide's missions are made of, for the
// generator.
var Generation = &rules.Generation{
	Ruleset: Ruleset, CoreBox: CoreBox,
	Play:       func(s *rules.Scene) *rules.Play { return NewWorld(s).Play() },
	Players:    [2]int{1, 6},
	StartKinds: []string{layout.Street},
	SpawnKinds: []string{layout.Street},
	// Hard short missions on 2×2 classic tiles reach hard by playtest
	// only so (TestLengthBandsPlaytest).
	CloseSpawnsPastHard: true,
	// Spawn Zones and the Exit on streets, as the examples and the
	// published missions put them: a building brings its own Zombies
	// when it is opened, one card per room.
	SpawnOn:    []string{layout.Street},
	ExitOn:     []string{layout.Street},
	LockColors: []string{"blue", "green", "yellow"},
	Cars:       true, ShutDoors: true,
	// Grab and go; a chain of keys; a colour-coded Spawn Zone woken when
	// its Objective is taken; search the town, then escape by car (the
	// rulebook's cars, driven off the board).
	Types: []string{"grab-and-go", "key-chain", "wake-spawns", "car-escape"},
	Words: rules.Words{
		First:  []string{"Dead", "Long", "Quiet", "Burning", "Empty", "Last", "Rainy", "Blind", "Lucky", "Broken", "Wrong", "Late"},
		Second: []string{"Street", "Block", "Corner", "Night", "Avenue", "Drive", "Crossing", "Siege", "Run", "Crossroads", "Square", "Alley"},
		Openings: []string{
			"The town fell in a single night.",
			"The radio says the army is not coming.",
			"We ran out of food two days ago.",
			"The horde moved on at dawn, and left stragglers behind.",
			"Somebody in this part of town still has supplies.",
		},
		Enemy: "Zombies", Place: "the road out of town",
		Hooks: map[string][]string{
			"grab-and-go": {"Grab what you can carry and run.", "In and out: the street will not stay quiet for long."},
			"key-chain":   {"Every building here was locked by someone who kept the key.", "One key leads to the next: somebody locked up tight."},
			"wake-spawns": {"A horde sleeps behind the coloured door, and noise will wake it.", "Taking the loot will ring every alarm on the block."},
			"car-escape":  {"A car with fuel in it is our way out of town.", "Search the block, then get the car running and drive off."},
		},
		Closings: []string{
			"Nobody gets left behind.",
			"Stay together and keep moving.",
			"Don't stop for anything once the shooting starts.",
			"Every shot will bring more of them.",
			"We leave together or not at all.",
		},
		Key: "key",
	},
}
