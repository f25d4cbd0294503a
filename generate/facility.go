package generate

import (
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// The facility crawler: a grid of room slots split into sections A, B and
// C (left to right), the standard setup's three rooms — the Landing Zone
// in A with its 3 corridors, the covered Hibernatorium in B, the Nest in
// C — a few rooms already explored in their own sections, and the rest
// left to the stacks, which hold every catalogue room not on the map.

type facSlot struct {
	id      int
	x, y    int
	section string
	room    string
}

type facCorridor struct {
	a, b   int // slot ids, a < b
	noise  int
	door   string // "", open, closed
	doorAt int
}

type facToken struct {
	typ, kind string
	corridor  int
}

// facPlan is one facility being laid out.
type facPlan struct {
	o         Options
	cols, row int
	slots     []*facSlot
	at        map[[2]int]*facSlot
	corridors []*facCorridor
	tokens    []facToken
	active    []string // sections whose life support starts active
	destroy   bool     // the Nest is to be destroyed too
	way       string   // the mission type: the escape the objective asks for (FacilityTypes)
}

// facilitySizes are the facilities each length makes when no size is given.
var facilitySizes = map[string][2]int{"short": {4, 3}, "medium": {5, 4}, "long": {6, 4}}

func generateFacility(o Options) (*Result, error) {
	if o.From != nil {
		return nil, badOption("--from completes missions of the Zombicide games, not facility scenarios: leave --from out to make a facility scenario from nothing")
	}
	if o.Type != "" && !slices.Contains(FacilityTypes, o.Type) {
		return nil, &BadOption{Reason: fmt.Sprintf("--type for the facility crawler is %s, not %q", orList(FacilityTypes), o.Type), Hint: typo.Hint(o.Type, FacilityTypes)}
	}
	way := o.Type
	if way == "" {
		// The seed chooses, from a stream of its own: the layout drawn
		// for a seed stays the one it was.
		way = pick(newRand(o.Seed^0xfac1), FacilityTypes)
	}
	if len(o.Boxes) > 0 {
		return nil, badOption("the facility crawler has no boxes to choose: its rooms are the rulebook's catalogue; leave --boxes out")
	}
	if o.Survivors > 0 {
		return nil, badOption("the facility crawler has no Survivor count apart from its players: each player plays one character; use --players")
	}
	var err error
	if o.Players == "" {
		o.Players = "1-5"
	}
	if o.Players, err = ParsePlayers(o.Players, 1, 5); err != nil {
		return nil, err
	}
	if o.W == 0 {
		d := facilitySizes[o.Length]
		o.W, o.H = d[0], d[1]
	}
	rooms := len(facility.BuiltinRooms())
	switch {
	case o.W < 3:
		return nil, impossible("a facility %d slot%s wide cannot hold sections A, B and C side by side: it needs 3 columns at least; use a --size of 3 columns or more, e.g. 4x3", o.W, plural(o.W))
	case o.H < 2 || o.W == 3 && o.H < 3:
		return nil, impossible("%s %d×%d facility has no slot in section A with three neighbours for the Landing Zone's 3 corridors; use a larger --size, e.g. 4x3", article(o.W), o.W, o.H)
	case o.W*o.H > rooms:
		return nil, impossible("%s %d×%d facility has %d slots, and the catalogue's %d rooms fill at most %d (the stacks would run short); use a smaller --size of %d slots or fewer, e.g. 5x5",
			article(o.W), o.W, o.H, o.W*o.H, rooms, rooms, rooms)
	}
	rng := newRand(o.Seed)
	var passed []facCandidate
	var last string
	attempts := 0
	for attempts < maxAttempts && (len(passed) < keep || !slices.ContainsFunc(passed, func(c facCandidate) bool { return c.est.Difficulty == o.Difficulty })) {
		attempts++
		p := &facPlan{o: o, cols: o.W, row: o.H, at: map[[2]int]*facSlot{}, way: way}
		if why := p.lay(rng); why != "" {
			last = why
			continue
		}
		data := p.emit(nil)
		r := lint.Bytes("generated.yaml", data, lint.Options{Limits: source.DefaultLimits})
		if why := failing(r.Diags); why != "" {
			last = why
			continue
		}
		f, ok := r.Model.(*facility.Facility)
		if !ok {
			last = "the scenario could not be read"
			continue
		}
		passed = append(passed, facCandidate{p: p, est: *f.Analyze().Estimate})
	}
	if len(passed) == 0 {
		return nil, missed("none of %d candidates passed the checks; the last: %s; try another --seed or --size", attempts, last)
	}
	best := -1
	for i, c := range passed {
		if c.est.Difficulty != o.Difficulty {
			continue
		}
		if best < 0 || facDistance(c, o) < facDistance(passed[best], o) {
			best = i
		}
	}
	if best < 0 {
		return nil, missed("no %s facility found on %d×%d slots in %d candidates (they were %s); try another --seed, --size or --difficulty",
			o.Difficulty, o.W, o.H, attempts, passed[0].est.Difficulty)
	}
	c := passed[best]
	title := pick(rng, facilityWords.First) + " " + pick(rng, facilityWords.Second)
	data, err := missions.Format(c.p.emit(&facText{title: title, id: slug(title) + fmt.Sprintf("-%d", o.Seed),
		briefing: c.p.briefing(pick(rng, facilityWords.Openings)), header: []string{
			"Generated by zmission; this command makes it again, byte for byte:", o.Command()}}), false)
	if err != nil {
		return nil, err
	}
	r := lint.Bytes("generated.yaml", data, lint.Options{Limits: source.DefaultLimits})
	if why := failing(r.Diags); why != "" {
		return nil, fmt.Errorf("the scenario made does not pass its checks as written: %s", why)
	}
	return &Result{Data: data, Mission: &missions.Mission{ID: slug(title) + fmt.Sprintf("-%d", o.Seed), Title: title, Ruleset: facility.Ruleset, Players: missions.Amount(o.Players)},
		Estimate: c.est, Judged: facilityJudged(o), Type: way, Candidates: len(passed), Attempts: attempts}, nil
}

// facilityJudged: the facility is judged by its formula; the playtest
// plays games on tiles.
func facilityJudged(o Options) string {
	if o.JudgeBy == JudgeFormula {
		return "by the formula, as asked (--judge formula)"
	}
	return "by the formula: no playtest for facility yet (docs/playtest.md)"
}

type facCandidate struct {
	p   *facPlan
	est rules.Estimate
}

func facDistance(c facCandidate, o Options) float64 {
	return math.Abs(float64(c.est.Minutes-facilityMinutes[o.Length])) / 30
}

// FacilityTypes are the facility's mission types: the rulebook's standard
// objective (any of its three ways out, "by the Lander, in a hibernation
// pod, or on the one Escape Shuttle") and one for each way alone.
var FacilityTypes = []string{"any-escape", "lander", "hibernation", "shuttle"}

// facilityWays are each type's objective and the briefing's last words.
var facilityWays = map[string]struct{ escape, text, briefing string }{
	"any-escape":  {"any", "Every surviving character escapes or hibernates.", "Get out: by the Lander, in a hibernation pod, or on the one Escape Shuttle."},
	"lander":      {"lander", "Every surviving character escapes by the Lander.", "The Lander is the only way out: keep the anti-aircraft down and be at the Landing Zone when it comes."},
	"hibernation": {"hibernation", "Every surviving character hibernates in the Hibernatorium.", "No ship will come: sleep it out in the Hibernatorium's pods."},
	"shuttle":     {"shuttle", "Escape on the Escape Shuttle.", "The one Escape Shuttle leaves once: be on it."},
}

// facilityMinutes are the playing times the facility's lengths aim at, by
// its estimate (an hour of setup and first rounds, two minutes a slot,
// five a round of the quickest escape): its sizes of facility make them.
var facilityMinutes = map[string]int{"short": 88, "medium": 102, "long": 118}

// FacilityLengthBand is the length a facility scenario's playing time
// falls in: short below 95 minutes, medium below 110, long from 110 — the
// midpoints between the times its lengths aim at. The facility is a
// longer game than the Zombicide ones (LengthBand): its setup alone is
// the hour the estimate starts from.
func FacilityLengthBand(minutes int) string {
	switch {
	case minutes < 95:
		return "short"
	case minutes < 110:
		return "medium"
	}
	return "long"
}

// LengthBandOf is the length a mission of the ruleset playing that long
// falls in.
func LengthBandOf(ruleset string, minutes int) string {
	if ruleset == facility.Ruleset {
		return FacilityLengthBand(minutes)
	}
	return LengthBand(minutes)
}

// failing says why a scenario's findings keep it from being written: an
// error or a warning of any check.
func failing(ds []validate.Diagnostic) string {
	for _, d := range ds {
		if d.Severity == validate.Error || d.Severity == validate.Warning {
			return fmt.Sprintf("%s [%s]", d.Message, d.Rule)
		}
	}
	return ""
}

// sectionOf is the section of column x: A, B, C in thirds left to right,
// the first column of B and of C on the border with the section before.
func (p *facPlan) sectionOf(x int) string {
	band := func(x int) int { return x * 3 / p.cols }
	b := band(x)
	s := Sections[b]
	if x > 0 && band(x-1) != b && p.cols >= 5 {
		s = Sections[b-1] + "/" + s
	}
	return s
}

// Sections are the facility's three sections.
var Sections = facility.Sections

// lay makes one layout: slots, the setup rooms, explored rooms, corridors
// and tokens; it says why it gave up, if it did.
func (p *facPlan) lay(rng *rand.Rand) string {
	// Slots: the whole grid, less a corner or two (the border pieces'
	// shape), numbered in reading order.
	drop := map[[2]int]bool{}
	corners := [][2]int{{0, 0}, {p.cols - 1, 0}, {0, p.row - 1}, {p.cols - 1, p.row - 1}}
	for i := rng.IntN(3); i > 0; i-- {
		drop[pick(rng, corners)] = true
	}
	for y := 0; y < p.row; y++ {
		for x := 0; x < p.cols; x++ {
			if drop[[2]int{x, y}] {
				continue
			}
			s := &facSlot{id: len(p.slots) + 1, x: x, y: y, section: p.sectionOf(x)}
			p.slots = append(p.slots, s)
			p.at[[2]int{x, y}] = s
		}
	}
	// The Landing Zone: in section A, with 3 free neighbours for its 3
	// corridors.
	lz := p.place(rng, "landing-zone", "A", 3)
	if lz == nil {
		return "no slot of section A has three neighbours for the Landing Zone's corridors"
	}
	hib := p.place(rng, "hibernatorium", "B", 1)
	nest := p.place(rng, "nest", "C", 1)
	if hib == nil || nest == nil {
		return "no free slot in section B or C"
	}
	// "One by one, draw 3 random corridor tiles and connect them faceup
	// (non-0 value side) to the Landing Zone."
	free := p.freeNeighbours(lz)
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for i, s := range free[:3] {
		c := p.corridor(rng, lz, s)
		// "If any of them have a door slot, place the slot on an entrance
		// to the Landing Zone."
		if i == 0 && rng.IntN(2) == 0 {
			c.door, c.doorAt = "open", lz.id
		}
	}
	// The Hibernatorium and the Nest are reached through a corridor or two.
	for _, r := range []*facSlot{hib, nest} {
		ns := p.freeNeighbours(r)
		if len(ns) == 0 {
			return "the " + r.room + " has no free neighbour for a corridor"
		}
		rng.Shuffle(len(ns), func(i, j int) { ns[i], ns[j] = ns[j], ns[i] })
		for _, s := range ns[:min(len(ns), 1+rng.IntN(2))] {
			c := p.corridor(rng, r, s)
			if r == hib && rng.IntN(3) == 0 {
				c.door, c.doorAt = "closed", hib.id
			}
		}
	}
	// Explored rooms: the easier, the more of the facility is known.
	explored := map[string]int{"easy": 2, "medium": 1, "hard": 0}[p.o.Difficulty] + rng.IntN(2)
	for i := 0; i < explored; i++ {
		p.explore(rng)
	}
	// Life support: the rules start every section inactive; an easy
	// scenario switches section A's on.
	if p.o.Difficulty == "easy" {
		p.active = []string{"A"}
	}
	// Intruders and noise in corridors, for the harder scenarios.
	far := p.farCorridors(lz.id)
	if p.o.Difficulty == "hard" && len(far) > 0 {
		p.tokens = append(p.tokens, facToken{typ: "intruder", kind: "adult", corridor: pick(rng, far)})
	}
	// One or two Noise markers, by the seed, where intruders will hear.
	for n := 1 + rng.IntN(2); p.o.Difficulty != "easy" && len(far) > 0 && n > 0; n-- {
		c := pick(rng, far)
		if !slices.ContainsFunc(p.tokens, func(t facToken) bool { return t.corridor == c }) {
			p.tokens = append(p.tokens, facToken{typ: "noise", corridor: c})
		}
	}
	// The Nest to destroy too makes a long scenario longer; not an easy
	// one, whose score it would push out of its band.
	p.destroy = p.o.Length == "long" && p.o.Difficulty != "easy"
	p.sortCorridors(p.corridors)
	return ""
}

// place puts room on a free slot of its section (or a border of it) with
// at least need free neighbours.
func (p *facPlan) place(rng *rand.Rand, room, section string, need int) *facSlot {
	var in []*facSlot
	for _, s := range p.slots {
		if s.room == "" && strings.Contains(s.section, section) && len(p.freeNeighbours(s)) >= need && !p.besideRoom(s) {
			in = append(in, s)
		}
	}
	if len(in) == 0 {
		return nil
	}
	s := pick(rng, in)
	s.room = room
	return s
}

// besideRoom reports whether a room stands on a neighbouring slot.
func (p *facPlan) besideRoom(s *facSlot) bool {
	for _, n := range p.neighbours(s) {
		if n.room != "" {
			return true
		}
	}
	return false
}

func (p *facPlan) neighbours(s *facSlot) []*facSlot {
	var out []*facSlot
	for _, d := range [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}} {
		if n := p.at[[2]int{s.x + d[0], s.y + d[1]}]; n != nil {
			out = append(out, n)
		}
	}
	return out
}

