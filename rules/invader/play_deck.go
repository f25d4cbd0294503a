package invader

import (
	_ "embed"
	"fmt"

	"github.com/zmission/zmission/rules/gridplay"
)

// Xeno types, in the Targeting Priority Order's terms.
const (
	Worker = iota
	Tank
	Hunter
	Abomination
	xenoTypes
)

var xenoNames = [xenoTypes]string{"worker", "tank", "hunter", "abomination"}

// The rulebook's Xeno table: "Damage dealt", "To eliminate: Damage",
// "Experience provided", and the pool of miniatures in the core box.
var (
	xenoDamage = [xenoTypes]int{1, 2, 1, 3}
	xenoToKill = [xenoTypes]int{1, 2, 1, 3}
	xenoXP     = [xenoTypes]int{1, 1, 1, 5}
	xenoPool   = [xenoTypes]int{35, 14, 14, 1}
)

func xenoType(s string) (int, bool) { return gridplay.KindNamed(&xenoNames, s) }

// Weapon is a weapon card's combat characteristics.
type Weapon struct {
	gridplay.Weapon
	Ammo string `json:"ammo"` // bullets, energy or ""
}

// Decks is what the playtest draws: the Xeno deck, the Equipment deck,
// the Starting Equipment and the Survivors' types. The rulebook names
// most cards without printing them; decks/core.json holds the defaults
// and says which figures are quoted and which are not.
type Decks struct {
	Xeno      []XenoCard
	Equipment []Card // one entry per physical card
	Starting  []Card
	Survivors []SurvivorType
}

// XenoCard is one Xeno card. Exactly one of Spawn, Mold, Extra and
// Abomination says what it does; Count is per Danger Level (Blue, Yellow,
// Orange, Red).
type XenoCard struct {
	Number      int
	Spawn       int // xeno type, or -1
	Mold        int // xeno type placed in every Active Mold Zone, or -1
	Extra       int // xeno type given an extra Activation, or -1
	Abomination bool
	Count       [4]int
}

// Card is an Equipment card.
type Card struct {
	Name   string
	Weapon *Weapon
	Xenos  [xenoTypes]int // a Mold Equipment card: Xenos it brings
	// Hellfire is a Flamethrower's Range (nil: not one); Canister marks
	// its ammunition.
	Hellfire *[2]int
	Canister bool
}

// SurvivorType is a Survivor's kind and starting Armor.
type SurvivorType struct {
	Soldier bool
	Armor   int
}

//go:embed decks/core.json
var coreDecks []byte

// DefaultDecks are the embedded defaults, read once; callers must not
// change them.
var DefaultDecks = gridplay.Defaults("decks/core.json", coreDecks, ReadDecks)

type deckFile struct {
	About string `json:"about"`
	Xeno  []struct {
		Cards       string `json:"cards"`
		Spawn       string `json:"spawn"`
		Mold        string `json:"mold"`
		Extra       string `json:"extra"`
		Abomination bool   `json:"abomination"`
		Count       []int  `json:"count"`
		Source      string `json:"source"` // where the figures come from
	} `json:"xeno"`
	Equipment []cardFile `json:"equipment"`
	Starting  []cardFile `json:"starting"`
	Survivors []struct {
		Type  string `json:"type"`
		Armor int    `json:"armor"`
	} `json:"survivors"`
}

type cardFile struct {
	Name     string         `json:"name"`
	Count    int            `json:"count"`
	Weapon   *Weapon        `json:"weapon"`
	Xenos    map[string]int `json:"xenos"`
	Hellfire *[2]int        `json:"hellfire"` // a Flamethrower: its Range
	Canister bool           `json:"canister"`
}

// Limits on a deck file, so a file cannot size an allocation.
const (
	maxCards = gridplay.MaxCards
	maxDice  = gridplay.MaxDice
)

