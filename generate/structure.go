package generate

import (
	"errors"
	"fmt"
	"slices"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
	"github.com/zmission/zmission/source"
)

// plan is a board read for placing the mission's structure: the
// Survivors' ways that need nothing (the doors are open doorways until a
// token is put on them), the distances along them and the enemies'.
type plan struct {
	rq    *request
	scene *rules.Scene
	pl    *rules.Play
	zones []*layout.Zone
	ways  []rules.Move // Survivors' moves needing no key the team lacks
	start int
	reach []bool // from the start along ways
	dist  []int  // Survivor moves from the start
	edist []int  // enemy moves from the start
	taken map[int]bool
	tiles map[int]bool // tiles that carry a token
	m     *missions.Mission
}

// board is a laid board read once: its scene and the game's reading of
// it, and the mission with the fixed parts and the tiles, which each
// structure tried on it starts from.
type board struct {
	scene *rules.Scene
	pl    *rules.Play
	m     *missions.Mission
}

// structure puts the mission on the board: start, key/lock chain,
// objectives, exit, spawns and the game's own tokens, keeping whatever
// the file being completed fixes.
func (rq *request) structure(b *board) (*missions.Mission, error) {
	m := *b.m
	m.Tokens = slices.Clone(b.m.Tokens)
	m.Objectives = slices.Clone(b.m.Objectives)
	m.Rules = slices.Clone(b.m.Rules)
	p := &plan{rq: rq, scene: b.scene, pl: b.pl, zones: b.scene.Board.Zones, start: -1, taken: map[int]bool{}, tiles: map[int]bool{}, m: &m}
	for _, t := range b.scene.Tokens {
		if t.Type == missions.TokDoor {
			continue // on an edge: the zones either side stay free
		}
		p.taken[t.Zone.Index] = true
		p.mark(t.Zone.Index)
		if t.Type == missions.TokStart {
			p.start = t.Zone.Index
		}
	}
	if err := p.placeStart(); err != nil {
		return nil, err
	}
	locks := p.placeLocks()
	switch {
	case rq.typ == "key-chain" && len(locks) < 2:
		return nil, errors.New("no chain of two coloured doors on this board")
	case rq.typ == "wake-spawns" && len(locks) == 0:
		return nil, errors.New("no coloured door on this board for a key that wakes a Spawn Zone")
	}
	p.placeObjectives(locks)
	if rq.typ == "car-escape" {
		if !p.placeGetaway(locks) {
			return nil, errors.New("no street far from the start for the getaway car")
		}
	} else {
		p.placeExit(locks)
		if rq.typ == "airlock" && !p.has(missions.TokExit) {
			return nil, errors.New("no way out across the surface on this board")
		}
	}
	p.guardLocks(locks)
	if !p.placeSpawns(locks) {
		return nil, errors.New("no zone far enough from the start for a Spawn Zone active from the first round")
	}
	if rq.typ == "wake-spawns" && !locks[0].spawn {
		return nil, fmt.Errorf("no %s Spawn Zone for the %s key to wake", locks[0].color, locks[0].color)
	}
	// A file completed that already places its Spawn Zones is a whole
	// mission: it gets no extras (Mold, Noise, cars, shut doors, the
	// Sentry Gun, a tuned deck) its author left out.
	if !rq.fromWhole() {
		if rq.g.Mold {
			p.placeMold(locks)
		}
		p.placeNoise()
		if rq.g.Cars {
			p.placeCars()
		}
		// Shut doors ask for a door-opening weapon first (classic): a
		// step of a quarter hour a short mission has no time for.
		if rq.g.ShutDoors && (rq.o.Length != "short" || rq.g.DoorsFromInside) {
			p.shutDoors(locks)
		}
		if rq.g.SentryGun {
			p.placeSentryGun()
		}
		rq.tuneDeck(&m)
	}
	p.objectives(locks)
	rq.texts(p, locks)
	return &m, nil
}

// tuneDeck gives a mission aimed beyond what its structure can do (gentle,
// deadly) the game's easier or harder enemy cards, where the game tunes
// its deck by mission and the playtest, which plays the cards, judges: the
// formula does not read the deck. A deck the file being completed names
// stays.
func (rq *request) tuneDeck(m *missions.Mission) {
	if len(m.XenoDeck) > 0 || rq.o.Judge != nil || rq.o.JudgeBy == JudgeFormula || !Playable(rq.g.Ruleset) {
		return
	}
	var deck []string
	switch rq.aim {
	case gentle:
		deck = rq.g.EasierDeck
	case deadly:
		deck = rq.g.HarderDeck
	}
	if len(deck) == 0 {
		return
	}
	m.XenoDeck = slices.Clone(deck)
	if rq.g.DeckRule != nil {
		m.Rules = append(m.Rules, missions.Rule{Text: rq.g.DeckRule(deck)})
	}
}

// fromWhole reports whether the file being completed places Spawn Zones
// of its own.
func (rq *request) fromWhole() bool {
	return rq.from != nil && slices.ContainsFunc(rq.from.Tokens, func(t missions.Token) bool { return t.Type == missions.TokSpawn })
}

// base is the mission with the file's fixed parts and the new tiles.
func (rq *request) base(tiles []missions.Tile) *missions.Mission {
	m := &missions.Mission{Format: missions.FormatVersion, Ruleset: rq.g.Ruleset, Survivors: 6}
	if f := rq.from; f != nil {
		c := *f
		m = &c
		m.Format = missions.FormatVersion
		m.Ruleset = rq.g.Ruleset
		m.Tiles = slices.Clone(f.Tiles)
		m.Tokens = slices.Clone(f.Tokens)
		m.Objectives = slices.Clone(f.Objectives)
		m.Rules = slices.Clone(f.Rules)
	}
	if rq.o.Survivors > 0 {
		m.Survivors = rq.o.Survivors
	}
	m.Boxes = slices.Clone(rq.st.boxes)
	m.Players = missions.Amount(rq.o.Players)
	m.Tileset = rq.st.set.Name
	m.Tiles = append(m.Tiles, tiles...)
	return m
}

