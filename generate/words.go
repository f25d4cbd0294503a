package generate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
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

// briefing tells the mission as a story on the board's places, named as
// the tile set names them (the Pharmacy, the Crater field, the street by
// the Church): what happened, where the Objectives and the keys lie, what
// a key wakes, what the Noise and the Sentry Gun do, and where the way out
// is. The rules a door obeys are said once, in the special rules; the
// count of the Objectives once, on the map.
func briefing(p *plan, locks []*lock) string {
	w, rng, b := p.rq.g.Words, p.rq.rng, p.scene.Board
	var s []string
	s = append(s, pick(rng, w.Openings))
	if h := w.Hooks[p.rq.typ]; len(h) > 0 {
		s = append(s, pick(rng, h))
	}
	keys := map[int]bool{}
	for _, l := range locks {
		keys[l.key] = true
	}
	var places []string
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokObjective && z != nil && !keys[z.Index] && !slices.Contains(places, placeName(b, z)) {
			places = append(places, placeName(b, z))
		}
	}
	if len(places) > 0 {
		s = append(s, fmt.Sprintf(pick(rng, []string{"What we came for lies in %s.", "We need what was left in %s.", "What we need is scattered: %s.", "Search %s."}), nameList(places)))
	}
	for i, l := range locks {
		key := placeName(b, p.zones[l.key])
		door := doorName(b, l)
		what := "a shorter way through"
		switch {
		case i+1 < len(locks) && l.behind[locks[i+1].key]:
			what = "the " + locks[i+1].color + " " + w.Key
		case p.behindHas(l, missions.TokExit) || p.behindHas(l, missions.TokCar):
			what = "the way out"
		case p.behindHas(l, missions.TokObjective):
			what = "the rest of what we came for"
		}
		s = append(s, fmt.Sprintf(pick(rng, []string{
			"The %[1]s %[2]s was left in %[3]s; %[5]s lies past the %[1]s door of %[4]s.",
			"Past the %[1]s door of %[4]s lies %[5]s, and the %[1]s %[2]s is somewhere in %[3]s.",
		}), l.color, w.Key, key, door, what))
		if l.spawn {
			if z := p.spawnOf(l.color); z != nil {
				s = append(s, fmt.Sprintf("Taking it wakes the %s, and the way back runs past it.", enemyNest(w, placeName(b, z))))
			}
		}
	}
	var noise []string
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokNoise && z != nil && !slices.Contains(noise, placeName(b, z)) {
			noise = append(noise, placeName(b, z))
		}
	}
	if len(noise) > 0 {
		// Noise leaves the board in the first End Phase: it draws the
		// enemies' first moves, no more.
		s = append(s, fmt.Sprintf("The racket we left in %s draws the %s' first moves that way.", nameList(noise), w.Enemy))
	}
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokSentryGun && z != nil {
			if sz := p.sentrySees(z.Index); sz != nil {
				s = append(s, fmt.Sprintf("The Sentry Gun in %s covers the Spawn Zone in %s: a Survivor standing in its Zone controls it.", placeName(b, z), placeName(b, sz)))
			}
		}
	}
	spawns := p.has(missions.TokSpawn)
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokCar && t.ID == "getaway" {
			if z := p.zoneOf(t); z != nil {
				s = append(s, fmt.Sprintf("Then get to the %s, parked on %s, and drive it off by %s.", carName[t.Kind], placeName(b, z), roadOut(b, z)))
			}
			break
		}
		if t.Type != missions.TokExit {
			continue
		}
		if z := p.zoneOf(t); z != nil {
			s = append(s, fmt.Sprintf("Then reach the Exit, %s.", exitPlace(b, z)))
			if z.Kind == layout.Exterior && p.rq.g.Mold && p.rq.typ != "airlock" { // the airlock hook speaks of the air
				if o := p.oxygenRoom(); o != nil {
					s = append(s, fmt.Sprintf("Outside there is no air: fill up in %s before going out.", placeName(b, o)))
				}
			}
		}
		break
	}
	closings := slices.Clone(w.Closings)
	if spawns {
		closings = append(closings, fmt.Sprintf("Move before the %s close in.", w.Enemy))
	}
	if len(closings) > 0 {
		s = append(s, pick(rng, closings))
	}
	return wrap(strings.Join(s, " "), 76) + "\n"
}

var carName = map[string]string{"pimpmobile": "Pimpmobile", "police": "police car"}

// enemyNest words a Spawn Zone woken by a key: "nest in the Crater field".
func enemyNest(w rules.Words, place string) string {
	if w.Enemy == "Xenos" {
		return "nest in " + place
	}
	return "horde in " + place
}