// ReadDecks reads a deck file (the shape of decks/core.json).
func ReadDecks(data []byte) (*Decks, error) {
	var f deckFile
	if err := gridplay.Decode(data, &f); err != nil {
		return nil, err
	}
	d := &Decks{}
	for i, x := range f.Xeno {
		lo, hi, err := gridplay.CardRange(x.Cards)
		if err != nil {
			return nil, fmt.Errorf("xeno[%d].cards: %v", i, err)
		}
		c := XenoCard{Spawn: -1, Mold: -1, Extra: -1, Abomination: x.Abomination}
		kinds := 0
		for _, k := range []struct {
			name string
			to   *int
		}{{x.Spawn, &c.Spawn}, {x.Mold, &c.Mold}, {x.Extra, &c.Extra}} {
			if k.name == "" {
				continue
			}
			t, ok := xenoType(k.name)
			if !ok {
				return nil, fmt.Errorf("xeno[%d]: unknown Xeno type %q (worker, tank, hunter or abomination)", i, k.name)
			}
			*k.to = t
			kinds++
		}
		if x.Abomination {
			kinds++
		}
		if kinds != 1 {
			return nil, fmt.Errorf("xeno[%d]: a card does one thing: spawn, mold, extra or abomination", i)
		}
		if c.Spawn >= 0 || c.Mold >= 0 {
			if c.Count, err = gridplay.Counts(fmt.Sprintf("xeno[%d]", i), x.Count); err != nil {
				return nil, err
			}
		}
		if d.Xeno, err = gridplay.Numbered(d.Xeno, lo, hi, "Xeno", func(n int) XenoCard { c.Number = n; return c }); err != nil {
			return nil, err
		}
	}
	byName := map[string]*Weapon{}
	read := func(where string, cf cardFile) (Card, error) {
		c := Card{Name: cf.Name, Weapon: cf.Weapon, Hellfire: cf.Hellfire, Canister: cf.Canister}
		if cf.Name == "" {
			return c, fmt.Errorf("%s: a card needs a name", where)
		}
		if h := cf.Hellfire; h != nil && (h[0] < 0 || h[1] < h[0] || h[1] > 6 || cf.Weapon != nil) {
			return c, fmt.Errorf("%s: a Flamethrower's range is 0-6 and it is no other weapon", where)
		}
		if w := cf.Weapon; w != nil {
			if w.OutOfBounds() {
				return c, fmt.Errorf("%s: weapon figures out of bounds (dice 1-%d, accuracy 1-6, damage 1-3, range 0-6, melee range 0)", where, maxDice)
			}
			byName[cf.Name] = w
		} else {
			c.Weapon = byName[cf.Name]
		}
		for k, n := range cf.Xenos {
			t, ok := xenoType(k)
			if !ok || n < 0 || n > 10 {
				return c, fmt.Errorf("%s.xenos: %s %d", where, k, n)
			}
			c.Xenos[t] = n
		}
		return c, nil
	}
	for i, cf := range f.Equipment {
		c, err := read(fmt.Sprintf("equipment[%d]", i), cf)
		if err != nil {
			return nil, err
		}
		if d.Equipment, err = gridplay.Copies(d.Equipment, c, cf.Count, fmt.Sprintf("equipment[%d]", i)); err != nil {
			return nil, err
		}
	}
	for i, cf := range f.Starting {
		if i >= maxCards {
			return nil, fmt.Errorf("more than %d Starting Equipment cards", maxCards)
		}
		c, err := read(fmt.Sprintf("starting[%d]", i), cf)
		if err != nil {
			return nil, err
		}
		d.Starting = append(d.Starting, c)
	}
	for i, s := range f.Survivors {
		if (s.Type != "soldier" && s.Type != "civilian") || s.Armor < 1 || s.Armor > 10 || i >= 12 {
			return nil, fmt.Errorf("survivors[%d]: want type soldier or civilian, armor 1-10, at most 12", i)
		}
		d.Survivors = append(d.Survivors, SurvivorType{Soldier: s.Type == "soldier", Armor: s.Armor})
	}
	if len(d.Xeno) == 0 || len(d.Survivors) == 0 {
		return nil, fmt.Errorf("the decks need Xeno cards and Survivor types")
	}
	return d, nil
}

// xenoDeck is the Xeno cards a mission plays with: the numbers its
// xeno_deck lists, else all of them ("Shuffle the Xeno cards into one
// deck").
func (d *Decks) xenoDeck(ranges []string) ([]XenoCard, error) {
	if len(ranges) == 0 {
		return d.Xeno, nil
	}
	var out []XenoCard
	for _, r := range ranges {
		lo, hi, err := gridplay.CardRange(r)
		if err != nil {
			return nil, fmt.Errorf("xeno_deck: %v", err)
		}
		for _, c := range d.Xeno {
			if c.Number >= lo && c.Number <= hi {
				out = append(out, c)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("xeno_deck %v names none of the deck's cards", ranges)
	}
	return out, nil
}
