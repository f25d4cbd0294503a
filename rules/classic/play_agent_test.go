package classic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
)

// A rule that fires when any Objective is taken (when: {take: all}) makes
// every Objective worth taking, as taking one fires it: the agent and
// the game read the trigger alike.
func TestAgentWantsTheObjectiveARuleWaitsFor(t *testing.T) {
	text := gridplaytest.Replace(t, exampleText(t, "night-shift"),
		"rules:\n", "rules:\n  - when: {take: all}\n    then: [{activate: red}]\n")
	s := newGame(t, text, 1)
	for i := range s.met {
		s.met[i] = 1 // no objective asks for a token now
	}
	r := len(s.m.rules) - 1
	for i, rule := range s.m.rules {
		if rule.When != nil && rule.When.Take == "all" {
			r = i
		}
	}
	if !s.wanted(0) {
		t.Fatal("the agent does not want the Objective the take: all rule waits for")
	}
	s.takeObjective(0, 0)
	if !s.fired[r] {
		t.Fatal("taking an Objective did not fire the take: all rule")
	}
	if s.wanted(1) {
		t.Fatal("the agent still wants an Objective once the rule has fired")
	}
}

// noStartingOpener is the default decks without the Starting Equipment's
// door-opening weapons.
func noStartingOpener() *Decks {
	d := *DefaultDecks()
	d.Starting = nil
	for _, c := range DefaultDecks().Starting {
		if !c.Weapon.OpensDoors {
			d.Starting = append(d.Starting, c)
		}
	}
	return &d
}

// A door-opener the mission gives (equipment: [door-opener], or a rule's
// grant) is a card no deck still holds, and the card it displaces from
// the Hand is kept.
func TestMissionDoorOpenerIsNoCopyOfADeckCard(t *testing.T) {
	text := gridplaytest.Replace(t, exampleText(t, "night-shift"), "tileset: city\n", "equipment: [door-opener]\ntileset: city\n")
	m, err := NewModel(playScene(t, text), noStartingOpener())
	if err != nil {
		t.Fatal(err)
	}
	s := newState(m, 1, rand.New(rand.NewPCG(1, 2)))
	if !s.holdsOpener(0) {
		t.Fatal("the team holds no door-opener")
	}
	held := map[int16]bool{}
	sv := &s.surv[0]
	for _, c := range append(sv.hands[:], sv.pack[:sv.npack]...) {
		if c >= 0 {
			held[c] = true
		}
	}
	for _, c := range append(slices.Clone(s.edeck), s.edisc...) {
		if held[c] {
			t.Fatalf("%s is both held and in the Equipment deck", s.card(c).Name)
		}
	}
	if got := len(held) + len(s.edeck) + len(s.edisc); got != len(m.decks.Equipment)+len(m.decks.Starting) {
		t.Fatalf("%d cards held or in the deck, want the %d Equipment and Starting cards", got, len(m.decks.Equipment)+len(m.decks.Starting))
	}

	// A grant: the Pistol it displaces goes to the Backpack.
	text = gridplaytest.Replace(t, exampleText(t, "night-shift"), "rules:\n", "rules:\n  - when: {take: red}\n    then: [{grant: door-opener}]\n")
	s = newGame(t, text, 1)
	s.arm(t, 0, "Pan", "Pistol")
	s.takeObjective(0, 0)
	if !s.holdsOpener(0) {
		t.Fatal("the grant gave no door-opener")
	}
	if s.surv[0].npack != 1 || s.card(s.surv[0].pack[0]).Name != "Pistol" {
		t.Fatalf("the Pistol the grant displaced is lost: Backpack %v", s.surv[0].pack[:s.surv[0].npack])
	}

	// Another Survivor holds the Starting Equipment's door-openers: the
	// grant gives none of them again.
	s = newGame(t, text, 2)
	d := s.m.decks
	var starting []int16
	for k, c := range d.Starting {
		if c.Weapon.OpensDoors {
			starting = append(starting, int16(len(d.Equipment)+k))
		}
	}
	s.surv[1].hands = [2]int16{starting[0], starting[1]}
	s.surv[1].npack = 0
	s.arm(t, 0, "Pan", "Pistol")
	s.takeObjective(0, 0)
	if c := s.surv[0].hands[1]; !s.holdsOpener(0) || c == starting[0] || c == starting[1] {
		t.Fatalf("the grant gave %d, a copy of a card another Survivor holds", c)
	}
	if slices.Contains(s.edeck, s.surv[0].hands[1]) || slices.Contains(s.edisc, s.surv[0].hands[1]) {
		t.Fatal("the granted card is still in the Equipment deck")
	}
}

// A rule fired by a round, not by a Survivor, still gives the team its
// door-opener ("grant: ITEM | the team gains an item", docs/mission-format.md).
func TestRoundRuleGrantsTheTeamADoorOpener(t *testing.T) {
	text := gridplaytest.Replace(t, exampleText(t, "night-shift"), "rules:\n", "rules:\n  - when: {round: 2}\n    then: [{grant: door-opener}]\n")
	m, err := NewModel(playScene(t, text), noStartingOpener())
	if err != nil {
		t.Fatal(err)
	}
	s := newState(m, 2, rand.New(rand.NewPCG(1, 2)))
	if s.groupOpener() {
		t.Fatal("the team holds a door-opener before the rule fires")
	}
	s.round = 2
	s.StartRound()
	if !s.groupOpener() {
		t.Fatal("the round's grant gave the team no door-opener")
	}
}
