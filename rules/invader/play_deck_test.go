package invader

import (
	"strings"
	"testing"
)

// The embedded decks hold what the component list says: "54 Xeno Cards",
// 71 Equipment cards less the 6 Starting Equipment, 6 Oxygen Tanks and 4
// Prototypes set aside.
func TestDefaultDecks(t *testing.T) {
	playQuote(t, "54 Xeno Cards")
	playQuote(t, "71 Equipment cards")
	d := DefaultDecks()
	if len(d.Xeno) != 54 {
		t.Fatalf("%d Xeno cards", len(d.Xeno))
	}
	if got := len(d.Equipment) + len(d.Starting) + 6 + 4 + 2; got != 71 {
		// + the Falchion Sentry Gun and Peacekeeper Bot reference cards
		t.Fatalf("%d Equipment cards in all, want 71", got)
	}
	for i, c := range d.Xeno {
		if c.Number != i+1 {
			t.Fatalf("card %d numbered %d", i+1, c.Number)
		}
	}
	// "Xeno cards #51 to #54 are extra Activations."
	playQuote(t, "Xeno cards #51 to #54 are extra Activations.")
	for _, c := range d.Xeno[50:] {
		if c.Extra < 0 {
			t.Fatalf("card %d is not an Extra Activation", c.Number)
		}
	}
	// The cards the rulebook shows.
	playQuote(t, "RED LEVEL: 8 Workers ORANGE LEVEL: 6 Workers YELLOW LEVEL: 4 Workers BLUE LEVEL: 2 Workers")
	if c := d.Xeno[0]; c.Spawn != Worker || c.Count != [4]int{2, 4, 6, 8} {
		t.Fatalf("card 1: %+v", c)
	}
}

func TestReadDecksRefusesBadFiles(t *testing.T) {
	for _, bad := range []string{
		`{"xeno": [{"cards": "1-100000", "spawn": "worker", "count": [1,1,1,1]}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "dragon", "count": [1,1,1,1]}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "worker", "extra": "tank", "count": [1,1,1,1]}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "worker", "count": [1,1,1]}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "worker", "count": [1,1,1,1]}], "equipment": [{"name": "X", "count": 1000000}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "worker", "count": [1,1,1,1]}], "equipment": [{"name": "X", "count": 1, "weapon": {"dice": 1000, "accuracy": 4, "damage": 1}}], "survivors": [{"type": "civilian", "armor": 2}]}`,
		`{"xeno": [{"cards": "1", "spawn": "worker", "count": [1,1,1,1]}]}`,
		`{"surprise": 1}`,
		`not json`,
	} {
		if _, err := ReadDecks([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	if _, err := ReadDecks(coreDecks); err != nil {
		t.Fatal(err)
	}
	d := DefaultDecks()
	if _, err := d.xenoDeck([]string{"60-70"}); err == nil || !strings.Contains(err.Error(), "none") {
		t.Fatalf("a xeno_deck naming no card: %v", err)
	}
	if x, err := d.xenoDeck([]string{"1-25", "51-54"}); err != nil || len(x) != 29 {
		t.Fatalf("1-25 and 51-54: %d cards, %v", len(x), err)
	}
}