// read builds the scene of the board as lint does.
func (rq *request) read(tiles []missions.Tile) (*board, error) {
	m := rq.base(tiles)
	data, err := emitJSON(m)
	if err != nil {
		return nil, err
	}
	r := lint.Bytes(candidateFile, data, lint.Options{Limits: source.DefaultLimits})
	if r.Scene == nil {
		return nil, errors.New("the board could not be built")
	}
	return &board{scene: r.Scene, pl: rq.g.Play(r.Scene), m: m}, nil
}

// has reports whether the mission being completed already holds tokens of typ.
func (p *plan) has(typ string) bool {
	return slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool { return t.Type == typ })
}

// survey works out the ways from the start: moves needing no key, plus
// oxygen when an Oxygen Supply Room is on the way, plus a door-opening
// weapon where the game finds one by Searching.
func (p *plan) survey() {
	n := len(p.zones)
	keys := map[string]int{}
	for {
		p.ways = p.ways[:0]
		for _, mv := range p.pl.Moves {
			if mv.Survivors && !mv.OneWay && rules.Has(keys, mv.Requires) {
				p.ways = append(p.ways, mv)
			}
		}
		p.reach = rules.Reachable(p.ways, n, p.start, keys)
		grew := false
		for z, ok := range p.reach {
			if ok && p.zones[z].HasFeature("oxygen") && p.rq.g.Mold {
				if _, had := keys[rules.KeyOxygen]; !had {
					keys[rules.KeyOxygen] = 0
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	p.dist = bfs(p.ways, n, p.start, nil)
	p.edist = p.pl.EnemyDistance([]int{p.start})
}

// bfs is the Survivor moves from start to every zone along ways, leaving
// out the moves cut; -1 where none leads.
func bfs(ways []rules.Move, n, start int, cut map[int]bool) []int {
	adj := make([][]int, n)
	for i, m := range ways {
		if cut[i] {
			continue
		}
		adj[m.From] = append(adj[m.From], m.To)
		adj[m.To] = append(adj[m.To], m.From)
	}
	return rules.Distances(adj, start)
}

// placeStart picks the start: the zone of the start kind, among a few
// drawn, from which the most of the board is reached, and of those the
// one the farthest zone is farthest from (towards an edge of the board, so
// the way to the Exit crosses it).
func (p *plan) placeStart() error {
	if p.start >= 0 {
		p.survey()
		return nil
	}
	var kinds []int
	for i, z := range p.zones {
		if slices.Contains(p.rq.g.StartKinds, z.Kind) && !p.taken[i] {
			kinds = append(kinds, i)
		}
	}
	if len(kinds) == 0 {
		return fmt.Errorf("the board has no %s zone to start in", p.rq.g.StartKinds[0])
	}
	best, bestN := -1, -1
	// Four draws; eight more when the best reaches less than half the
	// board (a start boxed in by the surface or a kept door).
	for try := 0; try < 4 || try < 12 && bestN < len(p.zones)*len(p.zones)/2; try++ {
		p.start = pick(p.rq.rng, kinds)
		p.survey()
		reached, far := 0, 0
		for z, ok := range p.reach {
			if ok {
				reached, far = reached+1, max(far, p.dist[z])
			}
		}
		if n := reached*len(p.zones) + far; n > bestN {
			best, bestN = p.start, n
		}
	}
	p.start = best
	p.survey()
	p.add(missions.Token{Type: missions.TokStart, In: p.zones[best].ID}, best)
	return nil
}

// add puts a token on the mission and marks its zone taken.
func (p *plan) add(t missions.Token, zone int) {
	p.m.Tokens = append(p.m.Tokens, t)
	if zone >= 0 {
		p.taken[zone] = true
		p.mark(zone)
	}
}

// mark notes the tiles zone z lies on as carrying a token.
func (p *plan) mark(z int) {
	b := p.scene.Board
	for _, c := range p.zones[z].Cells {
		p.tiles[b.Cell(c.X, c.Y).Tile] = true
	}
}

// fresh keeps the zones of zs on a tile that carries no token yet, when
// there are any: tokens spread over the board rather than crowd a corner.
func (p *plan) fresh(zs []int) []int {
	b := p.scene.Board
	out := slices.DeleteFunc(slices.Clone(zs), func(z int) bool {
		return !slices.ContainsFunc(p.zones[z].Cells, func(c layout.Point) bool { return !p.tiles[b.Cell(c.X, c.Y).Tile] })
	})
	if len(out) == 0 {
		return zs
	}
	return out
}

// lock is one key/lock pair: a coloured door on a doorway that is the only
// way on, and the zones behind it.
type lock struct {
	color  string
	way    rules.Move
	behind []bool
	key    int // the zone of its key (a coloured Objective)
	spawn  bool
}

// chainLength is how many locks the difficulty and length ask for.
func (p *plan) chainLength() int {
	n := map[string]int{"easy": 0, "medium": 1, "hard": 2, deadly: 2}[p.rq.aim]
	switch {
	case p.rq.o.Length == "long" && n < 2:
		n++
	case p.rq.o.Length == "short" && n > 0: // a step of the chain is a quarter hour
		n--
	}
	switch p.rq.typ {
	case "grab-and-go":
		return 0
	case "key-chain":
		return max(2, n+1)
	case "wake-spawns":
		return max(1, n)
	}
	return n
}

// placeLocks builds the chain front to back: each lock is a doorway that
// alone leads on to zones behind the one before, and its key lies in the
// zones reached before it — so every key comes before its lock.
func (p *plan) placeLocks() []*lock {
	if p.has(missions.TokDoor) && slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool {
		return t.Type == missions.TokDoor && t.Color != "" && t.Color != "neutral"
	}) {
		return p.pinnedLocks() // the file has its own locks
	}
	want := p.chainLength()
	// A coloured Objective the file places with no door of its colour is
	// a key an author pinned: it opens the first lock.
	pinned := p.pinnedKeys()
	colors := slices.Collect(func(yield func(string) bool) {
		for _, k := range pinned {
			if !yield(p.scene.Tokens[k].Color) {
				return
			}
		}
	})
	for _, c := range p.rq.g.LockColors {
		if p.rq.st.has(missions.TokDoor, c) > 0 && p.rq.st.has(missions.TokObjective, c) > 0 && !p.colorUsed(c) {
			colors = append(colors, c)
		}
	}
	if p.rq.typ == "wake-spawns" {
		slices.SortStableFunc(colors[len(pinned):], func(a, b string) int {
			return min(p.rq.st.has(missions.TokSpawn, b), 1) - min(p.rq.st.has(missions.TokSpawn, a), 1)
		})
	}
	want = max(min(want, len(colors)), min(len(pinned), 1))
	n := len(p.zones)
	type door struct {
		i      int
		behind []bool
		size   int
	}
	var doors []door
	for i, mv := range p.ways {
		if mv.Via != "door" || len(mv.Edges) != 1 || mv.Door >= 0 || !p.reach[mv.From] {
			continue
		}
		d := bfs(p.ways, n, p.start, map[int]bool{i: true})
		behind := make([]bool, n)
		size := 0
		for z := range behind {
			if p.reach[z] && d[z] < 0 {
				behind[z], size = true, size+1
			}
		}
		if size > 0 && !behind[p.start] {
			doors = append(doors, door{i, behind, size})
		}
	}
	var out []*lock
	front := p.reach
	for len(out) < want {
		key := -1 // the zone of a pinned key, which must lie before the lock
		if len(out) < len(pinned) {
			key = p.scene.Tokens[pinned[len(out)]].Zone.Index
		}
		var fits []door
		for _, d := range doors {
			if !within(d.behind, front) || sameSet(d.behind, front) || isUsed(out, d.i, p.ways) {
				continue
			}
			if key >= 0 && (d.behind[key] || !front[key]) || key < 0 && len(p.keyRooms(front, d.behind)) == 0 {
				continue
			}
			fits = append(fits, d)
		}
		keyFront := front
		if len(fits) == 0 && p.rq.typ == "key-chain" && len(out) > 0 && key < 0 {
			// No door further in: a chain side by side — the next door
			// elsewhere, its key behind the door before, none of the
			// keys already placed behind it.
			prev := out[len(out)-1]
			for _, d := range doors {
				if isUsed(out, d.i, p.ways) || slices.ContainsFunc(out, func(l *lock) bool { return overlap(l.behind, d.behind) || d.behind[l.key] }) {
					continue
				}
				if len(p.keyRooms(prev.behind, d.behind)) > 0 {
					fits = append(fits, d)
				}
			}
			keyFront = prev.behind
		}
		if len(fits) == 0 {
			break
		}
		d := pick(p.rq.rng, fits)
		l := &lock{color: colors[len(out)], way: p.ways[d.i], behind: d.behind, key: key}
		e := l.way.Edges[0]
		at := [2]int{e.X, e.Y}
		p.add(missions.Token{Type: missions.TokDoor, Color: l.color, At: &at, Side: e.Dir.String()}, -1)
		if key < 0 {
			l.key = pick(p.rq.rng, p.fresh(p.keyRooms(keyFront, d.behind)))
			p.add(missions.Token{Type: missions.TokObjective, Color: l.color, In: p.zones[l.key].ID}, l.key)
		}
		out = append(out, l)
		front = d.behind
	}
	return out
}

// pinnedLocks makes locks of the file's coloured doors that no rule of
// the file opens (a door an author pinned, whose rules are made again):
// the zones behind each, and its key — the file's Objective of its colour
// when it places one, else one put before the door. A door the way
// around passes by locks nothing; the checks then refuse the candidate.
func (p *plan) pinnedLocks() []*lock {
	var out []*lock
	n := len(p.zones)
	ways := slices.Clone(p.ways)
	front := p.reach
	for i, t := range p.scene.Tokens {
		if t.Type != missions.TokDoor || t.Color == "" || t.Color == "neutral" || p.opens(t.Color) {
			continue
		}
		mi := slices.IndexFunc(p.pl.Moves, func(m rules.Move) bool { return m.Door == i && m.Survivors })
		if mi < 0 {
			continue
		}
		mv := p.pl.Moves[mi]
		mv.Requires = nil
		ways = append(ways, mv)
		d := bfs(ways, n, p.start, nil)
		behind := make([]bool, n)
		for z := range behind {
			behind[z] = d[z] >= 0 && !front[z]
		}
		l := &lock{color: t.Color, way: mv, behind: behind, key: -1}
		for _, k := range p.scene.Tokens {
			if k.Type == missions.TokObjective && k.Color == t.Color && k.Zone != nil {
				l.key = k.Zone.Index
			}
		}
		if l.key < 0 {
			if rooms := p.keyRooms(front, behind); len(rooms) > 0 {
				l.key = pick(p.rq.rng, rooms)
				p.add(missions.Token{Type: missions.TokObjective, Color: l.color, In: p.zones[l.key].ID}, l.key)
			}
		}
		out = append(out, l)
		next := make([]bool, n)
		for z := range next {
			next[z] = front[z] || behind[z]
		}
		front = next
	}
	return out
}

// opens reports whether a special rule of the file opens doors of colour c.
func (p *plan) opens(c string) bool {
	return slices.ContainsFunc(p.m.Rules, func(r missions.Rule) bool {
		return slices.ContainsFunc(r.Then, func(e missions.Effect) bool { return e.Open == c })
	})
}

// pinnedKeys are the scene's coloured Objectives (token indexes) whose
// colour no door of the file has and no rule of the file opens.
func (p *plan) pinnedKeys() []int {
	var out []int
	for i, t := range p.scene.Tokens {
		if t.Type != missions.TokObjective || t.Color == "" || t.Color == "red" {
			continue
		}
		opened := slices.ContainsFunc(p.m.Rules, func(r missions.Rule) bool {
			return slices.ContainsFunc(r.Then, func(e missions.Effect) bool { return e.Open == t.Color })
		})
		door := slices.ContainsFunc(p.m.Tokens, func(d missions.Token) bool { return d.Type == missions.TokDoor && d.Color == t.Color })
		if !opened && !door && p.rq.st.has(missions.TokDoor, t.Color) > 0 {
			out = append(out, i)
		}
	}
	return out
}

func (p *plan) colorUsed(c string) bool {
	return slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool { return t.Color == c })
}

func within(a, b []bool) bool {
	for i := range a {
		if a[i] && !b[i] {
			return false
		}
	}
	return true
}

func sameSet(a, b []bool) bool { return slices.Equal(a, b) }

func overlap(a, b []bool) bool {
	for i := range a {
		if a[i] && b[i] {
			return true
		}
	}
	return false
}

func isUsed(ls []*lock, i int, ways []rules.Move) bool {
	for _, l := range ls {
		if l.way.Edge == ways[i].Edge {
			return true
		}
	}
	return false
}

// keyRooms are the free room zones of front that are not behind: where a
// key may lie.
func (p *plan) keyRooms(front, behind []bool) []int {
	var out []int
	for z := range front {
		if front[z] && !behind[z] && z != p.start && !p.taken[z] && p.zones[z].Kind == layout.Room && p.dist[z] >= KeyAway {
			out = append(out, z)
		}
	}
	return out
}

// freeZones are the zones the Survivors reach, with no token yet, that
// keep accepts.
func (p *plan) freeZones(keep func(z int) bool) []int {
	return p.free(func(z int) bool { return p.reach[z] && keep(z) })
}

// free are the zones with no token yet, the start aside, that keep accepts.
func (p *plan) free(keep func(z int) bool) []int {
	var out []int
	for z := range p.zones {
		if !p.taken[z] && z != p.start && keep(z) {
			out = append(out, z)
		}
	}
	return out
}

// objectiveCount is how many red Objectives the length asks for.
func (p *plan) objectiveCount() int {
	n := map[string]int{"short": 1, "medium": 3, "long": 4}[p.rq.o.Length] + p.rq.rng.IntN(2)
	n = max(1, n+p.moreSurvivors())
	have := p.rq.st.has(missions.TokObjective, "red")
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokObjective {
			have--
		}
	}
	return max(0, min(n, have))
}

// placeObjectives puts the red Objectives in rooms, away from the start,
// one behind each lock where there is room for it.
func (p *plan) placeObjectives(locks []*lock) {
	if slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool {
		return t.Type == missions.TokObjective && (t.Color == "" || t.Color == "red")
	}) {
		return
	}
	// Each lock past the first is a quarter hour of play already: one
	// red Objective fewer for it, so a chain keeps to the length.
	n := max(1, p.objectiveCount()-max(0, len(locks)-1))
	for _, l := range locks {
		if n == 0 {
			break
		}
		in := p.free(func(z int) bool { return l.behind[z] && p.zones[z].Kind == layout.Room })
		if len(in) > 0 {
			z := pick(p.rq.rng, p.fresh(in))
			p.add(missions.Token{Type: missions.TokObjective, In: p.zones[z].ID}, z)
			n--
		}
	}
	for ; n > 0; n-- {
		in := p.freeZones(func(z int) bool { return p.zones[z].Kind == layout.Room && p.dist[z] >= 2 })
		if len(in) == 0 {
			in = p.freeZones(func(z int) bool { return p.zones[z].Kind != layout.Exterior || p.rq.g.Mold })
		}
		if len(in) == 0 {
			return
		}
		z := pick(p.rq.rng, p.special(p.apartFromObjectives(p.fresh(in))))
		p.add(missions.Token{Type: missions.TokObjective, In: p.zones[z].ID}, z)
	}
}