// freeNeighbours are the empty neighbouring slots with no corridor to s yet.
func (p *facPlan) freeNeighbours(s *facSlot) []*facSlot {
	var out []*facSlot
	for _, n := range p.neighbours(s) {
		if n.room == "" && !p.joined(s.id, n.id) {
			out = append(out, n)
		}
	}
	return out
}

func (p *facPlan) joined(a, b int) bool {
	return slices.ContainsFunc(p.corridors, func(c *facCorridor) bool { return c.a == min(a, b) && c.b == max(a, b) })
}

// corridor lays one corridor, its noise value drawn 1-4 (the front side).
func (p *facPlan) corridor(rng *rand.Rand, a, b *facSlot) *facCorridor {
	c := &facCorridor{a: min(a.id, b.id), b: max(a.id, b.id), noise: 1 + rng.IntN(4)}
	p.corridors = append(p.corridors, c)
	return c
}

// explore puts a room from the catalogue on an empty slot of its section
// that touches a corridor, with a corridor to each empty neighbour, as
// exploration would: "Place a random corridor faceup in each space around
// the room shown on the card, if not already there."
func (p *facPlan) explore(rng *rand.Rand) {
	used := map[string]bool{}
	for _, s := range p.slots {
		used[s.room] = true
	}
	type option struct {
		s    *facSlot
		room string
	}
	var opts []option
	for _, s := range p.slots {
		if s.room != "" || !p.touched(s.id) {
			continue
		}
		for _, r := range facility.BuiltinRooms() {
			if used[r.ID] || r.Escape != "" {
				continue
			}
			if r.Type == "?" || strings.Contains(s.section, r.Type) {
				opts = append(opts, option{s, r.ID})
			}
		}
	}
	if len(opts) == 0 {
		return
	}
	o := pick(rng, opts)
	o.s.room = o.room
	for _, n := range p.freeNeighbours(o.s) {
		p.corridor(rng, o.s, n)
	}
}

