package classic

import "testing"

// The embedded decks: the box's miniature pool, the door-opening Melee
// weapons, the Pimpmobile's two weapons and the cards the Equipment deck
// never takes back.
func TestDefaultDecks(t *testing.T) {
	digestQuote(t, "71 miniatures (6 Survivors, 40 Walkers, 8 Fatties, 16 Runners, 1 Abomination)")
	d := DefaultDecks()
	if got := [4]int{d.Zombies[Walker].Pool, d.Zombies[Fatty].Pool, d.Zombies[Runner].Pool, d.Zombies[Abomination].Pool}; got != [4]int{40, 8, 16, 1} {
		t.Fatalf("pool %v", got)
	}
	for i, c := range d.Zombie {
		if c.Number != i+1 {
			t.Fatalf("Zombie card %d numbered %d", i+1, c.Number)
		}
	}
	openers := 0
	for _, c := range append(append([]Card{}, d.Equipment...), d.Starting...) {
		if w := c.Weapon; w != nil && w.OpensDoors {
			if w.Ranged {
				t.Fatalf("%s: a Ranged weapon opens doors", c.Name)
			}
			openers++
		}
	}
	if openers == 0 {
		t.Fatal("no door-opening weapon in the decks")
	}
	playQuote(t, "It contains either Ma's Shotgun or the Evil Twins (draw randomly).")
	if len(d.Pimpmobile) != 2 || d.Pimpmobile[0].Name != "Ma's Shotgun" || d.Pimpmobile[1].Name != "Evil Twins" {
		t.Fatalf("Pimpmobile cards %+v", d.Pimpmobile)
	}
}

func TestReadDecksRefusesBadFiles(t *testing.T) {
	ok := `"zombies": {"walker": {"damage": 1, "to_kill": 1, "xp": 1, "pool": 40}, "fatty": {"damage": 1, "to_kill": 2, "xp": 1, "pool": 8}, "runner": {"damage": 1, "to_kill": 1, "xp": 1, "pool": 16}, "abomination": {"damage": 1, "to_kill": 3, "xp": 5, "pool": 1}}, "survivors": {"wounds": 2}`
	if _, err := ReadDecks([]byte(`{` + ok + `, "zombie": [{"cards": "1", "spawn": "walker", "count": [1,1,1,1]}]}`)); err != nil {
		t.Fatalf("a small good file: %v", err)
	}
	for _, bad := range []string{
		`{` + ok + `, "zombie": [{"cards": "1-100000", "spawn": "walker", "count": [1,1,1,1]}]}`,
		`{` + ok + `, "zombie": [{"cards": "1", "spawn": "dragon", "count": [1,1,1,1]}]}`,
		`{` + ok + `, "zombie": [{"cards": "1", "spawn": "walker", "extra": "runner", "count": [1,1,1,1]}]}`,
		`{` + ok + `, "zombie": [{"cards": "1", "spawn": "walker", "count": [1,1,1]}]}`,
		`{` + ok + `, "zombie": [{"cards": "1", "spawn": "walker", "count": [1,1,1,1]}], "equipment": [{"name": "X", "count": 1000000}]}`,
		`{` + ok + `, "zombie": [{"cards": "1", "spawn": "walker", "count": [1,1,1,1]}], "equipment": [{"name": "X", "count": 1, "weapon": {"ranged": true, "range": [0,1], "dice": 1, "accuracy": 4, "damage": 1, "opens_doors": true}}]}`,
		`{` + ok + `, "zombie": []}`,
		`{"zombie": [{"cards": "1", "spawn": "walker", "count": [1,1,1,1]}], "survivors": {"wounds": 2}}`,
		`{"surprise": 1}`,
		`not json`,
	} {
		if _, err := ReadDecks([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// FuzzReadDecks: a deck file never panics the reader, and what it accepts
// stays inside the bounds a game relies on.
func FuzzReadDecks(f *testing.F) {
	f.Add(coreDecks)
	f.Add([]byte(`{"zombie": [{"cards": "9-1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadDecks(data)
		if err != nil {
			return
		}
		if len(d.Zombie) == 0 || len(d.Zombie) > maxCards || len(d.Equipment) > maxCards || d.Wounds < 1 {
			t.Fatalf("accepted %d Zombie, %d Equipment cards, %d Wounds", len(d.Zombie), len(d.Equipment), d.Wounds)
		}
		for _, z := range d.Zombies {
			if z.ToKill < 1 || z.Pool < 0 {
				t.Fatalf("accepted %+v", z)
			}
		}
	})
}