// ObjectiveGap is how many Survivor moves apart the red Objectives are put
// where the board has room: each its own stage of the route, not two
// grabs in neighbouring rooms.
const ObjectiveGap = 3

// apartFromObjectives keeps the zones of zs ObjectiveGap moves or more from
// every Objective placed, when there are any.
func (p *plan) apartFromObjectives(zs []int) []int {
	var objs []int
	for _, t := range p.m.Tokens {
		if z := p.zoneOf(t); t.Type == missions.TokObjective && z != nil {
			objs = append(objs, z.Index)
		}
	}
	if len(objs) == 0 {
		return zs
	}
	near := rules.Distances(survivorWays(p.pl, len(p.zones)), objs...)
	out := slices.DeleteFunc(slices.Clone(zs), func(z int) bool { return near[z] >= 0 && near[z] < ObjectiveGap })
	if len(out) == 0 {
		return zs
	}
	return out
}

// special keeps, half the time, the rooms of zs the tile set marks as
// special (a Security Room, an Oxygen Supply Room), when there are any:
// what the team came for lies where the story can name it.
func (p *plan) special(zs []int) []int {
	out := slices.DeleteFunc(slices.Clone(zs), func(z int) bool {
		return !p.zones[z].HasFeature("security") && !p.zones[z].HasFeature("oxygen")
	})
	if len(out) == 0 || p.rq.rng.IntN(2) == 0 {
		return zs
	}
	return out
}

