package classic

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/gridplaytest"
	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/rules/gridplay"
)

// The classic playtest's rules, each checked against the sentence of the
// raw Actions chapter it models (playQuote fails when the text does not
// say it; digestQuote, the project's digest, for what the chapter leaves
// to the rest of the rulebook).

func quoteIn(t *testing.T, file, s string) {
	t.Helper()
	data, err := os.ReadFile(reftext.Path(file))
	if err != nil {
		t.Logf("the rule text is not here (%v); quote not checked: %q", err, s)
		return
	}
	norm := func(s string) string {
		s = strings.NewReplacer("“", `"`, "”", `"`, "’", "'").Replace(s)
		return strings.Join(strings.Fields(s), " ")
	}
	if !strings.Contains(norm(string(data)), norm(s)) {
		t.Fatalf("%s does not say %q", file, s)
	}
}

func playQuote(t *testing.T, s string)   { t.Helper(); quoteIn(t, "002_89d8bb332def9044.txt", s) }
func digestQuote(t *testing.T, s string) { t.Helper(); quoteIn(t, "../rules/zombicide-classic.md", s) }

// cardNamed is the index of the first card of that name (see state.card).
func (s *state) cardNamed(t *testing.T, name string) int16 {
	t.Helper()
	d := s.m.decks
	for i := range len(d.Equipment) + len(d.Starting) + len(d.Pimpmobile) {
		if s.card(int16(i)).Name == name {
			return int16(i)
		}
	}
	t.Fatalf("no card %s", name)
	return -1
}

// arm puts the cards in Survivor i's hands, nothing in the Backpack.
func (s *state) arm(t *testing.T, i int, hands ...string) {
	t.Helper()
	sv := &s.surv[i]
	sv.hands, sv.npack = [2]int16{-1, -1}, 0
	for k, n := range hands {
		sv.hands[k] = s.cardNamed(t, n)
	}
}

// closedBuildingDoor is a closed door of Night Shift into a building not
// yet opened, the zone outside it and the link from there.
func closedBuildingDoor(t *testing.T, s *state) (outside int, l link, b int) {
	t.Helper()
	for z, ls := range s.m.links {
		for _, l := range ls {
			if l.Kind == gridplay.LinkDoor && s.doors[l.Door] == doorClosed {
				if b := s.m.building[l.To]; b >= 0 && !s.opened[b] && s.m.building[z] != b {
					return z, l, b
				}
			}
		}
	}
	t.Fatal("Night Shift has no closed door into an unopened building")
	return
}

func TestActionsByDangerLevel(t *testing.T) {
	playQuote(t, "Each Survivor can execute three Actions at the Blue Danger Level. This is increased to four when the Survivor reaches the Yellow Danger Level.")
	for xp, want := range map[int]int{0: 3, 6: 3, 7: 4, 20: 4, 50: 4} {
		sv := survivor{xp: xp}
		if sv.actions() != want {
			t.Errorf("%d XP: %d Actions, want %d", xp, sv.actions(), want)
		}
	}
}

func TestMoveNotThroughClosedDoorsOrWalls(t *testing.T) {
	playQuote(t, "The Survivor moves from one Zone to the next but cannot move through external building walls or closed doors.")
	s := newGame(t, exampleText(t, "night-shift"), 2)
	outside, door, _ := closedBuildingDoor(t, s)
	s.surv[0].zone = outside
	if s.move(0, door) || s.surv[0].zone != outside {
		t.Fatal("moved through a closed door")
	}
	for z, ls := range s.m.links {
		for _, l := range ls {
			if l.Kind == gridplay.LinkWall {
				s.surv[0].zone = z
				if s.move(0, l) {
					t.Fatal("moved through a wall")
				}
				return
			}
		}
	}
	t.Fatal("Night Shift has no wall between two zones to try")
}

