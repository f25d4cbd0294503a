package generate

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// The quality floor: what every mission written must be besides legal,
// read from the file alone (its scene), as a player would find it — a
// threat from the first round, the board used, keys not handed out at
// the start, no door that locks nothing away, and texts true of the map.
// A candidate below it is refused like one that fails a check.

// FloorTileShare is the share of the board's tiles that must carry a
// token or lie on the tour.
const FloorTileShare = 0.8

// KeyAway is how many Survivor moves from the start a key lies at least.
const KeyAway = 3

// Floor says why a generated mission of a game played on tiles falls below
// the quality floor, one reason a line; none: it is above it. A mission of
// another game has no floor here (nil).
func Floor(r *lint.Result) []string {
	if r == nil || r.Scene == nil || r.Mission == nil {
		return nil
	}
	g, ok := grids[r.Mission.Ruleset]
	if !ok {
		return nil
	}
	return floor(r.Scene, g.Play(r.Scene), g, authored{})
}

// authored is what of a mission an author wrote (--from): the floor holds
// the generator to what it makes, not an author to what they pinned.
type authored struct {
	tokens int  // the first tokens of the list are the file's
	texts  bool // the title and briefing are the file's
	// said are the file's objective and rule texts: the author's words,
	// kept as written even where the page words them again.
	said map[string]bool
}

// floorView is a scene read for the floor.
type floorView struct {
	s     *rules.Scene
	pl    *rules.Play
	g     *gridGame
	start int
	adj   [][]int // Survivors' ways, every door open and every key held
	dist  []int   // moves from the start along adj
	objs  []int   // zones of the Objectives
	exit  int
	own   authored
}

func floor(s *rules.Scene, pl *rules.Play, g *gridGame, own authored) []string {
	v := newFloorView(s, pl, g, own)
	if v == nil {
		return []string{"no start"}
	}
	var out []string
	out = append(out, v.spawns()...)
	out = append(out, v.places()...)
	out = append(out, v.spawnRoute()...)
	out = append(out, v.spread()...)
	out = append(out, v.keys()...)
	out = append(out, v.doors()...)
	if !own.texts {
		out = append(out, v.texts()...)
	}
	return out
}

// floorTexts is the floor's reading of the texts alone, the author's
// objective and rule texts (own.said) taken as written.
func floorTexts(s *rules.Scene, pl *rules.Play, g *gridGame, own authored) []string {
	if v := newFloorView(s, pl, g, authored{said: own.said}); v != nil {
		return v.texts()
	}
	return nil
}

// newFloorView reads the scene for the floor; nil when it has no start.
func newFloorView(s *rules.Scene, pl *rules.Play, g *gridGame, own authored) *floorView {
	v := &floorView{s: s, pl: pl, g: g, start: -1, exit: -1, own: own}
	for _, t := range s.Tokens {
		if t.Zone == nil {
			continue
		}
		switch t.Type {
		case missions.TokStart:
			v.start = t.Zone.Index
		case missions.TokObjective:
			v.objs = append(v.objs, t.Zone.Index)
		case missions.TokExit:
			v.exit = t.Zone.Index
		}
	}
	if v.start < 0 {
		return nil
	}
	v.adj = v.ways(-1)
	v.dist = rules.Distances(v.adj, v.start)
	return v
}

// ways is the Survivors' adjacency with every door open and every key
// held, leaving out the moves through door token cut (-1: none).
func (v *floorView) ways(cut int) [][]int {
	adj := make([][]int, len(v.s.Board.Zones))
	for _, m := range v.pl.Moves {
		if !m.Survivors || cut >= 0 && m.Door == cut {
			continue
		}
		adj[m.From] = append(adj[m.From], m.To)
		if !m.OneWay {
			adj[m.To] = append(adj[m.To], m.From)
		}
	}
	return adj
}

// spawns: a Spawn Zone active from the first round (red, the colour that
// needs no rule to wake).
func (v *floorView) spawns() []string {
	for _, t := range v.s.Of(missions.TokSpawn) {
		if rules.Defaults(t.Token).Color == "red" {
			return nil
		}
	}
	return []string{"no Spawn Zone is active from the start"}
}

