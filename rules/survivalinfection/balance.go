package survivalinfection

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// Whole games played out per player count, the variant against the base
// game, and the flags that say a variant is unfair or changes the game's
// length (variant-unfair, variant-length).

// Fairness and length bounds, documented in docs/checks.md.
const (
	// FairMargin: a seat strays from fair when its win rate's whole 95%
	// interval lies more than this share of the fair rate away from it
	// (a seat winning under half or over one and a half times its share).
	FairMargin = 0.5
	// LintRuns and LintSeed are the games per player count the checks
	// play: fixed, so findings do not depend on --runs.
	LintRuns = 300
	LintSeed = 1
	// workBudgetGames bounds the work of a row (cards shuffled plus turns
	// played, summed over its games), so a deck of thousands of cards or a
	// variant whose games run for hundreds of rounds plays fewer games
	// rather than taking minutes; lintBudget is the checks' share. The
	// games played depend only on the setup and the seed.
	workBudgetGames = 3_000_000
	lintBudget      = 150_000 // for all the counts of a setup together
)

// GameStat is whole games with one player count.
type GameStat struct {
	Players int `json:"players"`
	Games   int `json:"games"`
	// Seats are the win rates by seat, the starting player first.
	Seats []playtest.Rate `json:"seats"`
	// FirstSeat is the starting player's win rate less the mean of the
	// other seats' (a share: 0.05 is 5 points ahead).
	FirstSeat float64 `json:"first_seat_advantage"`
	// Fair is a seat's fair share: the games a seat won, over the seats.
	Fair    float64       `json:"fair"`
	Zombies playtest.Rate `json:"zombies"`
	Rounds  playtest.Span `json:"rounds"`
	Endings []Ended       `json:"endings"`
	// Problem says why no game could be played at this count.
	Problem string `json:"problem,omitempty"`
}

// Ended is how many games ended one way.
type Ended struct {
	How   string `json:"how"`
	Games int    `json:"games"`
}

// Games is the whole-game simulation of a setup.
type Games struct {
	Seed   int64      `json:"seed"`
	Runs   int        `json:"runs"`
	Policy string     `json:"policy"`
	Margin float64    `json:"fair_margin"`
	Rows   []GameStat `json:"players"`
	// Base is the base game played the same way, at the counts both allow,
	// when the document is a variant (it has setup: or changes:).
	Base  []GameStat `json:"base_game,omitempty"`
	Flags []Flag     `json:"flags"`
}

// Flag is a finding of the balance checks, as analyze prints it.
type Flag struct {
	Rule    string `json:"rule"`
	Players int    `json:"players"`
	Message string `json:"message"`
}

// Variant says whether a setup is a variant of the base game.
func (s *Setup) Variant() bool { return len(s.Written) > 0 || len(s.Changes) > 0 }

// PlayGames plays runs whole games at each player count the setup allows.
// Each game has its own random stream, seeded by the seed, the player
// count and the game's number, so a game's result does not depend on which
// games were played before it or on how many cores played them.
func (s *Setup) PlayGames(seed int64, runs int) []GameStat {
	return s.playGames(seed, runs, workBudgetGames)
}

// PlayCount plays up to runs whole games with n players within a small
// work budget (sheetBudget): a setup sheet's one count, drawn often.
func (s *Setup) PlayCount(n int, seed int64, runs int) GameStat {
	return s.playCount(n, seed, runs, sheetBudget)
}

// sheetBudget: about 3 ms of CPU for the base game's 200 games, and never
// much more whatever the setup.
const sheetBudget = 30_000

func (s *Setup) playGames(seed int64, runs, budget int) []GameStat {
	var out []GameStat
	for _, n := range s.Counts() {
		out = append(out, s.playCount(n, seed, runs, budget))
	}
	return out
}

// gameTable is one worker's table: a match reused from one game to the
// next, reseeded for each game.
type gameTable struct {
	src *rand.PCG
	g   *match
}

