package classic

import (
	_ "embed"
	"fmt"

	"github.com/zmission/zmission/rules/gridplay"
)

// Zombie kinds, in gridplay's roles: the Walker is the common one, the
// Fatty the tough one, the Runner the fast one (two Actions).
const (
	Walker      = gridplay.Common
	Fatty       = gridplay.Tough
	Runner      = gridplay.Fast
	Abomination = gridplay.Abomination
	zombieKinds = gridplay.Kinds
)

var zombieNames = [zombieKinds]string{"walker", "fatty", "runner", "abomination"}

func zombieKind(s string) (int, bool) { return gridplay.KindNamed(&zombieNames, s) }

// Weapon is a weapon card's combat characteristics; OpensDoors marks the
// Melee weapons with the "Open a door" symbol.
type Weapon struct {
	gridplay.Weapon
	OpensDoors bool `json:"opens_doors"`
	NoisyDoor  bool `json:"noisy_door"` // opening a door with it makes Noise
}

// Card is an Equipment card.
type Card struct {
	Name   string
	Weapon *Weapon
	// Aaahh: drawn in a Search, it brings a Walker into the Zone and ends
	// the Search.
	Aaahh bool
	// NoReshuffle: kept out of the new deck when the Equipment deck runs
	// out (Pans, Molotov).
	NoReshuffle bool
}

// ZombieCard is one Zombie card: it spawns Count[level] of Spawn, or
// gives the kind Extra an Extra Activation.
type ZombieCard struct {
	Number int
	Spawn  int // zombie kind, or -1
	Extra  int // zombie kind, or -1
	Count  [4]int
}

// ZombieFigures are one kind's figures.
type ZombieFigures struct {
	Damage int `json:"damage"`  // Wounds one Attack deals
	ToKill int `json:"to_kill"` // Damage a hit needs to eliminate it
	XP     int `json:"xp"`
	Pool   int `json:"pool"` // miniatures in the box
}

// Decks is what the classic playtest draws and the figures it plays with
// where the Actions chapter prints none (decks/core.json).
type Decks struct {
	Zombies     [zombieKinds]ZombieFigures
	Zombie      []ZombieCard
	Equipment   []Card // one entry per physical card
	Starting    []Card
	Pimpmobile  []Card
	Wounds      int // Wounds that eliminate a Survivor
	ObjectiveXP int // Experience for taking an Objective
	Backpack    int // cards a Survivor carries besides its Hands
}

//go:embed decks/core.json
var coreDecks []byte

// DefaultDecks are the embedded defaults, read once; callers must not
// change them.
var DefaultDecks = gridplay.Defaults("decks/core.json", coreDecks, ReadDecks)

type deckFile struct {
	About   string                   `json:"about"`
	Zombies map[string]ZombieFigures `json:"zombies"`
	Zombie  []struct {
		Cards  string `json:"cards"`
		Spawn  string `json:"spawn"`
		Extra  string `json:"extra"`
		Count  []int  `json:"count"`
		Source string `json:"source"`
	} `json:"zombie"`
	Equipment  []cardFile `json:"equipment"`
	Starting   []cardFile `json:"starting"`
	Pimpmobile []cardFile `json:"pimpmobile"`
	Survivors  struct {
		Wounds      int `json:"wounds"`
		ObjectiveXP int `json:"objective_xp"`
		Backpack    int `json:"backpack"`
	} `json:"survivors"`
}

type cardFile struct {
	Name        string  `json:"name"`
	Count       int     `json:"count"`
	Weapon      *Weapon `json:"weapon"`
	Aaahh       bool    `json:"aaahh"`
	NoReshuffle bool    `json:"no_reshuffle"`
}

const (
	maxCards    = gridplay.MaxCards
	maxDice     = gridplay.MaxDice
	maxBackpack = 5
)

