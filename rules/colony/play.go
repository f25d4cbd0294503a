package colony

import (
	"math/rand/v2"
	"slices"
)

// A scenario played out, round by round: the forward model (the Location
// decks, the Crisis deck, the Starter Items, Food, Waste, Morale, the
// Round track, zombies at the Entrances and Locations, Exposure) and the
// Survivors' policy (PlayPolicy). docs/rules-colony.md, "Playing a
// scenario out", says what is modelled and each approximation.

// PlayPolicy is how the simulated players choose, printed with every
// result.
const PlayPolicy = "all players work for the Main Objective (no Secret Objective, no betrayal, no Exile); " +
	"each Group Leader stays in the Colony, the other Survivors go to the Location whose deck most likely gives a card still needed " +
	"(the objective's, then Food when the supply is short, then the Crisis's kind) where they and the zombies fit, " +
	"moving only when such a card is 25 points likelier there or their place is full or searched out; " +
	"each player's Action dice, lowest that will do first: attack a zombie where a Survivor's place is one short of full (4+), " +
	"then Search (3+, one card, no Noise) while dice last; the cards in hand go to the objective while it needs them, " +
	"Food to the supply for two meals (all of it when the objective counts Food), then to the Crisis up to players + 2; " +
	"dice left clean Waste from 3 cards (a Survivor in the Colony), then build Barricades where Survivors are (at most 2 a place)"

// Model numbers the text does not give (docs/rules-colony.md). Variables
// only so measure_test.go can say how much each moves the figures.
var (
	searchOn    = 3 // an Action die of 3+ Searches
	attackOn    = 4 // an Action die of 4+ kills a zombie
	crisisFail  = 1 // Morale a failed Crisis costs
	startFood   = 0 // Food tokens in the supply at setup, per player
	foodPerCard = 1 // Food tokens a Food card adds
)

// Policy numbers.
const (
	cleanAt    = 3    // Waste cards at which a Leader cleans
	moveGain   = 0.25 // how much likelier a wanted card must be to move for it
	barricades = 2    // Barricades a place holds, for the policy
	spaceGuess = 3    // spaces of a place whose board the collection leaves out
	// PlayRounds bounds the Round track the model plays.
	PlayRounds = 64
)

// Exposure die, twelve faces: "Wound (3/12)", "Frostbite (2/12)",
// "Bitten (1/12)", the other six blank.
const (
	exWound  = 3
	exFrost  = 2
	exBitten = 1
)

// How a play ended.
const (
	EndMet    = "objective-met"
	EndMorale = "morale-zero"
	EndRounds = "round-track-out"
)

// Endings lists the endings in the order reports print them.
var Endings = []string{EndMet, EndMorale, EndRounds}

type survivor struct {
	place  int // 0: the Colony; 1..6: a Location
	wounds int // Wounds and Frostbite
	frost  bool
	leader bool
	owner  int
}

// play is one scenario side at one player count, reused across plays.
type play struct {
	s        *Scenario
	side     *Side
	p        int
	rng      *rand.Rand
	kinds    []string // card kinds, index = kind id
	food     int      // kind id of food, -1 if none
	decks    [][]int  // per Location (1..6 at index 0..5), top last
	deck0    [][]int
	spaces   []int // per place, 0 = the Colony
	starter0 []int
	crisis0  []int
	crisis   []int
	hand     []int // the table's cards in hand, by kind (pooled: the policy is cooperative)
	need     []int // per kind: what the objective still needs
	need0    []int
	foodGoal bool // the objective counts the Food supply
	zombies  []int
	barr     []int
	surv     []survivor
	supply   int // Food tokens
	starve   int
	waste    int
	morale   int
	foodCap  int
	counts   []int     // scratch: Survivors per place
	dice     [][16]int // each player's Action dice this round, used ones 0
	match    int       // cards played to this round's Crisis
	left     [][]int   // per Location, its deck's cards by kind
	wants    []float64 // per kind, how much the policy wants it now
}

