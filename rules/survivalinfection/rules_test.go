package survivalinfection_test

import (
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
	"github.com/zmission/zmission/source"
)

// rulebook is the raw rule text the tests quote; every quote must be in it,
// so a test cannot cite a sentence the rulebook does not have.
var rulebook = reftext.Path("003_877fd2bd2cb136b6.txt")

func quote(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(rulebook)
	if err != nil {
		// Outside the project's workspace the text is absent: the
		// arithmetic is still checked, the quote is not.
		t.Logf("the rulebook text is not here (%v); quote not checked: %q", err, s)
		return
	}
	// The text marks bold and italics with asterisks; quotes leave them out.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(data), "*", "")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("the rulebook does not say: %q", s)
	}
}

// load reads a document through lint, as the commands do.
func load(t *testing.T, doc string) (*si.Setup, *lint.Result) {
	t.Helper()
	r := lint.Bytes("setup.yaml", []byte(doc), lint.Options{})
	s, _ := r.Model.(*si.Setup)
	if s == nil {
		t.Fatalf("the document did not load: %+v", r.Diags)
	}
	return s, r
}

// rulesOf lists the findings' rules, leaving out the simulated balance
// checks (variant-unfair, variant-length): a variant made to test another
// check may well change the game's length, and balance_test.go tests them.
func rulesOf(r *lint.Result) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Rule == "variant-unfair" || d.Rule == "variant-length" {
			continue
		}
		out = append(out, d.Rule)
	}
	return out
}

const head = "format: 1\nid: t\ntitle: T\nruleset: survival-infection\n"

