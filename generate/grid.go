package generate

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/classic"
	"github.com/zmission/zmission/rules/invader"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// gridGame is what a game played on tiles supplies to the generator,
// from its rules package.
type gridGame struct{ *rules.Generation }

var grids = map[string]*gridGame{
	invader.Ruleset: {invader.Generation},
	classic.Ruleset: {classic.Generation},
}

const (
	maxAttempts = 64 // candidates made before giving up
	// patientAttempts bounds the last type's search for a candidate of
	// the difficulty and length asked.
	patientAttempts = 160
	keep            = 3 // candidates that pass, of which the nearest is kept
	perBoard        = 3 // structures tried on one board
	giveWay         = 4 // boards with no room for a seed-chosen type before the next type
	// formulaPatience is how many candidates the formula alone reads off
	// the difficulty before the aim moves.
	formulaPatience = 8
	tileSteps       = 20000 // choices the tile search may try per board
)

// stock is what the boxes hold: tokens by (type, colour) — colour "" for
// tokens of any colour — and the physical tiles.
type stock struct {
	boxes  []string
	tokens map[[2]string]int
	set    *layout.TileSet
	tiles  []physical
}

// has is how many tokens of typ the boxes hold that can show colour c:
// those of that colour, of any colour (counted with no colour), and the
// two-sided ones ("red/green") with c on a side. A two-sided token counts
// for both its colours here; the inventory check matches tokens to sides
// and has the last word.
func (s *stock) has(typ, c string) int {
	n := 0
	for k, v := range s.tokens {
		if k[0] != typ {
			continue
		}
		if k[1] == "" || k[1] == c || slices.Contains(strings.Split(k[1], "/"), c) {
			n += v
		}
	}
	return n
}

// hold words the boxes holding something: "invader-core holds", "a + b hold".
func (s *stock) hold() string {
	if len(s.boxes) == 1 {
		return s.boxes[0] + " holds"
	}
	return strings.Join(s.boxes, " + ") + " hold"
}

// request is a generation under way: the options, the boxes, the file
// being completed and the seeded source.
type request struct {
	o     Options
	g     *gridGame
	st    *stock
	from  *missions.Mission
	fixed map[[2]int]*turned
	rng   *rand.Rand
	typ   string // the mission type
	// aim is the difficulty the structure is built for (Spawn Zones, the
	// chain, Mold): the one asked, moved a band when the judge plays the
	// candidates harder or easier than asked.
	aim string
	// patient: every attempt for this type, none given up early (a type
	// asked for, or the game's first when no type found a mission early).
	patient bool
	// lengthSized: the board is the size the length makes (no --size).
	lengthSized bool
	// alt is, for a candidate keeping the file's briefing, the one the
	// generator would write; remade, why a candidate's was replaced by it.
	alt    map[*missions.Mission]string
	remade map[*missions.Mission]string
}

