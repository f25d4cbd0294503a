package invader

import "github.com/zmission/zmission/rules/gridplay"

// The Survivors' Actions, as the Players' Phase lists them. The agent
// picks among them; these apply them.

// moveCost: "A Survivor must spend 1 additional Action per Xeno standing
// in the Zone they're attempting to leave."
func (s *state) moveCost(i int) int { return 1 + s.xenosIn(s.surv[i].zone) }

// move moves Survivor i one Zone along link l.
func (s *state) move(i int, l link) {
	s.enter(i, l.To)
	s.judge()
}

// openDoor is the free Door Activation removing the closed door on l.
func (s *state) openDoor(i int, l link) bool {
	sv := &s.surv[i]
	if sv.door || !s.canRemoveDoor(sv.zone, l) {
		return false
	}
	sv.door = true
	s.doors[l.Door] = doorOpen
	s.touch()
	return true
}

// closeDoor is the free Door Activation placing a closed door on an open
// one of the room Survivor i stands in ("The door has been previously
// destroyed and cannot be closed").
func (s *state) closeDoor(i int, l link) bool {
	sv := &s.surv[i]
	z := sv.zone
	if sv.door || l.Kind != linkDoor || s.doors[l.Door] != doorOpen || s.m.doors[l.Door].color != "neutral" ||
		!s.m.room[z] || s.mold[z] != NoMold || s.mold[l.To] != NoMold {
		return false
	}
	sv.door = true
	s.doors[l.Door] = doorClosed
	s.touch()
	return true
}

// canSearch: "A Survivor can only Search room Zones and only if there are
// no Xenos in that Zone", "Soldiers can only Search in Security Rooms",
// "A Survivor can only perform a single Search Action per Turn", and a
// Mold Zone "cannot be Searched and loses its special properties".
func (s *state) canSearch(i int) bool {
	sv := &s.surv[i]
	z := sv.zone
	if sv.searched || !s.m.room[z] || s.xenosIn(z) > 0 || s.mold[z] != NoMold {
		return false
	}
	return !sv.soldier || s.m.security[z]
}

// search draws an Equipment card: "The player draws a card from the
// Equipment deck. They may then either place it in the Survivor's
// inventory, reorganizing it for free, or immediately discard it."
func (s *state) search(i int) {
	sv := &s.surv[i]
	sv.searched = true
	if len(s.edeck) == 0 {
		s.edeck, s.edisc = s.edisc, s.edeck[:0]
		gridplay.Shuffle(s.rng, s.edeck)
	}
	if len(s.edeck) == 0 {
		return
	}
	c := s.edeck[len(s.edeck)-1]
	s.edeck = s.edeck[:len(s.edeck)-1]
	card := s.card(c)
	for t, n := range card.Xenos {
		// A Mold Equipment card brings its Xenos into the Zone searched
		// (an approximation: the rulebook lists the cards, not their text).
		s.place(t, n, sv.zone)
	}
	switch {
	case card.Hellfire != nil && sv.flamer < 0:
		sv.flamer = c
		return
	case card.Canister && int(sv.ncan) < len(sv.cans):
		sv.cans[sv.ncan] = c
		sv.ncan++
		return
	}
	if card.Weapon == nil {
		s.edisc = append(s.edisc, c)
		return
	}
	// Keep the two best weapons in Hand, the one set aside in the
	// Backpack while it has room; a weaker find is discarded. Backpack
	// weapons are kept, not played.
	worst := 0
	if s.weaponValue(sv.hands[1]) < s.weaponValue(sv.hands[0]) {
		worst = 1
	}
	if s.weaponValue(c) > s.weaponValue(sv.hands[worst]) {
		old := sv.hands[worst]
		sv.hands[worst] = c
		if old >= 0 && !sv.take(old) && int(old) < len(s.m.decks.Equipment) {
			s.edisc = append(s.edisc, old)
		}
	} else {
		s.edisc = append(s.edisc, c)
	}
}

// weaponValue ranks a weapon for keeping: expected Damage per Action, a
// Ranged weapon's reach counting a little.
func (s *state) weaponValue(c int16) float64 {
	if c < 0 {
		return -1
	}
	return cardValue(s.card(c))
}

// cardValue is weaponValue of the card c.
func cardValue(c *Card) float64 {
	if c.Weapon == nil {
		return 0
	}
	return c.Weapon.Value()
}

// canTakeTank: "Any Survivor standing in an Oxygen Supply Room, without any
// Xenos in it, may spend 1 Action to get an Oxygen Tank Equipment card."
// Mold takes the room's property away; the box holds 6 tanks.
func (s *state) canTakeTank(i int) bool {
	sv := &s.surv[i]
	z := sv.zone
	return !sv.tank && s.tanks > 0 && s.m.oxygen[z] && s.mold[z] == NoMold && s.xenosIn(z) == 0
}