// The example in examples/ writes out the base game: it must be the very
// setup zmission uses when a document has no setup: section.
func TestBaseExampleIsTheBuiltInBase(t *testing.T) {
	data, err := os.ReadFile("../../examples/survival-infection/base-game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, probs := missions.Load("base-game.yaml", data, source.Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	written, fs := si.Load(doc)
	if len(fs) > 0 {
		t.Fatal(fs)
	}
	blank := func(s *si.Setup) *si.Setup {
		c := *s
		si.ForgetPlayed(&c)
		c.ID, c.Name, c.Author, c.Notes, c.Written, c.Changes, c.Fallback, c.DeckPtr = "", "", "", "", nil, nil, "", ""
		c.Players.Ptr, c.Camp.Ptr, c.Hand.Ptr, c.Redraw.Ptr, c.Bite.Ptr, c.City.Ptr = "", "", "", "", "", ""
		c.Deck = append([]si.Card(nil), s.Deck...)
		for i := range c.Deck {
			c.Deck[i].Ptr = ""
		}
		c.Chips = append([]si.Chips(nil), s.Chips...)
		for i := range c.Chips {
			c.Chips[i].Ptr = ""
		}
		c.City.Flip = append([]si.Chips(nil), s.City.Flip...)
		for i := range c.City.Flip {
			c.City.Flip[i].Ptr = ""
		}
		c.Dice = append([]si.Die(nil), s.Dice...)
		for i := range c.Dice {
			c.Dice[i].Ptr = ""
		}
		return &c
	}
	if a, b := blank(written), blank(si.Base()); !reflect.DeepEqual(a, b) {
		t.Errorf("the base example differs from the built-in base game:\n%+v\n%+v", a, b)
	}
}

func TestComponentsOfTheBox(t *testing.T) {
	quote(t, "85 SURVIVOR/ZOMBIE CHIPS")
	quote(t, "6 SURVIVAL/INFECTION PHASE CARDS")
	b := si.Base()
	total := 0
	for _, c := range b.Chips {
		total += c.Count
	}
	if total != 85 {
		t.Errorf("the base game has %d chips, the rulebook 85", total)
	}
	if b.Camp.Sets != 6 || b.Players.Min != 2 || b.Players.Max != 6 {
		t.Errorf("camp sets %d, players %d-%d; want 6 sets for 2-6 players", b.Camp.Sets, b.Players.Min, b.Players.Max)
	}
	quote(t, "The core game has only one Event card, the HIDDEN BITE.")
	events, bites := 0, 0
	for _, c := range b.Deck {
		if c.Type == si.Event {
			events += c.Count
		}
		if c.HiddenBite {
			bites += c.Count
			if c.Type != si.Event || c.Name != "Hidden Bite" {
				t.Errorf("the Hidden Bite is %+v", c)
			}
		}
	}
	if events != 1 || bites != 1 {
		t.Errorf("%d Events and %d Hidden Bites, want 1 and 1", events, bites)
	}
}

func TestStartingCamp(t *testing.T) {
	quote(t, "Each player is given a Phase Card, an APARTMENT BUILDING-STARTING HIDEOUT card, and a NO HIDEOUT-ZOMBIE card as well as a 10 Survivor Chip.")
	b := si.Base()
	if !reflect.DeepEqual(b.Camp.Chips, []int{10}) || b.Camp.Hideout != "Apartment Building" {
		t.Errorf("camp %+v", b.Camp)
	}
}

// The City Center after setup, derived from the rule for each player count.
func TestCityCenterAfterSetup(t *testing.T) {
	quote(t, "Place all of the Survivor/Zombie Chips in the center of the table (Survivor side up). Leave room next to the Draw Pile for a Discard Pile. For every player less than 6, flip over one 10 and three 5 Chips to their Zombie side. This forms the City Center.")
	b := si.Base()
	tens, _ := b.ChipCount(10)
	fives, _ := b.ChipCount(5)
	for n := 2; n <= 6; n++ {
		missing := 6 - n
		got := map[int]si.Center{}
		for _, c := range b.CityCenter(n) {
			got[c.Value] = c
		}
		// Each Camp took one 10; one 10 and three 5s flipped per missing player.
		if want := (si.Center{Value: 10, Survivors: tens.Count - n - missing, Zombies: missing}); got[10] != want {
			t.Errorf("%d players: 10s %+v, want %+v", n, got[10], want)
		}
		if want := (si.Center{Value: 5, Survivors: fives.Count - 3*missing, Zombies: 3 * missing}); got[5] != want {
			t.Errorf("%d players: 5s %+v, want %+v", n, got[5], want)
		}
	}
	// "less than 6": a variant for 8 flips nothing beyond the full table.
	s, r := load(t, head+"changes:\n  players: {max: 8}\n  camp: {sets: 8}\n")
	if len(rulesOf(r)) != 0 {
		t.Fatalf("findings %v", rulesOf(r))
	}
	for _, c := range s.CityCenter(8) {
		if c.Zombies != 0 {
			t.Errorf("8 players: %d Zombies of value %d", c.Zombies, c.Value)
		}
	}
}

func TestOpenSymbolFilter(t *testing.T) {
	quote(t, "In a 2-3 player game only cards with the open symbol in the bottom left corner are used. Return the cards with the closed symbol to the box.")
	b := si.Base()
	open, all := 0, 0
	for _, c := range b.Deck {
		if c.HiddenBite {
			continue
		}
		all += c.Count
		if !c.Closed {
			open += c.Count
		}
	}
	for n := 2; n <= 6; n++ {
		f := b.Filter(n)
		want := all
		if n <= 3 {
			want = open
		}
		if f.Cards != want || f.OpenOnly != (n <= 3) || f.Bites != 1 {
			t.Errorf("%d players: %+v, want %d cards", n, f, want)
		}
	}
}

func TestDealAndPiles(t *testing.T) {
	quote(t, "Set the HIDDEN BITE card aside. Shuffle and deal 5 Survival Infection cards to each player. Then, split the remaining cards into 2 approximately equal facedown piles. Next, shuffle the HIDDEN BITE card into the second pile.")
	b := si.Base()
	for n := 2; n <= 6; n++ {
		p, rest := b.Piles(n)
		f := b.Filter(n)
		if p.Dealt != 5*n || rest != f.Cards-5*n || p.First+p.Second != rest {
			t.Errorf("%d players: %+v rest %d of %d cards", n, p, rest, f.Cards)
		}
		if d := p.Second - p.First; d < 0 || d > 1 {
			t.Errorf("%d players: piles %d and %d are not approximately equal", n, p.First, p.Second)
		}
	}
}

func TestDiceFaces(t *testing.T) {
	b := si.Base()
	count := func(d *si.Die) map[string]int {
		m := map[string]int{}
		for _, f := range d.Faces {
			m[f.String()]++
		}
		return m
	}
	quote(t, "The black 6-sided Base Die has two 1s, two 2s, one 3, and a single Blank (equal to 0) side.")
	if got := count(b.Die("base")); !reflect.DeepEqual(got, map[string]int{"1": 2, "2": 2, "3": 1, "blank": 1}) {
		t.Errorf("base die %v", got)
	}
	quote(t, "The orange 6-sided Survival Die has two 1s, two 2s, one 3, and one Survival Symbol")
	if got := count(b.Die("survival")); !reflect.DeepEqual(got, map[string]int{"1": 2, "2": 2, "3": 1, "symbol": 1}) {
		t.Errorf("survival die %v", got)
	}
	quote(t, "The green 6-sided Infection Die has one 1, one 2, two 3s, and two Infection Symbols")
	if got := count(b.Die("infection")); !reflect.DeepEqual(got, map[string]int{"1": 1, "2": 1, "3": 2, "symbol": 2}) {
		t.Errorf("infection die %v", got)
	}
}

// The sentence of the rulebook each check stands on.
var checkQuotes = map[string][]string{
	"camp-range":        {"6 SURVIVAL/INFECTION PHASE CARDS", "If at any point only one Camp has Characters and/or Survivors remaining they are the winner."},
	"deck-short":        {"Shuffle and deal 5 Survival Infection cards to each player. Then, split the remaining cards into 2 approximately equal facedown piles."},
	"hidden-bite-count": {"The core game has only one Event card, the HIDDEN BITE.", "only cards with the open symbol in the bottom left corner are used"},
	"hidden-bite-early": {"This puts the trigger for the Infection Phase somewhere randomly in the second half of the deck."},
	"chips-short":       {"For every player less than 6, flip over one 10 and three 5 Chips to their Zombie side.", "as well as a 10 Survivor Chip"},
	"chips-change": {"When making change take care to keep the count of the remaining Survivors correct as they are a finite resource.",
		"Amy returns 1 Survivor to the City Center.", "Shawn takes 8 Survivors from the City Center."},
	"variant-card":     {"If a card's text conflicts with the core game rules presented here, the card text is to be followed."},
	"die-faces":        {"The black 6-sided Base Die", "The orange 6-sided Survival Die", "The green 6-sided Infection Die"},
	"card-no-type":     {"There are 5 different types of Survival Infection cards"},
	"card-duplicate":   {"There are 5 different types of Survival Infection cards"},
	"hidden-bite-type": {"The core game has only one Event card, the HIDDEN BITE.", "Once an Event is played it is removed from the game."},
	"infection-die-harmless": {"A positive result is the total number of Survivors killed by the undead.",
		"The green 6-sided Infection Die has one 1, one 2, two 3s, and two Infection Symbols"},
	"outcome-impossible": {"If at any point a Camp has 0 Characters/ Survivors they can no longer win as a Survivor.",
		"A player who has joined the undead will roll the Base Die without any modifiers on their turn. The number they roll represents the number of Survivors killed in the other Camp(s).",
		"If the last remaining Camps are knocked out via Undead Reckoning on the same roll the Zombies Win!"},
	// Not a rule of the game: a range that allows no player count leaves
	// every count-dependent rule without a count to apply to.
	"players-backwards": {"The starting amount of Survivors varies by the number of players"},
}

// Each check, on a document that breaks exactly what it checks.
func TestChecksFire(t *testing.T) {
	for _, qs := range checkQuotes {
		for _, q := range qs {
			quote(t, q)
		}
	}
	for _, c := range []struct {
		name, doc, want string
	}{
		{"one player", "changes:\n  players: {min: 1}\n", "camp-range"},
		{"upside down", "changes:\n  players: {min: 5, max: 4}\n", "players-backwards"},
		{"more camps than sets", "changes:\n  players: {max: 7}\n", "camp-range"},
		// 36 open cards: 7 each for 3 players is 21, leaving 15: fine; 12 each is 36, leaving 0.
		{"deal too big", "changes:\n  hand: 12\n", "deck-short"},
		{"two bites", "changes:\n  add:\n    - {card: Hidden Bite, count: 1}\n", "hidden-bite-count"},
		{"no bite", "changes:\n  remove:\n    - {card: Hidden Bite}\n", "hidden-bite-count"},
		{"dealt bite", "changes:\n  hidden-bite: {set-aside: false}\n", "hidden-bite-early"},
		{"first pile", "changes:\n  hidden-bite: {into: first-pile}\n", "hidden-bite-early"},
		// 2 players: 2 Camps + 4 flipped 10s = 6; 12 flipped 5s.
		{"fives short", "changes:\n  chips:\n    - {value: 5, count: 11}\n", "chips-short"},
		{"no such value", "changes:\n  camp: {chips: [20]}\n", "chips-short"},
		{"tens and fives only", "changes:\n  chips:\n    - {value: 1, count: 0}\n", "chips-change"},
		{"remove too many", "changes:\n  remove:\n    - {card: Doctor, count: 2}\n", "variant-card"},
		{"edit unknown", "changes:\n  edit:\n    - {card: Nurse, count: 2}\n", "variant-card"},
		{"add as other type", "changes:\n  add:\n    - {card: Shotgun, type: action}\n", "variant-card"},
		{"seven faces", "changes:\n  dice:\n    - {die: base, faces: [1, 1, 2, 2, 3, 4, blank]}\n", "die-faces"},
		{"listed twice", "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: A, type: action, count: 20}\n    - {card: A, type: action, count: 20}\n", "card-duplicate"},
		{"no type", "setup:\n  deck:\n    - {card: Hidden Bite, type: event, count: 1, hidden-bite: true}\n    - {card: Thing, count: 40}\n", "card-no-type"},
		{"bite as action", "changes:\n  edit:\n    - {card: Hidden Bite, type: action}\n", "hidden-bite-type"},
		// Every face -3: the Base Die's best, 3, brings the roll to 0 at most.
		{"harmless infection", "changes:\n  dice:\n    - {die: infection, faces: [-3, -3, -3, -3, -3, -3]}\n", "infection-die-harmless"},
		{"camps without survivors", "changes:\n  camp: {chips: []}\n", "outcome-impossible"},
		{"undead never kill", "changes:\n  dice:\n    - {die: base, faces: [blank, blank, blank, -1, -1, -1]}\n", "outcome-impossible"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := lint.Bytes("setup.yaml", []byte(head+c.doc), lint.Options{})
			if checkQuotes[c.want] == nil {
				t.Fatalf("no rule text quoted for %s", c.want)
			}
			got := rulesOf(r)
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("findings %v, want exactly [%s]", got, c.want)
				for _, d := range r.Diags {
					t.Log(d.Message)
				}
			}
		})
	}
	// The edges that must stay clean: exactly enough chips (six 10s at
	// every count, twelve 5s at 2 players) and cards (56 cards for 6
	// players: 30 dealt, 26 left).
	for _, doc := range []string{
		"changes:\n  chips:\n    - {value: 10, count: 6}\n    - {value: 5, count: 12}\n",
		"changes:\n  players: {min: 4}\n  hand: 9\n", // 6 players: 54 dealt of 56, 2 left
		// -2 faces: the Base Die's 3 still makes a roll of 1, which kills.
		"changes:\n  dice:\n    - {die: infection, faces: [-2, -2, -2, -2, -2, -2]}\n",
		// A Base Die with one positive face still lets the undead kill.
		"changes:\n  dice:\n    - {die: base, faces: [blank, blank, blank, -1, -1, 1]}\n",
	} {
		r := lint.Bytes("setup.yaml", []byte(head+doc), lint.Options{})
		if len(rulesOf(r)) != 0 {
			t.Errorf("%s: findings %v", doc, rulesOf(r))
		}
	}
	r := lint.Bytes("setup.yaml", []byte(head+"changes:\n  players: {min: 4}\n  hand: 10\n"), lint.Options{})
	if got := rulesOf(r); len(got) != 1 || got[0] != "deck-short" {
		t.Errorf("hand 10 at 6 players (60 of 56 cards): %v", got)
	}
}

