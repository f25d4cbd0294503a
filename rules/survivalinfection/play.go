package survivalinfection

import (
	"math/rand/v2"
	"slices"
)

// The whole game, from setup to its end: the forward model of a setup
// (state, turn, the rules of rolls, cards and Undead Reckoning) and the
// players' policy (GamePolicy) that makes the choices the rules leave to
// them. docs/rules-survival-infection.md, readings 22-34, says what is
// modelled and how.

// GamePolicy is how the simulated players choose, printed with every
// result of whole games.
const GamePolicy = "each turn: the roll, the Redraw, then the Take Action; " +
	"an Event drawn is played at once (the Hidden Bite on the other Camp with the most people); " +
	"otherwise the first that applies of: a Hideout better than the Camp's own, a Hideout no better than No Hideout onto a Camp without one, " +
	"a killing Action on the other Camp with the most people, Move Survivors from it, +Survivors when the City Center has some, " +
	"a Character on the Camp, destroying the leader's Hideout, moving the Infection Die to the leader or taking the Survival Die; " +
	"else discard up to 2 cards of no use, else pass; never trade. " +
	"A Camp hit by an Action plays its Reactions while they lessen the loss (an Escape first). " +
	"The Survival Die goes to the weakest other Camp in the Survival Phase, the Infection Die to the other Camp with the most people; " +
	"the undead kill from the Camp with the fewest Survivors, then the fewest Characters, so as to knock Camps out. " +
	"Ties go to the nearest seat clockwise"

// MaxRounds bounds a simulated game; a game still going is counted as
// unfinished. No checked setup comes near it.
const MaxRounds = 400

// How a game ended.
const (
	EndLastCamp   = "last-camp"  // "only one Camp with Survivors and/or Characters"
	EndZombies    = "zombies"    // the last Camps knocked out on the same Undead Reckoning roll
	EndAllOut     = "all-out"    // the last Camps knocked out together otherwise: no winner
	EndUnfinished = "unfinished" // MaxRounds played
)

// Endings lists the ways a game ends, in the order reports print them.
var Endings = []string{EndLastCamp, EndZombies, EndAllOut, EndUnfinished}

const (
	noDie = -1
)

// seat is one player: a Camp while it has people, then the undead.
type seat struct {
	out     bool // no longer a Camp: plays as the undead
	infect  bool // in the Infection Phase
	surv    int  // Survivors
	chars   []int16
	hideout int16 // index into fx; hideNone for No Hideout
	hand    []int16
}

const (
	hideStart = -1 // the Starting Hideout
	hideNone  = -2 // No Hideout
)

// match is one simulated game, reused across the games of a run.
type match struct {
	s     *Setup
	n     int
	rng   *rand.Rand
	fx    []cardFx // one per deck entry
	deck  []int16  // the deck used at this count, Hidden Bite left out
	bite  int16    // fx index of the Hidden Bite, -1 if none
	seats []seat
	draw  []int16 // top card last
	disc  []int16
	city  int // Survivors in the City Center
	city0 int // ... after setup

	base, surv, inf []Face
	survDie, infDie int // seat holding the die, or noDie
	camps           int // seats still Camps
	turns           int // turns played in this game, for the work budget
	undeadRoll      bool
}

// result of one game
type result struct {
	winner int // seat, or -1
	end    string
	rounds int
}

func newMatch(s *Setup, n int, rng *rand.Rand) *match {
	g := &match{s: s, n: n, rng: rng, bite: -1, seats: make([]seat, n)}
	if len(s.Deck) > maxEntries {
		return g // playable says no
	}
	f := s.Filter(n)
	for i, c := range s.Deck {
		g.fx = append(g.fx, effectOf(c))
		if f.OpenOnly && c.Closed {
			continue
		}
		if c.HiddenBite {
			g.bite = int16(i)
			continue
		}
		for range min(c.Count, maxCopies) {
			g.deck = append(g.deck, int16(i))
		}
	}
	for _, c := range s.CityCenter(n) {
		g.city0 += max(0, min(c.Value, 1_000_000)) * max(0, min(c.Survivors, 1_000_000))
	}
	if d := s.Die("base"); d != nil {
		g.base = d.Faces
	}
	if d := s.Die("survival"); d != nil {
		g.surv = d.Faces
	}
	if d := s.Die("infection"); d != nil {
		g.inf = d.Faces
	}
	return g
}

// maxEntries: a card is an int16 index of its deck entry.
const maxEntries = 30000

// maxCopies bounds the copies of one card a simulated deck takes, so a
// count typed with extra zeros cannot size the game's memory.
const maxCopies = 10000