// guardLocks puts an Objective behind a lock that guards nothing yet (a
// door the file keeps, with the Exit elsewhere): a coloured door is part
// of the route, never a side room shut for nothing. Not when the file
// writes its own objectives, whose texts may count the Objectives.
func (p *plan) guardLocks(locks []*lock) {
	if len(p.m.Objectives) > 0 {
		return
	}
	for _, l := range locks {
		guarded := slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool {
			if t.Type != missions.TokObjective && t.Type != missions.TokExit {
				return false
			}
			z := p.zoneOf(t)
			return z != nil && l.behind[z.Index]
		})
		if guarded || p.objectiveTokens() >= p.rq.st.has(missions.TokObjective, "red") {
			continue
		}
		in := p.free(func(z int) bool { return l.behind[z] && p.zones[z].Kind != layout.Exterior })
		if len(in) == 0 {
			continue
		}
		z := pick(p.rq.rng, in)
		p.add(missions.Token{Type: missions.TokObjective, In: p.zones[z].ID}, z)
	}
}

// objectiveTokens is how many Objectives the mission places.
func (p *plan) objectiveTokens() int {
	n := 0
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokObjective {
			n++
		}
	}
	return n
}

// placeExit puts the Exit behind the last lock, else among the zones
// farthest from the start.
func (p *plan) placeExit(locks []*lock) {
	if p.has(missions.TokExit) {
		return
	}
	on := func(z int) bool { return len(p.rq.g.ExitOn) == 0 || slices.Contains(p.rq.g.ExitOn, p.zones[z].Kind) }
	if p.rq.typ == "airlock" { // out across the surface
		on = func(z int) bool { return p.zones[z].Kind == layout.Exterior }
	}
	var in []int
	if len(locks) > 0 {
		last := locks[len(locks)-1]
		in = p.free(func(z int) bool { return last.behind[z] && on(z) })
	}
	if len(in) == 0 {
		far := 0
		for z, d := range p.dist {
			if p.reach[z] && !p.taken[z] && on(z) {
				far = max(far, d)
			}
		}
		in = p.freeZones(func(z int) bool { return p.dist[z] >= far*3/4 && p.dist[z] >= 1 && on(z) })
	}
	if len(in) == 0 {
		return
	}
	z := pick(p.rq.rng, p.fresh(in))
	p.add(missions.Token{Type: missions.TokExit, In: p.zones[z].ID}, z)
}