// playResult is one play.
type playResult struct {
	end      string
	rounds   int
	starved  bool
	moraleOK bool
}

func (s *Scenario) newPlay(side *Side, p int, rng *rand.Rand) *play {
	g := &play{s: s, side: side, p: p, rng: rng, food: -1}
	id := map[string]int{}
	kind := func(k string) int {
		if i, ok := id[k]; ok {
			return i
		}
		id[k] = len(g.kinds)
		g.kinds = append(g.kinds, k)
		return id[k]
	}
	spaces := spaceGuess
	if s.Coll != nil && s.Coll.EntranceSpaces > 0 {
		spaces = s.Coll.EntranceSpaces
	}
	g.spaces = append(g.spaces, spaces*Entrances)
	for _, l := range s.Locations {
		var d []int
		for _, k := range sortedKeys(l.Deck) {
			for range min(l.Deck[k], maxCards) {
				d = append(d, kind(k))
			}
		}
		g.deck0 = append(g.deck0, d)
		sp := l.Spaces
		if sp <= 0 {
			sp = spaceGuess
		}
		g.spaces = append(g.spaces, sp)
	}
	if c := s.Coll; c != nil {
		for _, k := range sortedKeys(c.Starter) {
			for range min(c.Starter[k], maxCards) {
				g.starter0 = append(g.starter0, kind(k))
			}
		}
		for _, k := range sortedKeys(c.Crisis) {
			for range min(c.Crisis[k], maxCards) {
				g.crisis0 = append(g.crisis0, kind(k))
			}
		}
		g.foodCap = c.Tokens["food"]
	}
	vals := side.Values(p)
	for _, n := range s.Objective.Needs {
		if n.Cards == "" {
			continue
		}
		k := kind(n.Cards)
		for len(g.need0) <= k {
			g.need0 = append(g.need0, 0)
		}
		want := 1
		if n.Number >= 1 && n.Number <= len(vals) {
			want = max(0, min(vals[n.Number-1], maxCards))
		}
		g.need0[k] = max(g.need0[k], want)
		if n.Cards == "food" {
			g.foodGoal = true
		}
	}
	if i, ok := id["food"]; ok {
		g.food = i
	}
	for len(g.need0) < len(g.kinds) {
		g.need0 = append(g.need0, 0)
	}
	g.hand = make([]int, len(g.kinds))
	g.need = make([]int, len(g.kinds))
	g.decks = make([][]int, len(g.deck0))
	g.zombies = make([]int, len(g.spaces))
	g.barr = make([]int, len(g.spaces))
	g.counts = make([]int, len(g.spaces))
	g.dice = make([][16]int, p)
	g.wants = make([]float64, len(g.kinds))
	g.left = make([][]int, len(g.deck0))
	for i := range g.left {
		g.left[i] = make([]int, len(g.kinds))
	}
	return g
}

// maxCards bounds the copies of one kind a simulated deck takes.
const maxCards = 10000

// playable says whether the side can be played at this count.
func (g *play) playable() bool {
	return len(g.deck0) > 0 && g.side.Morale > 0 && g.side.Round > 0 && g.p > 0
}

