package gridplay

// Enemy kinds by their role, the same four in both games.
const (
	Common      = iota // Invader's Worker, classic's Walker
	Tough              // Tank, Fatty
	Fast               // Hunter, Runner: two Activations
	Abomination        // the Abomination
	Kinds
)

// Pack counts the enemies of each kind in one zone.
type Pack = [Kinds]int16

// Table is a game's enemies as combat reads them.
type Table struct {
	// ToKill is the Damage one hit needs to eliminate each kind.
	ToKill [Kinds]int
	// Ranged is the Targeting Priority Order; Melee the order the
	// players share Melee hits in ("as they wish": the model's choice).
	Ranged, Melee [Kinds]int
}

// Need is how many hits of Damage d Concentrate Fire needs on kind t:
// "Multiply the Damage value by the amount of hits obtained".
func (tb *Table) Need(t, d int) int {
	d = max(d, 1)
	return (tb.ToKill[t] + d - 1) / d
}

// Expected is the enemies of x an Attack of dice dice at Accuracy acc
// and Damage d is expected to eliminate, and whether it should
// Concentrate Fire on one target it cannot otherwise hurt. Ranged hits
// follow the Targeting Priority Order, an enemy the Damage cannot
// eliminate stopping the hits behind it; Melee hits go where they kill.
func (tb *Table) Expected(dice, acc, d int, x Pack, ranged bool) (float64, bool) {
	p := PHit(acc)
	hits := float64(dice) * p
	if ranged {
		k := 0.0
		for _, t := range tb.Ranged {
			if x[t] == 0 {
				continue
			}
			if d < tb.ToKill[t] {
				if k == 0 {
					return AtLeast(dice, tb.Need(t, d), p), true
				}
				return k, false
			}
			got := min(hits, float64(x[t]))
			k += got
			hits -= got
			if hits <= 0 {
				break
			}
		}
		return k, false
	}
	killable := 0
	for t := range Kinds {
		if d >= tb.ToKill[t] {
			killable += int(x[t])
		}
	}
	if killable > 0 {
		return min(hits, float64(killable)), false
	}
	for _, t := range tb.Ranged {
		if x[t] > 0 && tb.ToKill[t] > 1 {
			return AtLeast(dice, tb.Need(t, d), p), true
		}
	}
	return 0, false
}

// Hits applies hits of Damage d to the pack x, calling kill with each
// enemy's kind as it is eliminated (after taking it off x). Concentrate
// Fire designates one target before the roll: the first the order reaches
// (Ranged), or the first the Damage alone cannot eliminate (Melee).
// Without it, a Ranged hit on an enemy the Damage cannot eliminate stops
// there: it shields the ones behind it.
func (tb *Table) Hits(hits, d int, x *Pack, ranged, concentrate bool, kill func(t int)) {
	order := tb.Melee
	if ranged {
		order = tb.Ranged
	}
	if concentrate {
		for _, t := range order {
			if x[t] > 0 && (ranged || d < tb.ToKill[t]) {
				if hits*d >= tb.ToKill[t] {
					x[t]--
					kill(t)
				}
				return
			}
		}
		return
	}
	for _, t := range order {
		for x[t] > 0 && hits > 0 {
			if d < tb.ToKill[t] {
				if ranged {
					return
				}
				break
			}
			x[t]--
			kill(t)
			hits--
		}
	}
}