// spawnPlan is how many Spawn Zones, and how near the start they may be,
// for the difficulty.
func (p *plan) spawnPlan() (count, near int) {
	tiles := p.rq.o.W * p.rq.o.H
	switch p.rq.aim {
	case gentle: // easier than easy: what the playtest finds easy on a long board
		count, near = 0, 5
	case "easy":
		count, near = 1, 4
	case "hard":
		count, near = 3, 2
	case deadly: // harder than hard: what the playtest finds easy on a small board
		count, near = 4, 2
	default:
		count, near = 2, 3
	}
	if tiles >= 6 || p.rq.aim != "easy" && p.rq.aim != gentle && tiles >= 4 {
		count++
	}
	if tiles <= 1 {
		count = 1
	}
	if !p.rq.g.SpawnsForSurvivors {
		count += p.moreSurvivors()
	}
	if p.rq.typ == "wake-spawns" {
		count-- // the Spawn Zone the key wakes is one of them, asleep at first
	}
	return max(1, min(count, p.rq.st.has(missions.TokSpawn, "red"))), near
}

// moreSurvivors is what the Survivor count adds to Objectives and Spawn
// Zones: the rulebook's 1 per 2 Survivors above 6, and 1 fewer for a team
// of 4 or fewer.
func (p *plan) moreSurvivors() int {
	s := p.m.Survivors
	if s == 0 {
		s = 6
	}
	switch {
	case s > 6:
		return (s - 5) / 2
	case s <= 4:
		return -1
	}
	return 0
}

