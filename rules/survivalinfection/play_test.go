package survivalinfection

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
)

// The whole-game model, rule by rule: each test sets a table up by hand,
// with dice that show one face, and quotes the sentence it checks.

func quoteRule(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path("003_877fd2bd2cb136b6.txt"))
	if err != nil {
		t.Logf("the rulebook text is not here (%v); quote not checked: %q", err, s)
		return
	}
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(data), "*", "")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("the rulebook does not say: %q", s)
	}
}

// setTable is a base-game match with n players, set up, every Camp with 10
// Survivors, and dice that always show the given faces.
func setTable(t *testing.T, n int, base, surv, inf Face) *match {
	t.Helper()
	g := newMatch(Base(), n, rand.New(rand.NewPCG(1, 2)))
	if !g.playable() {
		t.Fatal("the base game cannot be played")
	}
	g.setup()
	g.base, g.surv, g.inf = []Face{base}, []Face{surv}, []Face{inf}
	return g
}

// card adds a deck entry of the given type and text and returns its index.
func (g *match) card(typ, name, text string) int16 {
	g.fx = append(g.fx, effectOf(Card{Name: name, Type: typ, Text: text, Count: 1}))
	return int16(len(g.fx) - 1)
}

func TestSurvivalRollDoubles(t *testing.T) {
	quoteRule(t, "When the Survival Symbol is rolled calculate the dice and modifiers as normal then double the result.")
	quoteRule(t, "He rolls a 2 and . He adds the Survival Phase modifier of +1 and the +1 Survival Die modifier to the Base Die result of 2 which brings his total to 4. Shawn then doubles it bringing his total to 8.")
	g := setTable(t, 4, Face{N: 2}, Face{Symbol: true}, Face{N: 1})
	g.survDie = 0
	before, city := g.seats[0].surv, g.city
	g.roll(0)
	if got := g.seats[0].surv - before; got != 8 || g.city != city-8 {
		t.Errorf("Shawn takes %d Survivors, want 8 (City Center %d → %d)", got, city, g.city)
	}
	// "Pass the Survival Die if you have it to another Camp in the
	// Survival Phase."
	if g.survDie == 0 {
		t.Error("the Survival Die was kept with other Camps in the Survival Phase")
	}
}

func TestNoHideoutRollsBaseOnly(t *testing.T) {
	quoteRule(t, "She rolls just the Base Die and does not roll the Survival Die as per the NO HIDEOUT. She rolls a 1 then applies the -2 modifier for having NO HIDEOUT giving her a -1. Amy returns 1 Survivor to the City Center.")
	g := setTable(t, 4, Face{N: 1}, Face{N: 3}, Face{N: 1})
	g.survDie, g.seats[0].hideout = 0, hideNone
	before, city := g.seats[0].surv, g.city
	g.roll(0)
	if g.seats[0].surv != before-1 || g.city != city+1 {
		t.Errorf("Amy has %d Survivors (had %d), City Center %d (was %d)", g.seats[0].surv, before, g.city, city)
	}
}

func TestInfectionRoll(t *testing.T) {
	quoteRule(t, "He rolls the die and gets a 1 and adds +2 from his Hideout's phase modifier, ignoring the +3 Infection Die modifier because he does not have it, giving him a total of 3. Rene flips 3 Survivor Chips to their Zombie side and returns them to the City Center.")
	g := setTable(t, 4, Face{N: 1}, Face{N: 1}, Face{N: 3})
	g.seats[0].infect, g.seats[0].hideout = true, g.card(Hideout, "Emergency Shelter", "Infection +2, Infection Die +3")
	g.infDie = 1
	g.roll(0)
	if g.seats[0].surv != 7 {
		t.Errorf("Rene has %d Survivors, want 10 − 3", g.seats[0].surv)
	}

	quoteRule(t, "Subtracting 2 from the blank (0) equals -2. When doubled, this gives her a total of -4. In the Infection Phase a negative score is a good thing. The City Center has 3 remaining Survivors that migrate to her Camp. The 4th is ignored because there are no more Survivors left in the City Center.")
	g = setTable(t, 4, Face{Blank: true}, Face{N: 1}, Face{Symbol: true})
	g.seats[0].infect, g.seats[0].hideout = true, g.card(Hideout, "The Prison", "Infection -2")
	g.infDie, g.city = 0, 3
	g.roll(0)
	if g.seats[0].surv != 13 || g.city != 0 {
		t.Errorf("Kat has %d Survivors and the City Center %d, want 13 and 0", g.seats[0].surv, g.city)
	}
	// "Pass the Infection Die to another Camp of your choice."
	if g.infDie == 0 {
		t.Error("the Infection Die was not passed")
	}
}

