package invader

import "testing"

// FuzzReadDecks: a deck file never panics the reader, and what it accepts
// stays inside the bounds a game relies on.
func FuzzReadDecks(f *testing.F) {
	f.Add(coreDecks)
	f.Add([]byte(`{"xeno": [{"cards": "1-3", "spawn": "worker", "count": [1, 2, 3, 4]}], "survivors": [{"type": "civilian", "armor": 2}]}`))
	f.Add([]byte(`{"xeno": [{"cards": "9-1"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadDecks(data)
		if err != nil {
			return
		}
		if len(d.Xeno) == 0 || len(d.Xeno) > maxCards || len(d.Equipment) > maxCards || len(d.Survivors) == 0 {
			t.Fatalf("accepted %d Xeno, %d Equipment cards, %d Survivor types", len(d.Xeno), len(d.Equipment), len(d.Survivors))
		}
		for _, c := range append(append([]Card{}, d.Equipment...), d.Starting...) {
			if w := c.Weapon; w != nil && (w.Dice < 1 || w.Dice > maxDice || w.Damage < 1 || w.Accuracy < 1 || w.Accuracy > 6) {
				t.Fatalf("accepted weapon %+v", *w)
			}
		}
	})
}