// gamePlayed is one game's result and the work it took.
type gamePlayed struct {
	r    result
	work int
}

func (s *Setup) playCount(n int, seed int64, runs, budget int) GameStat {
	st := GameStat{Players: n, Seats: []playtest.Rate{}, Endings: []Ended{}}
	probe := newMatch(s, n, nil)
	if !probe.playable() {
		st.Problem = "the setup cannot be dealt or rolled with this many players"
		return st
	}
	if probe.campChips() <= 0 {
		st.Problem = "the Camps start with no Survivors"
		return st
	}
	wins := make([]int, n)
	ends := make([]int, len(Endings))
	var rounds playtest.Hist
	work, played := 0, 0
	// Each game has its own stream (playtest.StreamKey), each worker its
	// own table; the engine folds the games in order and stops once the
	// work budget is spent, so the games counted are the same on any
	// number of cores.
	playtest.EachWith(max(runs, 0), 0, func() *gameTable {
		src := rand.NewPCG(0, 0)
		return &gameTable{src: src, g: newMatch(s, n, rand.New(src))}
	}, func(t *gameTable, i int) gamePlayed {
		t.src.Seed(uint64(seed), playtest.StreamKey(n, i))
		r := t.g.play()
		return gamePlayed{r: r, work: len(t.g.deck) + t.g.turns}
	}, func(p gamePlayed) bool {
		played++
		work += p.work
		if p.r.winner >= 0 {
			wins[p.r.winner]++
		}
		for k, e := range Endings {
			if e == p.r.end {
				ends[k]++
			}
		}
		rounds.Add(p.r.rounds)
		return work < budget
	})
	runs = played
	st.Games = runs
	won := 0
	for _, w := range wins {
		st.Seats = append(st.Seats, playtest.NewRate(w, runs))
		won += w
	}
	st.Fair = round4(float64(won) / float64(runs*n))
	if n > 1 {
		others := float64(won-wins[0]) / float64(n-1)
		st.FirstSeat = round4((float64(wins[0]) - others) / float64(runs))
	}
	st.Zombies = playtest.NewRate(ends[1], runs)
	st.Rounds = rounds.Span()
	for k, e := range Endings {
		if ends[k] > 0 {
			st.Endings = append(st.Endings, Ended{How: e, Games: ends[k]})
		}
	}
	return st
}

// baseGames caches the base game's figures by seed and runs: every
// variant is compared with them.
var baseGames sync.Map // [3]int64 -> []GameStat

func baseFigures(seed int64, runs, budget int) []GameStat {
	key := [3]int64{seed, int64(runs), int64(budget)}
	if v, ok := baseGames.Load(key); ok {
		return v.([]GameStat)
	}
	v := Base().playGames(seed, runs, budget)
	baseGames.Store(key, v)
	return v
}

// PlayAll is the whole-game simulation with its comparison and flags.
func (s *Setup) PlayAll(seed int64, runs int) *Games { return s.playAll(seed, runs, workBudgetGames) }

func (s *Setup) playAll(seed int64, runs, budget int) *Games {
	g := &Games{Seed: seed, Runs: runs, Policy: GamePolicy, Margin: FairMargin, Flags: []Flag{}}
	if !s.Variant() {
		// Not a variant: the base game itself, whose figures are kept.
		g.Rows = baseFigures(seed, runs, budget)
		return g
	}
	g.Rows = s.playGames(seed, runs, budget)
	base := baseFigures(seed, runs, budget)
	for _, r := range g.Rows {
		for _, b := range base {
			if b.Players == r.Players {
				g.Base = append(g.Base, b)
			}
		}
	}
	g.Flags = compare(g.Rows, g.Base)
	return g
}