func (g *play) shuffle(d []int) {
	g.rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// setup follows the summary's setup: Starter Items dealt, Survivors kept,
// the Location and Crisis decks shuffled, the side's zombies placed.
func (g *play) setup() {
	d := DealFor(g.p, "")
	clear(g.hand)
	copy(g.need, g.need0)
	// "Shuffle (face-down) Starter Item cards → 5 (2-PL: 7) cards / Player"
	st := append(g.crisis[:0], g.starter0...) // crisis doubles as scratch before it is dealt
	g.shuffle(st)
	for _, k := range st[:min(len(st), d.StarterItems)] {
		g.hand[k]++
	}
	g.crisis = append(st[:0], g.crisis0...)
	g.shuffle(g.crisis)
	for i := range g.decks {
		g.decks[i] = append(g.decks[i][:0], g.deck0[i]...)
		clear(g.left[i])
		for _, k := range g.deck0[i] {
			g.left[i][k]++
		}
		g.shuffle(g.decks[i])
	}
	clear(g.zombies)
	clear(g.barr)
	for _, pl := range g.side.Setup {
		if pl.At == ColonyID {
			g.zombies[0] += pl.Zombies
			continue
		}
		for i, l := range g.s.Locations {
			if l.ID == pl.At {
				g.zombies[i+1] += pl.Zombies
			}
		}
	}
	// "each Player keeps 2 (2-PL: 3)", all in the Colony, the first
	// the Group Leader.
	g.surv = g.surv[:0]
	for o := range g.p {
		for k := range d.KeepPer {
			g.surv = append(g.surv, survivor{owner: o, leader: k == 0})
		}
	}
	g.supply, g.starve, g.waste, g.morale = startFood*g.p, 0, 0, min(g.side.Morale, 1000)
}

// run plays the side to its end.
func (g *play) run() playResult {
	g.setup()
	res := playResult{moraleOK: true}
	last := min(g.side.Round, PlayRounds)
	for r := 1; r <= last; r++ {
		res.rounds = r
		// "Reveal top Crisis card (to be resolved in the Colony Phase)"
		crisis := -1
		if n := len(g.crisis); n > 0 {
			crisis, g.crisis = g.crisis[n-1], g.crisis[:n-1]
		}
		g.turns(crisis)
		if g.colonyPhase(crisis, &res) {
			return res
		}
	}
	res.end = EndRounds
	return res
}

// score is how likely a Location's next card is one still wanted.
func (g *play) score(loc, crisis, self int) float64 {
	d := g.decks[loc]
	there := 1 // the Survivor who would go, or is there
	for i, v := range g.surv {
		if i != self && v.place == loc+1 {
			there++
		}
	}
	// Each Survivor there draws a zombie a round: go where they fit.
	if len(d) == 0 || g.zombies[loc+1]+there > g.spaces[loc+1] {
		return -1
	}
	w := 0.0
	for k, n := range g.left[loc] {
		w += float64(n) * g.wants[k]
	}
	return w / float64(len(d))
}

// weigh sets how much the policy wants each card kind this moment.
func (g *play) weigh(crisis int) {
	eat := g.eaters()
	for k := range g.wants {
		g.wants[k] = g.want(k, crisis, eat)
	}
}

// want weighs a card kind for the policy, eat being a round's Food.
func (g *play) want(k, crisis, eat int) float64 {
	switch {
	case g.foodGoal && k == g.food && g.supply+g.hand[k] < g.need0[k]+2*eat:
		return 3
	case g.need[k] > g.hand[k] && !(g.foodGoal && k == g.food):
		return 3
	case k == g.food && g.supply+g.hand[k] < 2*eat:
		return 2
	case k == crisis:
		return 1
	}
	return 0
}

// eaters is the Food a round costs: "remove 1 Food / 2(↑) Survivors ...
// in the Colony".
func (g *play) eaters() int {
	n := 0
	for _, v := range g.surv {
		if v.place == 0 {
			n++
		}
	}
	return FoodPerRound(n)
}

// turns is the Player Turns Phase: each player moves and rolls, attacks
// and Searches; then the cards are played (at the end of the turns, in the
// model); then each player's dice left clean Waste and build Barricades.
func (g *play) turns(crisis int) {
	for o := range g.p {
		g.frostbite(o)
		// Followers go where the wanted cards are.
		for i := 0; i < len(g.surv); i++ {
			v := &g.surv[i]
			if v.owner != o || v.leader {
				continue
			}
			g.weigh(crisis)
			best, at := -1.0, -1
			for loc := range g.decks {
				if sc := g.score(loc, crisis, i); sc > best {
					best, at = sc, loc
				}
			}
			cur := -1.0
			if v.place > 0 {
				cur = g.score(v.place-1, crisis, i)
			}
			if at >= 0 && (best > cur+moveGain || cur < 0 && best >= 0) && at+1 != v.place {
				v.place = at + 1
				if g.exposure(i) {
					i--
				}
			}
		}
		// "roll # (1+1/Survivor in Player's Group) Action D6"
		d := &g.dice[o]
		n := 1
		for _, v := range g.surv {
			if v.owner == o {
				n++
			}
		}
		n = min(n, len(d))
		clear(d[:])
		for k := range n {
			d[k] = 1 + g.rng.IntN(6)
		}
		slices.Sort(d[:n])
		g.fight(o)
		g.search(o)
	}
	g.playCards(crisis)
	for o := range g.p {
		for g.waste >= cleanAt && g.home(o) && g.take(o, 1) {
			g.waste = max(0, g.waste-3) // "remove 3 cards from the Waste Pile"
		}
		for _, v := range g.surv {
			if v.owner == o && g.barr[v.place] < barricades && g.take(o, 1) {
				g.barr[v.place]++
			}
		}
	}
}

// frostbite: "Player Turns ... all Frostbite = place 1 Wound".
func (g *play) frostbite(o int) {
	for i := 0; i < len(g.surv); i++ {
		if v := &g.surv[i]; v.owner == o && v.frost {
			v.wounds++
			if v.wounds >= 3 {
				g.kill(i)
				i--
			}
		}
	}
}

// take uses player o's lowest unused die that makes least.
func (g *play) take(o, least int) bool {
	d := &g.dice[o]
	for k, v := range d {
		if v > 0 && v >= least {
			d[k] = 0
			return true
		}
	}
	return false
}

// fight attacks where a place of the player's Survivors is one short of
// full: "Attack a Zombie (Action D6 >= Survivor Attack): remove ... → roll
// Exposure".
func (g *play) fight(o int) {
	for i := 0; i < len(g.surv); i++ {
		v := g.surv[i]
		if v.owner == o && g.zombies[v.place] > 0 && g.zombies[v.place] >= g.spaces[v.place]-1 && g.take(o, attackOn) {
			g.zombies[v.place]--
			if g.exposure(i) {
				i--
			}
		}
	}
}

// search: "Search (Action D6 >= Survivor Search, non-Colony): draw #
// Items (secretly) → keep 1, rest bottom", one card a Search (no Noise).
func (g *play) search(o int) {
	for {
		searched := false
		for i := range g.surv {
			v := g.surv[i]
			if v.owner != o || v.place == 0 || len(g.decks[v.place-1]) == 0 {
				continue
			}
			if !g.take(o, searchOn) {
				return
			}
			d := g.decks[v.place-1]
			g.hand[d[len(d)-1]]++
			g.decks[v.place-1] = d[:len(d)-1]
			g.left[v.place-1][d[len(d)-1]]--
			searched = true
		}
		if !searched {
			return
		}
	}
}

// playCards plays the table's cards: to the objective while it needs them,
// Food to the supply for two meals (all of it when the objective counts
// Food), then to the Crisis, face down, up to players + 2.
func (g *play) playCards(crisis int) {
	for k := range g.hand {
		if n := min(g.hand[k], g.need[k]); n > 0 && !(g.foodGoal && k == g.food) {
			g.need[k] -= n
			g.hand[k] -= n
		}
	}
	if g.food >= 0 {
		want := (2*g.eaters() - g.supply + foodPerCard - 1) / foodPerCard
		if g.foodGoal {
			want = g.hand[g.food]
		}
		g.toSupply(min(want, g.hand[g.food]))
	}
	g.match = 0
	if crisis >= 0 {
		g.match = min(g.hand[crisis], g.p+2)
		g.hand[crisis] -= g.match
		g.waste += g.match
	}
}

// home says whether a player has a Survivor in the Colony.
func (g *play) home(o int) bool {
	for _, v := range g.surv {
		if v.owner == o && v.place == 0 {
			return true
		}
	}
	return false
}

// exposure rolls the Exposure die for Survivor i; true when it was killed.
func (g *play) exposure(i int) bool {
	v := &g.surv[i]
	switch f := g.rng.IntN(12); {
	case f < exBitten:
		// "Bitten (1/12) = Survivor KIA" (the spreading is left out)
		g.kill(i)
		return true
	case f < exBitten+exFrost:
		v.frost = true
		v.wounds++
	case f < exBitten+exFrost+exWound:
		v.wounds++
	}
	if v.wounds >= 3 {
		g.kill(i)
		return true
	}
	return false
}

// kill is a Survivor's death: "-1 Morale"; "Leader lost → select new;
// Group lost → discard hand, draw 1 new Survivor".
func (g *play) kill(i int) {
	v := g.surv[i]
	g.surv = slices.Delete(g.surv, i, i+1)
	g.morale--
	left := false
	for k := range g.surv {
		if g.surv[k].owner == v.owner {
			left = true
			if v.leader {
				g.surv[k].leader, v.leader = true, false
			}
		}
	}
	if !left {
		g.surv = append(g.surv, survivor{owner: v.owner, leader: true})
	}
}

// colonyPhase resolves the Colony Phase; true when the play ended.
func (g *play) colonyPhase(crisis int, res *playResult) bool {
	p := g.p
	match := g.match
	// "Pay Food (from Food Supply; only „a“ if able to feed all)"
	if eat := g.eaters(); eat <= g.supply {
		g.supply -= eat
	} else {
		// "place 1 Starvation → Food Supply, then -1 Morale / Starvation
		// token in Food Supply"
		g.starve++
		g.morale -= g.starve
		res.starved = true
	}
	// "Check Waste = -1 Morale / each (full) 10 cards in the Waste Pile"
	g.morale -= g.waste / 10
	// "if # >= non-Exiled Players +2 → +1 Morale"; fewer than the players
	// fails it (the card's own penalty: -1 Morale, in the model).
	if crisis >= 0 {
		switch {
		case match >= p+2:
			g.morale++
		case match < p:
			g.morale -= crisisFail
		}
	}
	// "Add Zombies": "Colony: add 1 Zombie / 2(↑) Survivors"; "Non-Colony:
	// add 1 Zombie / 1 Survivor"; "if Barricade = remove it but don't
	// place"; "full = KIA lowest Influence".
	counts := g.counts
	clear(counts)
	for _, v := range g.surv {
		counts[v.place]++
	}
	for place, n := range counts {
		add := n
		if place == 0 {
			add = (n + 1) / 2
		}
		for range add {
			if g.barr[place] > 0 {
				g.barr[place]--
				continue
			}
			if g.zombies[place] < g.spaces[place] {
				g.zombies[place]++
				continue
			}
			for i := range g.surv {
				if g.surv[i].place == place {
					g.kill(i)
					break
				}
			}
		}
	}
	if g.morale <= 0 {
		res.end, res.moraleOK = EndMorale, false
		return true
	}
	// "Check Main Objective (if achieved = END GAME)"
	if res.rounds >= max(1, g.side.Earliest) && g.met() {
		res.end = EndMet
		return true
	}
	return false
}

// toSupply plays n Food cards to the Food supply, as far as the
// collection's Food tokens go.
func (g *play) toSupply(n int) {
	if g.foodCap > 0 {
		n = min(n, (g.foodCap-g.supply+foodPerCard-1)/foodPerCard)
	}
	if n <= 0 {
		return
	}
	g.supply += n * foodPerCard
	if g.foodCap > 0 {
		g.supply = min(g.supply, g.foodCap)
	}
	g.hand[g.food] -= n
	g.waste += n
}

// met says whether the objective's cards are all in.
func (g *play) met() bool {
	for k, n := range g.need {
		if g.foodGoal && k == g.food {
			if g.supply < g.need0[k] {
				return false
			}
			continue
		}
		if n > 0 {
			return false
		}
	}
	return true
}
