package survivalinfection

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// Check runs every check of a setup. Each check looks at every player
// count the setup allows, and reports the counts that fail together.
func Check(s *Setup) []rules.Finding {
	var out []rules.Finding
	for _, c := range []func(*Setup) []rules.Finding{
		checkCampRange, checkDeckShort, checkBiteCount, checkBiteEarly, checkChips, checkChange, checkDice, checkCardType, checkDuplicates,
		checkBiteType, checkInfectionKills, checkOutcomes,
	} {
		out = append(out, c(s)...)
	}
	// A setup with an error cannot be set up as written: playing it out
	// would measure the model's way round the error, not the variant.
	for _, f := range out {
		if c := validate.Lookup(f.Rule); c == nil || c.Severity == validate.Error {
			return out
		}
	}
	return append(out, checkBalance(s)...)
}

// Counts lists the player counts the setup allows (none when the range is
// backwards: players-backwards says so).
func (s *Setup) Counts() []int {
	var out []int
	for n := max(s.Players.Min, 1); n <= s.Players.Max && n <= 64; n++ {
		out = append(out, n)
	}
	return out
}

// at is the first pointer that is set, else where findings about the
// built-in base game point.
func (s *Setup) at(ptrs ...string) string {
	for _, p := range ptrs {
		if p != "" {
			return p
		}
	}
	return s.Fallback
}

// written is the pointer of a setup: section the document wrote, or "".
func (s *Setup) written(key string) string {
	for _, k := range s.Written {
		if k == key {
			return "/setup/" + key
		}
	}
	return ""
}

// players says "with 2–3 players" for a set of counts.
func players(ns []int) string {
	if len(ns) == 1 && ns[0] == 1 {
		return "with 1 player"
	}
	return "with " + runs(ns) + " players"
}

func checkCampRange(s *Setup) []rules.Finding {
	p := s.Players
	var out []rules.Finding
	switch {
	case p.Min > p.Max:
		out = append(out, rules.PlayersBackwards(s.at(p.Ptr), fmt.Sprintf("min %d, max %d", p.Min, p.Max), p.Min, p.Max, "swap min and max")...)
	case p.Min < 2:
		out = append(out, rules.Finding{Rule: "camp-range", Ptr: s.at(p.Ptr),
			Message: fmt.Sprintf("the game needs at least 2 players (min is %d): it is won by the last Camp with Survivors or Characters", p.Min),
			Hint:    "set min: 2"})
	}
	if p.Max > s.Camp.Sets {
		out = append(out, rules.Finding{Rule: "camp-range", Ptr: s.at(p.Ptr, s.Camp.Ptr),
			Message: fmt.Sprintf("up to %d players, but there are %d Starting Camp sets: each player needs a Phase card, a Starting Hideout and a No Hideout card", p.Max, s.Camp.Sets),
			Hint:    fmt.Sprintf("lower max to %d, or add sets with camp: {sets: %d} (from a second box)", s.Camp.Sets, p.Max),
			Related: related(s.Camp.Ptr, "the Starting Camp sets")})
	}
	return out
}

func related(ptr, msg string) []rules.Related {
	if ptr == "" {
		return nil
	}
	return []rules.Related{{Ptr: ptr, Message: msg}}
}

func checkDeckShort(s *Setup) []rules.Finding {
	var bad []int
	worst, worstRest := 0, 0
	for _, n := range s.Counts() {
		if _, rest := s.Piles(n); rest < 2 {
			bad = append(bad, n)
			if worst == 0 || rest < worstRest {
				worst, worstRest = n, rest
			}
		}
	}
	if len(bad) == 0 {
		return nil
	}
	// A grouped message must hold at every count it names: the figures are
	// those of the worst count, and say which count that is.
	p, rest := s.Piles(worst)
	f := s.Filter(worst)
	which := "cards"
	if f.OpenOnly {
		which = "open-symbol cards"
	}
	first := fmt.Sprintf("with %s there are %d %s; dealing %d to each takes %d", plural(worst, "player", "players"), f.Cards, which, s.Hand.N, p.Dealt)
	if rest < 0 {
		first += fmt.Sprintf(", %d more than there are", -rest)
	} else {
		first += fmt.Sprintf(" and leaves %d", rest)
	}
	if len(bad) > 1 {
		first = "at worst, " + first
	}
	return []rules.Finding{{Rule: "deck-short", Ptr: s.at(s.DeckPtr, s.Hand.Ptr),
		Message: fmt.Sprintf("%s the deck cannot be set up: %s; the rest must split into two piles of at least one card each", players(bad), first),
		Hint:    "add cards, deal fewer (hand:), or narrow the player range"}}
}

