package colony

import (
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// CheckModel runs every colony check on a loaded scenario.
func (game) CheckModel(m rules.Model, _ rules.Options) []rules.Finding {
	s, ok := m.(*Scenario)
	if !ok {
		return nil
	}
	var fs []rules.Finding
	for _, c := range []func(*Scenario) []rules.Finding{
		checkPlayers, checkPlaceholders, checkTracks, checkLate, checkLocations,
		checkObjectiveSources, checkPools, checkSetupSpace, checkCrisisSources, checkDeckUnknown,
		checkExile, checkSolo,
	} {
		fs = append(fs, c(s)...)
	}
	// A scenario with an error cannot be set up as written: playing it
	// out would measure the model's way round the error.
	for _, f := range fs {
		if c := validate.Lookup(f.Rule); c == nil || c.Severity == validate.Error {
			return fs
		}
	}
	return append(fs, checkPlay(s)...)
}

// checkPlayers: a range reads low to high, as in every game.
func checkPlayers(s *Scenario) []rules.Finding {
	return rules.PlayersBackwards("/players", fmt.Sprintf("%d-%d", s.MinP, s.MaxP), s.MinP, s.MaxP, fmt.Sprintf("write %d-%d", s.MaxP, s.MinP))
}

var placeholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{([0-9]+)\}`) })

// Placeholders lists the placeholder numbers a template uses, in order of
// first use.
func Placeholders(text string) []int {
	var out []int
	seen := map[int]bool{}
	for _, m := range placeholder().FindAllStringSubmatch(text, -1) {
		n, err := strconv.Atoi(m[1])
		if err != nil || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	return out
}

// Fill puts the numbers into a template; a placeholder without a number
// stays as it is.
func Fill(text string, vals []int) string {
	return placeholder().ReplaceAllStringFunc(text, func(m string) string {
		n, _ := strconv.Atoi(m[1 : len(m)-1])
		if n >= 1 && n <= len(vals) {
			return strconv.Itoa(vals[n-1])
		}
		return m
	})
}

// Values fills a side's numbers in for p players.
func (d *Side) Values(p int) []int {
	out := make([]int, len(d.Numbers))
	for i, n := range d.Numbers {
		out[i] = n.Value(p)
	}
	return out
}

// checkPlaceholders: each side's texts use {1}…{n} for exactly its n
// numbers, every one of them.
func checkPlaceholders(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, d := range s.Sides() {
		used := map[int]string{}
		texts := append([]string{d.Victory}, d.Rules...)
		for i, t := range texts {
			ptr := d.Ptr + "/victory"
			if i > 0 {
				ptr = fmt.Sprintf("%s/rules/%d", d.Ptr, i-1)
			}
			for _, n := range Placeholders(t) {
				if _, ok := used[n]; !ok {
					used[n] = ptr
				}
				if n < 1 || n > len(d.Numbers) {
					fs = append(fs, rules.Finding{Rule: "colony-placeholders", Ptr: ptr,
						Message: fmt.Sprintf("the %s side's text uses {%d}, but the side has %s", d.Name, n, plural(len(d.Numbers), "number")),
						Hint:    "add the number to numbers, or fix the placeholder"})
				}
			}
		}
		for i := range d.Numbers {
			if _, ok := used[i+1]; !ok {
				fs = append(fs, rules.Finding{Rule: "colony-placeholders", Ptr: fmt.Sprintf("%s/numbers/%d", d.Ptr, i),
					Message: fmt.Sprintf("the %s side's number %d (%s) is never printed: no text uses {%d}", d.Name, i+1, d.Numbers[i], i+1),
					Hint:    fmt.Sprintf("put {%d} where the number belongs in victory or rules, or remove it", i+1)})
			}
		}
	}
	return fs
}

// checkTracks: starting Morale and Round are on their tracks. Morale 0
// and Round 0 end the game ("if Morale 0" / "if „0“ = END GAME"), so both
// start at 1 or more; the top of each track is the collection's board.
func checkTracks(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, d := range s.Sides() {
		for _, t := range []struct {
			key, what string
			v, top    int
		}{{"morale", "Morale", d.Morale, s.Coll.MoraleTrack}, {"round", "Round", d.Round, s.Coll.RoundTrack}} {
			switch {
			case t.v < 1:
				fs = append(fs, rules.Finding{Rule: "colony-track", Ptr: d.Ptr + "/" + t.key,
					Message: fmt.Sprintf("the %s side starts %s at %d: at 0 the game is over before it starts", d.Name, t.what, t.v),
					Hint:    "start the track at 1 or more"})
			case t.top > 0 && t.v > t.top:
				fs = append(fs, rules.Finding{Rule: "colony-track", Ptr: d.Ptr + "/" + t.key,
					Message: fmt.Sprintf("the %s side starts %s at %d, past the end of the %s track (%d)", d.Name, t.what, t.v, t.what, t.top),
					Hint:    fmt.Sprintf("start at %d or less", t.top)})
			}
		}
	}
	return fs
}

// checkLate: the objective is checked in each Colony Phase before the
// Round marker moves, so with the marker at R it is checked in rounds 1…R;
// an objective that cannot be met before round `earliest` needs R ≥ it.
func checkLate(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, d := range s.Sides() {
		if d.Round >= 1 && d.Earliest > d.Round {
			fs = append(fs, rules.Finding{Rule: "colony-objective-late", Ptr: d.Ptr + "/earliest",
				Message: fmt.Sprintf("the %s side can be met from round %d, but the Round track starting at %d ends the game after round %d", d.Name, d.Earliest, d.Round, d.Round),
				Hint:    fmt.Sprintf("start the Round track at %d or more", d.Earliest),
				Related: []rules.Related{{Ptr: d.Ptr + "/round", Message: "where the Round marker starts"}}})
		}
	}
	return fs
}

// checkLocations: one Colony and six distinct Locations, each a base
// board, a board of the collection or a custom one.
func checkLocations(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	if n := len(s.Locations); n != 6 {
		fs = append(fs, rules.Finding{Rule: "colony-locations", Ptr: "/locations",
			Message: fmt.Sprintf("the Colony stands among 6 Locations; this scenario has %d", n),
			Hint:    "the base six are " + strings.Join(BaseLocationIDs(), ", ")})
	}
	seen := map[string]string{}
	for _, l := range s.Locations {
		switch {
		case l.ID == ColonyID:
			fs = append(fs, rules.Finding{Rule: "colony-locations", Ptr: l.Ptr,
				Message: "the Colony is the hub, not one of the six Locations: there is exactly one Colony",
				Hint:    "remove it from locations"})
			continue
		case l.Source == "":
			known := BaseLocationIDs()
			for _, id := range collectionLocationIDs(s) {
				if !slices.Contains(known, id) {
					known = append(known, id)
				}
			}
			hint := "known Locations: " + strings.Join(known, ", ") + "; or write a custom one: {id, name, spaces, deck}"
			if h := typo.Hint(l.Name, known); h != "" {
				hint = h + " (" + hint + ")"
			}
			fs = append(fs, rules.Finding{Rule: "colony-locations", Ptr: l.Ptr,
				Message: fmt.Sprintf("no Location %q: it is neither a base Location nor a board of the collection", l.Name),
				Hint:    hint})
		}
		if first, dup := seen[l.ID]; dup {
			fs = append(fs, rules.Finding{Rule: "colony-locations", Ptr: l.Ptr,
				Message: fmt.Sprintf("the Location %s is here twice: the six Locations are distinct", l.ID),
				Related: []rules.Related{{Ptr: first, Message: "first here"}}})
			continue
		}
		seen[l.ID] = l.Ptr
	}
	return fs
}

func collectionLocationIDs(s *Scenario) []string {
	var out []string
	for _, k := range sortedBoardKeys(s.Coll.Locations) {
		if _, base := baseByID(k); !base {
			out = append(out, k)
		}
	}
	return out
}

// Supply counts the cards of a kind that can be found: in the Location
// item decks (Searched) and among the Starter Items (dealt to hands).
func (s *Scenario) Supply(kind string) (locations, starter int) {
	for _, l := range s.Locations {
		locations += l.Deck[kind]
	}
	return locations, s.Coll.Starter[kind]
}

// Kinds lists every card kind of the Location decks and Starter Items.
func (s *Scenario) Kinds() []string {
	set := map[string]int{}
	for _, l := range s.Locations {
		for k := range l.Deck {
			set[k]++
		}
	}
	for k := range s.Coll.Starter {
		set[k]++
	}
	return sortedKeys(set)
}

// checkObjectiveSources: every card kind and Location the objective names
// can be found, and enough cards of the kind exist for its number at every
// player count.
func checkObjectiveSources(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, n := range s.Objective.Needs {
		if n.Location != "" {
			if id := slug(n.Location); s.Location(id) == nil || id == ColonyID {
				if id == ColonyID {
					continue // the hub is always there
				}
				fs = append(fs, rules.Finding{Rule: "colony-objective-source", Ptr: n.Ptr + "/location",
					Message: fmt.Sprintf("the objective names the Location %q, which is not among this scenario's six", n.Location),
					Hint:    "add it to locations, or name one of " + strings.Join(locationIDs(s), ", ")})
			}
			continue
		}
		loc, st := s.Supply(n.Cards)
		if loc+st == 0 {
			fs = append(fs, rules.Finding{Rule: "colony-objective-source", Ptr: n.Ptr + "/cards",
				Message: fmt.Sprintf("the objective needs %s cards, but no Location deck or Starter Item holds one", n.Cards),
				Hint:    "card kinds that can be found: " + strings.Join(s.Kinds(), ", ")})
			continue
		}
		if n.Number == 0 {
			continue
		}
		// The Starter Items count only as far as they are dealt: a kind
		// found nowhere else is short at a player count whose deal is.
		for _, d := range s.Sides() {
			if n.Number > len(d.Numbers) {
				fs = append(fs, rules.Finding{Rule: "colony-objective-source", Ptr: n.Ptr + "/number",
					Message: fmt.Sprintf("the %s side has no number %d to count %s cards", d.Name, n.Number, n.Cards)})
				continue
			}
			for _, p := range s.Players() {
				dealt := StarterDealt(p, st)
				if want := d.Numbers[n.Number-1].Value(p); want > loc+dealt {
					from := fmt.Sprintf("%d in Location decks, %s", loc, plural(st, "Starter Item"))
					if dealt < st {
						deal := DealFor(p, "")
						from = fmt.Sprintf("%d in Location decks, and of the %d Starter Items at most %d dealt: %d per player", loc, st, dealt, deal.StarterPer)
					}
					fs = append(fs, rules.Finding{Rule: "colony-objective-source", Ptr: n.Ptr,
						Message: fmt.Sprintf("with %d players the %s side needs %s ({%d} = %s), but at most %d can be found (%s): it cannot be won",
							p, d.Name, plural(want, n.Cards+" card"), n.Number, d.Numbers[n.Number-1], loc+dealt, from),
						Related: []rules.Related{{Ptr: fmt.Sprintf("%s/numbers/%d", d.Ptr, n.Number-1), Message: "the number"}}})
					break
				}
			}
		}
	}
	return fs
}

func locationIDs(s *Scenario) []string {
	var out []string
	for _, l := range s.Locations {
		out = append(out, l.ID)
	}
	return out
}

// Need is one pool's demand against what is left of it in a variant.
type PoolNeed struct {
	Pool    string `json:"pool"`
	Path    string `json:"-"` // where the collection counts it
	Need    int    `json:"need"`
	Have    int    `json:"have"`
	Why     string `json:"why"`
	Removed int    `json:"removed"`
}

// Variant words a variant, "" being the standard game.
func VariantLabel(v string) string {
	if v == "" {
		return "standard"
	}
	return v
}

// PoolNeeds lists what setup (and the round's Crisis and Crossroads) takes from each pool
// with p players on side d in variant v, against what the collection holds
// after the variant's removals.
func (s *Scenario) PoolNeeds(p int, d *Side, v string) []PoolNeed {
	c := s.Coll
	deal := DealFor(p, v)
	left := func(pool string, have int) (int, int) {
		rm := 0
		if v == CoOp {
			rm += c.NonCoop[pool]
		}
		if v == PG && pool == "crossroads" || v == NoMature {
			rm += c.Mature[pool]
		}
		rm = min(rm, have)
		return have - rm, rm
	}
	var out []PoolNeed
	add := func(pool string, need, have int, why string) {
		h, rm := left(pool, have)
		out = append(out, PoolNeed{Pool: pool, Path: "/cards/" + pool, Need: need, Have: h, Why: why, Removed: rm})
	}
	add("starter-items", deal.StarterItems, sum(c.Starter), fmt.Sprintf("%d per player", deal.StarterPer))
	add("survivors", deal.SurvivorsDealt, c.Survivors, "4 dealt per player")
	if deal.Betrayal > 0 {
		// Co-op and no-secret-objectives deal none.
		nbWhy := "2 per player"
		if v == MoreBetrayal {
			nbWhy = "1 per player (more-betrayal)"
		}
		out = append(out, PoolNeed{Pool: "secret-objectives (non-Betrayal)", Path: "/cards/secret-objectives/non-betrayal", Need: deal.NonBetrayal, Have: c.NonBetrayal, Why: nbWhy},
			PoolNeed{Pool: "secret-objectives (Betrayal)", Path: "/cards/secret-objectives/betrayal", Need: deal.Betrayal, Have: c.Betrayal, Why: "1 only"})
	}
	add("crisis", d.Round, sum(c.Crisis), "1 revealed per round")
	// "Player Turns (1st Player, clockwise) = previous Player Crossroad
	// card": every Player Turn draws one, so the first round draws one per
	// player. The text says nothing of a Crossroads deck running out, so
	// no more is asked.
	add("crossroads", p, c.Crossroads, "1 drawn at each Player Turn: 1 per player in the first round")
	return out
}

// checkPools: every pool is large enough for every player count in range
// and every declared variant, on each side.
func checkPools(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	reported := map[string]bool{}
	variants := append([]string{""}, s.Variants...)
	for _, d := range s.Sides() {
		for _, v := range variants {
			for _, p := range s.Players() {
				for _, n := range s.PoolNeeds(p, d, v) {
					if n.Need <= n.Have || reported[n.Pool+"|"+v] {
						continue
					}
					reported[n.Pool+"|"+v] = true
					msg := fmt.Sprintf("%s: with %d players the %s game needs %d (%s), but the collection holds %d", n.Pool, p, VariantLabel(v), n.Need, n.Why, n.Have)
					if n.Removed > 0 {
						msg += fmt.Sprintf(" once the variant removes %d", n.Removed)
					}
					if n.Pool == "crisis" {
						msg += fmt.Sprintf(" (the %s side's Round track starts at %d)", d.Name, d.Round)
					}
					fs = append(fs, rules.Finding{Rule: "colony-pool-short", Ptr: s.collPtr(n.Path), Message: msg,
						Hint: "add the cards to the collection, or narrow players or variants"})
				}
			}
		}
	}
	return fs
}

// checkSetupSpace: zombies and Noise placed at setup fit their places:
// the Colony's six Entrances (filled 1→6), a Location's entrance spaces,
// at most 4 Noise per Location, and no Noise in the Colony (Noise comes
// from Searching, which only happens outside it).
func checkSetupSpace(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, d := range s.Sides() {
		zombies := map[string]int{}
		noise := map[string]int{}
		var order []string
		first := map[string]string{}
		totalZ, totalN := 0, 0
		for _, pl := range d.Setup {
			if pl.At != ColonyID && s.Location(pl.At) == nil {
				fs = append(fs, rules.Finding{Rule: "colony-setup-space", Ptr: pl.Ptr + "/at",
					Message: fmt.Sprintf("no place %q: zombies and Noise go to the colony or one of %s", pl.At, strings.Join(locationIDs(s), ", "))})
				continue
			}
			if _, ok := first[pl.At]; !ok {
				first[pl.At] = pl.Ptr
				order = append(order, pl.At)
			}
			zombies[pl.At] += pl.Zombies
			noise[pl.At] += pl.Noise
			totalZ += pl.Zombies
			totalN += pl.Noise
			if pl.Noise > 0 && pl.At == ColonyID {
				fs = append(fs, rules.Finding{Rule: "colony-setup-space", Ptr: pl.Ptr,
					Message: "Noise in the Colony: Noise is made by Searching, which happens only outside the Colony",
					Hint:    "place the Noise at a Location"})
			}
		}
		for _, at := range order {
			ptr := first[at]
			if n := noise[at]; at != ColonyID && n > NoisePerLocation {
				fs = append(fs, rules.Finding{Rule: "colony-setup-space", Ptr: ptr,
					Message: fmt.Sprintf("the %s side places %d Noise at %s; a Location holds at most %d", d.Name, n, at, NoisePerLocation)})
			}
			if at == ColonyID {
				continue // by Entrance, below
			}
			if z, spaces := zombies[at], s.Location(at).Spaces; spaces > 0 && z > spaces {
				fs = append(fs, rules.Finding{Rule: "colony-setup-space", Ptr: ptr,
					Message: fmt.Sprintf("the %s side places %s at %s, which has %s: a full place kills a Survivor", d.Name, plural(z, "zombie"), at, plural(spaces, "space"))})
			}
		}
		fs = append(fs, colonyEntranceSpace(s, d)...)
		for _, t := range []struct {
			kind string
			n    int
		}{{"zombie", totalZ}, {"noise", totalN}} {
			if have, ok := s.Coll.Tokens[t.kind]; ok && t.n > have {
				fs = append(fs, rules.Finding{Rule: "colony-setup-space", Ptr: d.Ptr + "/setup",
					Message: fmt.Sprintf("the %s side places %s at setup; the collection owns %d", d.Name, plural(t.n, t.kind+" token"), have)})
			}
		}
	}
	return fs
}

// colonyEntranceSpace: the side's setup entries fill the Colony's
// Entrances in one run, "Entrance 1,2,3,4,5,6,1...", each entry going on
// where the one before stopped; an Entrance holds entrance-spaces zombies,
// and one more kills a Survivor ("full = KIA"). The entry that overfills
// an Entrance first is reported.
func colonyEntranceSpace(s *Scenario, d *Side) []rules.Finding {
	room := s.Coll.EntranceSpaces
	if room <= 0 {
		return nil
	}
	for _, pl := range d.Setup {
		if pl.At != ColonyID || pl.Zombies == 0 {
			continue
		}
		all := ColonyEntrances(pl.Before + pl.Zombies)
		var over []string
		for i, n := range all {
			if n > room {
				over = append(over, fmt.Sprintf("Entrance %d gets %d", i+1, n))
			}
		}
		if len(over) == 0 {
			continue
		}
		msg := fmt.Sprintf("the %s side places %s in the Colony", d.Name, plural(pl.Zombies, "zombie"))
		if pl.Before > 0 {
			msg += fmt.Sprintf(" after %d from its earlier entries (they fill Entrance 1,2,3,4,5,6,1… in one run)", pl.Before)
		}
		msg += fmt.Sprintf(": %s, but an Entrance holds %d, and a full Entrance kills a Survivor", strings.Join(over, ", "), room)
		return []rules.Finding{{Rule: "colony-setup-space", Ptr: pl.Ptr, Message: msg,
			Hint: fmt.Sprintf("place at most %d zombies in the Colony (6 Entrances × %d)", Entrances*room, room)}}
	}
	return nil
}

// ColonyEntrances spreads zombies over the six Entrances in order:
// "Entrance 1,2,3,4,5,6,1...".
func ColonyEntrances(zombies int) [Entrances]int { return EntranceRun(0, zombies) }

// EntranceRun is where n zombies go when before zombies already stand in
// the Colony: the run goes on from the next Entrance.
func EntranceRun(before, n int) [Entrances]int {
	var e [Entrances]int
	if n <= 0 {
		return e
	}
	before = max(before, 0)
	// Whole rounds of six first, so a huge count costs nothing.
	for i := range e {
		e[i] = n / Entrances
	}
	for i := 0; i < n%Entrances; i++ {
		e[(before+i)%Entrances]++
	}
	return e
}

// checkCrisisSources: a Crisis asks for cards of a kind; a kind no deck
// holds can only be met by other kinds, which count against it.
func checkCrisisSources(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, k := range sortedKeys(s.Coll.Crisis) {
		if s.Coll.Crisis[k] == 0 {
			continue
		}
		if loc, st := s.Supply(k); loc+st == 0 {
			fs = append(fs, rules.Finding{Rule: "colony-crisis-no-source", Ptr: s.collPtr("/cards/crisis/" + k),
				Message: fmt.Sprintf("%s Crisis cards ask for %s cards, but no Location deck or Starter Item holds one: \"non-matching symbols count against\"", plural(s.Coll.Crisis[k], ""), k),
				Hint:    "add " + k + " cards to a Location deck, or drop those Crisis cards"})
		}
	}
	return fs
}

// checkDeckUnknown: a base Location whose board the collection does not
// describe has no known deck or spaces, so supply and space are counted
// without it.
func checkDeckUnknown(s *Scenario) []rules.Finding {
	var fs []rules.Finding
	for _, l := range s.Locations {
		if l.Source == "base" && s.Coll.Locations[l.ID] == nil {
			fs = append(fs, rules.Finding{Rule: "colony-deck-unknown", Ptr: l.Ptr,
				Message: fmt.Sprintf("the collection does not describe the %s board: its item deck and spaces are unknown, so supply and setup space leave it out", l.Name),
				Hint:    fmt.Sprintf("add locations: {%s: {spaces: N, deck: {KIND: N, ...}}} to the collection", l.ID)})
		}
	}
	return fs
}

func plural(n int, word string) string {
	if word == "" {
		return strconv.Itoa(n)
	}
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// collPtr points at a count of the collection when it is written in the
// scenario, and at the collection value otherwise (a file, or several).
func (s *Scenario) collPtr(sub string) string {
	if s.collInline != nil {
		for p := sub; p != ""; p = p[:strings.LastIndex(p, "/")] {
			if s.collInline.Lookup(p) != nil {
				return "/collection" + p
			}
		}
	}
	return "/collection"
}

// checkExile: the standard game has Exile ("Vote to Exile ... draw Exile
// Obj."); an exiled player draws an Exiled Objective, so a collection
// without one leaves an exiled player with nothing to play for.
func checkExile(s *Scenario) []rules.Finding {
	if s.Coll.Exiled > 0 || s.MaxP < 2 || s.MinP > s.MaxP {
		return nil
	}
	return []rules.Finding{{Rule: "colony-exile-objectives", Ptr: s.collPtr("/cards/exiled-objectives"),
		Message: "the standard game has Exile (an exiled player draws an Exiled Objective: \"draw Exile Obj.\"), but the collection holds no Exiled Objective cards",
		Hint:    "add exiled-objectives: N to the collection's cards"}}
}

// checkSolo: one player has nobody to vote with ("all Players vote, 1
// vote/Player", "not self") and is dealt 1 of 2 non-Betrayal and 1
// Betrayal Secret Objectives, a Betrayal with nobody to betray.
func checkSolo(s *Scenario) []rules.Finding {
	if s.MinP != 1 || s.MaxP < 1 {
		return nil
	}
	return []rules.Finding{{Rule: "colony-solo", Ptr: "/players",
		Message: "the player range allows 1 player: alone there is no vote to exile (\"all Players vote\", \"not self\"), and the Secret Objective deal is 2 non-Betrayal + 1 Betrayal for one player, so 1 game in 3 the only player is the traitor",
		Hint:    "start the range at 2, or play solo with the co-op variant"}}
}
