package invader

import (
	"fmt"
	"slices"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

func init() { checks = append(checks, checkStartOutside) }

// itemKey maps granted items and starting equipment to keys.
func itemKey(item string) string {
	switch item {
	case "oxygen-tank", "oxygen":
		return rules.KeyOxygen
	}
	return item
}

// Play reads the world with the rules games share: Survivors' keys are
// door colours and oxygen; an Oxygen Supply Room hands out tanks.
func (w *World) Play() *rules.Play {
	if w.play != nil {
		return w.play
	}
	pl := rules.NewPlay(w.Scene, w.Movement(), "Xeno", CoreBox)
	w.play = pl
	p := pl.Puzzle
	p.ItemKey = itemKey
	for _, e := range w.Mission.Equipment {
		p.Initial = append(p.Initial, itemKey(e))
	}
	p.ZoneKeys = func(z int) map[string]string {
		zone := w.B.Zones[z]
		// An Oxygen Supply Room gives Oxygen Tanks unless Mold took its
		// special properties away.
		if zone.HasFeature("oxygen") && w.Mold[z] == NoMold && !w.exterior(z) {
			return map[string]string{rules.KeyOxygen: "the Oxygen Supply Room " + zone.ID}
		}
		return nil
	}
	// Mold: "Remove any Objective and Door tokens in the Zone. They cannot
	// be recovered." An Objective in a Mold zone, and a door on the edge of
	// one ("Colored doors can be removed by Mold"), are gone before play:
	// the checks read the board the movement graph reads.
	gone := func(t *rules.Token, m *rules.Token) {
		if p.Gone == nil {
			p.Gone = map[int]*rules.Token{}
		}
		p.Gone[t.Index] = m
	}
	for _, t := range w.Of(missions.TokObjective) {
		if m := w.moldIn(t.Zone.Index); m != nil {
			gone(t, m)
		}
	}
	for _, t := range w.Doors {
		if m := w.doorMold(t); m != nil {
			gone(t, m)
		}
	}
	p.Destroyed = w.destroyedDoors(pl.Moves, p.Start)
	pl.Extra = extraTokens(pl.Survivors)
	pl.Kit = kit
	pl.KeyWhy = func(k string) string {
		if k == rules.KeyOxygen {
			return "an Oxygen Tank, and no Oxygen Supply Room can be reached without one (nor does the team start with one)"
		}
		return ""
	}
	return pl
}

// Puzzle is the mission as the solver sees it.
func (w *World) Puzzle() *rules.Puzzle { return w.Play().Puzzle }

// checkStartOutside: a start outside needs oxygen from the start.
func checkStartOutside(w *World, _ rules.Options) []rules.Finding {
	st := w.Of(missions.TokStart)
	if len(st) == 0 {
		return nil
	}
	if z := st[0].Zone.Index; w.exterior(z) && !slices.Contains(w.Puzzle().Initial, rules.KeyOxygen) {
		return []rules.Finding{{Rule: "start-outside", Ptr: st[0].Ptr(),
			Message: fmt.Sprintf("the Survivors start outside, in %s, without Oxygen Tanks: they cannot survive there", w.B.Zones[z].ID),
			Hint:    "start inside the station, or give the team tanks: 'equipment: [oxygen-tank]'"}}
	}
	return nil
}
