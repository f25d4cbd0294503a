package playtest

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Options of a run.
type Options struct {
	Games     int    // per Survivor count; clamped to [1, MaxGames]
	Seed      uint64 // the run's seed: same seed, same numbers
	Survivors []int  // the Survivor counts to play, each in [1, MaxSurvivors]
	Agent     string // "" plays the model's first agent
	// Workers is how many games are played at once (0: GOMAXPROCS). The
	// numbers never depend on it.
	Workers int
}

// Result is what a run found.
type Result struct {
	Agent          Agent        `json:"agent"`
	Seed           uint64       `json:"seed"`
	Games          int          `json:"games"`          // per Survivor count
	Clamped        bool         `json:"clamped"`        // more games were asked than MaxGames
	BySurvivors    []Count      `json:"by_survivors"`   // one per Survivor count, in the order asked
	Zones          []ZoneCount  `json:"zones"`          // where Survivors were eliminated, most first
	Approximations []string     `json:"approximations"` // what the model assumes (docs/playtest.md)
	WhatIf         []WhatIfLine `json:"what_if,omitempty"`
}

// Count is the figures of one Survivor count.
type Count struct {
	Survivors  int        `json:"survivors"`
	Games      int        `json:"games"`
	Wins       int        `json:"wins"`
	WinRate    float64    `json:"win_rate"`
	CI95       [2]float64 `json:"ci95"`
	Difficulty string     `json:"difficulty"` // the band the win rate reads as (Band)
	// ReadsAs is the band, or the bands the 95% interval spans when it
	// straddles an edge (ReadsAs).
	ReadsAs    string      `json:"reads_as"`
	Turns      Spread      `json:"turns"`      // Game Rounds of every game
	TurnsWon   Spread      `json:"turns_won"`  // of the games won (all 0: none)
	TurnsLost  Spread      `json:"turns_lost"` // of the games lost (all 0: none)
	Losses     []Loss      `json:"losses"`
	Objectives []Objective `json:"objectives"`
	zones      map[int]int // eliminations per zone, folded into Result.Zones
	rounds     Hist        // the games' rounds
	roundsWon  Hist        // the won games' rounds
	roundsLost Hist        // the lost games' rounds
	metRounds  []Hist      // per objective: the rounds it was met in
	causes     Counts      // losses by cause
}