// placeSpawns puts Spawn Zones at least the difficulty's distance from the
// start (in enemy moves), apart from each other, none behind a lock, only
// on the zone kinds the game allows them; on hard, a Spawn Zone of the
// first lock's colour wakes when its key is taken. False when none could
// be put down.
func (p *plan) placeSpawns(locks []*lock) bool {
	if p.has(missions.TokSpawn) {
		return true
	}
	count, near := p.spawnPlan()
	behind := func(z int) bool {
		for _, l := range locks {
			if l.behind[z] {
				return true
			}
		}
		return false
	}
	var chosen []int
	clear := p.route()
	// SpawnPrefer moves from both ends first, over every distance the
	// difficulty allows; then from the Exit at least (the way out is not
	// where the enemies pour in); then as near as the floor lets them.
	// Aiming hard (the judge found the board easier than asked), the
	// distance the difficulty asks comes first and the ends only choose
	// among zones at it: else no judge could bring a Spawn Zone nearer.
	far := func(z int) bool { return !clear.near(z, SpawnPrefer) }
	farEnd := func(z int) bool { return !clear.nearEnd(z, SpawnPrefer) }
	offEnd := func(z int) bool { return !clear.nearEnd(z, SpawnAway) }
	tiers := []func(z int) bool{far, farEnd, offEnd, func(int) bool { return true }}
	hard := p.rq.hardAim()
	if hard {
		tiers = tiers[3:]
	}
	for _, tier := range tiers {
		for d := near; d >= 2 && len(chosen) < count; d-- {
			for _, kinds := range [][]string{p.rq.g.SpawnKinds, p.rq.g.SpawnOn} {
				for len(chosen) < count {
					in := p.free(func(z int) bool {
						return p.edist[z] >= d && !behind(z) && (kinds == nil || slices.Contains(kinds, p.zones[z].Kind)) && p.apart(z, chosen) && clear.spawnFault(z) == "" && tier(z)
					})
					if len(in) == 0 {
						break
					}
					if hard && !(p.rq.aim == deadly && p.rq.g.CloseSpawnsPastHard) {
						in = prefer(prefer(prefer(in, offEnd), farEnd), far)
					}
					in = p.fresh(in)
					if hard {
						in = nearest(in, p.edist)
					}
					chosen = append(chosen, pick(p.rq.rng, in))
					p.taken[chosen[len(chosen)-1]] = true
				}
			}
		}
	}
	for i, z := range chosen {
		p.add(missions.Token{Type: missions.TokSpawn, Color: "red", First: i == 0, In: p.zones[z].ID}, z)
	}
	if p.rq.hardAim() || p.rq.typ == "wake-spawns" && len(chosen) > 0 {
		p.wakingSpawn(locks, chosen, func(z int) bool { return behind(z) || clear.spawnFault(z) != "" })
	}
	return len(chosen) > 0
}

// wakingSpawn adds, on hard, a Spawn Zone of a colour that wakes later:
// when the first lock's key is taken, else at the start of Round 3.
func (p *plan) wakingSpawn(locks []*lock, chosen []int, behind func(int) bool) {
	color := ""
	if len(locks) > 0 && p.rq.st.has(missions.TokSpawn, locks[0].color) > 0 {
		color = locks[0].color
	} else {
		for _, c := range p.rq.g.LockColors {
			if p.rq.st.has(missions.TokSpawn, c) > 0 && !p.colorUsed(c) {
				color = c
				break
			}
		}
	}
	if color == "" {
		return
	}
	on := p.rq.g.SpawnOn
	in := p.freeZones(func(z int) bool {
		return p.edist[z] >= 2 && !behind(z) && p.apart(z, chosen) && (on == nil || slices.Contains(on, p.zones[z].Kind))
	})
	if len(in) == 0 {
		return
	}
	z := pick(p.rq.rng, in)
	p.add(missions.Token{Type: missions.TokSpawn, Color: color, In: p.zones[z].ID}, z)
	if len(locks) > 0 && locks[0].color == color {
		locks[0].spawn = true
		return
	}
	r := missions.Rule{When: &missions.Trigger{Round: 3}, Then: []missions.Effect{{Activate: color}}}
	r.Text = r.Describe()
	p.m.Rules = append(p.m.Rules, r)
}

// prefer keeps the zones of zs that ok accepts, when there are any.
func prefer(zs []int, ok func(int) bool) []int {
	if out := slices.DeleteFunc(slices.Clone(zs), func(z int) bool { return !ok(z) }); len(out) > 0 {
		return out
	}
	return zs
}

// nearest keeps the zones of zs nearest the start by dist.
func nearest(zs []int, dist []int) []int {
	low := -1
	for _, z := range zs {
		if low < 0 || dist[z] < low {
			low = dist[z]
		}
	}
	var out []int
	for _, z := range zs {
		if dist[z] == low {
			out = append(out, z)
		}
	}
	return out
}

// apart reports whether zone z is far enough from the Spawn Zones chosen:
// two enemy moves, and in Invader no short Mold chain between them.
func (p *plan) apart(z int, chosen []int) bool {
	if len(chosen) == 0 {
		return true
	}
	// Two enemy moves apart: with every Spawn Zone three moves or more
	// from the Start and the Exit, three apart leaves a small board room
	// for one alone.
	gap := 2
	if p.rq.aim == deadly && p.rq.g.CloseSpawnsPastHard {
		gap = 1 // side by side; never in one zone
	}
	d := p.pl.EnemyDistance([]int{z})
	for _, c := range chosen {
		if d[c] >= 0 && d[c] < gap {
			return false
		}
		if p.rq.g.Mold {
			if chain, ok := invader.NewWorld(p.scene).MoldChain(z, c); ok && len(chain) < gap {
				return false
			}
		}
	}
	return true
}

// placeMold puts Active Mold in a few zones far from every Spawn Zone and
// from the locked zones (Mold turns walls into openings).
func (p *plan) placeMold(locks []*lock) {
	if p.has(missions.TokMold) {
		return
	}
	n := map[string]int{"easy": 0, "medium": 1, "hard": 2, deadly: 3}[p.rq.aim] + p.rq.rng.IntN(2)
	n = min(n, p.rq.st.has(missions.TokMold, ""))
	var spawns []int
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokSpawn && t.In != "" {
			if z := p.scene.Board.Zone(t.In); z != nil {
				spawns = append(spawns, z.Index)
			}
		}
	}
	fromSpawn := p.pl.EnemyDistance(spawns)
	near := map[int]bool{}
	for _, a := range p.scene.Board.Adjacent() {
		for _, l := range locks {
			if l.behind[a.A] || l.behind[a.B] {
				near[a.A], near[a.B] = true, true
			}
		}
	}
	for ; n > 0; n-- {
		in := p.freeZones(func(z int) bool {
			k := p.zones[z].Kind
			return (k == layout.Room || k == layout.Corridor) && !near[z] && fromSpawn[z] >= 3 && p.dist[z] >= 2 && len(p.zones[z].Features) == 0
		})
		if len(in) == 0 {
			return
		}
		z := pick(p.rq.rng, in)
		p.add(missions.Token{Type: missions.TokMold, In: p.zones[z].ID}, z)
	}
}