func checkBiteCount(s *Setup) []rules.Finding {
	byCount := map[int][]int{}
	var order []int
	for _, n := range s.Counts() {
		b := s.Filter(n).Bites
		if b == 1 {
			continue
		}
		if _, ok := byCount[b]; !ok {
			order = append(order, b)
		}
		byCount[b] = append(byCount[b], n)
	}
	var bite *Card
	for i := range s.Deck {
		if s.Deck[i].HiddenBite && s.Deck[i].Count > 0 {
			bite = &s.Deck[i]
			break
		}
	}
	var out []rules.Finding
	for _, b := range order {
		ns := byCount[b]
		f := rules.Finding{Rule: "hidden-bite-count", Ptr: s.at(s.DeckPtr)}
		switch {
		case b == 0 && bite != nil && bite.Closed:
			f.Ptr = s.at(bite.Ptr, s.DeckPtr)
			f.Message = fmt.Sprintf("%s the deck has no Hidden Bite: %q has the closed symbol, and up to %d players only open-symbol cards are used", players(ns), bite.Name, s.Players.OpenOnlyUpTo)
			f.Hint = "give the Hidden Bite the open symbol"
		case b == 0:
			f.Message = fmt.Sprintf("%s the deck has no Hidden Bite: nothing starts the Infection Phase", players(ns))
			f.Hint = "mark one card with hidden-bite: true (the base game's is an Event, Hidden Bite)"
		default:
			if bite != nil {
				f.Ptr = s.at(bite.Ptr, s.DeckPtr)
			}
			f.Message = fmt.Sprintf("%s the deck has %d Hidden Bites: the setup shuffles exactly one into the second pile", players(ns), b)
			f.Hint = "keep one card with hidden-bite: true, count: 1"
		}
		out = append(out, f)
	}
	return out
}

func checkBiteEarly(s *Setup) []rules.Finding {
	b := s.Bite
	var why []string
	if !b.SetAside {
		why = append(why, "it is not set aside before the deal, so it can be dealt to a player")
	}
	switch b.Into {
	case IntoFirst:
		why = append(why, "it is shuffled into the first pile, the top half of the draw deck")
	case IntoDeck:
		why = append(why, "it is shuffled into the whole draw deck, so it can be the first card drawn")
	}
	if len(why) == 0 {
		return nil
	}
	return []rules.Finding{{Rule: "hidden-bite-early", Ptr: s.at(b.Ptr),
		Message: "the Hidden Bite can start the Infection Phase early: " + strings.Join(why, "; "),
		Hint:    "the rule is hidden-bite: {set-aside: true, into: second-pile}"}}
}

// checkChips checks the chip arithmetic of every player count: the Camps'
// chips and the chips flipped to Zombie must exist. The counts that fail
// are reported together, so the message gives the rule (per Camp, per
// missing player) and the largest need, with the count it comes at: a
// figure of one count alone would be wrong at the others.
func checkChips(s *Setup) []rules.Finding {
	var out []rules.Finding
	for _, v := range s.Values() {
		have, ok := s.ChipCount(v)
		var bad []int
		lo, hi, at := 0, 0, 0
		for _, n := range s.Counts() {
			need := n*s.CampChips(v) + s.Missing(n)*s.FlipChips(v)
			if need <= have.Count {
				continue
			}
			if len(bad) == 0 || need < lo {
				lo = need
			}
			if need > hi {
				hi, at = need, n
			}
			bad = append(bad, n)
		}
		if len(bad) == 0 {
			continue
		}
		needs := fmt.Sprintf("%s of value %d", plural(hi, "chip", "chips"), v)
		if lo != hi {
			needs = fmt.Sprintf("up to %d chips of value %d (with %s)", hi, v, plural(at, "player", "players"))
		}
		var how []string
		if c := s.CampChips(v); c > 0 {
			how = append(how, fmt.Sprintf("%d for each Camp", c))
		}
		if fl := s.FlipChips(v); fl > 0 && s.Missing(bad[0]) > 0 { // bad[0] is the fewest players: the most missing
			how = append(how, fmt.Sprintf("%d flipped to Zombie for each player under %d", fl, s.City.FullTable))
		}
		if len(how) > 0 {
			needs += ": " + strings.Join(how, ", and ")
		}
		f := rules.Finding{Rule: "chips-short", Ptr: s.at(have.Ptr, s.written("chips"), s.City.Ptr, s.Camp.Ptr),
			Message: fmt.Sprintf("%s the setup needs %s; there are %d", players(bad), needs, have.Count),
			Hint:    fmt.Sprintf("add chips of value %d (chips: [{value: %d, count: ...}]), or take fewer for the Camps and the City Center", v, v)}
		if !ok {
			f.Message = fmt.Sprintf("%s the setup needs %s; there are no chips of value %d", players(bad), needs, v)
		}
		out = append(out, f)
	}
	return out
}