// places: Spawn Zones and the Exit where the game puts them (classic: on
// streets, as the examples and the published missions do).
func (v *floorView) places() []string {
	var out []string
	for _, t := range v.s.Tokens {
		if t.Zone == nil || t.Index < v.own.tokens {
			continue
		}
		var on []string
		switch t.Type {
		case missions.TokSpawn:
			on = v.g.SpawnOn
		case missions.TokExit:
			on = v.g.ExitOn
		default:
			continue
		}
		if len(on) > 0 && !slices.Contains(on, t.Zone.Kind) {
			out = append(out, fmt.Sprintf("the %s token in %s stands in a %s, not on a %s", t.Type, t.Zone.ID, t.Zone.Kind, strings.Join(on, " or ")))
		}
	}
	return out
}

// spawnRoute: no Spawn Zone beside the Start, nor on a chokepoint every
// route to an Objective or the Exit (or the getaway car) crosses.
func (v *floorView) spawnRoute() []string {
	end := v.exit
	if end < 0 {
		for _, t := range v.s.Of(missions.TokCar) {
			if t.ID == "getaway" && t.Zone != nil {
				end = t.Zone.Index
			}
		}
	}
	r := newRouteView(v.adj, v.start, v.objs, end)
	var out []string
	for _, t := range v.s.Of(missions.TokSpawn) {
		if t.Zone == nil || t.Index < v.own.tokens {
			continue
		}
		switch why := r.spawnFault(t.Zone.Index); why {
		case "":
		case "a chokepoint":
			out = append(out, fmt.Sprintf("the Spawn Zone in %s is a chokepoint every route crosses", t.Zone.ID))
		default:
			out = append(out, fmt.Sprintf("the Spawn Zone in %s is %s %s", t.Zone.ID, moves(r.fromS[t.Zone.Index]), strings.TrimPrefix(why, "moves ")))
		}
	}
	return out
}

