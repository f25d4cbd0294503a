package validate

// The checks the tests register: a fixed catalogue, so golden files and
// config tests see the same ids.
func init() {
	Register(&Check{
		ID:       "exit-unreachable",
		Title:    "The exit cannot be reached from the start",
		Severity: Error,
		Doc:      "Finds exits no survivor can reach.\nDoors and walls count.\n\nOpen a door or move the exit.",
		Bad:      "exit: Z9\n",
		Good:     "exit: Z2\n",
	})
	Register(&Check{
		ID:       "spawn-near-start",
		Title:    "A spawn zone is too close to the starting zone",
		Severity: Warning,
		Games:    []string{"invader"},
		Doc:      "Spawns next to the start make the first turn unfair.",
		Bad:      "spawn: Z1\nstart: Z1\n",
		Good:     "spawn: Z8\nstart: Z1\n",
	})
	Register(&Check{
		ID:       "mold-distance",
		Title:    "Mold | spreads too far",
		Severity: Info,
		Games:    []string{"invader", "invader-2"},
		Doc:      "Mold tokens farther than the threshold from any mold source.",
		Bad:      "mold: [Z1, Z7]\n```\n",
		Good:     "mold: [Z1, Z2]\n",
		Options:  map[string]any{"threshold": 3, "ratio": 0.5, "strict": false, "zones": []string{"Z1"}, "label": "x"},
		Bounds:   map[string][2]float64{"threshold": {1, 64}, "ratio": {0, 1}},
	})
	Register(&Check{
		ID:       "legacy-tile",
		Title:    "An old tile name is used",
		Severity: Off,
		Doc:      "Old names still load.",
		Bad:      "tiles: [1A]\n",
		Good:     "tiles: [01A]\n",
	})
}