// Spread is a distribution's middle and tails.
type Spread struct {
	Median int     `json:"median"`
	P10    int     `json:"p10"`
	P90    int     `json:"p90"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
}

// spread is the counted values' Spread (all 0 when nothing was counted).
func (h *Hist) spread() Spread {
	return Spread{Median: h.Quantile(0.5), P10: h.Quantile(0.1), P90: h.Quantile(0.9), Mean: round4(h.Mean()), SD: round4(h.SD())}
}

// Loss is one cause of loss and how many games it ended.
type Loss struct {
	Cause string  `json:"cause"`
	Games int     `json:"games"`
	Rate  float64 `json:"rate"`
}

// Objective is how often, and when, one victory condition was met.
type Objective struct {
	Objective string  `json:"objective"`
	Rate      float64 `json:"rate"`        // share of games it was met in
	Median    int     `json:"median_turn"` // median round it was met in (0: never met)
}

// ZoneCount is how many Survivors were eliminated in a zone.
type ZoneCount struct {
	Zone         string `json:"zone"`
	Eliminations int    `json:"eliminations"`
}

// Run plays the model opt.Games times per Survivor count.
func Run(m Model, opt Options) (*Result, error) {
	agent, err := pickAgent(m, opt.Agent)
	if err != nil {
		return nil, err
	}
	if len(opt.Survivors) == 0 {
		return nil, fmt.Errorf("no Survivor count to play")
	}
	for _, s := range opt.Survivors {
		if s < 1 || s > MaxSurvivors {
			return nil, fmt.Errorf("%d Survivors: play 1 to %d", s, MaxSurvivors)
		}
	}
	games, clamped := Clamp(opt.Games)
	res := &Result{Agent: agent, Seed: opt.Seed, Games: games, Clamped: clamped, BySurvivors: []Count{}, Zones: []ZoneCount{},
		Approximations: append([]string{}, m.Approximations()...)}
	zones := map[int]int{}
	objs := m.Objectives()
	for _, s := range opt.Survivors {
		c := newCount(s, len(objs))
		Each(games, opt.Workers, func(i int) Outcome {
			return m.Play(Game{Survivors: s, Agent: agent.Name}, Stream(opt.Seed, s, i))
		}, c.add)
		c.finish(objs)
		for z, n := range c.zones {
			zones[z] += n
		}
		res.BySurvivors = append(res.BySurvivors, *c)
	}
	names := m.Zones()
	for z, n := range zones {
		name := fmt.Sprint(z)
		if z >= 0 && z < len(names) {
			name = names[z]
		}
		res.Zones = append(res.Zones, ZoneCount{Zone: name, Eliminations: n})
	}
	slices.SortFunc(res.Zones, func(a, b ZoneCount) int {
		if a.Eliminations != b.Eliminations {
			return b.Eliminations - a.Eliminations
		}
		if a.Zone < b.Zone {
			return -1
		}
		if a.Zone > b.Zone {
			return 1
		}
		return 0
	})
	return res, nil
}

func pickAgent(m Model, name string) (Agent, error) {
	as := m.Agents()
	if len(as) == 0 {
		return Agent{}, fmt.Errorf("the game has no agent")
	}
	if name == "" {
		return as[0], nil
	}
	var names []string
	for _, a := range as {
		if a.Name == name {
			return a, nil
		}
		names = append(names, a.Name)
	}
	return Agent{}, fmt.Errorf("unknown agent %q: the game has %v", name, names)
}

func newCount(survivors, objectives int) *Count {
	return &Count{Survivors: survivors, zones: map[int]int{}, metRounds: make([]Hist, objectives), causes: Counts{}}
}

// add folds one game in: the counters grow with the values seen (rounds
// up to MaxRounds, causes, zones), never with the number of games.
func (c *Count) add(o Outcome) {
	c.Games++
	c.rounds.Add(o.Rounds)
	if o.Won {
		c.Wins++
		c.roundsWon.Add(o.Rounds)
	} else {
		c.roundsLost.Add(o.Rounds)
		cause := o.Cause
		if cause == "" {
			cause = "lost"
		}
		c.causes[cause]++
	}
	for i, r := range o.Met {
		if i < len(c.metRounds) && r > 0 {
			c.metRounds[i].Add(r)
		}
	}
	for _, z := range o.Eliminated {
		c.zones[z]++
	}
}

func (c *Count) finish(objs []string) {
	c.WinRate = round4(float64(c.Wins) / float64(max(c.Games, 1)))
	lo, hi := Wilson(c.Wins, c.Games, z95)
	c.CI95 = [2]float64{round4(lo), round4(hi)}
	c.Difficulty = Band(c.WinRate)
	c.ReadsAs = ReadsAs(lo, hi)
	c.Turns, c.TurnsWon, c.TurnsLost = c.rounds.spread(), c.roundsWon.spread(), c.roundsLost.spread()
	c.Losses = []Loss{}
	for _, k := range c.causes.Sorted() {
		c.Losses = append(c.Losses, Loss{Cause: k, Games: c.causes[k], Rate: round4(float64(c.causes[k]) / float64(c.Games))})
	}
	c.Objectives = []Objective{}
	for i, name := range objs {
		h := &c.metRounds[i]
		c.Objectives = append(c.Objectives, Objective{Objective: name, Rate: round4(float64(h.N()) / float64(max(c.Games, 1))), Median: h.Quantile(0.5)})
	}
}

// batchPerWorker is how many games each worker plays between two folds:
// a run holds at most workers × batchPerWorker outcomes at once.
const batchPerWorker = 64

// Each plays games 0..n-1 on workers goroutines (0: GOMAXPROCS) and folds
// their outcomes in game order, so fold sees the same sequence whatever
// the number of workers. Outcomes are held a batch at a time: memory does
// not grow with n.
func Each(n, workers int, play func(i int) Outcome, fold func(Outcome)) {
	EachWith(n, workers, func() struct{} { return struct{}{} },
		func(_ struct{}, i int) Outcome { return play(i) },
		func(o Outcome) bool { fold(o); return true })
}

// EachWith is Each for a game that keeps its own state and result: each
// worker gets a state of its own from newWorker (a table reused from one
// game to the next), play plays game i with it, and fold takes the results
// in game order until it says stop. The games folded, and so the numbers,
// are the same whatever the number of workers: a game played after the
// stop (at most a batch) is dropped unseen.
func EachWith[S, T any](n, workers int, newWorker func() S, play func(w S, i int) T, fold func(T) bool) {
	if n <= 0 {
		return
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, n))
	states := make([]S, workers)
	for w := range states {
		states[w] = newWorker()
	}
	batch := workers * batchPerWorker
	if workers == 1 {
		for i := 0; i < n; i++ {
			if !fold(play(states[0], i)) {
				return
			}
		}
		return
	}
	outs := make([]T, min(batch, n))
	var zero T
	// The workers are started once and given each batch by a message
	// apiece, so a run allocates the same whatever its number of games.
	var next atomic.Int64
	var wg sync.WaitGroup
	batches := make(chan [2]int)
	defer close(batches)
	for w := 0; w < workers; w++ {
		go func(st S) {
			for b := range batches {
				for {
					k := int(next.Add(1)) - 1
					if k >= b[1] {
						break
					}
					outs[k] = play(st, b[0]+k)
				}
				wg.Done()
			}
		}(states[w])
	}
	for start := 0; start < n; start += batch {
		size := min(batch, n-start)
		next.Store(0)
		wg.Add(workers)
		for range workers {
			batches <- [2]int{start, size}
		}
		wg.Wait()
		for k := 0; k < size; k++ {
			more := fold(outs[k])
			outs[k] = zero
			if !more {
				return
			}
		}
	}
}
