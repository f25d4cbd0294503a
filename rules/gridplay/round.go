package gridplay

// Kinds set, for an Activation of some kinds only.
type KindSet = [Kinds]bool

// AllKinds is every enemy kind.
var AllKinds = KindSet{true, true, true, true}

// Only is the one kind t.
func Only(t int) KindSet {
	var k KindSet
	k[t] = true
	return k
}

// Phases is one game at play as the round drives it, the Players' Phase
// apart: its agent plays that one.
type Phases interface {
	// Over says the game is won or lost.
	Over() bool
	// StartRound fires what the mission does at the round's start.
	StartRound()
	// Activate gives every enemy of the kinds set one Activation (the
	// Attacks first, then the Moves).
	Activate(kinds KindSet)
	// Spawn is the Spawn step: a card for each active Spawn Zone.
	Spawn()
	// EndRound is the End Phase: Noise tokens removed, then what is met
	// at the end of a round.
	EndRound()
}

// Agent plays the Players' Phase of a game G: each Survivor's Actions.
type Agent[G any] interface {
	Players(g G)
}

// EnemiesPhase is the Xenos' or Zombies' Phase: every enemy's Activation,
// then the Fast kind's (Hunters, Runners) second one, then the Spawn step.
// It stops as soon as the game is over.
func EnemiesPhase[G Phases](g G) {
	g.Activate(AllKinds)
	if g.Over() {
		return
	}
	g.Activate(Only(Fast))
	if g.Over() {
		return
	}
	g.Spawn()
}

// PlayRound is one Game Round: the Players' Phase, the enemies' Phase and
// the End Phase, stopping as soon as the game is over.
func PlayRound[G Phases, A Agent[G]](g G, ag A) {
	g.StartRound()
	if g.Over() {
		return
	}
	ag.Players(g)
	if g.Over() {
		return
	}
	EnemiesPhase(g)
	if g.Over() {
		return
	}
	g.EndRound()
}

// Play plays rounds from *round until the game is over, counting them in
// *round; it reports true when maxRounds passed with no result (the game
// then counts as lost on time).
func Play[G Phases, A Agent[G]](g G, ag A, round *int, maxRounds int) (timeUp bool) {
	for !g.Over() {
		PlayRound(g, ag)
		if !g.Over() && *round >= maxRounds {
			return true
		}
		if !g.Over() {
			*round++
		}
	}
	return false
}