// touched reports whether a corridor reaches slot id.
func (p *facPlan) touched(id int) bool {
	return slices.ContainsFunc(p.corridors, func(c *facCorridor) bool { return c.a == id || c.b == id })
}

// farCorridors are the corridor ids not at the Landing Zone (in the order
// laid out, once sorted).
func (p *facPlan) farCorridors(lz int) []int {
	var out []int
	for _, c := range p.corridors {
		if c.a != lz && c.b != lz {
			out = append(out, p.corridorID(c))
		}
	}
	return out
}

// corridorID is a corridor's id: its place in reading order, which the
// ids of the file follow.
func (p *facPlan) corridorID(c *facCorridor) int {
	sorted := slices.Clone(p.corridors)
	p.sortCorridors(sorted)
	return slices.Index(sorted, c) + 1
}

// sortCorridors puts corridors in the board's reading order, as the
// rules number them: by their midpoint, row by row from the top-left.
func (p *facPlan) sortCorridors(cs []*facCorridor) {
	mid := func(c *facCorridor) (int, int) {
		a, b := p.slots[c.a-1], p.slots[c.b-1]
		return a.y + b.y, a.x + b.x
	}
	slices.SortStableFunc(cs, func(a, b *facCorridor) int {
		ya, xa := mid(a)
		yb, xb := mid(b)
		if ya != yb {
			return ya - yb
		}
		return xa - xb
	})
}