// tour is the zones a team walks: from the start to the nearest Objective
// not yet taken, and so on, then to the Exit, each leg a shortest way.
func (v *floorView) tour() []int {
	var out []int
	at := v.start
	left := slices.Clone(v.objs)
	legs := func(to int) {
		d := rules.Distances(v.adj, to)
		if d[at] < 0 {
			return
		}
		for z := at; z != to; { // walk down the distances towards to
			out = append(out, z)
			next := -1
			for _, o := range v.adj[z] {
				if d[o] >= 0 && d[o] == d[z]-1 && (next < 0 || o < next) {
					next = o
				}
			}
			if next < 0 {
				return
			}
			z = next
		}
		out = append(out, to)
		at = to
	}
	for len(left) > 0 {
		d := rules.Distances(v.adj, at)
		best := -1
		for i, z := range left {
			if d[z] >= 0 && (best < 0 || d[z] < d[left[best]]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		z := left[best]
		left = slices.Delete(left, best, best+1)
		legs(z)
	}
	if v.exit >= 0 {
		legs(v.exit)
	}
	return out
}

// TilesUsed is how many of a generated mission's tiles carry a token or
// lie on the tour, of how many; 0, 0 for a game not played on tiles.
func TilesUsed(r *lint.Result) (used, tiles int) {
	if r == nil || r.Scene == nil || r.Mission == nil {
		return 0, 0
	}
	g, ok := grids[r.Mission.Ruleset]
	if !ok {
		return 0, 0
	}
	v := newFloorView(r.Scene, g.Play(r.Scene), g, authored{})
	if v == nil {
		return 0, len(r.Scene.Board.Tiles)
	}
	return v.tilesUsed(), len(r.Scene.Board.Tiles)
}

// spread: most of the board's tiles carry a token or lie on the tour.
func (v *floorView) spread() []string {
	if used, n := v.tilesUsed(), len(v.s.Board.Tiles); float64(used) < FloorTileShare*float64(n) {
		return []string{fmt.Sprintf("only %d of %d tiles carry a token or lie on the tour", used, n)}
	}
	return nil
}

func (v *floorView) tilesUsed() int {
	b := v.s.Board
	used := map[int]bool{}
	mark := func(z int) {
		for _, c := range b.Zones[z].Cells {
			used[b.Cell(c.X, c.Y).Tile] = true
		}
	}
	for _, t := range v.s.Tokens {
		if c := b.Cell(t.Cell.X, t.Cell.Y); c != nil && t.Zone != nil {
			used[c.Tile] = true
		}
	}
	for _, z := range v.tour() {
		mark(z)
	}
	return len(used)
}

// keys: no coloured Objective (a key) within reach of the first moves.
func (v *floorView) keys() []string {
	var out []string
	for _, t := range v.s.Of(missions.TokObjective) {
		c := rules.Defaults(t.Token).Color
		if t.Zone == nil || c == "red" || c == "" || t.Index < v.own.tokens {
			continue
		}
		if d := v.dist[t.Zone.Index]; d >= 0 && d < KeyAway {
			out = append(out, fmt.Sprintf("the %s key in %s is %d moves from the start", c, t.Zone.ID, d))
		}
	}
	return out
}

// doors: every coloured door guards an Objective or the Exit — shut, it
// cuts them off or makes the way to them longer. An author's kept door
// too: the generator puts what it guards behind it.
func (v *floorView) doors() []string {
	var out []string
	for _, t := range v.s.Of(missions.TokDoor) {
		c := rules.Defaults(t.Token).Color
		if t.Index < v.own.tokens && (c == "" || c == "neutral") {
			continue // an author's shut door is theirs
		}
		d := rules.Distances(v.ways(t.Index), v.start)
		guards := false
		for _, z := range append(slices.Clone(v.objs), v.exit) {
			if z >= 0 && v.dist[z] >= 0 && (d[z] < 0 || d[z] > v.dist[z]) {
				guards = true
			}
		}
		if !guards {
			if d, ok := rules.Side(t.Side); ok && (c == "" || c == "neutral") {
				out = append(out, fmt.Sprintf("the shut door at %d,%d:%s guards no Objective, no Exit and no shorter way", t.Cell.X, t.Cell.Y, d))
			} else {
				out = append(out, fmt.Sprintf("the %s door guards no Objective, no Exit and no shorter way", c))
			}
		}
	}
	return out
}

var (
	countWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
	countRe    = regexp.MustCompile(`(?i)\b(\d+|one|two|three|four|five|six|seven|eight|nine) (Objectives?|Spawn Zones?)\b`)
	sentenceRe = regexp.MustCompile(`[^.!?]+[.!?]`)
)

// placeWords are the words a text may use for where something stands, by
// the zone kinds they are true of.
var placeWords = map[string][]string{
	"street": {layout.Street}, "road": {layout.Street},
	"surface": {layout.Exterior}, "outside": {layout.Exterior}, "airlock": {layout.Room},
	"corridor": {layout.Corridor}, "room": {layout.Room}, "building": {layout.Room},
}

// placeRe finds each place word, alone or plural.
var placeRe = func() map[string]*regexp.Regexp {
	out := map[string]*regexp.Regexp{}
	for w := range placeWords {
		out[w] = regexp.MustCompile(`\b` + w + `s?\b`)
	}
	return out
}()

// texts: the title, briefing, objectives and rules say only what the map
// holds, and no objective is said twice.
func (v *floorView) texts() []string {
	m := v.s.Mission
	var out []string
	spawns := len(v.s.Of(missions.TokSpawn))
	counts := map[string]int{"objective": len(v.objs), "spawn zone": spawns}
	all := []string{m.Briefing}
	for _, o := range m.Objectives {
		all = append(all, o.Text)
	}
	for _, r := range m.Rules {
		all = append(all, r.Text)
	}
	for _, text := range all {
		for _, c := range countRe.FindAllStringSubmatch(text, -1) {
			n, err := strconv.Atoi(c[1])
			if err != nil {
				n = countWords[strings.ToLower(c[1])]
			}
			what := strings.TrimSuffix(strings.ToLower(c[2]), "s")
			if n != counts[what] {
				out = append(out, fmt.Sprintf("the text says %q, and the map has %d", c[0], counts[what]))
			}
		}
	}
	brief := strings.Join(strings.Fields(m.Briefing), " ")
	if spawns == 0 && strings.Contains(brief, "close in") {
		out = append(out, "the briefing has enemies closing in, and the map has no Spawn Zone")
	}
	for _, s := range sentenceRe.FindAllString(brief, -1) {
		if !strings.Contains(s, "Exit") {
			continue
		}
		if v.exit < 0 {
			out = append(out, "the briefing names an Exit, and the map has none")
			continue
		}
		ez := v.s.Board.Zones[v.exit]
		// The Exit's own place name ("the Airlock junction") is true of
		// it whatever words it holds.
		lower := strings.ReplaceAll(strings.ToLower(s), strings.ToLower(placeName(v.s.Board, ez)), "")
		for _, w := range slices.Sorted(maps.Keys(placeWords)) {
			if kinds := placeWords[w]; placeRe[w].MatchString(lower) && !slices.Contains(kinds, ez.Kind) && !(w == "airlock" && ez.HasFeature("airlock")) {
				out = append(out, fmt.Sprintf("the briefing puts the Exit in a %s, and it stands in a %s", w, ez.Kind))
			}
		}
		if part := boardPart(v.s.Board, ez); mentionsPart(lower) && !strings.Contains(lower, "the "+part+" ") && !strings.Contains(lower, "the "+part+".") && !strings.Contains(lower, "the "+part+",") {
			out = append(out, fmt.Sprintf("the briefing puts the Exit elsewhere than the %s of the board", part))
		}
	}
	// Said twice: an objective's or rule's text again in the briefing, or
	// two of them alike.
	seen := map[string]bool{}
	for _, t := range all[1:] {
		k := strings.ToLower(strings.TrimSpace(t))
		if k == "" {
			continue
		}
		if seen[k] {
			out = append(out, fmt.Sprintf("%q is said twice", t))
		}
		seen[k] = true
		if strings.Contains(strings.ToLower(brief), k) {
			out = append(out, fmt.Sprintf("the briefing says %q again", t))
		}
	}
	for _, o := range m.Objectives {
		for _, c := range countRe.FindAllString(o.Text, -1) {
			if strings.Contains(strings.ToLower(brief), strings.ToLower(c)) {
				out = append(out, fmt.Sprintf("the briefing and an objective both say %q", c))
			}
		}
	}
	out = append(out, v.saidOnce(brief)...)
	out = append(out, v.claims(brief)...)
	for _, w := range slices.Sorted(maps.Keys(titleWords)) {
		if slices.Contains(strings.Fields(m.Title), w) && !titleWords[w](v.s) {
			out = append(out, fmt.Sprintf("the title says %s, and the map has none", w))
		}
	}
	return out
}

// titleWords are the words of a title that name a thing on the map.
var titleWords = map[string]func(*rules.Scene) bool{
	"Airlock": func(s *rules.Scene) bool {
		return slices.ContainsFunc(s.Board.Zones, func(z *layout.Zone) bool { return z.HasFeature("airlock") })
	},
	"Violet": func(s *rules.Scene) bool { return hasColour(s, "violet") },
	"Green":  func(s *rules.Scene) bool { return hasColour(s, "green") },
	"Blue":   func(s *rules.Scene) bool { return hasColour(s, "blue") },
	"Yellow": func(s *rules.Scene) bool { return hasColour(s, "yellow") },
}

func hasColour(s *rules.Scene, c string) bool {
	return slices.ContainsFunc(s.Tokens, func(t *rules.Token) bool { return t.Color == c })
}

// compass are the parts of a board, by third across and down.
var compass = [3][3]string{
	{"north-west", "north", "north-east"},
	{"west", "centre", "east"},
	{"south-west", "south", "south-east"},
}

// boardPart is the part of the board the zone's middle lies in.
func boardPart(b *layout.Board, z *layout.Zone) string {
	x, y := 0, 0
	for _, c := range z.Cells {
		x += c.X
		y += c.Y
	}
	n := len(z.Cells)
	col := min(2, x*3/(n*max(1, b.W)))
	row := min(2, y*3/(n*max(1, b.H)))
	return compass[row][col]
}

func mentionsPart(s string) bool {
	for _, r := range compass {
		for _, p := range r {
			if strings.Contains(s, "the "+p) {
				return true
			}
		}
	}
	return false
}

// noteWords are left out when comparing a text with the printed page's
// own wording of a condition or rule.
var noteWords = map[string]bool{"the": true, "a": true, "an": true, "when": true, "is": true, "are": true, "has": true, "been": true, "can": true, "be": true, "once": true, "with": true}

// stems are a text's words, lower case, plurals and past forms cut.
func stems(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		if noteWords[w] {
			continue
		}
		w = strings.TrimSuffix(w, "ed")
		if len(w) > 3 {
			w = strings.TrimSuffix(w, "s")
		}
		out = append(out, w)
	}
	return out
}

// repeats reports whether text says again what the page prints after it
// (a condition's or rule's own wording) in other words: the page then
// shows one thing twice, "Take all 3 Objectives. (Take all Objectives.)".
func repeats(text, printed string) bool {
	if pageWords(text) == pageWords(printed) {
		return false // the page prints it once
	}
	a, b := stems(text), stems(printed)
	if len(b) == 0 {
		return false
	}
	in := 0
	for _, w := range b {
		if slices.Contains(a, w) {
			in++
		}
	}
	return in*5 >= len(b)*4
}

// pageWords is a text as the printed page compares an author's text with
// its own wording (render's normalise): lower case, words only, no
// articles. Equal, the page prints the text alone.
func pageWords(s string) string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) {
		if w != "the" && w != "a" && w != "an" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// saidOnce: no objective or rule whose text the printed page says again
// in its own words, and no door's rule again in the briefing.
func (v *floorView) saidOnce(brief string) []string {
	m := v.s.Mission
	var out []string
	for _, o := range m.Objectives {
		if o.Text != "" && !v.own.said[o.Text] && repeats(o.Text, o.Describe()) {
			out = append(out, fmt.Sprintf("the objective %q is printed again as %q", o.Text, o.Describe()))
		}
	}
	for _, r := range m.Rules {
		bare := r
		bare.Text = ""
		if r.Text != "" && !v.own.said[r.Text] && (r.When != nil || len(r.Then) > 0) && repeats(r.Text, bare.Describe()) {
			out = append(out, fmt.Sprintf("the rule %q is printed again as %q", r.Text, bare.Describe()))
		}
	}
	for _, s := range sentenceRe.FindAllString(brief, -1) {
		l := strings.ToLower(s)
		if strings.Contains(l, " door") && (strings.Contains(l, "without") || strings.Contains(l, "open")) {
			out = append(out, fmt.Sprintf("the briefing says a door's rule again: %q", strings.TrimSpace(s)))
		}
	}
	return out
}

// doorInRe finds "the violet door in the south".
var doorInRe = regexp.MustCompile(`\b(violet|green|blue|yellow|red) door in the (north-west|north-east|south-west|south-east|north|south|east|west|centre)\b`)

// doorOfRe finds "the violet door of the Armoury".
var doorOfRe = regexp.MustCompile(`\b(violet|green|blue|yellow|red) door of (the [A-Z][^,.;:]*?|a room of the [A-Z][^,.;:]*?)(?:[,.;:]| and | lies)`)

// claims: what the briefing says of the map holds by its rules — a Sentry
// Gun said to cover a Spawn Zone sees one, a door named by a place stands
// on that place, Noise is not said to outlast the first round, and places
// are named, never "of the board".
func (v *floorView) claims(brief string) []string {
	var out []string
	b := v.s.Board
	if strings.Contains(brief, "of the board") || strings.Contains(brief, "over the board") {
		out = append(out, "the briefing places things by the board's compass, not by its places")
	}
	var spawns []int
	for _, t := range v.s.Of(missions.TokSpawn) {
		if t.Zone != nil {
			spawns = append(spawns, t.Zone.Index)
		}
	}
	for _, s := range sentenceRe.FindAllString(brief, -1) {
		if strings.Contains(s, "Sentry Gun") && strings.Contains(s, "Spawn Zone") {
			for _, t := range v.s.Of(missions.TokSentryGun) {
				if t.Zone != nil && seenSpawn(v.s, t.Zone.Index, spawns) == nil {
					out = append(out, fmt.Sprintf("the briefing has the Sentry Gun in %s watching a Spawn Zone, and it sees none", t.Zone.ID))
				}
			}
		}
		if strings.Contains(s, "Noise") || strings.Contains(s, "racket") {
			if !strings.Contains(s, "first") {
				out = append(out, fmt.Sprintf("the briefing has Noise lasting, and the End Phase removes it: %q", strings.TrimSpace(s)))
			}
		}
	}
	for _, c := range doorInRe.FindAllStringSubmatch(brief, -1) {
		for _, t := range v.s.Of(missions.TokDoor) {
			if part := boardPart(b, &layout.Zone{Cells: []layout.Point{t.Cell}}); t.Color == c[1] && part != c[2] {
				out = append(out, fmt.Sprintf("the briefing puts the %s door in the %s, and it stands in the %s", c[1], c[2], part))
			}
		}
	}
	for _, c := range doorOfRe.FindAllStringSubmatch(brief, -1) {
		ok := false
		for _, t := range v.s.Of(missions.TokDoor) {
			if t.Color != c[1] {
				continue
			}
			d, _ := rules.Side(t.Side)
			for _, z := range []*layout.Zone{b.ZoneAt(t.Cell.X, t.Cell.Y), b.ZoneAt(t.Cell.X+layout.DX[d], t.Cell.Y+layout.DY[d])} {
				if z != nil && placeName(b, z) == c[2] {
					ok = true
				}
			}
		}
		if !ok {
			out = append(out, fmt.Sprintf("the briefing puts the %s door by %s, and it stands elsewhere", c[1], c[2]))
		}
	}
	return out
}