// placeName names where a zone lies as the tile set does: a named room
// ("the Pharmacy"), else by its tile's title ("the street by the Church",
// "the Crater field", "a room of the Crew quarters").
func placeName(b *layout.Board, z *layout.Zone) string {
	var f *layout.Face
	if b.Set != nil {
		f = b.Set.Face(z.Face)
	}
	if f != nil {
		if spec := f.Zones[z.Label]; spec != nil && spec.Name != "" {
			// Two rooms of one name on the board (two Security Rooms)
			// are told apart by their tiles.
			if f.Title != "" && sameName(b, z, spec.Name) {
				return "the " + spec.Name + " of the " + f.Title
			}
			return "the " + spec.Name
		}
	}
	title := ""
	if f != nil {
		title = f.Title
	}
	if title == "" {
		return "the " + boardPart(b, z)
	}
	switch z.Kind {
	case layout.Room:
		return "a room of the " + title
	case layout.Street:
		lower := strings.ToLower(title)
		for _, w := range []string{"street", "avenue", "alley", "square", "crossroads", "strip", "row", "road"} {
			if strings.Contains(lower, w) {
				return "the " + title
			}
		}
		return "the street by the " + title
	}
	return "the " + title
}

// doorName is the place a lock's door opens, named by the zone behind it
// (the room it shuts), else by the door's own cell.
func doorName(b *layout.Board, l *lock) string {
	in := l.way.To
	if !l.behind[in] {
		in = l.way.From
	}
	return placeName(b, b.Zones[in])
}

// roadOut names the way off the board nearest the zone: the side of the
// board by which the street nearest it leaves ("the west road").
func roadOut(b *layout.Board, z *layout.Zone) string {
	best, side := -1, ""
	try := func(x, y int, name string) {
		e := b.ZoneAt(x, y)
		if e == nil || e.Kind != layout.Street {
			return
		}
		for _, c := range z.Cells {
			if d := abs(c.X-x) + abs(c.Y-y); best < 0 || d < best {
				best, side = d, name
			}
		}
	}
	for x := 0; x < b.W; x++ {
		try(x, 0, "north")
		try(x, b.H-1, "south")
	}
	for y := 0; y < b.H; y++ {
		try(0, y, "west")
		try(b.W-1, y, "east")
	}
	if side == "" {
		return "the road out"
	}
	return "the " + side + " road"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// nameList words places: "the Mess", "the Mess and the Armoury", "the
// Mess, the Armoury and the Laboratory".
func nameList(xs []string) string {
	if len(xs) == 1 {
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// exitPlace words where the Exit stands, by its zone and its place.
func exitPlace(b *layout.Board, z *layout.Zone) string {
	place := placeName(b, z)
	switch {
	case z.HasFeature("airlock"):
		return "through the airlock, " + place
	case z.Kind == layout.Exterior:
		return "out on " + place
	case z.Kind == layout.Street:
		return "on " + place
	case z.Kind == layout.Corridor:
		return "down " + place
	}
	return "in " + place
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

// said gives a victory condition the text the printed page words it with
// ("Take all Objectives."), so the page says it once.
func said(o missions.Objective) missions.Objective {
	o.Text = o.Describe() + "."
	return o
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

// behindHas reports whether a token of typ stands behind the lock.
func (p *plan) behindHas(l *lock, typ string) bool {
	return slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool {
		z := p.zoneOf(t)
		return t.Type == typ && z != nil && l.behind[z.Index]
	})
}

// spawnOf is the zone of the Spawn Zone of colour c, or nil.
func (p *plan) spawnOf(c string) *layout.Zone {
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokSpawn && t.Color == c {
			return p.zoneOf(t)
		}
	}
	return nil
}

// oxygenRoom is an Oxygen Supply Room the Survivors reach, or nil.
func (p *plan) oxygenRoom() *layout.Zone {
	for i, z := range p.zones {
		if z.HasFeature("oxygen") && p.reach[i] {
			return z
		}
	}
	return nil
}

// sentrySees is a Spawn Zone a Sentry Gun in zone z sees by the game's
// sight rules, or nil.
func (p *plan) sentrySees(z int) *layout.Zone {
	return seenSpawn(p.scene, z, p.spawnZones())
}

// spawnZones are the zones of the mission's Spawn Zones so far.
func (p *plan) spawnZones() []int {
	var out []int
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokSpawn && z != nil {
			out = append(out, z.Index)
		}
	}
	return out
}

// seenSpawn is the first of the spawns a zone sees by the game's sight
// rules (a Sentry Gun fires at what it sees), or nil.
func seenSpawn(s *rules.Scene, z int, spawns []int) *layout.Zone {
	g, ok := rules.Lookup(s.Mission.Ruleset).(rules.BoardGame)
	if !ok {
		return nil
	}
	for _, v := range g.LOS(s, z, rules.SightOptions{}) {
		if slices.Contains(spawns, v.Zone) {
			return s.Board.Zones[v.Zone]
		}
	}
	return nil
}

// sameName reports whether another zone of the board bears name.
func sameName(b *layout.Board, z *layout.Zone, name string) bool {
	for _, o := range b.Zones {
		if o == z || o.Face == z.Face && o.Label == z.Label {
			continue
		}
		if f := b.Set.Face(o.Face); f != nil {
			if spec := f.Zones[o.Label]; spec != nil && spec.Name == name {
				return true
			}
		}
	}
	return false
}