func TestHiddenBiteStartsTheInfectionPhase(t *testing.T) {
	quoteRule(t, "The Infection Die enters the game when the HIDDEN BITE Event card is played on a Camp. When a Camp is given the Infection Die for the first time, they turn their Phase Card to the Infection Side. If they have the Survival Die they must give it to an eligible Camp.")
	g := setTable(t, 3, Face{N: 1}, Face{N: 1}, Face{N: 1})
	g.seats[1].surv = 30 // the leader, and the Bite's target
	g.survDie = 1
	g.draw = append(g.draw[:0], g.bite)
	g.seats[0].hand = g.seats[0].hand[:0]
	if !g.redraw(0) {
		t.Fatal("drawing the Hidden Bite did not take the place of the Take Action")
	}
	if g.infDie != 1 || !g.seats[1].infect || g.seats[0].infect || g.seats[2].infect {
		t.Errorf("Infection Die with seat %d; phases %v %v %v", g.infDie, g.seats[0].infect, g.seats[1].infect, g.seats[2].infect)
	}
	if g.survDie == 1 {
		t.Error("the bitten Camp kept the Survival Die")
	}
}

func TestRedrawReshufflesTheDiscards(t *testing.T) {
	quoteRule(t, "Draw until you have 6 cards in your hand. If you need to draw a card and there are none left, shuffle the Discard Pile to reform the Draw Pile.")
	g := setTable(t, 4, Face{N: 1}, Face{N: 1}, Face{N: 1})
	kill := g.card(Action, "-2 Survivors", "")
	g.draw, g.disc = g.draw[:0], append(g.disc[:0], kill, kill, kill)
	g.seats[0].hand = append(g.seats[0].hand[:0], kill, kill, kill, kill)
	g.redraw(0)
	if len(g.seats[0].hand) != 6 || len(g.draw) != 1 || len(g.disc) != 0 {
		t.Errorf("hand %d, draw %d, discards %d", len(g.seats[0].hand), len(g.draw), len(g.disc))
	}
}

func TestReactionsLessenTheLoss(t *testing.T) {
	quoteRule(t, "Lynn has a ZOMBIE APOCALYPSE (-4 Survivors) played on him. Christine offers to help with the FIRST AID Reaction. Lynn has the DOCTOR Character who 'doubles the effectiveness of First Aid' so he only loses 2 Survivors instead of 4.")
	g := setTable(t, 4, Face{N: 1}, Face{N: 1}, Face{N: 1})
	apoc := g.card(Action, "Zombie Apocalypse", "-4 Survivors")
	aid := g.card(Reaction, "First Aid", "")
	g.seats[1].hand = append(g.seats[1].hand[:0], aid)
	g.seats[1].chars = append(g.seats[1].chars, g.card(Character, "Doctor", "doubles the effectiveness of First Aid"))
	g.playAction(0, 1, apoc)
	if g.seats[1].surv != 8 {
		t.Errorf("Lynn has %d Survivors, want 10 − 2", g.seats[1].surv)
	}

	quoteRule(t, "An Escaping Camp that is the single Target of an Action is considered unaffected by the Action and any Reaction modifications.")
	esc := g.card(Reaction, "Escape", "")
	g.seats[2].hand = append(g.seats[2].hand[:0], esc, aid)
	g.playAction(0, 2, apoc)
	if g.seats[2].surv != 10 || len(g.seats[2].hand) != 1 {
		t.Errorf("the escaping Camp has %d Survivors and %d cards", g.seats[2].surv, len(g.seats[2].hand))
	}
}