func (g *gridGame) generate(o Options) (*Result, error) {
	from, err := readFrom(o, g.Ruleset)
	if err != nil {
		return nil, err
	}
	boxes := o.Boxes
	if len(boxes) == 0 && from != nil {
		boxes = from.Boxes
	}
	if len(boxes) == 0 {
		boxes = []string{g.CoreBox}
	}
	st, err := g.stock(boxes)
	if err != nil {
		return nil, err
	}
	if o.Keep != nil && from != nil {
		from = kept(from, o.Keep, st.set.Size)
	}
	if o.Players == "" && from != nil {
		o.Players = string(from.Players)
	}
	if o.Difficulty == "" && from != nil {
		o.Difficulty = from.Difficulty
	}
	if o.Keep != nil && from != nil {
		from.Difficulty = "" // the kept pieces' mission says what it was made for
	}
	if o.Difficulty != "easy" && o.Difficulty != "hard" {
		o.Difficulty = "medium"
	}
	if o.Players == "" {
		o.Players = fmt.Sprintf("%d-%d", g.Players[0], g.Players[1])
	}
	if o.Players, err = ParsePlayers(o.Players, g.Players[0], g.Players[1]); err != nil {
		return nil, err
	}
	if err := survivorsAgainstPlayers(o.Survivors, o.Players); err != nil {
		return nil, err
	}
	rq := &request{o: o, g: g, st: st, from: from, rng: newRand(o.Seed), alt: map[*missions.Mission]string{}, remade: map[*missions.Mission]string{}}
	if err := rq.size(); err != nil {
		return nil, err
	}
	if err := rq.fixedFits(); err != nil {
		return nil, err
	}
	if o.Type != "" {
		if !slices.Contains(g.Types, o.Type) {
			return nil, badOption("--type for %s is %s, not %q", rules.GameName(g.Ruleset), orList(g.Types), o.Type)
		}
		rq.typ, rq.patient = o.Type, true
		return rq.run()
	}
	// The seed chooses the type; a board with no mission of it (no chain
	// of two doors, no surface to cross) tries the next.
	order := slices.Clone(g.Types)
	newRand(o.Seed^0x7a3e).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	if o.Length == "short" {
		// A chain of two keys is half an hour of steps alone: a short
		// mission is not one unless asked for.
		order = slices.DeleteFunc(order, func(t string) bool { return t == "key-chain" })
	}
	if o.Difficulty == "easy" || o.Length == "short" {
		// A Spawn Zone woken mid-game is no easy mission, and its key's
		// step no short one, unless asked for.
		order = slices.DeleteFunc(order, func(t string) bool { return t == "wake-spawns" })
	}
	// Each type in turn, briefly; then the game's first, the one every
	// board has room for (grab-and-go), with every attempt.
	order = append(order, g.Types[0])
	// A mission of the difficulty outside the length's band (on the board
	// the length sizes) is kept aside while the next types try for one in
	// it, and written if none is.
	var aside *Result
	for i := range order {
		try := *rq
		try.typ, try.rng, try.patient = order[i], newRand(o.Seed), i == len(order)-1
		try.alt, try.remade = map[*missions.Mission]string{}, map[*missions.Mission]string{}
		r, err := try.run()
		if err == nil && rq.lengthSized && LengthBand(r.Estimate.Minutes) != o.Length && i < len(order)-1 {
			if aside == nil {
				aside = r
			}
			continue
		}
		var no *Impossible
		seedBound := errors.As(err, &no) && no.SeedBound
		if err == nil || !seedBound || try.patient {
			if aside != nil && (err == nil && LengthBand(r.Estimate.Minutes) != o.Length || seedBound) {
				return aside, nil
			}
			return r, err
		}
	}
	return aside, nil // the last try is patient: reached only with one aside
}

// stock sums what the boxes hold; a box of another game or an unknown name
// is a bad option.
func (g *gridGame) stock(boxes []string) (*stock, error) {
	st := &stock{tokens: map[[2]string]int{}}
	seen := map[string]bool{}
	for _, n := range boxes {
		if seen[n] {
			continue
		}
		seen[n] = true
		b := rules.LookupBox(n)
		if b == nil {
			return nil, badOption("no box named %q; use one of the boxes of %s: %s", n, rules.GameName(g.Ruleset), strings.Join(rules.BoxNames(g.Ruleset), ", "))
		}
		if b.Ruleset != g.Ruleset {
			return nil, badOption("%s is a box of %s, not of %s; use the boxes of %s: %s", n, rules.GameName(b.Ruleset), rules.GameName(g.Ruleset), rules.GameName(g.Ruleset), strings.Join(rules.BoxNames(g.Ruleset), ", "))
		}
		st.boxes = append(st.boxes, n)
		for typ, by := range b.Tokens {
			for c, k := range by {
				st.tokens[[2]string{typ, c}] += k
			}
		}
		if b.Tileset != "" && st.set == nil {
			set, err := layout.Builtin(b.Tileset)
			if err != nil {
				return nil, err
			}
			st.set = set
		}
	}
	if st.set == nil {
		return nil, impossible("the boxes %s hold no tiles; add a box with tiles to --boxes, e.g. %s", strings.Join(boxes, ", "), g.CoreBox)
	}
	st.tiles = physicalTiles(st.set)
	return st, nil
}

