package gridplay

// Weapon is a weapon card's combat characteristics as both rulebooks
// print them; a game's own weapon embeds it and adds what only it has
// (door opening, ammunition).
type Weapon struct {
	Ranged   bool   `json:"ranged"`
	Range    [2]int `json:"range"`
	Dice     int    `json:"dice"`
	Accuracy int    `json:"accuracy"`
	Damage   int    `json:"damage"`
	Dual     bool   `json:"dual"`
	Noisy    bool   `json:"noisy"`
}

// OutOfBounds says the figures are out of both games' bounds: dice 1 to
// MaxDice, Accuracy 1-6, Damage 1-3, Range within 0-6, a Melee weapon's
// Range 0.
func (w *Weapon) OutOfBounds() bool {
	return w.Dice < 1 || w.Dice > MaxDice || w.Accuracy < 1 || w.Accuracy > 6 || w.Damage < 1 || w.Damage > 3 ||
		w.Range[0] < 0 || w.Range[1] < w.Range[0] || w.Range[1] > 6 || (!w.Ranged && w.Range[1] != 0)
}

// Value is the weapon's expected Damage per Action, a Ranged weapon's
// reach counting a little: the order the Starting Equipment is dealt in.
func (w *Weapon) Value() float64 {
	v := float64(w.Dice) * float64(7-w.Accuracy) / 6 * float64(w.Damage)
	if w.Ranged {
		v *= 1 + 0.2*float64(w.Range[1])
	}
	return v
}