// placeGetaway parks the car the Survivors escape in on a street far from
// the start (behind the last lock when there is one): search the town,
// then drive off.
func (p *plan) placeGetaway(locks []*lock) bool {
	kind := ""
	for _, k := range []string{"pimpmobile", "police"} {
		if p.rq.st.has(missions.TokCar, k) > 0 {
			kind = k
			break
		}
	}
	if kind == "" {
		return false
	}
	street := func(z int) bool { return p.zones[z].Kind == layout.Street }
	var in []int
	if len(locks) > 0 {
		last := locks[len(locks)-1]
		in = p.free(func(z int) bool { return last.behind[z] && street(z) })
	}
	if len(in) == 0 {
		far := 0
		for z, d := range p.dist {
			if p.reach[z] && !p.taken[z] && street(z) {
				far = max(far, d)
			}
		}
		in = p.freeZones(func(z int) bool { return street(z) && p.dist[z] >= max(2, far*3/4) })
	}
	if len(in) == 0 {
		return false
	}
	z := pick(p.rq.rng, p.fresh(in))
	p.add(missions.Token{Type: missions.TokCar, Kind: kind, ID: "getaway", In: p.zones[z].ID}, z)
	p.m.Rules = append(p.m.Rules, missions.Rule{Text: carRule[kind]})
	return true
}

// placeNoise puts up to two Noise tokens (as the seed says, as the boxes
// hold) where they lure: on the open ground nearest a Spawn Zone, two
// moves or more from the start — the enemies' first moves go their way.
func (p *plan) placeNoise() {
	if p.has(missions.TokNoise) {
		return
	}
	n := min(p.rq.rng.IntN(3), p.rq.st.has(missions.TokNoise, ""))
	var spawns []int
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokSpawn {
			if z := p.zoneOf(t); z != nil {
				spawns = append(spawns, z.Index)
			}
		}
	}
	if len(spawns) == 0 {
		return
	}
	fromSpawn := p.pl.EnemyDistance(spawns)
	for ; n > 0; n-- {
		in := p.freeZones(func(z int) bool {
			return slices.Contains(p.rq.g.SpawnKinds, p.zones[z].Kind) && p.dist[z] >= 2 && fromSpawn[z] >= 1
		})
		if len(in) == 0 {
			return
		}
		z := pick(p.rq.rng, nearest(in, fromSpawn))
		p.add(missions.Token{Type: missions.TokNoise, In: p.zones[z].ID}, z)
	}
}

// placeSentryGun puts the box's Sentry Gun, as the seed says, where it
// covers the Survivors' way: a zone they reach two moves or more from the
// start, as near a Spawn Zone as two enemy moves and no nearer — the
// Survivor who walks into its Zone fires it at what comes.
func (p *plan) placeSentryGun() {
	if p.has(missions.TokSentryGun) || p.rq.st.has(missions.TokSentryGun, "") == 0 || p.rq.rng.IntN(2) == 0 {
		return
	}
	var spawns []int
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokSpawn {
			if z := p.zoneOf(t); z != nil {
				spawns = append(spawns, z.Index)
			}
		}
	}
	if len(spawns) == 0 {
		return
	}
	fromSpawn := p.pl.EnemyDistance(spawns)
	// Where it sees a Spawn Zone by the game's sight rules: what the
	// briefing says of it is then true.
	in := p.freeZones(func(z int) bool { return p.dist[z] >= 2 && fromSpawn[z] >= 2 && seenSpawn(p.scene, z, spawns) != nil })
	if len(in) == 0 {
		return
	}
	z := pick(p.rq.rng, nearest(in, fromSpawn))
	p.add(missions.Token{Type: missions.TokSentryGun, In: p.zones[z].ID}, z)
}

// placeCars parks up to two cars on free streets.
func (p *plan) placeCars() {
	if p.has(missions.TokCar) {
		return
	}
	n := p.rq.rng.IntN(3)
	for _, kind := range []string{"pimpmobile", "police"}[:min(n, 2)] {
		if p.rq.st.has(missions.TokCar, kind) == 0 {
			continue
		}
		in := p.freeZones(func(z int) bool { return p.zones[z].Kind == layout.Street })
		if len(in) == 0 {
			return
		}
		z := pick(p.rq.rng, in)
		p.add(missions.Token{Type: missions.TokCar, Kind: kind, In: p.zones[z].ID}, z)
		p.m.Rules = append(p.m.Rules, missions.Rule{Text: carRule[kind]})
	}
}

var carRule = map[string]string{
	"pimpmobile": "The Pimpmobile can be driven, and Searched once, for Ma's Shotgun or the Evil Twins.",
	"police":     "The police car can be driven, and Searched every Turn.",
}

