package classic

import "github.com/zmission/zmission/rules/gridplay"

// The Survivors' Actions, as the Actions chapter lists them. The agent
// picks among them; these apply them.

// moveCost: "If there are Zombies in the Zone the Survivor is attempting
// to leave, he must spend one extra Action per Zombie to leave the Zone."
func (s *state) moveCost(i int) int { return 1 + s.zombiesIn(s.surv[i].zone) }

// move moves Survivor i one Zone along l ("cannot move through external
// building walls or closed doors").
func (s *state) move(i int, l link) bool {
	if !s.passable(l) {
		return false
	}
	s.enter(i, l.To)
	s.judge()
	return true
}

// opener is the door-opening weapon in Survivor i's hands, or nil: "the
// Survivor cannot open the door unless he has a Melee weapon with an
// 'Open a door' symbol in his hand."
func (s *state) opener(i int) *Weapon {
	var best *Weapon
	for _, c := range s.surv[i].hands {
		if c < 0 {
			continue
		}
		if w := s.card(c).Weapon; w != nil && w.OpensDoors && !w.Ranged && (best == nil || best.NoisyDoor && !w.NoisyDoor) {
			best = w // a silent one if both hands hold one
		}
	}
	return best
}

func (s *state) holdsOpener(i int) bool { return s.opener(i) != nil }

// groupOpener: a Survivor in play holds a door-opening weapon.
func (s *state) groupOpener() bool {
	for i := range s.surv {
		if s.surv[i].inPlay() && s.holdsOpener(i) {
			return true
		}
	}
	return false
}

// canOpen: l is a closed door the mission lets be opened, and Survivor i
// holds a weapon that opens it. Doors open from either side.
func (s *state) canOpen(i int, l link) bool {
	return l.Kind == gridplay.LinkDoor && s.doors[l.Door] == doorClosed && s.unlocked[l.Door] && s.holdsOpener(i)
}

// openDoor is the Open a Door Action: "Remember to place a Noise token in
// the Zone if the Survivor uses a noisy weapon." Opening a building for
// the first time reveals its Zombies (reveal).
func (s *state) openDoor(i int, l link) bool {
	if !s.canOpen(i, l) {
		return false
	}
	w := s.opener(i)
	z := s.surv[i].zone
	if w.NoisyDoor {
		s.noise[z]++
	}
	s.doors[l.Door] = doorOpen
	s.touch()
	for _, side := range []int{z, l.To} {
		if b := s.m.building[side]; b >= 0 && !s.opened[b] {
			s.reveal(b)
			if s.over {
				return true
			}
		}
	}
	s.judge()
	return true
}

// reveal: "Opening a building for the first time reveals all the Zombies
// inside all rooms of the building [...] Indicate each Zone of the
// building, one after the other in any order you choose, and draw a
// Zombie card for each Zone." and "If you draw an Extra Activation or
// Manhole card, immediately perform the action indicated on the card, and
// do not add Zombies to the current Zone." The Zones are taken in zone
// order. "If it is opened again afterwards, it won't trigger a new Zombie
// Spawn": a building is revealed once.
func (s *state) reveal(b int) {
	s.opened[b] = true
	for _, z := range s.m.buildings[b] {
		c, ok := s.drawZombie()
		if !ok {
			return
		}
		s.resolve(c, z)
		if s.over {
			return
		}
	}
}

// canSearch: "You can only Search Zones inside a building and only if
// there are no Zombies in the Zone", "A Survivor can only perform a
// single Search Action per turn", and "You can Search a car as long as
// the Survivor is in the same Zone and no Zombies are in the Zone" (a
// Pimpmobile "only once per game", while its weapons last).
func (s *state) canSearch(i int) bool {
	sv := &s.surv[i]
	z := sv.zone
	if sv.searched || s.zombiesIn(z) > 0 {
		return false
	}
	return s.m.building[z] >= 0 || s.car(z) >= 0
}

// car is a car in zone z worth Searching now, or -1.
func (s *state) car(z int) int {
	for k, c := range s.m.cars {
		if c.zone == z && (c.police || !s.carDone[k] && len(s.pimps) > 0) {
			return k
		}
	}
	return -1
}

// search is the Search Action: a building Zone first, else the car there.
func (s *state) search(i int) {
	sv := &s.surv[i]
	sv.searched = true
	if s.m.building[sv.zone] >= 0 {
		if c, ok := s.drawEquipment(); ok {
			s.found(i, c)
		}
		return
	}
	k := s.car(sv.zone)
	if k < 0 {
		return
	}
	if !s.m.cars[k].police {
		// "It contains either Ma's Shotgun or the Evil Twins (draw
		// randomly). [...] only the weapons that have not yet been taken
		// can be inside them."
		s.carDone[k] = true
		j := s.rng.IntN(len(s.pimps))
		c := s.pimps[j]
		s.pimps = append(s.pimps[:j], s.pimps[j+1:]...)
		s.found(i, c)
		return
	}
	// "Draw cards until you find a weapon. Discard the other cards. The
	// Aaahh! card triggers the appearance of a Walker as usual and
	// interrupts the Search."
	for range len(s.m.decks.Equipment) + 1 {
		c, ok := s.drawEquipment()
		if !ok {
			return
		}
		card := s.card(c)
		if card.Weapon != nil || card.Aaahh {
			s.found(i, c)
			return
		}
		s.discard(c)
	}
}