// strays is the first seat whose whole interval lies beyond the margin
// around the fair share, or -1.
func strays(r GameStat) int {
	if r.Problem != "" || r.Fair <= 0 {
		return -1
	}
	lo, hi := r.Fair*(1-FairMargin), r.Fair*(1+FairMargin)
	for i, x := range r.Seats {
		if x.High < lo || x.Low > hi {
			return i
		}
	}
	return -1
}

// compare flags the variant's rows against the base game's: one flag a
// rule, worded for the count that strays most, naming the others.
func compare(rows, base []GameStat) []Flag {
	var unfair, long []int
	worstU, worstL := -1.0, -1
	var msgU, msgL string
	for _, r := range rows {
		var b *GameStat
		for i := range base {
			if base[i].Players == r.Players && base[i].Problem == "" {
				b = &base[i]
			}
		}
		if b == nil || r.Problem != "" {
			continue
		}
		if i := strays(r); i >= 0 && strays(*b) < 0 {
			unfair = append(unfair, r.Players)
			x := r.Seats[i]
			if d := abs64(x.Rate-r.Fair) / r.Fair; d > worstU {
				worstU = d
				msgU = fmt.Sprintf("with %d players seat %d wins %s of games (95%% interval %s–%s), where a fair seat wins %s (in the base game it wins %s)",
					r.Players, i+1, pct1(x.Rate), pct1(x.Low), pct1(x.High), pct1(r.Fair), pct1(b.Seats[i].Rate))
			}
		}
		if m := r.Rounds.Median; m < b.Rounds.P10 || m > b.Rounds.P90 {
			long = append(long, r.Players)
			if d := max(b.Rounds.P10-m, m-b.Rounds.P90); d > worstL {
				worstL = d
				msgL = fmt.Sprintf("with %d players a game lasts %s (median), outside the base game's %d to %d (its 10th to 90th percentile)",
					r.Players, roundsWord(m), b.Rounds.P10, b.Rounds.P90)
			}
		}
	}
	out := []Flag{}
	also := func(ns []int) string {
		if len(ns) < 2 {
			return ""
		}
		return "; " + players(ns) + " in all"
	}
	if len(unfair) > 0 {
		out = append(out, Flag{Rule: "variant-unfair", Players: unfair[0], Message: msgU + also(unfair)})
	}
	if len(long) > 0 {
		out = append(out, Flag{Rule: "variant-length", Players: long[0], Message: msgL + also(long)})
	}
	return out
}

func roundsWord(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func pct1(v float64) string { return fmt.Sprintf("%.1f%%", v*100) }

// LintGames is the whole games the balance checks play: LintRuns games a
// count with LintSeed, within their share of the checks' work budget.
// A setup Load read plays them once, whoever asks first (the checks, the
// editor's form view).
func (s *Setup) LintGames() *Games {
	play := func() *Games { return s.playAll(LintSeed, LintRuns, lintBudget/max(1, len(s.Counts()))) }
	if s.played == nil {
		return play()
	}
	s.played.once.Do(func() { s.played.games = play() })
	return s.played.games
}

// checkBalance is variant-unfair and variant-length: a variant played
// LintRuns times at each count, against the base game.
func checkBalance(s *Setup) []rules.Finding {
	if !s.Variant() {
		return nil
	}
	var out []rules.Finding
	at := "/setup"
	if len(s.Changes) > 0 {
		at = "/changes"
	}
	for _, f := range s.LintGames().Flags {
		hint := "play the variant with 'zmission analyze' to see every seat's rate; fix the rule that favours the seat, or turn variant-unfair off in .zmission.yaml if that is the point"
		if f.Rule == "variant-length" {
			hint = "'zmission analyze' shows the length at every player count; turn variant-length off in .zmission.yaml if a longer or shorter game is the point"
		}
		out = append(out, rules.Finding{Rule: f.Rule, Ptr: at, Message: f.Message + " (simulated)", Hint: hint})
	}
	return out
}

func round4(v float64) float64 { return math.Round(v*10000) / 10000 }