// playable says whether whole games can be played at this count: the deal
// and the two piles can be made, and the dice exist.
func (g *match) playable() bool {
	p, rest := g.s.Piles(g.n)
	return g.bite >= 0 && rest >= 2 && p.Dealt <= len(g.deck) && len(g.base) > 0 && len(g.inf) > 0 && len(g.surv) > 0 && g.s.Redraw.N >= 0
}

// campChips is the Survivors each Camp starts with.
func (g *match) campChips() int {
	n := 0
	for _, v := range g.s.Camp.Chips {
		n += max(0, min(v, 1_000_000))
	}
	return n
}

// setup follows the setup text: Starting Camps, the deal, the two piles
// with the Hidden Bite, the City Center.
func (g *match) setup() {
	s, n := g.s, g.n
	chips := g.campChips()
	for i := range g.seats {
		st := &g.seats[i]
		st.out, st.infect, st.surv, st.hideout = false, false, chips, hideStart
		st.chars, st.hand = st.chars[:0], st.hand[:0]
	}
	g.city = g.city0
	g.survDie, g.infDie, g.camps = 0, noDie, n
	if chips <= 0 {
		g.camps = 0
	}
	// Room for the Hidden Bite, so no game allocates.
	cards := append(slices.Grow(g.draw[:0], len(g.deck)+2), g.deck...)
	g.rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	if !s.Bite.SetAside {
		k := g.rng.IntN(len(cards) + 1)
		cards = append(cards, 0)
		copy(cards[k+1:], cards[k:])
		cards[k] = g.bite
	}
	dealt := s.Hand.N * n
	for k, c := range cards[:dealt] {
		g.seats[k%n].hand = append(g.seats[k%n].hand, c)
	}
	rest := cards[dealt:]
	if s.Bite.SetAside {
		first := len(rest) / 2
		var k int
		switch s.Bite.Into {
		case IntoFirst:
			k = g.rng.IntN(first + 1)
		case IntoDeck:
			k = g.rng.IntN(len(rest) + 1)
		default:
			k = first + g.rng.IntN(len(rest)-first+1)
		}
		rest = append(rest, 0)
		copy(rest[k+1:], rest[k:])
		rest[k] = g.bite
	}
	// rest lists the draw deck top first; the pile keeps its top last.
	for i, j := 0, len(rest)-1; i < j; i, j = i+1, j-1 {
		rest[i], rest[j] = rest[j], rest[i]
	}
	g.draw = append(cards[:0], rest...)
	g.disc = g.disc[:0]
}

// play plays one whole game.
func (g *match) play() result {
	g.turns = 0
	g.setup()
	if g.camps == 0 {
		return result{winner: -1, end: EndAllOut}
	}
	for t := 0; t < MaxRounds*g.n; t++ {
		g.turns = t + 1
		p := t % g.n
		if g.seats[p].out {
			g.undead(p)
		} else {
			g.turn(p)
		}
		if g.camps <= 1 {
			r := result{winner: -1, rounds: t/g.n + 1, end: EndAllOut}
			switch {
			case g.camps == 1:
				r.end = EndLastCamp
				for i := range g.seats {
					if !g.seats[i].out {
						r.winner = i
					}
				}
			case g.undeadRoll:
				r.end = EndZombies
			}
			return r
		}
	}
	return result{winner: -1, end: EndUnfinished, rounds: MaxRounds}
}

func (g *match) face(faces []Face) Face { return faces[g.rng.IntN(len(faces))] }

func (g *match) hide(p int) cardFx {
	switch h := g.seats[p].hideout; h {
	case hideStart:
		return apartment
	case hideNone:
		return noHideout
	default:
		return g.fx[h]
	}
}

// people is a Camp's Survivors and Characters.
func (g *match) people(p int) int { return g.seats[p].surv + len(g.seats[p].chars) }

// turn is a Camp's turn: the roll, the Redraw, the Take Action.
func (g *match) turn(p int) {
	g.roll(p)
	if g.seats[p].out || g.camps <= 1 {
		return
	}
	if g.redraw(p) || g.camps <= 1 {
		return // an Event took the place of the Take Action
	}
	g.action(p)
}