// shutDoors closes a few doorways of buildings away from the start: the
// Survivors open them with a door-opening weapon found in a building
// they reach with every door shut. Zombies never open doors, so a door
// that would cut a Spawn Zone off from the Survivors stays open.
func (p *plan) shutDoors(locks []*lock) {
	if slices.ContainsFunc(p.m.Tokens, func(t missions.Token) bool {
		return t.Type == missions.TokDoor && (t.Color == "" || t.Color == "neutral")
	}) {
		return
	}
	left := p.rq.st.has(missions.TokDoor, "neutral")
	closed := map[layout.CellEdge]bool{}
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokDoor {
			left--
			if t.At != nil {
				if d, ok := rules.Side(t.Side); ok {
					closed[p.edgeAt(t.At[0], t.At[1], d)] = true
				}
			}
		}
	}
	var spawns []int
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokSpawn && t.In != "" {
			if z := p.scene.Board.Zone(t.In); z != nil {
				spawns = append(spawns, z.Index)
			}
		}
	}
	goals := p.route().goals
	for i, mv := range p.ways {
		if left <= 0 {
			return
		}
		if mv.Via != "door" || len(mv.Edges) != 1 || mv.Door >= 0 || p.dist[mv.From] < 2 && p.dist[mv.To] < 2 || closed[mv.Edges[0]] {
			continue
		}
		if !p.guards(i, goals) {
			continue // a shut door keeps something from the Survivors, never an empty room
		}
		if p.rq.rng.IntN(3) != 0 {
			continue
		}
		closed[mv.Edges[0]] = true
		if !p.enemiesCome(closed, spawns) || p.rq.g.DoorsFromInside && !p.allStillReached(closed) {
			delete(closed, mv.Edges[0])
			continue
		}
		e := mv.Edges[0]
		at := [2]int{e.X, e.Y}
		p.add(missions.Token{Type: missions.TokDoor, At: &at, Side: e.Dir.String()}, -1)
		left--
	}
}

// guards reports whether shutting the way ways[i] cuts the Survivors off
// from a goal (an Objective, the Exit, the getaway car) or makes the way
// to it longer.
func (p *plan) guards(i int, goals []int) bool {
	d := bfs(p.ways, len(p.zones), p.start, map[int]bool{i: true})
	for _, g := range goals {
		if p.dist[g] >= 0 && (d[g] < 0 || d[g] > p.dist[g]) {
			return true
		}
	}
	return false
}

// allStillReached reports whether the Survivors still reach every zone
// they reach with no door shut, every closed door kept shut: each room
// keeps a way in, so its doors can be opened from inside.
func (p *plan) allStillReached(closed map[layout.CellEdge]bool) bool {
	n := len(p.zones)
	adj := make([][]int, n)
	for _, mv := range p.ways {
		open := len(mv.Edges) == 0
		for _, e := range mv.Edges {
			open = open || !closed[e]
		}
		if open {
			adj[mv.From] = append(adj[mv.From], mv.To)
			adj[mv.To] = append(adj[mv.To], mv.From)
		}
	}
	seen := reached(adj, p.start)
	for z := range p.zones {
		if p.reach[z] && !seen[z] {
			return false
		}
	}
	return true
}

// reached marks the zones adj leads to from start.
func reached(adj [][]int, start int) []bool {
	seen := make([]bool, len(adj))
	seen[start] = true
	q := []int{start}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, o := range adj[z] {
			if !seen[o] {
				seen[o] = true
				q = append(q, o)
			}
		}
	}
	return seen
}

// edgeAt is the cell edge on side d of cell (x, y) as moves list it.
func (p *plan) edgeAt(x, y int, d layout.Dir) layout.CellEdge {
	for _, mv := range p.pl.Moves {
		for _, e := range mv.Edges {
			if e.X == x && e.Y == y && e.Dir == d || e.X == x+layout.DX[d] && e.Y == y+layout.DY[d] && e.Dir == d.Opposite() {
				return e
			}
		}
	}
	return layout.CellEdge{X: x, Y: y, Dir: d}
}

// enemiesCome reports whether enemies from every Spawn Zone still reach
// the start with the doors closed shut.
func (p *plan) enemiesCome(closed map[layout.CellEdge]bool, spawns []int) bool {
	n := len(p.zones)
	adj := make([][]int, n)
	for _, mv := range p.pl.Moves {
		if !mv.Xenos {
			continue
		}
		open := false
		for _, e := range mv.Edges {
			if !closed[e] {
				open = true
			}
		}
		if open || len(mv.Edges) == 0 {
			adj[mv.From] = append(adj[mv.From], mv.To)
			adj[mv.To] = append(adj[mv.To], mv.From)
		}
	}
	seen := reached(adj, p.start)
	for _, s := range spawns {
		if !seen[s] {
			return false
		}
	}
	return true
}

func indexOf(ways []rules.Move, mv rules.Move) int {
	for i := range ways {
		if ways[i].Edge == mv.Edge && ways[i].From == mv.From && ways[i].To == mv.To {
			return i
		}
	}
	return -1
}

// objectives writes the victory conditions, unless the file has its own,
// and the rules that open each lock (and wake its Spawn Zone).
func (p *plan) objectives(locks []*lock) {
	for _, l := range locks {
		r := missions.Rule{When: &missions.Trigger{Take: l.color}, Then: []missions.Effect{{Open: l.color}}}
		if l.spawn {
			r.Then = append(r.Then, missions.Effect{Activate: l.color})
		}
		r.Text = r.Describe() // said once: the printed page adds no second wording
		p.m.Rules = append(p.m.Rules, r)
	}
	if len(p.m.Objectives) > 0 {
		return
	}
	objs := 0
	for _, t := range p.m.Tokens {
		if t.Type == missions.TokObjective {
			objs++
		}
	}
	if objs > 0 {
		p.m.Objectives = append(p.m.Objectives, said(missions.Objective{Take: "all"}))
	}
	if p.has(missions.TokExit) {
		p.m.Objectives = append(p.m.Objectives, said(missions.Objective{Exit: "all"}))
	} else if p.rq.typ == "car-escape" {
		kind := "pimpmobile"
		for _, t := range p.m.Tokens {
			if t.Type == missions.TokCar && t.ID == "getaway" {
				kind = t.Kind
			}
		}
		p.m.Objectives = append(p.m.Objectives, missions.Objective{Reach: "getaway", Text: "Reach the " + carName[kind] + "."})
	}
}