// ReadDecks reads a deck file (the shape of decks/core.json).
func ReadDecks(data []byte) (*Decks, error) {
	var f deckFile
	if err := gridplay.Decode(data, &f); err != nil {
		return nil, err
	}
	d := &Decks{Wounds: f.Survivors.Wounds, ObjectiveXP: f.Survivors.ObjectiveXP, Backpack: f.Survivors.Backpack}
	if d.Wounds < 1 || d.Wounds > 10 || d.ObjectiveXP < 0 || d.ObjectiveXP > 50 || d.Backpack < 0 || d.Backpack > maxBackpack {
		return nil, fmt.Errorf("survivors: wounds 1-10, objective_xp 0-50, backpack 0-%d", maxBackpack)
	}
	for t, name := range zombieNames {
		z, ok := f.Zombies[name]
		if !ok {
			return nil, fmt.Errorf("zombies: no figures for the %s", name)
		}
		if z.Damage < 0 || z.Damage > 10 || z.ToKill < 1 || z.ToKill > 3 || z.XP < 0 || z.XP > 50 || z.Pool < 0 || z.Pool > 200 {
			return nil, fmt.Errorf("zombies.%s: damage 0-10, to_kill 1-3, xp 0-50, pool 0-200", name)
		}
		d.Zombies[t] = z
	}
	if len(f.Zombies) != len(zombieNames) {
		return nil, fmt.Errorf("zombies: want exactly walker, fatty, runner and abomination")
	}
	for i, x := range f.Zombie {
		lo, hi, err := gridplay.CardRange(x.Cards)
		if err != nil {
			return nil, fmt.Errorf("zombie[%d].cards: %v", i, err)
		}
		c := ZombieCard{Spawn: -1, Extra: -1}
		switch {
		case x.Spawn != "" && x.Extra == "":
			t, ok := zombieKind(x.Spawn)
			if !ok {
				return nil, fmt.Errorf("zombie[%d]: unknown Zombie %q (walker, fatty, runner or abomination)", i, x.Spawn)
			}
			c.Spawn = t
			if c.Count, err = gridplay.Counts(fmt.Sprintf("zombie[%d]", i), x.Count); err != nil {
				return nil, err
			}
		case x.Extra != "" && x.Spawn == "" && len(x.Count) == 0:
			t, ok := zombieKind(x.Extra)
			if !ok {
				return nil, fmt.Errorf("zombie[%d]: unknown Zombie %q (walker, fatty, runner or abomination)", i, x.Extra)
			}
			c.Extra = t
		default:
			return nil, fmt.Errorf("zombie[%d]: a card either spawns (spawn and count) or is an Extra Activation (extra)", i)
		}
		if d.Zombie, err = gridplay.Numbered(d.Zombie, lo, hi, "Zombie", func(n int) ZombieCard { c.Number = n; return c }); err != nil {
			return nil, err
		}
	}
	read := func(where string, cf cardFile) (Card, error) {
		c := Card{Name: cf.Name, Weapon: cf.Weapon, Aaahh: cf.Aaahh, NoReshuffle: cf.NoReshuffle}
		if cf.Name == "" {
			return c, fmt.Errorf("%s: a card needs a name", where)
		}
		if w := cf.Weapon; w != nil {
			if cf.Aaahh || w.OutOfBounds() || (w.Ranged && w.OpensDoors) {
				return c, fmt.Errorf("%s: weapon figures out of bounds (dice 1-%d, accuracy 1-6, damage 1-3, range 0-6, melee range 0; only Melee weapons open doors; an Aaahh!! card is no weapon)", where, maxDice)
			}
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
	for _, part := range []struct {
		name string
		from []cardFile
		to   *[]Card
	}{{"starting", f.Starting, &d.Starting}, {"pimpmobile", f.Pimpmobile, &d.Pimpmobile}} {
		for i, cf := range part.from {
			if i >= maxCards {
				return nil, fmt.Errorf("more than %d %s cards", maxCards, part.name)
			}
			c, err := read(fmt.Sprintf("%s[%d]", part.name, i), cf)
			if err != nil {
				return nil, err
			}
			*part.to = append(*part.to, c)
		}
	}
	if len(d.Zombie) == 0 {
		return nil, fmt.Errorf("the decks need Zombie cards")
	}
	return d, nil
}