// The Hidden Bite is the one Event of the core game: typed otherwise by a
// variant, it is still counted (and played) as an Event.
func TestHiddenBiteCountsAsEvent(t *testing.T) {
	quote(t, "The core game has only one Event card, the HIDDEN BITE.")
	s, r := load(t, head+"changes:\n  edit:\n    - {card: Hidden Bite, type: reaction}\n")
	if got := rulesOf(r); len(got) != 1 || got[0] != "hidden-bite-type" {
		t.Fatalf("findings %v", got)
	}
	a := si.Analyze(s, rules.AnalyzeOptions{Seed: 1, Runs: 10})
	base := si.Analyze(si.Base(), rules.AnalyzeOptions{Seed: 1, Runs: 10})
	if a.Deck.ByType[si.Event] != 1 || !reflect.DeepEqual(a.Deck.ByType, base.Deck.ByType) {
		t.Errorf("by type %v, want the base game's %v (one Event)", a.Deck.ByType, base.Deck.ByType)
	}
}

// A grouped message names several player counts: every figure in it must
// hold at each of them. The need is derived from the rule for each count.
func TestGroupedMessagesHoldAtEveryCount(t *testing.T) {
	quote(t, "For every player less than 6, flip over one 10 and three 5 Chips to their Zombie side.")
	quote(t, "as well as a 10 Survivor Chip")
	group := regexp.MustCompile(`^with (\d+)(?:–(\d+))? players the setup needs (?:up to )?(\d+) chips of value 10(?: \(with (\d+) players\))?`)
	for _, c := range []struct {
		doc        string
		campTens   int // 10 chips each Camp takes
		have, maxN int
	}{
		// Two 10 chips per Camp and 10 in the box: 11 at 5 players, 12 at 6.
		{"changes:\n  camp: {chips: [10, 10]}\n  chips:\n    - {value: 10, count: 10}\n", 2, 10, 6},
		// Seven players with five 10 chips: 6 at 2-6 players, 7 at 7.
		{"changes:\n  players: {max: 7}\n  camp: {sets: 7}\n  chips:\n    - {value: 10, count: 5}\n", 1, 5, 7},
	} {
		_, r := load(t, head+c.doc)
		if got := rulesOf(r); len(got) != 1 || got[0] != "chips-short" {
			t.Fatalf("%s: findings %v", c.doc, rulesOf(r))
		}
		msg := r.Diags[0].Message
		m := group.FindStringSubmatch(msg)
		if m == nil {
			t.Fatalf("message not understood: %s", msg)
		}
		lo, _ := strconv.Atoi(m[1])
		hi := lo
		if m[2] != "" {
			hi, _ = strconv.Atoi(m[2])
		}
		said, _ := strconv.Atoi(m[3])
		need := func(n int) int { return c.campTens*n + max(0, 6-n) }
		worst := 0
		for n := 2; n <= c.maxN; n++ { // the base range starts at 2
			if short := need(n) > c.have; short != (n >= lo && n <= hi) {
				t.Errorf("%s: %d players short %v, but the message names %d–%d", msg, n, short, lo, hi)
			}
			if n >= lo && n <= hi {
				worst = max(worst, need(n))
			}
		}
		if said != worst {
			t.Errorf("%s: says %d, the worst count needs %d", msg, said, worst)
		}
		if at, _ := strconv.Atoi(m[4]); m[4] != "" && need(at) != said {
			t.Errorf("%s: names %d players, which need %d", msg, at, need(at))
		}
	}
}