// drawEquipment draws an Equipment card: "If the Equipment deck runs out,
// reshuffle all the discarded cards, with the exception of Wounded cards,
// Pans, Molotov, and pimpmobile cards".
func (s *state) drawEquipment() (int16, bool) {
	if len(s.edeck) == 0 {
		s.edeck, s.edisc = s.edisc, s.edeck[:0]
		gridplay.Shuffle(s.rng, s.edeck)
	}
	if len(s.edeck) == 0 {
		return 0, false
	}
	c := s.edeck[len(s.edeck)-1]
	s.edeck = s.edeck[:len(s.edeck)-1]
	return c, true
}

// discard puts card c on the discard pile, unless it leaves the game:
// "reshuffle all the discarded cards, with the exception of Wounded cards,
// Pans, Molotov, and pimpmobile cards" (a Starting Equipment card
// discarded joins the new deck too).
func (s *state) discard(c int16) {
	d := s.m.decks
	if int(c) < len(d.Equipment)+len(d.Starting) && !s.card(c).NoReshuffle {
		s.edisc = append(s.edisc, c)
	}
}

// found is Survivor i's find: "He may then place it in the Survivor's
// inventory or immediately discard it." An Aaahh!! card brings a Walker
// into the Zone. The two best weapons are kept in Hand, the one set aside
// in the Backpack while it has room.
func (s *state) found(i int, c int16) {
	sv := &s.surv[i]
	card := s.card(c)
	if card.Aaahh {
		s.place(Walker, 1, sv.zone)
		s.discard(c)
		return
	}
	if card.Weapon == nil {
		s.discard(c)
		return
	}
	worst := 0
	if s.keepValue(i, sv.hands[1]) < s.keepValue(i, sv.hands[0]) {
		worst = 1
	}
	if s.keepValue(i, c) > s.keepValue(i, sv.hands[worst]) {
		old := sv.hands[worst]
		sv.hands[worst] = c
		if old >= 0 && !sv.take(old) {
			s.discard(old)
		}
	} else if !sv.take(c) {
		s.discard(c)
	}
}

// keepValue ranks a card for a Hand: its weapon's worth, and the group's
// only way through locked doors above all.
func (s *state) keepValue(i int, c int16) float64 {
	if c < 0 {
		return -1
	}
	v := cardValue(s.card(c))
	if w := s.card(c).Weapon; w != nil && w.OpensDoors {
		held := 0
		for j := range s.surv {
			if s.surv[j].inPlay() && s.holdsOpener(j) {
				held++
			}
		}
		if held <= 1 {
			v += 100
		}
	}
	return v
}

// cardValue is a weapon's expected Damage per Action, a Ranged weapon's
// reach counting a little.
func cardValue(c *Card) float64 {
	if c.Weapon == nil {
		return 0
	}
	return c.Weapon.Value()
}

// A weapon use: a card in Hand, or both Dual weapons of one name.
type use struct {
	w    *Weapon
	dice int
}

func (s *state) uses(i int, ranged bool) []use {
	sv := &s.surv[i]
	var out []use
	for k, c := range sv.hands {
		if c < 0 {
			continue
		}
		card := s.card(c)
		w := card.Weapon
		if w == nil || w.Ranged != ranged {
			continue
		}
		out = append(out, use{w: w, dice: w.Dice})
		if k == 0 && w.Dual && sv.hands[1] >= 0 && s.card(sv.hands[1]).Name == card.Name {
			out = append(out, use{w: w, dice: 2 * w.Dice})
		}
	}
	return out
}

// expected is the Zombies an Action with u at the pack x is expected to
// eliminate (no Concentrate Fire: an Invader rule).
func (s *state) expected(u use, x gridplay.Pack, ranged bool) float64 {
	e, conc := s.m.table.Expected(u.dice, u.w.Accuracy, u.w.Damage, x, ranged)
	if conc {
		return 0
	}
	return e
}

// attack resolves Survivor i's Combat Action with u at zone z: "Ranged
// Combat: The Survivor uses a Ranged weapon he is holding in his hands to
// shoot at a single Zone within the range shown on the weapon's card";
// "Melee Combat: [...] to attack the Zombies in his Zone". Hits, Friendly
// Fire and Noise as Invader's rulebook has them.
func (s *state) attack(i int, u use, z int, ranged bool) {
	sv := &s.surv[i]
	hits := 0
	for range u.dice {
		if 1+s.rng.IntN(6) >= u.w.Accuracy {
			hits++
		}
	}
	misses := u.dice - hits
	s.m.table.Hits(hits, u.w.Damage, &s.zombies[z], ranged, false, func(t int) {
		sv.xp += s.m.decks.Zombies[t].XP
		s.kills[t]++
	})
	if u.w.Noisy {
		s.noise[sv.zone]++
	}
	if ranged {
		for ; misses > 0 && !s.over; misses-- {
			best := -1
			for j := range s.surv {
				if j != i && s.surv[j].inPlay() && s.surv[j].zone == z && (best < 0 || s.surv[j].wounds < s.surv[best].wounds) {
					best = j
				}
			}
			if best < 0 {
				break
			}
			s.wound(best, u.w.Damage)
		}
	}
	s.judge()
}

// canEscape: the Exit, "a Survivor may escape through this Zone at the
// end of his Turn as long as there are no Zombies in it" (the published
// missions' wording), once the exit objective is the one left.
func (s *state) canEscape(i int) bool {
	sv := &s.surv[i]
	if !sv.inPlay() || s.zombiesIn(sv.zone) > 0 {
		return false
	}
	exitHere := false
	for k, z := range s.m.exits {
		exitHere = exitHere || z == sv.zone && !s.exitGone[k]
	}
	if !exitHere {
		return false
	}
	for k, g := range s.m.goals {
		if s.met[k] == 0 && g.Kind != gridplay.GoalExit {
			return false
		}
	}
	return true
}

func (s *state) escape(i int) {
	s.surv[i].escaped = true
	s.judge()
}