// The Survivors one roll or card moves, from the rulebook's worked
// examples: "Amy returns 1 Survivor to the City Center" to "Shawn takes 8
// Survivors from the City Center".
const fewestMoved, mostMoved = 1, 8

// checkChange: "When making change take care to keep the count of the
// remaining Survivors correct as they are a finite resource." Every
// amount a roll or card moves must be a sum of the set's chips, each chip
// used once; the smallest that is not is reported.
func checkChange(s *Setup) []rules.Finding {
	can := make([]bool, mostMoved+1)
	can[0] = true
	var have []string
	ptr := ""
	smallest := 0
	for _, c := range s.Chips {
		if c.Value < 1 {
			continue
		}
		// Point at the smallest value written, even one with no chips:
		// that is where change is made.
		if smallest == 0 || c.Value < smallest {
			smallest, ptr = c.Value, c.Ptr
		}
		if c.Count < 1 {
			continue
		}
		have = append(have, fmt.Sprintf("%s of value %d", plural(c.Count, "chip", "chips"), c.Value))
		// More copies than the largest amount add nothing: the loop is
		// bounded whatever the count says.
		for k := 0; k < min(c.Count, mostMoved); k++ {
			for a := mostMoved; a >= c.Value; a-- {
				can[a] = can[a] || can[a-c.Value]
			}
		}
	}
	for a := fewestMoved; a <= mostMoved; a++ {
		if can[a] {
			continue
		}
		chips := "no chips"
		switch n := len(have); n {
		case 0:
		case 1:
			chips = have[0]
		default:
			chips = strings.Join(have[:n-1], ", ") + " and " + have[n-1]
		}
		return []rules.Finding{{Rule: "chips-change", Ptr: s.at(ptr, s.written("chips")),
			Message: fmt.Sprintf("the chips cannot make change for %s: the set has %s; a roll or card moves any number of Survivors (the rulebook's examples move %d to %d), and making change must keep the count of the remaining Survivors correct", plural(a, "Survivor", "Survivors"), chips, fewestMoved, mostMoved),
			Hint:    "add chips of value 1 (chips: [{value: 1, count: ...}])"}}
	}
	return nil
}

func checkDice(s *Setup) []rules.Finding {
	var out []rules.Finding
	for _, name := range []string{"base", "survival", "infection"} {
		if s.Die(name) == nil {
			out = append(out, rules.Finding{Rule: "die-faces", Ptr: s.at(s.written("dice")),
				Message: fmt.Sprintf("there is no %s die: the game rolls the Base Die every turn, with the Survival Die or the Infection Die by phase", name),
				Hint:    fmt.Sprintf("add {die: %s, faces: [...]} to the dice", name)})
		}
	}
	for _, d := range s.Dice {
		if len(d.Faces) != 6 {
			out = append(out, rules.Finding{Rule: "die-faces", Ptr: s.at(d.Ptr) + facesPtr(d.Ptr),
				Message: fmt.Sprintf("the %s die has %d faces: the game's dice are six-sided", d.Name, len(d.Faces)),
				Hint:    "give it exactly 6 faces: numbers, blank or symbol"})
		}
	}
	return out
}

func facesPtr(p string) string {
	if p == "" {
		return ""
	}
	return "/faces"
}

func checkCardType(s *Setup) []rules.Finding {
	var out []rules.Finding
	for _, c := range s.Deck {
		if c.Type != "" {
			continue
		}
		out = append(out, rules.Finding{Rule: "card-no-type", Ptr: s.at(c.Ptr),
			Message: fmt.Sprintf("card %q has no type: it must be an Action, Reaction, Event, Character or Hideout", c.Name),
			Hint:    "add type: action (or reaction, event, character, hideout)"})
	}
	return out
}

