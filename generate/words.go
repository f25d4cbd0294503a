package generate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

// texts gives the mission an id, a title and a briefing (keeping the
// file's own), worded from the structure and the places of the board.
func (rq *request) texts(p *plan, locks []*lock) {
	m, w := p.m, rq.g.Words
	if m.Title == "" {
		first := slices.DeleteFunc(slices.Clone(w.First), func(s string) bool { return !p.titleTrue(s) })
		second := slices.DeleteFunc(slices.Clone(w.Second), func(s string) bool { return !p.titleTrue(s) })
		m.Title = pick(rq.rng, first) + " " + pick(rq.rng, second)
	}
	if m.ID == "" {
		m.ID = slug(m.Title) + fmt.Sprintf("-%d", rq.o.Seed)
	}
	if m.Briefing == "" {
		m.Briefing = briefing(p, locks)
	} else if rq.from != nil {
		rq.alt[m] = briefing(p, locks) // in case the file's no longer holds
	}
	if m.Difficulty == "" {
		m.Difficulty = rq.o.Difficulty
	}
}

// titleTrue reports whether a title word that names a thing (a colour, a
// place) names one the map has; other words always hold.
func (p *plan) titleTrue(word string) bool {
	switch word {
	case "Airlock":
		return slices.ContainsFunc(p.zones, func(z *layout.Zone) bool { return z.HasFeature("airlock") })
	case "Violet", "Green", "Blue", "Yellow":
		return p.colorUsed(strings.ToLower(word))
	}
	return true
}

// zoneOf is the zone a token of the mission stands in, or nil.
func (p *plan) zoneOf(t missions.Token) *layout.Zone {
	if t.In != "" {
		if z, err := p.scene.Board.Ref(t.In); err == nil {
			return z
		}
		return nil
	}
	if t.At != nil {
		return p.scene.Board.ZoneAt(t.At[0], t.At[1])
	}
	return nil
}

// briefing tells the mission as a story on the board's places: what
// happened, where the Objectives lie, what the coloured doors keep, and
// where the Exit is — never the objectives' own words again.
func briefing(p *plan, locks []*lock) string {
	w, rng, b := p.rq.g.Words, p.rq.rng, p.scene.Board
	var s []string
	s = append(s, pick(rng, w.Openings))
	if h := w.Hooks[p.rq.typ]; len(h) > 0 {
		s = append(s, pick(rng, h))
	}
	var parts []string
	rooms := true
	for _, t := range p.m.Tokens {
		if t.Type != missions.TokObjective {
			continue
		}
		if z := p.zoneOf(t); z != nil {
			parts = append(parts, boardPart(b, z))
			rooms = rooms && z.Kind == layout.Room
		}
	}
	if len(parts) > 0 {
		where := "around the " + partList(parts)
		if rooms {
			where = "in the rooms of the " + partList(parts)
		}
		if partList(parts) == "whole board" {
			where = "all over the board"
		}
		s = append(s, fmt.Sprintf(pick(rng, []string{"What we came for lies %s.", "We need what was left %s.", "The Objectives are %s."}), where))
	}
	for _, l := range locks {
		at := boardPart(b, p.zones[l.way.From])
		s = append(s, fmt.Sprintf(pick(rng, []string{
			"The %s door in the %s stays shut without the %s Objective.",
			"Past the %s door in the %s, nobody goes without the %s Objective.",
		}), l.color, at, l.color))
		if l.spawn {
			s = append(s, fmt.Sprintf("Taking it wakes the %s Spawn Zone.", l.color))
		}
	}
	var noise []string
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokNoise && z != nil {
			noise = append(noise, boardPart(b, z))
		}
	}
	if len(noise) > 0 {
		s = append(s, fmt.Sprintf("Noise in the %s draws the %s that way.", partList(noise), w.Enemy))
	}
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokSentryGun && z != nil {
			s = append(s, fmt.Sprintf("The Sentry Gun in the %s watches a Spawn Zone: a Survivor in its Zone fires it.", boardPart(b, z)))
		}
	}
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokCar && t.ID == "getaway" {
			if z := p.zoneOf(t); z != nil {
				s = append(s, fmt.Sprintf("Then get to the %s on the street in the %s of the board, before the %s close in.", carName[t.Kind], boardPart(b, z), w.Enemy))
			}
			break
		}
		if t.Type != missions.TokExit {
			continue
		}
		if z := p.zoneOf(t); z != nil {
			s = append(s, fmt.Sprintf("Then reach the Exit, %s in the %s of the board", exitPlace(z), boardPart(b, z)))
			if p.has(missions.TokSpawn) {
				s[len(s)-1] += fmt.Sprintf(", before the %s close in.", w.Enemy)
			} else {
				s[len(s)-1] += "."
			}
		}
		break
	}
	return wrap(strings.Join(s, " "), 76) + "\n"
}

var carName = map[string]string{"pimpmobile": "Pimpmobile", "police": "police car"}

// exitPlace words where the Exit stands, by its zone.
func exitPlace(z *layout.Zone) string {
	switch {
	case z.HasFeature("airlock"):
		return "through the airlock"
	case z.Kind == layout.Exterior:
		return "out on the surface"
	case z.Kind == layout.Street:
		return "on the street"
	case z.Kind == layout.Corridor:
		return "down a corridor"
	}
	return "in a room"
}

// partList words the distinct parts of the board, in compass order:
// "north", "north and east", "north, centre and south-east".
func partList(parts []string) string {
	var out []string
	for _, r := range compass {
		for _, c := range r {
			if slices.Contains(parts, c) {
				out = append(out, c)
			}
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	if len(out) > 3 {
		return "whole board"
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// lockText is the special rule of one lock, in words.
func lockText(g *gridGame, l *lock) string {
	t := fmt.Sprintf("Once the %s Objective has been taken, the %s door can be opened", l.color, l.color)
	if l.spawn {
		t += fmt.Sprintf(", and the %s Spawn Zone activates", l.color)
	}
	return t + "."
}

// wrap breaks text into lines of at most width characters.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteString("\n")
				n = 0
			} else {
				b.WriteString(" ")
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// slug makes an id from a title: "Cold Relay" -> "cold-relay".
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