// roll is the Survival or Infection Roll.
func (g *match) roll(p int) {
	st := &g.seats[p]
	h := g.hide(p)
	mod, dieMod := h.surv, h.survDie
	faces, holds := g.surv, g.survDie == p
	if st.infect {
		mod, dieMod = h.inf, h.infDie
		faces, holds = g.inf, g.infDie == p
	}
	for _, c := range st.chars {
		f := g.fx[c]
		if st.infect {
			mod, dieMod = mod+f.inf, dieMod+f.infDie
		} else {
			mod, dieMod = mod+f.surv, dieMod+f.survDie
		}
	}
	// "She rolls just the Base Die and does not roll the Survival Die as
	// per the NO HIDEOUT."
	if !st.infect && st.hideout == hideNone {
		holds = false
	}
	b := g.face(g.base)
	v, double := b.value(), b.Symbol
	if holds {
		d := g.face(faces)
		v += d.value() + dieMod
		double = double || d.Symbol
	}
	v += mod
	if double {
		v *= 2
	}
	switch {
	case !st.infect && v > 0, st.infect && v < 0:
		g.gain(p, abs(v))
	case !st.infect && v < 0:
		// "A negative result is how many Survivors are returned to the
		// City Center."
		r := min(st.surv, -v)
		st.surv -= r
		g.city += r
		g.lose(p, -v-r, false)
	case st.infect && v > 0:
		g.lose(p, v, false)
	}
	if st.out {
		return
	}
	// "Pass the Survival Die if you have it to another Camp in the
	// Survival Phase. If there are no other eligible Camps, retain the
	// Survival Die." / "Pass the Infection Die to another Camp of your
	// choice."
	if !st.infect && g.survDie == p {
		if q := g.weakest(p, true); q >= 0 {
			g.survDie = q
		}
	}
	if st.infect && g.infDie == p {
		if q := g.leader(p); q >= 0 {
			g.giveInfection(q)
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// gain takes up to k Survivors from the City Center: "If a dice roll or an
// Action Card would cause a Camp to gain Survivors and there are none
// remaining in the City Center, then the result is ignored."
func (g *match) gain(p, k int) {
	k = min(k, g.city)
	g.city -= k
	g.seats[p].surv += k
}

// lose kills k of a Camp's people: Survivors first, then Characters ("Once
// a Camp runs out of Survivors the remaining Characters become Survivors
// for the sake of losses"). Killed Survivors go back to the City Center as
// Zombies. undead says the loss comes from an Undead Reckoning roll.
func (g *match) lose(p, k int, undead bool) {
	st := &g.seats[p]
	if st.out || k <= 0 {
		return
	}
	d := min(k, st.surv)
	st.surv -= d
	k -= d
	for ; k > 0 && len(st.chars) > 0; k-- {
		st.chars = st.chars[:len(st.chars)-1] // the last played is killed
	}
	if st.surv == 0 && len(st.chars) == 0 {
		g.knockOut(p, undead)
	}
}

// knockOut is Undead Reckoning: "They must immediately discard their hand.
// Their Hideout is Destroyed ... If they have the Base Die, they give it to
// the next player. If they have the Survival or Infection Die, they pass it
// to the eligible Camp of their choice."
func (g *match) knockOut(p int, undead bool) {
	st := &g.seats[p]
	st.out = true
	g.camps--
	g.undeadRoll = undead
	g.disc = append(g.disc, st.hand...)
	st.hand = st.hand[:0]
	st.hideout = hideNone
	if g.survDie == p {
		g.survDie = g.weakest(p, true)
	}
	if g.infDie == p {
		g.infDie = noDie
		if q := g.leader(p); q >= 0 {
			g.giveInfection(q)
		}
	}
}

// giveInfection hands the Infection Die over: "When a Camp is given the
// Infection Die for the first time, they turn their Phase Card to the
// Infection Side. If they have the Survival Die they must give it to an
// eligible Camp. If there is no eligible Camp, the die is removed from the
// game."
func (g *match) giveInfection(q int) {
	g.infDie = q
	st := &g.seats[q]
	if st.infect {
		return
	}
	st.infect = true
	if g.survDie == q {
		g.survDie = g.weakest(q, true)
	}
}

// leader is the other Camp with the most people, nearest clockwise on a
// tie; -1 when there is none.
func (g *match) leader(p int) int {
	best, who := -1, -1
	for k := 1; k < g.n; k++ {
		q := (p + k) % g.n
		if !g.seats[q].out && g.people(q) > best {
			best, who = g.people(q), q
		}
	}
	return who
}

// weakest is the other Camp with the fewest people (only those in the
// Survival Phase when survival is set); -1 when there is none.
func (g *match) weakest(p int, survival bool) int {
	best, who := int(^uint(0)>>1), -1
	for k := 1; k < g.n; k++ {
		q := (p + k) % g.n
		st := &g.seats[q]
		if st.out || survival && st.infect {
			continue
		}
		if g.people(q) < best {
			best, who = g.people(q), q
		}
	}
	return who
}

// redraw draws until the hand holds the redraw size: "Draw until you have
// 6 cards in your hand. If you need to draw a card and there are none left,
// shuffle the Discard Pile to reform the Draw Pile." It reports whether an
// Event was drawn (and played).
func (g *match) redraw(p int) bool {
	event := false
	st := &g.seats[p]
	for len(st.hand) < g.s.Redraw.N {
		if len(g.draw) == 0 {
			if len(g.disc) == 0 {
				break
			}
			g.draw, g.disc = append(g.draw, g.disc...), g.disc[:0]
			g.rng.Shuffle(len(g.draw), func(i, j int) { g.draw[i], g.draw[j] = g.draw[j], g.draw[i] })
		}
		c := g.draw[len(g.draw)-1]
		g.draw = g.draw[:len(g.draw)-1]
		switch g.fx[c].kind {
		case fxBite:
			event = true
			g.hiddenBite(p)
		case fxEvent:
			event = true // played, then removed from the game
		default:
			st.hand = append(st.hand, c)
			continue
		}
		if g.camps <= 1 {
			return true
		}
	}
	// An Event dealt at setup is played like one drawn, on the first turn.
	for i, c := range st.hand {
		if k := g.fx[c].kind; k == fxBite || k == fxEvent {
			st.hand = append(st.hand[:i], st.hand[i+1:]...)
			if k == fxBite {
				g.hiddenBite(p)
			}
			return true
		}
	}
	return event
}

// hiddenBite: "The Infection Die enters the game when the HIDDEN BITE
// Event card is played on a Camp."
func (g *match) hiddenBite(p int) {
	if q := g.leader(p); q >= 0 {
		g.giveInfection(q)
	}
}

// take removes card i of p's hand.
func (g *match) take(p, i int) int16 {
	st := &g.seats[p]
	c := st.hand[i]
	st.hand = append(st.hand[:i], st.hand[i+1:]...)
	return c
}

// action is the Take Action, by the policy's order.
func (g *match) action(p int) {
	st := &g.seats[p]
	own := g.hide(p).worth()
	find := func(ok func(f cardFx) bool) int {
		for i, c := range st.hand {
			if ok(g.fx[c]) {
				return i
			}
		}
		return -1
	}
	lead := g.leader(p)
	// A Hideout better than the Camp's own: "To play a Hideout when you
	// already have one, discard your current Hideout and replace it".
	if i := find(func(f cardFx) bool { return f.kind == fxHideout && f.worth() > own }); i >= 0 {
		c := g.take(p, i)
		if st.hideout >= 0 {
			g.disc = append(g.disc, st.hideout) // Abandoned
		}
		st.hideout = c
		return
	}
	// "A Hideout card can only be played on your own Camp or the Camp of
	// another without a Hideout." A bad one goes to a Camp without one.
	if i := find(func(f cardFx) bool { return f.kind == fxHideout && f.worth() <= noHideout.worth() }); i >= 0 {
		for k := 1; k < g.n; k++ {
			q := (p + k) % g.n
			if !g.seats[q].out && g.seats[q].hideout == hideNone {
				g.seats[q].hideout = g.take(p, i)
				return
			}
		}
	}
	if lead >= 0 {
		if i := find(func(f cardFx) bool { return f.kind == fxKill || f.kind == fxAll }); i >= 0 {
			g.playAction(p, lead, g.take(p, i))
			return
		}
		if i := find(func(f cardFx) bool { return f.kind == fxMove && f.n > 0 }); i >= 0 {
			g.playAction(p, lead, g.take(p, i))
			return
		}
	}
	if g.city > 0 {
		if i := find(func(f cardFx) bool { return f.kind == fxGain && f.n > 0 }); i >= 0 {
			g.playAction(p, p, g.take(p, i))
			return
		}
	}
	if i := find(func(f cardFx) bool { return f.kind == fxCharacter }); i >= 0 {
		st.chars = append(st.chars, g.take(p, i))
		return
	}
	if lead >= 0 && g.seats[lead].hideout != hideNone {
		if i := find(func(f cardFx) bool { return f.kind == fxDestroy }); i >= 0 {
			g.playAction(p, lead, g.take(p, i))
			return
		}
	}
	if lead >= 0 && (g.infDie == p || !st.infect && g.survDie >= 0 && g.survDie != p) {
		if i := find(func(f cardFx) bool { return f.kind == fxDie }); i >= 0 {
			g.playAction(p, lead, g.take(p, i))
			return
		}
	}
	// "Discard up to 2 cards from your hand without redrawing": the cards
	// of no use (no effect, or Hideouts no better than the Camp's own),
	// and Reactions beyond the second.
	reactions, gone := 0, 0
	for i := 0; i < len(st.hand) && gone < 2; i++ {
		f := g.fx[st.hand[i]]
		useless := f.kind == fxNone || f.kind == fxHideout && f.worth() <= own
		if f.kind == fxSave || f.kind == fxEscape {
			reactions++
			useless = reactions > 2
		}
		if useless {
			g.disc = append(g.disc, g.take(p, i))
			i--
			gone++
		}
	}
}

// playAction plays an Action on a target: "Once an Action Card and any
// following Reactions are resolved, they are discarded."
func (g *match) playAction(p, t int, c int16) {
	f := g.fx[c]
	g.disc = append(g.disc, c)
	switch f.kind {
	case fxKill:
		g.lose(t, g.react(t, f.n), false)
	case fxAll:
		for k := 1; k < g.n; k++ {
			if q := (p + k) % g.n; !g.seats[q].out {
				g.lose(q, g.react(q, f.n), false)
			}
		}
	case fxMove:
		st := &g.seats[t]
		k := min(g.react(t, f.n), st.surv)
		st.surv -= k
		g.seats[p].surv += k
		if st.surv == 0 && len(st.chars) == 0 {
			g.knockOut(t, false)
		}
	case fxGain:
		g.gain(p, f.n)
	case fxDestroy:
		// "Destroyed Hideouts are removed from play".
		if !g.escape(t) {
			g.seats[t].hideout = hideNone
		}
	case fxDie:
		if g.infDie == p {
			if !g.escape(t) {
				g.giveInfection(t)
			}
		} else {
			g.survDie = p
		}
	}
}

// escape plays an Escape the target holds: "An Escaping Camp that is the
// single Target of an Action is considered unaffected by the Action".
func (g *match) escape(t int) bool {
	st := &g.seats[t]
	for i, c := range st.hand {
		if g.fx[c].kind == fxEscape {
			g.disc = append(g.disc, g.take(t, i))
			return true
		}
	}
	return false
}

// react is what the target loses of an Action's loss after its
// Reactions: an Escape, else saves one at a time while some loss is left
// ("A Reaction that will not affect the outcome can not be played").
func (g *match) react(t, loss int) int {
	if loss <= 0 || g.escape(t) {
		return 0
	}
	st := &g.seats[t]
	mult := 1
	for _, c := range st.chars {
		if g.fx[c].doubles {
			mult = 2
		}
	}
	for i := 0; i < len(st.hand) && loss > 0; i++ {
		if f := g.fx[st.hand[i]]; f.kind == fxSave {
			loss -= f.n * mult
			g.disc = append(g.disc, g.take(t, i))
			i--
		}
	}
	return max(0, loss)
}

// undead is a knocked-out player's turn, Undead Reckoning: "A player who
// has joined the undead will roll the Base Die without any modifiers on
// their turn. The number they roll represents the number of Survivors
// killed in the other Camp(s)." ... "Once all Survivors from all Camps are
// gone the undead player starts killing Characters."
func (g *match) undead(p int) {
	k := g.face(g.base).value()
	for k > 0 && g.camps > 0 {
		q, chars := g.fewest(p)
		if q < 0 {
			return
		}
		st := &g.seats[q]
		if chars {
			d := min(k, len(st.chars))
			st.chars = st.chars[:len(st.chars)-d]
			k -= d
		} else {
			d := min(k, st.surv)
			st.surv -= d
			k -= d
		}
		if st.surv == 0 && len(st.chars) == 0 {
			g.knockOut(q, true)
		}
	}
}

// undeadAtLeader is the other undead policy measure_test.go compares:
// kill from the Camp with the most people.
var undeadAtLeader = false

// fewest is the Camp the undead kill from: the one with the fewest
// Survivors while any Camp has some, else the fewest Characters.
func (g *match) fewest(p int) (int, bool) {
	if undeadAtLeader {
		q := g.leader(p)
		if q >= 0 && g.seats[q].surv == 0 {
			return q, true
		}
		return q, false
	}
	best, who := int(^uint(0)>>1), -1
	for k := 1; k <= g.n; k++ {
		q := (p + k) % g.n
		if st := &g.seats[q]; !st.out && st.surv > 0 && st.surv < best {
			best, who = st.surv, q
		}
	}
	if who >= 0 {
		return who, false
	}
	for k := 1; k <= g.n; k++ {
		q := (p + k) % g.n
		if st := &g.seats[q]; !st.out && len(st.chars) > 0 && len(st.chars) < best {
			best, who = len(st.chars), q
		}
	}
	return who, true
}