// checkDuplicates finds a card name listed twice: changes by name reach
// only the first entry, which is rarely what the author meant.
func checkDuplicates(s *Setup) []rules.Finding {
	var out []rules.Finding
	first := map[string]int{}
	for i, c := range s.Deck {
		j, seen := first[c.Name]
		if !seen {
			first[c.Name] = i
			continue
		}
		out = append(out, rules.Finding{Rule: "card-duplicate", Ptr: s.at(c.Ptr),
			Message: fmt.Sprintf("the deck lists %q twice: changes that name it reach only the first entry", c.Name),
			Hint:    fmt.Sprintf("write one entry with count: %d, or give the second card a name of its own", s.Deck[j].Count+c.Count),
			Related: related(s.Deck[j].Ptr, "the first entry")})
	}
	return out
}

// checkBiteType: "The core game has only one Event card, the HIDDEN BITE."
// A Hidden Bite typed otherwise is still played as the Event it is.
func checkBiteType(s *Setup) []rules.Finding {
	var out []rules.Finding
	for _, c := range s.Deck {
		if !c.HiddenBite || c.Type == "" || c.Type == Event {
			continue
		}
		out = append(out, rules.Finding{Rule: "hidden-bite-type", Ptr: s.at(c.Ptr),
			Message: fmt.Sprintf("the Hidden Bite %q is typed as %s, but it is an Event: drawn, it must be played at once and is then removed from the game; zmission counts it as an Event", c.Name, article(c.Type)),
			Hint:    "type: event"})
	}
	return out
}

// reach is the highest result of a roll of the Base Die with a phase die
// (nil: the Base Die alone), before modifiers; ok is false when a die is
// missing or has no face (die-faces says so).
func (s *Setup) reach(phase string) (hi int, ok bool) {
	b := s.Die("base")
	if b == nil || len(b.Faces) == 0 {
		return 0, false
	}
	var d *Die
	if phase != "" {
		if d = s.Die(phase); d == nil || len(d.Faces) == 0 {
			return 0, false
		}
	}
	return roll("", b, d).Max, true
}

// checkInfectionKills: "A positive result is the total number of Survivors
// killed by the undead." An Infection Die whose every roll with the Base
// Die is 0 or less never kills: the Infection Phase only brings Survivors.
func checkInfectionKills(s *Setup) []rules.Finding {
	hi, ok := s.reach("infection")
	if !ok || hi > 0 {
		return nil
	}
	d := s.Die("infection")
	return []rules.Finding{{Rule: "infection-die-harmless", Ptr: s.at(d.Ptr) + facesPtr(d.Ptr),
		Message: fmt.Sprintf("the Infection Die (%s) never kills: with the Base Die its roll is at most %d before modifiers, and only a positive result kills Survivors", faceWords(d.Faces), hi),
		Hint:    "give the Infection Die faces that can make the roll positive (the box's: 1 2 3 3 symbol symbol)"}}
}

// checkOutcomes: a variant must leave the game its endings. "If at any
// point a Camp has 0 Characters/Survivors they can no longer win as a
// Survivor": Camps that start with no Survivor chip are all out before the
// first turn, and nobody can be "the only one Camp" left. "If the last
// remaining Camps are knocked out via Undead Reckoning on the same roll
// the Zombies Win!": the undead roll the Base Die "without any modifiers",
// so a Base Die with no positive face never kills and the zombies can
// never win.
func checkOutcomes(s *Setup) []rules.Finding {
	var out []rules.Finding
	if len(s.Camp.Chips) == 0 {
		out = append(out, rules.Finding{Rule: "outcome-impossible", Ptr: s.at(s.Camp.Ptr),
			Message: "each Camp starts with no Survivor chip: with 0 Characters and Survivors every Camp is out before the first turn, so no Camp can win",
			Hint:    "give each Camp its chips (camp: {chips: [10]})"})
	}
	if hi, ok := s.reach(""); ok && hi <= 0 {
		b := s.Die("base")
		out = append(out, rules.Finding{Rule: "outcome-impossible", Ptr: s.at(b.Ptr) + facesPtr(b.Ptr),
			Message: fmt.Sprintf("the Base Die (%s) never shows more than %d: the undead roll it without modifiers to kill Survivors, so Undead Reckoning never kills and the zombies can never win", faceWords(b.Faces), hi),
			Hint:    "give the Base Die positive faces (the box's: 1 1 2 2 3 blank)"})
	}
	return out
}
