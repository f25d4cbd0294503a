package survivalinfection

import (
	"regexp"
	"strconv"
	"strings"
)

// What a card does in the simulated game. A card of a setup is a name, a
// type and a free text, so its effect is read from the words the rulebook
// uses for its kinds of card ("The most basic Actions (-X Survivors) kill
// off Survivors, gain (+X Survivors) from the City Center or move them from
// one Camp to another. Rarer cards destroy Hideouts, attack everyone and even
// move the Phase Dice!"); docs/rules-survival-infection.md lists each reading.

// effect kinds
const (
	fxNone    = iota // no effect the model reads: played as a discard
	fxKill           // Action: the target Camp loses N Survivors
	fxGain           // Action: the player's Camp gains N from the City Center
	fxMove           // Action: N Survivors move from the target to the player's Camp
	fxDestroy        // Action: destroys the target's Hideout
	fxAll            // Action: every other Camp loses N
	fxDie            // Action: moves a Phase Die
	fxSave           // Reaction: the target loses N fewer
	fxEscape         // Reaction: the target escapes the Action
	fxBite           // Event: the Hidden Bite
	fxEvent          // another Event: played, then out of the game
	fxCharacter
	fxHideout
)

// cardFx is one card name's effect and, for Characters and Hideouts, the
// roll modifiers it shows.
type cardFx struct {
	kind                       uint8
	n                          int  // N of the effect
	surv, survDie, inf, infDie int  // "SURVIVAL +3", "S +3", "INFECTION +2", "I +3"
	doubles                    bool // a Character that doubles First Aid: saves count twice
}

const fxLimit = 99

// Stand-in numbers where a card's words give none (docs/rules-survival-
// infection.md, "Whole games"). Variables only so measure_test.go can say
// how much each moves the figures.
var (
	allLoss     = 2 // "attack everyone" without a number
	saveDefault = 1 // a Reaction that saves: First Aid saves 1, 2 with the Doctor
	// plainHideout is a Hideout card that prints no modifier.
	plainHideout = apartment
)

var (
	reSigned = regexp.MustCompile(`([+-])\s*(\d+)\s*survivors?`)
	reNumber = regexp.MustCompile(`(\d+)\s*survivors?`)
	reMod    = regexp.MustCompile(`(survival|infection)(\s+die)?\s*([+-]\s*\d+)`)
)

// apartment is the Starting Hideout: "the starting APARTMENT BUILDING"
// adds "the Survival Phase modifier of +1" and "the +1 Survival Die
// modifier" (Sara's and Shawn's examples).
var apartment = cardFx{kind: fxHideout, surv: 1, survDie: 1}

// noHideout: "the -2 modifier for having NO HIDEOUT", and "does not roll
// the Survival Die as per the NO HIDEOUT" (Amy's example).
var noHideout = cardFx{kind: fxHideout, surv: -2}

// effectOf reads a card's effect from its type, name and text.
func effectOf(c Card) cardFx {
	words := strings.ToLower(c.Name + " " + c.Text)
	switch c.PlayedAs() {
	case Event:
		if c.HiddenBite {
			return cardFx{kind: fxBite}
		}
		return cardFx{kind: fxEvent}
	case Reaction:
		if strings.Contains(words, "escape") || strings.Contains(words, "sacrifice") {
			return cardFx{kind: fxEscape}
		}
		return cardFx{kind: fxSave, n: saveDefault}
	case Character:
		f := mods(words)
		f.kind = fxCharacter
		f.doubles = strings.Contains(words, "doubles")
		return f
	case Hideout:
		f := mods(words)
		if f == (cardFx{}) {
			f = plainHideout // prints no modifier: like the Starting Hideout
		}
		f.kind = fxHideout
		return f
	case Action:
		return action(words)
	}
	return cardFx{}
}

func action(words string) cardFx {
	num := func(def int) int {
		if m := reNumber.FindStringSubmatch(words); m != nil {
			return clampFx(m[1])
		}
		return def
	}
	switch {
	case strings.Contains(words, "phase die") || strings.Contains(words, "phase dice"):
		return cardFx{kind: fxDie}
	case strings.Contains(words, "destroy") || strings.Contains(words, "they are inside"):
		return cardFx{kind: fxDestroy}
	case strings.Contains(words, "everyone") || strings.Contains(words, "all other camps"):
		return cardFx{kind: fxAll, n: num(allLoss)}
	case strings.Contains(words, "move") && reNumber.MatchString(words):
		return cardFx{kind: fxMove, n: num(0)}
	}
	if m := reSigned.FindStringSubmatch(words); m != nil {
		n := clampFx(m[2])
		if m[1] == "-" {
			return cardFx{kind: fxKill, n: n}
		}
		return cardFx{kind: fxGain, n: n}
	}
	return cardFx{}
}

// mods reads "Survival +N", "Survival Die +N", "Infection -N" and
// "Infection Die +N".
func mods(words string) cardFx {
	var f cardFx
	for _, m := range reMod.FindAllStringSubmatch(words, -1) {
		v, _ := strconv.Atoi(strings.ReplaceAll(m[3], " ", ""))
		v = max(-fxLimit, min(fxLimit, v))
		die := m[2] != ""
		switch {
		case m[1] == "survival" && die:
			f.survDie += v
		case m[1] == "survival":
			f.surv += v
		case die:
			f.infDie += v
		default:
			f.inf += v
		}
	}
	return f
}

func clampFx(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil || v > fxLimit {
		return fxLimit
	}
	return v
}

// worth is how good a Hideout is to sit in, for the policy: what it adds
// to a Survival roll less what it adds to an Infection roll (the dice
// modifiers counted at half, the die being held only some turns). No
// Hideout also loses the Survival Die's roll, about 1.5 more.
func (f cardFx) worth() float64 {
	w := float64(f.surv) + float64(f.survDie)/2 - float64(f.inf) - float64(f.infDie)/2
	if f == noHideout {
		w -= 1.5
	}
	return w
}