// Chips must make change for every amount a roll or card moves: the
// worked examples move 1 ("Amy returns 1 Survivor") to 8 ("Shawn takes 8
// Survivors"). The finding names the smallest amount the chips cannot pay.
func TestChipsMakeChange(t *testing.T) {
	for _, q := range checkQuotes["chips-change"] {
		quote(t, q)
	}
	const fewest, most = 1, 8 // Amy's and Shawn's
	for _, c := range []struct {
		chips string
		cant  int // the smallest amount from fewest to most the chips cannot make; 0: none
	}{
		{"    - {value: 1, count: 0}\n", 1},                             // 10s and 5s: 5 and 10 only
		{"    - {value: 1, count: 3}\n", 4},                             // 1, 2, 3, then 5 = 5
		{"    - {value: 1, count: 2}\n    - {value: 2, count: 1}\n", 0}, // 1, 2, 3 = 2+1, 4 = 2+1+1, 5, 6 = 5+1, 7, 8 = 5+2+1
		{"    - {value: 1, count: 0}\n    - {value: 2, count: 9}\n", 1}, // evens only
		{"    - {value: 1, count: 1}\n    - {value: 3, count: 1}\n", 2}, // one 1 chip: 2 cannot be paid
	} {
		_, r := load(t, head+"changes:\n  chips:\n"+c.chips)
		var msgs []string
		for _, d := range r.Diags {
			if d.Rule == "chips-change" {
				msgs = append(msgs, d.Message)
			}
		}
		want := 0
		if c.cant >= fewest && c.cant <= most {
			want = 1
		}
		if len(msgs) != want {
			t.Errorf("%s: %q", c.chips, msgs)
			continue
		}
		if want == 1 && !strings.Contains(msgs[0], "make change for "+strconv.Itoa(c.cant)+" Survivor") {
			t.Errorf("%s: %q, want the amount %d", c.chips, msgs[0], c.cant)
		}
	}
}
