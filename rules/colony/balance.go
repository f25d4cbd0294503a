package colony

import (
	"fmt"
	"math/rand/v2"

	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// A scenario's sides played out per player count, and the flags that say
// its Main Objective is met too seldom or almost always.

// Bounds of the play checks, documented in docs/checks.md.
const (
	// UnwinnableBelow: a side whose objective is met in fewer than this
	// share of plays (its whole 95% interval below) is flagged.
	UnwinnableBelow = 0.10
	// ForegoneAbove: a side met in more than this share (the whole
	// interval above) is flagged as almost always won.
	ForegoneAbove = 0.98
	// LintPlays and LintSeed are what the checks play, fixed so findings
	// do not depend on --runs.
	LintPlays = 200
	LintSeed  = 1
	// Default and most plays of analyze.
	DefaultPlays = 2000
	MaxPlays     = 200000
	// playBudget bounds a row's work (cards shuffled and Survivor-rounds
	// played, summed over its plays): a row of huge decks or many players
	// plays fewer, always the same ones for a seed. lintPlayBudget is the
	// checks' share.
	playBudget     = 20_000_000
	lintPlayBudget = 300_000
)

// PlayStat is one side at one player count, played out.
type PlayStat struct {
	Side    string `json:"side"`
	Players int    `json:"players"`
	Plays   int    `json:"plays"`
	// Met: the Main Objective met by the last round.
	Met playtest.Rate `json:"objective_met"`
	// MoraleHeld: Morale never reached 0; FoodHeld: no Starvation token.
	MoraleHeld playtest.Rate `json:"morale_held"`
	FoodHeld   playtest.Rate `json:"food_held"`
	// Rounds is the round the objective was met, over the plays that met it.
	Rounds  playtest.Span `json:"rounds_to_meet"`
	Endings []Ended       `json:"endings"`
	Problem string        `json:"problem,omitempty"`
}

// Ended is how many plays ended one way.
type Ended struct {
	How   string `json:"how"`
	Plays int    `json:"plays"`
}

// Plays is the simulation of a scenario.
type Plays struct {
	Seed   int64      `json:"seed"`
	Plays  int        `json:"plays"`
	Capped bool       `json:"capped,omitempty"`
	Policy string     `json:"policy"`
	Low    float64    `json:"seldom_won_below"`
	High   float64    `json:"foregone_above"`
	Rows   []PlayStat `json:"rows"`
	Flags  []Flag     `json:"flags"`
}

// Flag is a finding of the play checks, as analyze prints it.
type Flag struct {
	Rule    string `json:"rule"`
	Side    string `json:"side"`
	Players int    `json:"players"`
	Message string `json:"message"`
}

// PlayOut plays each side of the objective at each player count. Each
// play has its own random stream (seed, side, players, play number), so
// results do not depend on the order plays are made in or on the cores.
func (s *Scenario) PlayOut(seed int64, plays int) *Plays { return s.playOut(seed, plays, playBudget) }

func (s *Scenario) playOut(seed int64, plays, budget int) *Plays {
	out := &Plays{Seed: seed, Plays: plays, Policy: PlayPolicy, Low: UnwinnableBelow, High: ForegoneAbove, Rows: []PlayStat{}}
	if out.Seed == 0 {
		out.Seed = LintSeed
	}
	if out.Plays <= 0 {
		out.Plays = DefaultPlays
	}
	if out.Plays > MaxPlays {
		out.Plays, out.Capped = MaxPlays, true
	}
	for si, d := range s.Sides() {
		if d == nil {
			continue
		}
		for _, p := range s.Players() {
			out.Rows = append(out.Rows, s.playRow(d, si, p, out.Seed, out.Plays, budget))
		}
	}
	out.Flags = flags(out.Rows)
	return out
}

// PlaySide plays one side at one player count, as PlayOut does (the same
// plays for the same seed), within the checks' work budget: a setup
// sheet's figures, drawn often.
func (s *Scenario) PlaySide(d *Side, p int, seed int64, plays int) PlayStat {
	for i, x := range s.Sides() {
		if x == d {
			return s.playRow(d, i, p, seed, min(plays, MaxPlays), lintPlayBudget)
		}
	}
	return PlayStat{Side: d.Name, Players: p, Endings: []Ended{}, Problem: "not a side of this scenario"}
}

func (s *Scenario) playRow(d *Side, si, p int, seed int64, plays, budget int) PlayStat {
	st := PlayStat{Side: d.Name, Players: p, Endings: []Ended{}}
	g := s.newPlay(d, p, nil)
	if !g.playable() {
		st.Problem = "the scenario has no Location decks, Morale or Round to play"
		return st
	}
	size := len(g.starter0) + len(g.crisis0) + 64
	for _, dk := range g.deck0 {
		size += len(dk)
	}
	met, morale, food := 0, 0, 0
	ends := make([]int, len(Endings))
	var rounds playtest.Hist
	work, played := 0, 0
	type table struct {
		src *rand.PCG
		g   *play
	}
	type played1 struct {
		playResult
		work int // cards shuffled and Survivor-rounds played
	}
	// Each play has its own stream (the side is the stream's part), each
	// worker its own table; the engine folds the plays in order and stops
	// once the work budget is spent, whatever the number of cores.
	playtest.EachWith(max(plays, 0), 0, func() table {
		src := rand.NewPCG(0, 0)
		return table{src: src, g: s.newPlay(d, p, rand.New(src))}
	}, func(t table, i int) played1 {
		t.src.Seed(uint64(seed), playtest.PartStreamKey(si, p, i))
		r := t.g.run()
		return played1{r, size + r.rounds*len(t.g.surv)}
	}, func(r played1) bool {
		played++
		work += r.work
		if r.end == EndMet {
			met++
			rounds.Add(r.rounds)
		}
		if r.moraleOK {
			morale++
		}
		if !r.starved {
			food++
		}
		for k, e := range Endings {
			if e == r.end {
				ends[k]++
			}
		}
		return work < budget
	})
	plays = played
	st.Plays = plays
	st.Met, st.MoraleHeld, st.FoodHeld = playtest.NewRate(met, plays), playtest.NewRate(morale, plays), playtest.NewRate(food, plays)
	st.Rounds = rounds.Span()
	for k, e := range Endings {
		if ends[k] > 0 {
			st.Endings = append(st.Endings, Ended{How: e, Plays: ends[k]})
		}
	}
	return st
}

// flags words one flag per rule and side: the count furthest out, and
// every count out.
func flags(rows []PlayStat) []Flag {
	out := []Flag{}
	for _, side := range []string{"normal", "hardcore"} {
		var low, high []int
		var lowMsg, highMsg string
		worstLow, worstHigh := 2.0, -1.0
		for _, r := range rows {
			if r.Side != side || r.Problem != "" {
				continue
			}
			if r.Met.High < UnwinnableBelow {
				low = append(low, r.Players)
				if r.Met.Rate < worstLow {
					worstLow = r.Met.Rate
					lowMsg = fmt.Sprintf("with %d players the %s side's Main Objective is met in %s of simulated plays (95%% interval %s–%s), under %s",
						r.Players, side, pct1(r.Met.Rate), pct1(r.Met.Low), pct1(r.Met.High), pct1(UnwinnableBelow))
				}
			}
			if r.Met.Low > ForegoneAbove {
				high = append(high, r.Players)
				if r.Met.Rate > worstHigh {
					worstHigh = r.Met.Rate
					highMsg = fmt.Sprintf("with %d players the %s side's Main Objective is met in %s of simulated plays (95%% interval %s–%s), over %s",
						r.Players, side, pct1(r.Met.Rate), pct1(r.Met.Low), pct1(r.Met.High), pct1(ForegoneAbove))
				}
			}
		}
		if len(low) > 0 {
			out = append(out, Flag{Rule: "colony-seldom-won", Side: side, Players: low[0], Message: lowMsg + counts(low)})
		}
		if len(high) > 0 {
			out = append(out, Flag{Rule: "colony-foregone", Side: side, Players: high[0], Message: highMsg + counts(high)})
		}
	}
	return out
}

func counts(ns []int) string {
	if len(ns) < 2 {
		return ""
	}
	w := fmt.Sprint(ns[0])
	for i, n := range ns[1:] {
		switch {
		case n == ns[i]+1 && (i+2 == len(ns) || ns[i+2] != n+1):
			w += fmt.Sprintf("–%d", n)
		case n == ns[i]+1:
		default:
			w += fmt.Sprintf(", %d", n)
		}
	}
	return "; with " + w + " players in all"
}

func pct1(v float64) string { return fmt.Sprintf("%.1f%%", v*100) }

// LintPlays is the plays the play checks make: LintPlays a side and
// count with LintSeed, within the checks' work budget.
// A scenario Load read plays them once, whoever asks first (the checks,
// the editor's form view).
func (s *Scenario) LintPlays() *Plays {
	if s.played == nil {
		return s.playOut(LintSeed, LintPlays, lintPlayBudget)
	}
	s.played.once.Do(func() { s.played.plays = s.playOut(LintSeed, LintPlays, lintPlayBudget) })
	return s.played.plays
}

// PlayOutModel implements rules.ModelPlayOut: the plays the play checks
// make, with their flags.
func (game) PlayOutModel(m rules.Model) any {
	s, ok := m.(*Scenario)
	if !ok {
		return nil
	}
	return s.LintPlays()
}

// checkPlay is colony-seldom-won and colony-foregone.
func checkPlay(s *Scenario) []rules.Finding {
	var out []rules.Finding
	for _, f := range s.LintPlays().Flags {
		d := s.Side(f.Side)
		hint := "'zmission analyze' shows each count's odds; lower the objective's numbers, start the Round track later or Morale higher, or put more of the items it needs in the Location decks"
		if f.Rule == "colony-foregone" {
			hint = "'zmission analyze' shows each count's odds; raise the objective's numbers, shorten the Round track, or turn colony-foregone off in .zmission.yaml if an easy scenario is the point"
		}
		out = append(out, rules.Finding{Rule: f.Rule, Ptr: d.Ptr, Message: f.Message, Hint: hint})
	}
	return out
}