func TestLeavingZombiesCostsActions(t *testing.T) {
	playQuote(t, "If there are Zombies in the Zone the Survivor is attempting to leave, he must spend one extra Action per Zombie to leave the Zone.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	z := s.surv[0].zone
	if s.moveCost(0) != 1 {
		t.Fatalf("no Zombie: %d Actions", s.moveCost(0))
	}
	s.zombies[z][Walker] = 2
	if s.moveCost(0) != 3 {
		t.Fatalf("two Walkers: %d Actions, want 3 (Ned's example)", s.moveCost(0))
	}
}

func TestSearchOnlyInBuildingsWithoutZombies(t *testing.T) {
	playQuote(t, "You can only Search Zones inside a building and only if there are no Zombies in the Zone.")
	playQuote(t, "A Survivor can only perform a single Search Action per turn")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	room, street := -1, -1
	for z := range s.m.n {
		switch {
		case s.m.building[z] >= 0 && room < 0:
			room = z
		case s.m.building[z] < 0 && s.car(z) < 0 && street < 0:
			street = z
		}
	}
	s.surv[0].zone = street
	if s.canSearch(0) {
		t.Fatal("Searched a street")
	}
	s.surv[0].zone = room
	s.zombies[room][Walker] = 1
	if s.canSearch(0) {
		t.Fatal("Searched a room with a Zombie")
	}
	s.zombies[room][Walker] = 0
	if !s.canSearch(0) {
		t.Fatal("could not Search an empty room")
	}
	s.search(0)
	if s.canSearch(0) {
		t.Fatal("Searched twice in a Turn")
	}
}

func TestDoorsOpenOnlyWithADoorOpeningMeleeWeaponInHand(t *testing.T) {
	playQuote(t, `Doors are usually locked. In this case, the Survivor cannot open the door unless he has a Melee weapon with an "Open a door" symbol in his hand.`)
	s := newGame(t, exampleText(t, "night-shift"), 1)
	outside, door, _ := closedBuildingDoor(t, s)
	s.surv[0].zone = outside
	s.arm(t, 0, "Pistol", "Pan")
	s.surv[0].pack[0], s.surv[0].npack = s.cardNamed(t, "Crowbar"), 1
	if s.openDoor(0, door) {
		t.Fatal("opened a door with the Crowbar in the Backpack")
	}
	s.arm(t, 0, "Pistol", "Crowbar")
	if !s.openDoor(0, door) || s.doors[door.Door] != doorOpen {
		t.Fatal("a Crowbar in hand did not open the door")
	}
}

func TestNoisyWeaponOpeningADoorMakesNoise(t *testing.T) {
	playQuote(t, "Remember to place a Noise token in the Zone if the Survivor uses a noisy weapon.")
	for _, c := range []struct {
		weapon string
		noise  int16
	}{{"Crowbar", 0}, {"Fire Axe", 1}} {
		s := newGame(t, exampleText(t, "night-shift"), 1)
		outside, door, _ := closedBuildingDoor(t, s)
		s.surv[0].zone = outside
		s.arm(t, 0, c.weapon)
		before := s.noise[outside]
		s.openDoor(0, door)
		if got := s.noise[outside] - before; got != c.noise {
			t.Errorf("%s: %d Noise, want %d", c.weapon, got, c.noise)
		}
	}
}

func TestFirstOpeningRevealsAZombieCardPerRoom(t *testing.T) {
	playQuote(t, "Indicate each Zone of the building, one after the other in any order you choose, and draw a Zombie card for each Zone.")
	playQuote(t, "If it is opened again afterwards, it won't trigger a new Zombie Spawn.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	outside, door, b := closedBuildingDoor(t, s)
	s.surv[0].zone = outside
	s.arm(t, 0, "Crowbar")
	before := len(s.zdisc)
	s.openDoor(0, door)
	if got := len(s.zdisc) - before; got != len(s.m.buildings[b]) {
		t.Fatalf("opening a building of %d rooms drew %d Zombie cards", len(s.m.buildings[b]), got)
	}
	if !s.opened[b] {
		t.Fatal("the building is not marked opened")
	}
	// Locked back and opened again: no new spawn.
	s.doors[door.Door] = doorClosed
	before = len(s.zdisc)
	s.openDoor(0, door)
	if len(s.zdisc) != before {
		t.Fatal("opening a building again drew Zombie cards")
	}
}

func TestStartBuildingDoesNotSpawn(t *testing.T) {
	digestQuote(t, "The building containing the Survivors' starting Zone does not spawn this way.")
	text := strings.Replace(exampleText(t, "night-shift"), "{type: start, at: [1, 1]}", "{type: start, at: [0, 0]}", 1)
	s := newGame(t, text, 1)
	b := s.m.building[s.m.start]
	if b < 0 || !s.opened[b] {
		t.Fatalf("the start's building %d is not open from the start", b)
	}
}

func TestExtraActivationCardAddsNoZombiesOnReveal(t *testing.T) {
	playQuote(t, "If you draw an Extra Activation or Manhole card, immediately perform the action indicated on the card, and do not add Zombies to the current Zone.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	outside, door, b := closedBuildingDoor(t, s)
	// Yellow, and a Zombie deck of Extra Activations for Walkers only.
	s.surv[0].zone, s.surv[0].xp = outside, 7
	s.arm(t, 0, "Crowbar")
	var extra []int16
	for i, c := range s.m.decks.Zombie {
		if c.Extra == Walker {
			extra = append(extra, int16(i))
		}
	}
	if len(extra) == 0 {
		t.Fatal("the default deck has no Walker Extra Activation")
	}
	for len(extra) < len(s.m.buildings[b]) {
		extra = append(extra, extra...)
	}
	s.zdeck = extra
	far := -1
	for z := range s.m.n {
		if z != outside && s.m.building[z] < 0 && s.zombieDist(outside)[z] > 1 {
			far = z
			break
		}
	}
	if far < 0 {
		t.Fatal("Night Shift has no street zone two steps from the door")
	}
	s.zombies[far][Walker] = 1
	s.openDoor(0, door)
	for _, z := range s.m.buildings[b] {
		if s.zombiesIn(z) > 0 {
			t.Fatalf("Zombies added to %s", s.m.Names[z])
		}
	}
	if s.zombies[far][Walker] != 0 {
		t.Fatal("the Walker did not act on the Extra Activation")
	}
}

func TestEquipmentReshuffleLeavesOutPansAndMolotov(t *testing.T) {
	playQuote(t, "If the Equipment deck runs out, reshuffle all the discarded cards, with the exception of Wounded cards, Pans, Molotov, and pimpmobile cards (Ma's shotgun and the Evil Twins), to make a new deck.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	for _, n := range []string{"Pan", "Molotov", "Ma's Shotgun", "Canned Food"} {
		s.discard(s.cardNamed(t, n))
	}
	if len(s.edisc) != 1 || s.card(s.edisc[0]).Name != "Canned Food" {
		t.Fatalf("discards kept for the new deck: %v", s.edisc)
	}
}

func TestPimpmobileOncePerGame(t *testing.T) {
	playQuote(t, "You can Search a pimpmobile only once per game.")
	text := strings.Replace(exampleText(t, "night-shift"), "kind: police", "kind: pimpmobile", 1)
	s := newGame(t, text, 1)
	s.surv[0].zone = s.m.cars[0].zone
	s.arm(t, 0)
	if !s.canSearch(0) {
		t.Fatal("could not Search the Pimpmobile")
	}
	s.search(0)
	got := s.card(s.surv[0].hands[0]).Name
	if got != "Ma's Shotgun" && got != "Evil Twins" {
		t.Fatalf("the Pimpmobile held %s", got)
	}
	s.surv[0].searched = false
	if s.canSearch(0) {
		t.Fatal("the Pimpmobile was Searched twice")
	}
}

func TestPoliceCarDrawsUntilAWeapon(t *testing.T) {
	playQuote(t, "You can Search police cars more than once per game. Draw cards until you find a weapon. Discard the other cards. The Aaahh! card triggers the appearance of a Walker as usual and interrupts the Search.")
	for seed := range 20 {
		s := newGame(t, exampleText(t, "night-shift"), 1)
		s.rng = rand.New(rand.NewPCG(uint64(seed), 9))
		gridplay.Shuffle(s.rng, s.edeck)
		z := s.m.cars[0].zone
		s.surv[0].zone = z
		s.arm(t, 0)
		s.search(0)
		walker := s.zombies[z][Walker] == 1
		weapon := s.surv[0].hands[0] >= 0
		if walker == weapon {
			t.Fatalf("a police car Search ended with a weapon %v and a Walker %v", weapon, walker)
		}
		s.surv[0].searched = false
		s.zombies[z][Walker] = 0
		if !s.canSearch(0) {
			t.Fatal("the police car could not be Searched again")
		}
	}
}

func TestTakingAnObjectiveFiresTheMissionRule(t *testing.T) {
	playQuote(t, "The Survivor takes an Objective token or activates an object in the same Zone. The game effects are explained in the Mission's description.")
	digestQuote(t, `"Once the blue Objective has been taken, the blue door can be opened", "the blue Spawn Zone activates".`)
	s := newGame(t, exampleText(t, "blue-line"), 1)
	blue := slices.IndexFunc(s.m.tokens, func(o pobjective) bool { return o.color == "blue" })
	door := slices.IndexFunc(s.m.doors, func(d pdoor) bool { return d.color == "blue" })
	sp := slices.IndexFunc(s.m.spawns, func(p pspawn) bool { return p.color == "blue" })
	if s.unlocked[door] || s.active[sp] {
		t.Fatal("the blue door or Spawn Zone is live before the blue Objective")
	}
	s.surv[0].zone = s.m.tokens[blue].zone
	s.takeObjective(0, blue)
	if !s.unlocked[door] || !s.active[sp] || s.doors[door] != doorClosed {
		t.Fatalf("after the blue Objective: door unlocked %v (state %d), Spawn Zone active %v", s.unlocked[door], s.doors[door], s.active[sp])
	}
}

func TestEscapeThroughTheExitWithoutZombies(t *testing.T) {
	digestQuote(t, "a Survivor may escape through this Zone at the end of his Turn as long as there are no Zombies in it.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	exit := s.m.exits[0]
	s.surv[0].zone = exit
	if s.canEscape(0) {
		t.Fatal("escaped before the Objectives were taken (the exit comes second)")
	}
	for i := range s.taken {
		s.taken[i] = true
	}
	s.judge()
	s.zombies[exit][Walker] = 1
	if s.canEscape(0) {
		t.Fatal("escaped with a Zombie at the Exit")
	}
	s.zombies[exit][Walker] = 0
	if !s.canEscape(0) {
		t.Fatal("could not escape")
	}
	s.escape(0)
	if !s.over || !s.won {
		t.Fatal("every Survivor escaped with everything taken: not won")
	}
}

func TestCarsAreNotDrivenUnlessTheMissionAllows(t *testing.T) {
	playQuote(t, "Cars can only be driven if the Mission allows it.")
	m, err := NewModel(playScene(t, exampleText(t, "night-shift")), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(m.Approx, func(a string) bool { return strings.Contains(a, "never driven") }) {
		t.Fatalf("approximations %v do not say the cars are not driven", m.Approx)
	}
}

func TestZombiesNeverOpenDoors(t *testing.T) {
	digestQuote(t, "Doors are usually **locked**: a Survivor can open one only with a Melee weapon")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	outside, door, _ := closedBuildingDoor(t, s)
	inside := door.To
	s.surv[0].zone = outside
	s.zombies[inside][Walker] = 3
	s.Activate(gridplay.AllKinds)
	if s.zombies[inside][Walker] != 3 || s.doors[door.Door] != doorClosed {
		t.Fatal("Zombies went through a closed door")
	}
}

// A team the mission equips with a door-opening weapon ("equipment:
// [door-opener]") holds one even when the Starting Equipment has none.
func TestMissionDoorOpener(t *testing.T) {
	d := *DefaultDecks()
	d.Starting = nil
	for _, c := range DefaultDecks().Starting {
		if !c.Weapon.OpensDoors {
			d.Starting = append(d.Starting, c)
		}
	}
	text := exampleText(t, "night-shift")
	for _, c := range []struct {
		text string
		want bool
	}{{text, false}, {gridplaytest.Replace(t, text, "tileset: city\n", "equipment: [door-opener]\ntileset: city\n"), true}} {
		m, err := NewModel(playScene(t, c.text), &d)
		if err != nil {
			t.Fatal(err)
		}
		s := newState(m, 3, rand.New(rand.NewPCG(1, 2)))
		if got := s.groupOpener(); got != c.want {
			t.Errorf("equipment %v: the group holds a door-opener %v, want %v", m.w.Mission.Equipment, got, c.want)
		}
	}
}

// Two buildings joined only by an open door, sealed from the street by a
// closed one, are not open at setup: opening the street door is the first
// opening of the building behind it. One the Survivors walk into without
// opening anything (an open door from the street, then on through an
// open door) is.
func TestBuildingsOpenAtSetup(t *testing.T) {
	playQuote(t, "Opening a building for the first time reveals all the Zombies inside all rooms of the building")
	digestQuote(t, "The building containing the Survivors' starting Zone does not spawn this way.")
	// Zones: 0 the start's street, 1 a room of building 0, 2 a room of
	// building 1, 3 a street, 4 a room of building 2 and 5 of building 3.
	// Doors: 0-1 closed, 1-2 open; 3-4 open, 4-5 open.
	m := &model{n: 6, start: 0, building: []int{-1, 0, 1, -1, 2, 3}, buildings: [][]int{{1}, {2}, {4}, {5}}}
	m.doors = []pdoor{{a: 0, b: 1, state: doorClosed}, {a: 1, b: 2, state: doorOpen}, {a: 3, b: 4, state: doorOpen}, {a: 4, b: 5, state: doorOpen}}
	m.links = make([][]link, m.n)
	for i, d := range m.doors {
		m.links[d.a] = append(m.links[d.a], link{To: d.b, Kind: gridplay.LinkDoor, Door: i})
		m.links[d.b] = append(m.links[d.b], link{To: d.a, Kind: gridplay.LinkDoor, Door: i})
	}
	m.links[0] = append(m.links[0], link{To: 3, Kind: gridplay.LinkOpen, Door: -1})
	m.links[3] = append(m.links[3], link{To: 0, Kind: gridplay.LinkOpen, Door: -1})
	if got, want := m.openBuildings(), []bool{false, false, true, true}; !slices.Equal(got, want) {
		t.Fatalf("open at setup %v, want %v", got, want)
	}
	m.start = 2 // the Survivors start in building 1: it and building 0 are open
	if got, want := m.openBuildings(), []bool{true, true, true, true}; !slices.Equal(got, want) {
		t.Fatalf("starting in building 1: open at setup %v, want %v", got, want)
	}
}

// "all the discarded cards" make the new deck: a Starting Equipment card
// discarded too, its Pans excepted.
func TestEquipmentReshuffleTakesDiscardedStartingCards(t *testing.T) {
	playQuote(t, "If the Equipment deck runs out, reshuffle all the discarded cards, with the exception of Wounded cards, Pans, Molotov, and pimpmobile cards (Ma's shotgun and the Evil Twins), to make a new deck.")
	s := newGame(t, exampleText(t, "night-shift"), 1)
	d := s.m.decks
	for k := range d.Starting {
		s.discard(int16(len(d.Equipment) + k))
	}
	var names []string
	for _, c := range s.edisc {
		names = append(names, s.card(c).Name)
	}
	if want := []string{"Crowbar", "Fire Axe", "Pistol", "Baseball Bat"}; !slices.Equal(names, want) {
		t.Fatalf("discarded Starting Equipment kept for the new deck: %v, want %v", names, want)
	}
	s.edeck = s.edeck[:0]
	if c, ok := s.drawEquipment(); !ok || !slices.Contains(names, s.card(c).Name) {
		t.Fatal("the new deck is not the discarded Starting Equipment")
	}
}

// A rule that removes the Exit token closes the way out: no Survivor
// escapes through it, and an exit objective can no longer be met.
func TestRemovedExitClosesTheWayOut(t *testing.T) {
	digestQuote(t, "a Survivor may escape through this Zone at the end of his Turn as long as there are no Zombies in it.")
	text := gridplaytest.Replace(t, exampleText(t, "night-shift"), "{type: exit, at: [4, 4]}", "{type: exit, id: gate, at: [4, 4]}")
	text = gridplaytest.Replace(t, text, "rules:\n", "rules:\n  - when: {round: 2}\n    then: [{remove: gate}]\n")
	s := newGame(t, text, 1)
	s.surv[0].zone = s.m.exits[0]
	for i := range s.taken {
		s.taken[i] = true
	}
	s.judge()
	if !s.canEscape(0) {
		t.Fatal("could not escape before the Exit was removed")
	}
	s.round = 2
	s.StartRound()
	if s.canEscape(0) {
		t.Fatal("escaped through a removed Exit")
	}
	if !s.over || s.won || s.cause != LostObjective {
		t.Fatalf("the exit objective outlived its Exit: over %v won %v cause %q", s.over, s.won, s.cause)
	}
}

// An exit objective asking for more Survivors than play is lost once it
// is the objective in play, not after the round limit.
func TestExitForMoreSurvivorsThanPlay(t *testing.T) {
	text := gridplaytest.Replace(t, exampleText(t, "night-shift"), "  - exit: all\n", "  - exit: 5\n")
	for _, c := range []struct {
		n    int
		lost bool
	}{{4, true}, {5, false}} {
		s := newGame(t, text, c.n)
		for i := range s.taken {
			s.taken[i] = true
		}
		s.judge()
		if lost := s.over && s.cause == LostObjective; lost != c.lost {
			t.Errorf("exit: 5 with %d Survivors: lost once the Objectives are taken %v, want %v", c.n, lost, c.lost)
		}
	}
}