// boxesHolding names the game's boxes not in the stock that hold tokens
// of typ that can show colour c: the boxes a refusal may ask to add.
func (g *gridGame) boxesHolding(st *stock, typ, c string) []string {
	var out []string
	for _, n := range rules.BoxNames(g.Ruleset) {
		b := rules.LookupBox(n)
		if b == nil || slices.Contains(st.boxes, n) {
			continue
		}
		for bc, k := range b.Tokens[typ] {
			if k > 0 && (bc == "" || bc == c || slices.Contains(strings.Split(bc, "/"), c)) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// physicalTiles pairs a set's faces into its physical tiles, in file order.
func physicalTiles(set *layout.TileSet) []physical {
	var out []physical
	seen := map[string]bool{}
	for _, f := range set.Faces {
		if seen[f.ID] {
			continue
		}
		seen[f.ID] = true
		ph := physical{faces: []*layout.Face{f}}
		if o := set.Face(f.Other); f.Other != "" && o != nil {
			ph.faces = append(ph.faces, o)
			seen[f.Other] = true
		}
		out = append(out, ph)
	}
	return out
}

// gridSizes are the boards each length makes when no size is given.
var gridSizes = map[string][2]int{"short": {2, 2}, "medium": {3, 2}, "long": {3, 3}}

// size settles the board's size: --size, else the fixed tiles' extent,
// else one the length asks for; and refuses a board the boxes cannot fill.
func (rq *request) size() error {
	o := &rq.o
	if o.W == 0 && rq.from != nil && len(rq.from.Tiles) > 0 {
		for _, t := range rq.from.Tiles {
			o.W, o.H = max(o.W, t.At[0]+1), max(o.H, t.At[1]+1)
		}
	}
	if o.W == 0 {
		d := gridSizes[o.Length]
		o.W, o.H = d[0], d[1]
		rq.lengthSized = true
		if n := len(rq.st.tiles); o.W*o.H > n {
			o.W, o.H = min(o.W, n), 1
		}
	}
	n := len(rq.st.tiles)
	if o.W*o.H > n {
		// No box added helps: a board is laid from one tile set, the
		// first box's.
		return impossible("a %d×%d board needs %d tiles, and %s %d (one of each physical tile of the %s set); use a smaller --size of %d tiles or fewer",
			o.W, o.H, o.W*o.H, rq.st.hold(), n, rq.st.set.Name, n)
	}
	return nil
}

// fixedFits lays the file's own tiles and refuses what the boxes cannot
// hold before any search: a request that cannot be met is named at once.
func (rq *request) fixedFits() error {
	rq.fixed = map[[2]int]*turned{}
	if rq.from == nil {
		return nil
	}
	for _, t := range rq.from.Tiles {
		f := rq.st.set.Face(t.Face)
		if f == nil {
			return impossible("%s places the face %s, which the %s tile set does not have; change that tile's face in %s to one of the set's", rq.o.FromName, t.Face, rq.st.set.Name, rq.o.FromName)
		}
		if t.At[0] >= rq.o.W || t.At[1] >= rq.o.H || t.At[0] < 0 || t.At[1] < 0 {
			// The size named holds every tile the file places: the one
			// off the board may not be the only one.
			w, h := rq.o.W, rq.o.H
			for _, u := range rq.from.Tiles {
				w, h = max(w, u.At[0]+1), max(h, u.At[1]+1)
			}
			return badOption("%s places %s at [%d, %d], outside the %d×%d board asked for; use a --size of %dx%d or more, or leave --size out", rq.o.FromName, t.Face, t.At[0], t.At[1], rq.o.W, rq.o.H, w, h)
		}
		rq.fixed[[2]int{t.At[0], t.At[1]}] = turn(f, t.Rot, rq.st.set.Size)
	}
	need := map[[2]string]int{}
	for _, t := range rq.from.Tokens {
		tt := rules.Defaults(t)
		c := tt.Color
		if tt.Type == missions.TokCar {
			c = tt.Kind // a box counts its cars by kind (police, pimpmobile), as the inventory check does
		}
		need[[2]string{tt.Type, c}]++
	}
	for _, k := range sortedKeys(need) {
		n := need[k]
		if have := rq.st.has(k[0], k[1]); n > have && rules.GameHas(rq.g.Ruleset, k[0]) {
			what := k[0]
			if k[1] != "" {
				what = k[1] + " " + k[0]
			}
			change := fmt.Sprintf("remove %d from %s", n-have, rq.o.FromName)
			if more := rq.g.boxesHolding(rq.st, k[0], k[1]); len(more) > 0 {
				change += " or add a box that holds more to --boxes: " + strings.Join(more, ", ")
			}
			return impossible("%s places %d %s tokens, and %s %d; %s", rq.o.FromName, n, what, rq.st.hold(), have, change)
		}
	}
	return nil
}

func sortedKeys(m map[[2]string]int) [][2]string {
	out := make([][2]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	return out
}

// candidate is one proved mission.
type candidate struct {
	m   *missions.Mission
	est rules.Estimate
	r   *lint.Result // as the checks read it, for the judge
	fit bool         // of the difficulty asked: by the judge, else by the formula
}

// run makes candidates until enough pass the checks or the attempts run
// out, and keeps the one whose estimate is nearest the request.
func (rq *request) run() (*Result, error) {
	var passed []candidate
	var last, shape string // why the last candidate failed; why the last board had no room for the type
	var rejected []string
	judge, note := rq.judge()
	bestFit := -1 // the fit nearest the request so far
	boardRead := false
	rq.aim = rq.o.Difficulty
	var played []string // the bands the judge found
	attempts := 0
	// inBand: candidates of the difficulty and the length asked for;
	// fits: of the difficulty. On the board the length sizes, the search
	// goes on for a candidate of both until 3/4 of the attempts are spent,
	// then settles for one of the difficulty; on a board of the size asked
	// for, the length is the nearer the better.
	inBand, fits := 0, 0
	more := func() bool {
		limit := maxAttempts
		if rq.patient && (fits == 0 || rq.lengthSized && inBand == 0) {
			// The last type tried (or the one asked for) goes on while no
			// candidate of the difficulty and length asked is found: on the
			// smallest boards, hard short missions are rare.
			limit = patientAttempts
		}
		return attempts < limit && (len(passed) < keep || fits == 0 || rq.lengthSized && inBand == 0)
	}
	// A type the seed chose gives way to the next after a few boards with
	// no room for it, or a quarter of the attempts with none of the
	// difficulty; one asked for gets every attempt.
	shapeless := 0
	giveUp := func() bool {
		return !rq.patient && fits == 0 && (len(passed) == 0 && shapeless >= giveWay || attempts >= maxAttempts/4)
	}
	for more() && !giveUp() {
		attempts++
		tiles, ok, exhausted := rq.tiles()
		if !ok {
			if exhausted {
				return nil, impossible("no way to lay %d×%d tiles from %s so that every tile border fits; use another --size", rq.o.W, rq.o.H, strings.Join(rq.st.boxes, " + "))
			}
			if last == "" {
				last = "the tile search ran out of steps"
			}
			continue
		}
		b, err := rq.read(tiles)
		if err != nil {
			last = err.Error()
			continue
		}
		if !boardRead {
			// What no board can change is refused on the first one read.
			if err := rq.survivorsFit(b); err != nil {
				return nil, err
			}
			boardRead = true
		}
		// Several structures on one board: reading it costs more than
		// placing tokens on it.
		for try := 0; try < perBoard && more(); try++ {
			if try > 0 {
				attempts++
			}
			m, err := rq.structure(b)
			if err != nil {
				last, shape = err.Error(), err.Error()
				shapeless++
				break
			}
			c, why := rq.prove(m)
			if why != "" {
				last = why
				rejected = append(rejected, why)
				continue
			}
			c.fit = c.est.Difficulty == rq.o.Difficulty
			if judge != nil {
				c.fit = false
				// Played only when it could be kept: while none is of the
				// difficulty, or when it is nearer the request than the
				// best that is. The formula filters until the judge has
				// shown it reads this board a band off (the aim moved).
				formula := c.est.Difficulty
				if (rq.aim != rq.o.Difficulty || judgeWanted(formula, rq.o.Difficulty)) && (bestFit < 0 || rq.better(c.est, passed[bestFit].est)) {
					d, why, err := judge(&c)
					if err != nil {
						return nil, err
					}
					if why != "" {
						last = why
						rejected = append(rejected, why)
						continue
					}
					c.fit = d == rq.o.Difficulty
					played = append(played, d)
					rq.aim = steer(rq.aim, d, rq.o.Difficulty)
				}
			}
			if judge == nil && !c.fit && fits == 0 && len(passed) >= formulaPatience {
				// By the formula alone, a board that keeps missing the
				// difficulty moves the aim, as a playtest's reading does.
				rq.aim = steer(rq.aim, c.est.Difficulty, rq.o.Difficulty)
			}
			passed = append(passed, c)
			if c.fit {
				if bestFit < 0 || rq.better(c.est, passed[bestFit].est) {
					bestFit = len(passed) - 1
				}
				fits++
				if LengthBand(c.est.Minutes) == rq.o.Length {
					inBand++
				}
			}
		}
	}
	if len(passed) == 0 {
		if rq.typ != "" && shape != "" {
			change := "try another --seed, a larger --size or another --type"
			if n := len(rq.st.tiles); rq.o.W*rq.o.H >= n {
				// The board holds every tile already: no larger size helps.
				change = "try another --seed or another --type"
			}
			if rq.survivors() > 6 { // the count a core box equips
				change += fmt.Sprintf(", or fewer --survivors than %d (each one more takes its share of the tokens)", rq.survivors())
			}
			return nil, missed("no %s mission on a %d×%d board in %d candidates: %s; %s", rq.typ, rq.o.W, rq.o.H, attempts, shape, change)
		}
		change := "try another --seed or --size"
		if rq.from != nil {
			// What the file fixes is in every candidate: the finding may
			// be its own.
			change = fmt.Sprintf("if the finding is in what %s places, fix it there (zmission validate %s); else try another --seed or --size", rq.o.FromName, rq.o.FromName)
		}
		return nil, missed("none of %d candidates passed the checks; the last: %s; %s", attempts, last, change)
	}
	best := -1
	for i, c := range passed {
		if c.fit && (best < 0 || rq.better(c.est, passed[best].est)) {
			best = i
		}
	}
	if best < 0 && judge != nil && len(played) > 0 {
		by := "the playtest"
		if rq.o.Judge != nil {
			by = "the judge"
		}
		return nil, missed("no %s mission by %s among the %d candidates the formula put within a band of it on a %d×%d board: they played %s; try another --seed, --size or --difficulty",
			rq.o.Difficulty, by, len(played), rq.o.W, rq.o.H, playedWords(played))
	}
	if best < 0 {
		lo, hi := passed[0].est, passed[0].est
		for _, c := range passed {
			if c.est.Score < lo.Score {
				lo = c.est
			}
			if c.est.Score > hi.Score {
				hi = c.est
			}
		}
		if rq.from != nil && lo.Score == hi.Score {
			// Every candidate scored the same: what the file fixes is all
			// the formula reads, and no seed or size moves it.
			return nil, missed("no %s mission from %s: every candidate scored %.1f (%s), since what the file places is all the difficulty reads, and %s is %s; set the file's difficulty: to %s, or take out pieces (Spawn Zones, Objectives, doors) for the generator to place",
				rq.o.Difficulty, rq.o.FromName, lo.Score, lo.Difficulty, rq.o.Difficulty, bandRange(rq.o.Difficulty), lo.Difficulty)
		}
		return nil, missed("no %s mission found on a %d×%d board in %d candidates: those that passed the checks scored %.1f to %.1f (%s), and %s is %s; try another --seed, --size or --difficulty",
			rq.o.Difficulty, rq.o.W, rq.o.H, attempts, lo.Score, hi.Score, bandWords(lo, hi), rq.o.Difficulty, bandRange(rq.o.Difficulty))
	}
	c := passed[best]
	c.m.Duration = c.est.Minutes
	header := rq.header()
	if why := rq.remade[c.m]; why != "" {
		header = append(header, fmt.Sprintf("The briefing of %s was written anew: %s.", rq.o.FromName, why))
	}
	data, err := emit(c.m, header)
	if err != nil {
		return nil, err
	}
	data = carry(rq.o.From, rq.o.FromName, data)
	// What is written is checked as written.
	if _, why := check("generated.yaml", data); why != "" {
		return nil, fmt.Errorf("the mission made does not pass its checks as YAML: %s", why)
	}
	return &Result{Data: data, Mission: c.m, Estimate: c.est, Judged: judgedWords(c.est, note), Type: rq.typ, Candidates: len(passed), Attempts: attempts, Rejected: rejected}, nil
}

// distance is how far an estimate is from the request: the score from
// the difficulty's band, and the minutes from the length's, a band of
// score counting as much as half an hour.
func (rq *request) distance(e rules.Estimate) float64 {
	return math.Abs(e.Score-bandCentre(rq.o.Difficulty)) + math.Abs(float64(e.Minutes-lengthMinutes(rq.o.Length)))/30
}

// better reports whether estimate a is nearer the request than b: in the
// length's band first, then by distance.
func (rq *request) better(a, b rules.Estimate) bool {
	ina, inb := LengthBand(a.Minutes) == rq.o.Length, LengthBand(b.Minutes) == rq.o.Length
	if ina != inb {
		return ina
	}
	return rq.distance(a) < rq.distance(b)
}

// LengthBand is the length a playing time falls in, for the games played
// on tiles: short below 60 minutes, medium to 90, long beyond — the
// midpoints between the times each length aims at (45, 75, 110).
func LengthBand(minutes int) string {
	switch {
	case minutes < 60:
		return "short"
	case minutes <= 90:
		return "medium"
	}
	return "long"
}

// lengthMinutes is the playing time a length aims at.
func lengthMinutes(l string) int {
	return map[string]int{"short": 45, "medium": 75, "long": 110}[l]
}

func bandWords(lo, hi rules.Estimate) string {
	if lo.Difficulty == hi.Difficulty {
		return lo.Difficulty
	}
	return lo.Difficulty + " to " + hi.Difficulty
}

// bandRange words the scores of a difficulty.
func bandRange(d string) string {
	switch d {
	case "easy":
		return fmt.Sprintf("a score below %.1f", rules.BandEasy)
	case "hard":
		return fmt.Sprintf("a score of %.1f or more", rules.BandHard)
	}
	return fmt.Sprintf("a score from %.1f to below %.1f", rules.BandEasy, rules.BandHard)
}

// bandCentre is the score a difficulty aims at.
func bandCentre(d string) float64 {
	switch d {
	case "easy":
		return rules.BandEasy - 0.8
	case "hard":
		return rules.BandHard + 0.8
	}
	return (rules.BandEasy + rules.BandHard) / 2
}

// tiles lays the board: ok=false when no layout was found, exhausted when
// the search tried everything (no seed will do better).
func (rq *request) tiles() (tiles []missions.Tile, ok, exhausted bool) {
	s := &tileSearch{n: rq.st.set.Size, w: rq.o.W, h: rq.o.H, tiles: rq.st.tiles, fixed: rq.fixed,
		used: map[int]bool{}, rng: rq.rng, steps: tileSteps, cache: map[turnKey]*turned{}}
	for _, t := range rq.fixed {
		for i, ph := range rq.st.tiles {
			for _, f := range ph.faces {
				if f == t.face {
					s.used[i] = true
				}
			}
		}
	}
	if !s.run() {
		return nil, false, s.steps > 0
	}
	for p, t := range s.grid {
		at := [2]int{p % s.w, p / s.w}
		if _, ok := rq.fixed[at]; ok {
			continue
		}
		tiles = append(tiles, missions.Tile{Face: t.face.ID, At: at, Rot: t.rot})
	}
	return tiles, true, false
}

// prove lints the candidate as a file and says why it fails, if it does:
// an error of any check, or a warning other than the board's own (tile
// borders, which only an author's fixed tiles can bring).
func (rq *request) prove(m *missions.Mission) (candidate, string) {
	data, err := emitJSON(m)
	if err != nil {
		return candidate{}, err.Error()
	}
	r, why := check(candidateFile, data)
	if why != "" {
		return candidate{}, why
	}
	own := authored{}
	if rq.from != nil {
		own = authored{tokens: len(rq.from.Tokens), texts: rq.from.Briefing != "", said: map[string]bool{}}
		for _, o := range rq.from.Objectives {
			own.said[o.Text] = true
		}
		for _, r := range rq.from.Rules {
			own.said[r.Text] = true
		}
	}
	pl := rq.g.Play(r.Scene)
	if below := floor(r.Scene, pl, rq.g, own); len(below) > 0 {
		return candidate{}, "below the quality floor: " + below[0]
	}
	// The file's briefing is kept while it is true of the map made
	// around it; when it no longer is, it is written anew, and the
	// header says why.
	if own.texts {
		if bad := floorTexts(r.Scene, pl, rq.g, own); len(bad) > 0 && rq.alt[m] != "" {
			m.Briefing = rq.alt[m]
			rq.remade[m] = bad[0]
			if data, err = emitJSON(m); err != nil {
				return candidate{}, err.Error()
			}
			if r, why = check(candidateFile, data); why != "" {
				return candidate{}, why
			}
			if below := floorTexts(r.Scene, rq.g.Play(r.Scene), rq.g, own); len(below) > 0 {
				return candidate{}, "below the quality floor: " + below[0]
			}
		}
	}
	a := rules.Lookup(m.Ruleset).(rules.Analyzer).Analyze(r.Scene)
	return candidate{m: m, est: *a.Estimate, r: r}, ""
}

// check lints a file's bytes and says why they fail, if they do.
func check(file string, data []byte) (*lint.Result, string) {
	r := lint.Bytes(file, data, lint.Options{Limits: source.DefaultLimits})
	for _, d := range r.Diags {
		if d.Severity == validate.Error || d.Severity == validate.Warning && !boardWarning(d.Rule) {
			return nil, fmt.Sprintf("%s [%s]", d.Message, d.Rule)
		}
	}
	if r.Scene == nil {
		return nil, "the board could not be built"
	}
	return r, ""
}

// boardWarning: the warnings of how tiles meet, which the tile search
// never brings and an author's own tiles may.
func boardWarning(rule string) bool {
	switch rule {
	case layout.ProblemBorderMismatch, layout.ProblemBorderOpenSpace, layout.ProblemBorderDeadEnd, layout.ProblemHatchMisplaced:
		return true
	}
	return false
}

func (rq *request) header() []string {
	if k := rq.o.Keep; k != nil && rq.from != nil {
		return []string{
			fmt.Sprintf("Generated by zmission around %s and %s kept from %s, with:", count(len(rq.from.Tiles), "tile"), count(len(rq.from.Tokens), "token"), rq.o.FromName),
			rq.o.Command(),
		}
	}
	if rq.o.Replacing {
		return []string{
			"Generated by zmission around what this file held before, replaced, with:",
			rq.o.Command(),
		}
	}
	return []string{
		"Generated by zmission; this command makes it again, byte for byte:",
		rq.o.Command(),
	}
}

// readFrom decodes the mission to complete, if any.
func readFrom(o Options, ruleset string) (*missions.Mission, error) {
	if o.From == nil {
		return nil, nil
	}
	name := o.FromName
	doc, probs := missions.Load(name, o.From, source.DefaultLimits)
	if len(probs) > 0 {
		return nil, badOption("%s", probs[0].String())
	}
	m, err := doc.Decode()
	if err != nil {
		return nil, badOption("%s: %v", name, err)
	}
	if m.Ruleset != "" && m.Ruleset != ruleset {
		return nil, badOption("%s is a %s mission, not %s; leave --ruleset out, or give --ruleset %s", name, m.Ruleset, ruleset, m.Ruleset)
	}
	return m, nil
}

// kept is m with only the tiles and tokens k names, and the tiles under
// the tokens it names (a token stands on its tile: a door on its opening,
// a spawn in its street; a door on a tile's edge keeps both tiles). The
// structure made around them (objectives, special rules, the Xeno deck,
// briefing, duration) is left to be made again. An index that names nothing is
// passed over. n is the cells on a tile's side.
func kept(m *missions.Mission, k *Keep, n int) *missions.Mission {
	c := *m
	c.Tiles, c.Tokens = nil, nil
	tiles := map[int]bool{}
	for _, i := range k.Tiles {
		tiles[i] = true
	}
	under := func(x, y int) {
		for i, t := range m.Tiles {
			if n > 0 && x >= t.At[0]*n && x < (t.At[0]+1)*n && y >= t.At[1]*n && y < (t.At[1]+1)*n {
				tiles[i] = true
			}
		}
	}
	for _, i := range uniq(k.Tokens) {
		if i < 0 || i >= len(m.Tokens) {
			continue
		}
		t := m.Tokens[i]
		c.Tokens = append(c.Tokens, t)
		if face, _, ok := strings.Cut(t.In, "/"); ok { // in FACE/LABEL: on that face's tile
			for j, tl := range m.Tiles {
				if tl.Face == face {
					tiles[j] = true
				}
			}
		}
		if t.At == nil {
			continue
		}
		x, y := t.At[0], t.At[1]
		under(x, y)
		switch t.Side {
		case "n":
			under(x, y-1)
		case "s":
			under(x, y+1)
		case "w":
			under(x-1, y)
		case "e":
			under(x+1, y)
		}
	}
	for i, t := range m.Tiles {
		if tiles[i] {
			c.Tiles = append(c.Tiles, t)
		}
	}
	// The Xeno deck goes with the rules: the generator tunes it for the
	// structure it makes, and the rule that tells the players of it is
	// made again with the rest.
	c.Objectives, c.Rules, c.XenoDeck, c.Briefing, c.Duration = nil, nil, nil, "", 0
	return &c
}

func uniq(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
