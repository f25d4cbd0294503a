package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/zmission/zmission/rules/facility"
)

// Analysis implements ModelView: the facility's analysis as text.
func (facilityView) Analysis(w io.Writer, v any) error {
	a, ok := v.(*facility.Analysis)
	if !ok || a == nil {
		return fmt.Errorf("not a facility analysis")
	}
	fmt.Fprintf(w, "%s (facility): %d slots, %d rooms placed, %d empty, %d corridors", a.Title, a.Slots, a.Rooms, a.Empty, a.Corridors)
	if a.Deadly {
		fmt.Fprint(w, ", Deadly mode")
	}
	fmt.Fprintln(w)
	if a.Start == 0 {
		fmt.Fprintln(w, "\nThere is no Landing Zone: the characters have nowhere to start.")
		return nil
	}
	ls := a.LifeSupply
	fmt.Fprintf(w, "The characters start in the Landing Zone (slot %d). Life support inactive in %s", a.Start, orNone(ls.Inactive))
	if len(ls.Active) > 0 {
		fmt.Fprintf(w, ", active in %s", strings.Join(ls.Active, ", "))
	}
	fmt.Fprintf(w, "; Hibernatorium %s.\n", ls.Hibernatorium)
	fmt.Fprintf(w, "Oxygen: %d each, 1 lost at the end of every turn in a section with inactive life support; the Landing Zone holds %d oxygen tokens (+%d each).\n",
		ls.StartOxygen, ls.LandingOxygen, ls.OxygenPerToken)

	fmt.Fprintln(w, "\nEscapes (one character from the Landing Zone, unhindered: 5 action cards a round, a move costs 1, using a room 2; * a room used on the way; \"explores\" counts empty slots on the way):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, e := range a.Escapes {
		where := "still in its stack"
		if e.Slot != 0 {
			where = "slot " + strconv.Itoa(e.Slot)
		}
		fmt.Fprintf(tw, "  %s — %s (%s)\n", strings.ToUpper(e.Way[:1])+e.Way[1:], e.Room, where)
		if e.Unreachable {
			msg := "cannot be reached from the Landing Zone"
			if e.Note != "" {
				msg = e.Note
			}
			fmt.Fprintf(tw, "    %s\n", msg)
			continue
		}
		if e.Never {
			fmt.Fprintf(tw, "    %s\n", e.Possible)
			continue
		}
		fmt.Fprintf(tw, "    possible %s\n", e.Possible)
		if e.Note != "" {
			fmt.Fprintf(tw, "    note: %s\n", e.Note)
		}
		for _, p := range e.Plans {
			fmt.Fprintf(tw, "    %s\t%d moves\tround %d\t%d turns\toxygen −%d\t%s\t%s\n", p.Name, p.Moves, p.Round, p.Turns, p.OxygenLost, margin(p), routeText(a, p))
		}
	}
	tw.Flush()

	fmt.Fprintln(w, "\nRound track:")
	for _, ev := range a.Timeline {
		fmt.Fprintf(w, "  round %2d  %s\n", ev.Round, ev.What)
	}

	fmt.Fprintln(w, "\nNoise profiles (a noise roll in the room: the die number and the corridors it hits; · nothing happens):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, n := range a.Noise {
		var cells []string
		hit := map[int]facility.NoiseHit{}
		for _, h := range n.Hits {
			hit[h.Number] = h
		}
		for d := 1; d <= 4; d++ {
			h, ok := hit[d]
			if !ok {
				cells = append(cells, fmt.Sprintf("%d: ·", d))
				continue
			}
			var cs []string
			for _, c := range h.Corridors {
				s := "c" + strconv.Itoa(c)
				for _, nm := range h.NoMarker {
					if nm == c {
						s += "*"
					}
				}
				cs = append(cs, s)
			}
			cells = append(cells, fmt.Sprintf("%d: %s", d, strings.Join(cs, ",")))
		}
		fmt.Fprintf(tw, "  %d %s\t%s\n", n.Slot, n.Room, strings.Join(cells, "\t"))
	}
	tw.Flush()
	fmt.Fprintln(w, "  (* no noise marker there: the corridor leads to the covered Hibernatorium; a hazard draws from the intruder bag)")

	fmt.Fprintln(w, "\nIntruder routes to the closest character (shortest, doors disregarded, the lowest id first on a tie):")
	for _, r := range a.Intruders {
		mark := " "
		if r.Token {
			mark = "●"
		}
		if r.Target < 0 {
			fmt.Fprintf(w, "  %s %s: no way to a character on the map as placed\n", mark, r.From)
			continue
		}
		tie := ""
		if r.TieBroken {
			tie = " (tie broken by the lowest id)"
		}
		fmt.Fprintf(w, "  %s %s → %s: %s%s\n", mark, r.From, strings.Join(r.Steps, " → "), countOf(r.Length, "move"), tie)
	}
	fmt.Fprintln(w, "  (● an intruder the scenario places)")

	fmt.Fprintln(w, "\nSetup by player count:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  PLAYERS\tINTRUDER BAG\tEGGS\tLANDING ZONE GEAR\tBELT TOKENS\tOBJECTIVE CARDS")
	for _, s := range a.Setup {
		fmt.Fprintf(tw, "  %d\t%d (1 blank, %d Larvae, %d Adults)\t%d\t%d ammo, %d grenade, %d oxygen, %d medpack\t%d (4 each)\t%d\n",
			s.Players, s.Bag, s.BagLarvae, s.BagAdults, s.Eggs, s.Ammo, s.Grenades, s.Oxygen, s.Medpacks, s.BeltTokens, s.ObjectiveCard)
	}
	tw.Flush()
	fmt.Fprintln(w, "  Support equipment: draw 7, each player but the Contractor picks 1.")
	if a.Estimate != nil {
		fmt.Fprint(w, "\n"+a.Estimate.Report())
	}
	return nil
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "no section"
	}
	return strings.Join(xs, ", ")
}

func margin(p facility.Plan) string {
	s := fmt.Sprintf("margin %d", p.Margin)
	if p.Tokens > 0 {
		s += fmt.Sprintf(" (needs %d oxygen token", p.Tokens)
		if p.Tokens > 1 {
			s += "s"
		}
		s += ")"
	}
	if p.TooLate {
		s += ", after round 14"
	}
	return s
}

// routeText writes a plan's route as slot ids, "?" after an empty slot.
func routeText(a *facility.Analysis, p facility.Plan) string {
	var parts []string
	stop := 0
	for i, s := range p.Route {
		t := strconv.Itoa(s)
		// A room used on the way (not the escape itself) is starred.
		if i > 0 && stop < len(p.Stops)-1 && s == p.Stops[stop] {
			t += "*"
			stop++
		}
		parts = append(parts, t)
	}
	out := strings.Join(parts, "→")
	if p.Explores > 0 {
		out += fmt.Sprintf(" (explores %d)", p.Explores)
	}
	for _, j := range p.Jumps {
		out += fmt.Sprintf(" (Technical Corridor Entrance to %d)", j)
	}
	if len(p.Doors) > 0 {
		var ds []string
		for _, d := range p.Doors {
			ds = append(ds, strconv.Itoa(d))
		}
		out += " (closed door in corridor " + strings.Join(ds, ", ") + ")"
	}
	return out
}

func countOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