func (s *state) takeTank(i int) {
	s.tanks--
	s.surv[i].tank = true
}

// A weapon use the agent may choose: a card in Hand, or both when they are
// Dual weapons of one name ("If you have Dual weapons with the same name
// in each Hand slot, you may use them both with a single Action").
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
		// "Bullet-fed weapons cannot be used in exterior Zones."
		if w.Ammo == "bullets" && s.m.exterior[sv.zone] {
			continue
		}
		out = append(out, use{w: w, dice: w.Dice})
		if k == 0 && w.Dual && sv.hands[1] >= 0 && s.card(sv.hands[1]).Name == card.Name {
			out = append(out, use{w: w, dice: 2 * w.Dice})
		}
	}
	return out
}

// xenoTable is the Xenos as combat reads them: "Hits are assigned to
// Actors in the targeted Zone according to the Targeting Priority Order:
// 1– Tank or Abomination (the shooter chooses) 2– Worker 3– Hunter"; "The
// player divides their hits as they wish among the possible targets in
// the Zone" (Melee: the model hits Hunters first).
var xenoTable = gridplay.Table{
	ToKill: xenoToKill,
	Ranged: [xenoTypes]int{Tank, Abomination, Worker, Hunter},
	Melee:  [xenoTypes]int{Hunter, Worker, Tank, Abomination},
}

// expected is the Xenos an Action with u at the Xenos x is expected to
// eliminate, and whether it should Concentrate Fire.
func expected(u use, x [xenoTypes]int16, ranged bool) (float64, bool) {
	return xenoTable.Expected(u.dice, u.w.Accuracy, u.w.Damage, x, ranged)
}

// attack resolves Survivor i's Combat Action with u at zone z.
func (s *state) attack(i int, u use, z int, ranged, concentrate bool) {
	sv := &s.surv[i]
	hits := 0
	for range u.dice {
		if 1+s.rng.IntN(6) >= u.w.Accuracy {
			hits++
		}
	}
	misses := u.dice - hits
	d := u.w.Damage
	// "designate a single specific target among those the Attack may hit,
	// before rolling dice" (Concentrate Fire), else the hits shared.
	xenoTable.Hits(hits, d, &s.xenos[z], ranged, concentrate, func(t int) {
		sv.xp += xenoXP[t]
		s.kills[t]++
	})
	if ranged {
		if u.w.Noisy {
			// "Each Action used to attack with noisy Equipment produces a
			// Noise token."
			s.noise[sv.zone]++
		}
		// "misses on the Attack roll automatically hit Survivors standing
		// in the target Zone" (never the shooter).
		for ; misses > 0 && !s.over; misses-- {
			best := -1
			for j := range s.surv {
				if j != i && s.surv[j].alive && s.surv[j].zone == z && (best < 0 || s.surv[j].armor > s.surv[best].armor) {
					best = j
				}
			}
			if best < 0 {
				break
			}
			s.damage(best, d)
		}
	} else if u.w.Noisy {
		s.noise[sv.zone]++
	}
	s.judge()
}

// canHellfire reports whether Survivor i can create a Hellfire in zone z
// at range rng: "Discard an Attached Canister card to perform a Ranged
// Action with a Flamethrower equipped in Hand", and "Flamethrowers cannot
// be used to fire from or to exterior Zones."
func (s *state) canHellfire(i, z, rng int) bool {
	sv := &s.surv[i]
	if sv.flamer < 0 || sv.ncan == 0 || s.m.exterior[sv.zone] || s.m.exterior[z] {
		return false
	}
	r := s.card(sv.flamer).Hellfire
	return rng >= r[0] && rng <= r[1]
}

// hellfire burns zone z: "All Actors and inactive Machines are
// eliminated. The Survivor earns all related Experience Points.", "Remove
// any Objective tokens.", "Any Active Mold token in the Zone is flipped
// to its Inactive side." It makes no Noise.
func (s *state) hellfire(i, z int) {
	sv := &s.surv[i]
	sv.ncan--
	s.edisc = append(s.edisc, sv.cans[sv.ncan])
	x := &s.xenos[z]
	for t := range xenoTypes {
		for x[t] > 0 {
			x[t]--
			sv.xp += xenoXP[t]
			s.kills[t]++
		}
	}
	for j := range s.surv {
		if s.surv[j].alive && s.surv[j].zone == z {
			s.damage(j, s.surv[j].armor)
		}
	}
	for k, t := range s.m.tokens {
		if t.zone == z && !s.taken[k] {
			s.gone[k] = true
		}
	}
	if s.mold[z] == ActiveMold {
		s.mold[z] = InactiveMold
		s.touch()
	}
	s.judge()
}