func TestCharactersAreLostAfterSurvivors(t *testing.T) {
	quoteRule(t, "Once a Camp runs out of Survivors the remaining Characters become Survivors for the sake of losses from die rolls, Action, Event, and Reaction Cards.")
	g := setTable(t, 3, Face{N: 1}, Face{N: 1}, Face{N: 1})
	ch := g.card(Character, "Doctor", "")
	g.seats[1].surv, g.seats[1].chars = 1, append(g.seats[1].chars, ch, ch)
	g.lose(1, 2, false)
	if g.seats[1].surv != 0 || len(g.seats[1].chars) != 1 || g.seats[1].out {
		t.Errorf("after losing 2: %d Survivors, %d Characters, out %v", g.seats[1].surv, len(g.seats[1].chars), g.seats[1].out)
	}
}

func TestKnockedOutCampsJoinTheUndead(t *testing.T) {
	quoteRule(t, "If at any point a Camp has 0 Characters/ Survivors they can no longer win as a Survivor. They must immediately discard their hand. Their Hideout is Destroyed")
	g := setTable(t, 3, Face{N: 3}, Face{N: 1}, Face{N: 1})
	hand := len(g.seats[1].hand)
	disc := len(g.disc)
	g.lose(1, 10, false)
	if !g.seats[1].out || len(g.seats[1].hand) != 0 || len(g.disc) != disc+hand || g.seats[1].hideout != hideNone || g.camps != 2 {
		t.Errorf("knocked out: %+v, discards %d → %d", g.seats[1], disc, len(g.disc))
	}

	quoteRule(t, "A player who has joined the undead will roll the Base Die without any modifiers on their turn. The number they roll represents the number of Survivors killed in the other Camp(s).")
	quoteRule(t, "Once all Survivors from all Camps are gone the undead player starts killing Characters.")
	ch := g.card(Character, "Doctor", "")
	g.seats[0].surv, g.seats[0].chars = 1, append(g.seats[0].chars, ch)
	g.seats[2].surv = 5
	g.seats[2].hideout = g.card(Hideout, "The Prison", "Infection -2") // modifiers play no part
	g.undead(1)
	// 3 killed: the 1 Survivor of seat 0 (fewest), then 2 of seat 2's,
	// before any Character.
	if g.seats[0].surv != 0 || len(g.seats[0].chars) != 1 || g.seats[2].surv != 3 {
		t.Errorf("after the undead roll: seat 1 %d+%d, seat 3 %d", g.seats[0].surv, len(g.seats[0].chars), g.seats[2].surv)
	}
}

func TestZombiesWinOnOneRoll(t *testing.T) {
	quoteRule(t, "If the last remaining Camps are knocked out via Undead Reckoning on the same roll the Zombies Win!")
	quoteRule(t, "Play continues until there is only one Camp with Survivors and/or Characters. The remaining player is the Winner!")
	// Seat 1 is undead; seats 2 and 3 have one Survivor each; the Base Die
	// shows 3 on every roll. Seat 1 plays first: its roll knocks both out.
	g := setTable(t, 3, Face{N: 3}, Face{N: 1}, Face{N: 1})
	g.seats[0].out, g.camps = true, 2
	g.seats[1].surv, g.seats[2].surv = 1, 1
	g.undead(0)
	if g.camps != 0 || !g.undeadRoll {
		t.Fatalf("camps %d, undead roll %v", g.camps, g.undeadRoll)
	}
	// Two Survivors on one Camp, one on the other: one Camp survives
	// the roll of 2 and wins.
	g = setTable(t, 3, Face{N: 2}, Face{N: 1}, Face{N: 1})
	g.seats[0].out, g.camps = true, 2
	g.seats[1].surv, g.seats[2].surv = 1, 2
	g.undead(0)
	if g.camps != 1 || g.seats[1].out == g.seats[2].out {
		t.Errorf("camps %d", g.camps)
	}
}