// facText is what a written scenario says besides its map.
type facText struct {
	title, id, briefing string
	header              []string
}

var facilityWords = &rules.Words{
	First:  []string{"Cold", "Silent", "Deep", "Last", "Red", "Dead", "Frozen", "Quiet"},
	Second: []string{"Landing", "Wing", "Sector", "Watch", "Descent", "Vault", "Shift", "Signal"},
	Openings: []string{
		"The relief crew lands in a facility that has gone quiet.",
		"Nobody answered the landing call.",
		"The facility's lights are on, and nothing moves in them.",
		"Something has been nesting in section C for weeks.",
	},
}

func (p *facPlan) briefing(opening string) string {
	s := opening + " Life support is down"
	if len(p.active) > 0 {
		s += " everywhere but section " + strings.Join(p.active, ", ")
	} else {
		s += " in every section"
	}
	s += ". " + facilityWays[p.way].briefing
	if p.destroy {
		s += " And leave nothing of the Nest behind."
	}
	return wrap(s, 76) + "\n"
}

// emit writes the scenario; t nil leaves the texts out (a candidate).
func (p *facPlan) emit(t *facText) []byte {
	var b strings.Builder
	if t == nil {
		t = &facText{title: "Candidate", id: "candidate"}
	}
	for _, h := range t.header {
		b.WriteString("# " + h + "\n")
	}
	fmt.Fprintf(&b, "format: 1\nid: %s\ntitle: %s\n", t.id, t.title)
	if t.briefing != "" {
		b.WriteString("briefing: |\n")
		for _, l := range strings.Split(strings.TrimRight(t.briefing, "\n"), "\n") {
			b.WriteString("  " + l + "\n")
		}
	}
	fmt.Fprintf(&b, "ruleset: facility\nplayers: %s\n", p.o.Players)
	w := facilityWays[p.way]
	fmt.Fprintf(&b, "objectives:\n  - escape: %s\n    text: %s\n", w.escape, w.text)
	if p.destroy {
		b.WriteString("  - destroy: nest\n    text: Take or destroy every egg of the Nest.\n")
	}
	fmt.Fprintf(&b, "grid: [%d, %d]\n", p.cols, p.row)
	if p.cols >= 5 {
		b.WriteString("borders: [A/B, B/C]\n")
	} else {
		b.WriteString("borders: []\n")
	}
	b.WriteString("slots:\n")
	for _, s := range p.slots {
		fmt.Fprintf(&b, "  - {id: %d, at: [%d, %d], section: %s}\n", s.id, s.x, s.y, s.section)
	}
	b.WriteString("rooms:\n")
	for _, s := range p.slots {
		if s.room != "" {
			fmt.Fprintf(&b, "  - {slot: %d, room: %s}\n", s.id, s.room)
		}
	}
	b.WriteString("corridors:\n")
	for i, c := range p.corridors {
		fmt.Fprintf(&b, "  - {id: %d, between: [%d, %d], noise: %d", i+1, c.a, c.b, c.noise)
		if c.door != "" {
			fmt.Fprintf(&b, ", door: %s, door_at: %d", c.door, c.doorAt)
		}
		b.WriteString("}\n")
	}
	if len(p.tokens) > 0 {
		b.WriteString("tokens:\n")
		for _, tk := range p.tokens {
			if tk.kind != "" {
				fmt.Fprintf(&b, "  - {type: %s, kind: %s, corridor: %d}\n", tk.typ, tk.kind, tk.corridor)
			} else {
				fmt.Fprintf(&b, "  - {type: %s, corridor: %d}\n", tk.typ, tk.corridor)
			}
		}
	}
	if len(p.active) > 0 {
		b.WriteString("life_support: {")
		for i, x := range Sections {
			if i > 0 {
				b.WriteString(", ")
			}
			st := "inactive"
			if slices.Contains(p.active, x) {
				st = "active"
			}
			fmt.Fprintf(&b, "%s: %s", x, st)
		}
		b.WriteString("}\n")
	}
	return []byte(b.String())
}

// plural is "s" but for one.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// article is the article a number takes read aloud, below a thousand:
// "an 8", "an 11", "an 18", "an 80", "an 800", "a 5".
func article(n int) string {
	if n == 8 || n == 11 || n == 18 || n >= 80 && n < 90 || n >= 800 && n < 900 {
		return "an"
	}
	return "a"
}