// Whole games end as the text says: one Camp left, or the Zombies' roll;
// each game has its own stream, so the first games of a longer run are
// the same games.
func TestWholeGamesEnd(t *testing.T) {
	s := Base()
	for _, n := range s.Counts() {
		a, b := s.playCount(n, 5, 200, workBudgetGames), s.playCount(n, 5, 200, workBudgetGames)
		if a.Games != 200 || a.Rounds != b.Rounds || a.Zombies != b.Zombies {
			t.Fatalf("%d players: the same seed played two ways", n)
		}
		won := a.Zombies.Games
		for _, r := range a.Seats {
			won += r.Games
		}
		for _, e := range a.Endings {
			if e.How == EndUnfinished || e.How == EndAllOut {
				won += e.Games
			}
		}
		if won != a.Games {
			t.Errorf("%d players: %d of %d games have an ending", n, won, a.Games)
		}
		if a.Rounds.P10 < 1 || a.Rounds.P90 >= MaxRounds {
			t.Errorf("%d players: rounds %+v", n, a.Rounds)
		}
	}
	// Game i is game i whatever the run's length.
	src := rand.NewPCG(0, 0)
	g := newMatch(s, 4, rand.New(src))
	var first [20]result
	for i := range first {
		src.Seed(9, 4<<32|uint64(i))
		first[i] = g.play()
	}
	g2 := newMatch(s, 4, rand.New(src))
	for i := 19; i >= 0; i-- { // played in the other order
		src.Seed(9, 4<<32|uint64(i))
		if r := g2.play(); r != first[i] {
			t.Errorf("game %d: %+v, then %+v", i, first[i], r)
		}
	}
}

// Memory is flat in the number of games: playing ten times more games
// allocates no more.
func TestWholeGamesMemoryFlat(t *testing.T) {
	s := Base()
	few := testing.AllocsPerRun(3, func() { s.playCount(6, 1, 50, workBudgetGames) })
	many := testing.AllocsPerRun(3, func() { s.playCount(6, 1, 500, workBudgetGames) })
	if many > few+5 {
		t.Errorf("%v allocations for 50 games, %v for 500", few, many)
	}
}

func TestCardEffects(t *testing.T) {
	quoteRule(t, "The most basic Actions (-X Survivors) kill off Survivors, gain (+X Survivors) from the City Center or move them from one Camp to another. Rarer cards destroy Hideouts, attack everyone and even move the Phase Dice!")
	for _, c := range []struct {
		card Card
		want cardFx
	}{
		{Card{Name: "-2 Survivors", Type: Action}, cardFx{kind: fxKill, n: 2}},
		{Card{Name: "Zombie Apocalypse", Type: Action, Text: "-4 Survivors"}, cardFx{kind: fxKill, n: 4}},
		{Card{Name: "+3 Survivors", Type: Action}, cardFx{kind: fxGain, n: 3}},
		{Card{Name: "Move 2 Survivors", Type: Action}, cardFx{kind: fxMove, n: 2}},
		{Card{Name: "Run, They Are Inside", Type: Action, Text: "destroys a Hideout"}, cardFx{kind: fxDestroy}},
		{Card{Name: "Attack Everyone", Type: Action}, cardFx{kind: fxAll, n: allLoss}},
		{Card{Name: "Move a Phase Die", Type: Action}, cardFx{kind: fxDie}},
		{Card{Name: "Card 7", Type: Action}, cardFx{}},
		{Card{Name: "Escape", Type: Reaction}, cardFx{kind: fxEscape}},
		{Card{Name: "Shotgun", Type: Reaction}, cardFx{kind: fxSave, n: saveDefault}},
		{Card{Name: "Emergency Shelter", Type: Hideout, Text: "Infection +2, Infection Die +3"}, cardFx{kind: fxHideout, inf: 2, infDie: 3}},
		{Card{Name: "Hideout (open)", Type: Hideout}, apartment},
		{Card{Name: "Hidden Bite", Type: Action, HiddenBite: true}, cardFx{kind: fxBite}},
	} {
		if got := effectOf(c.card); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.card.Name, got, c.want)
		}
	}
}
