package playtest

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

// coin is a model whose games are a few weighted coin flips: enough to
// check the engine without any game's rules.
type coin struct{ p float64 }

func (c *coin) Zones() []string      { return []string{"a", "b", "c"} }
func (c *coin) Objectives() []string { return []string{"first", "second"} }
func (c *coin) Agents() []Agent {
	return []Agent{{Name: "flip", About: "flips"}, {Name: "other", About: "also flips"}}
}
func (c *coin) Approximations() []string { return []string{"a coin"} }
func (c *coin) Play(g Game, rng *rand.Rand) Outcome {
	o := Outcome{Met: make([]int, 2), Rounds: 1 + rng.IntN(10)}
	if rng.Float64() < c.p {
		o.Met[0] = 1 + rng.IntN(o.Rounds)
	}
	if rng.Float64() < c.p {
		o.Won = true
		o.Met[1] = o.Rounds
	} else {
		o.Cause = []string{"eaten", "time"}[rng.IntN(2)]
		o.Eliminated = []int{rng.IntN(3)}
	}
	return o
}

func runJSON(t *testing.T, m Model, o Options) []byte {
	t.Helper()
	r, err := Run(m, o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// One stream per game: the same seed gives the same bytes on 1 worker or
// on many, and another seed other numbers.
func TestSameBytesWhateverTheWorkers(t *testing.T) {
	m := &coin{p: 0.4}
	o := Options{Games: 3000, Seed: 7, Survivors: []int{4, 6}}
	var outs [][]byte
	for _, w := range []int{1, 2, 5} {
		o.Workers = w
		outs = append(outs, runJSON(t, m, o))
	}
	prev := runtime.GOMAXPROCS(1)
	o.Workers = 0
	outs = append(outs, runJSON(t, m, o))
	runtime.GOMAXPROCS(2)
	outs = append(outs, runJSON(t, m, o))
	runtime.GOMAXPROCS(prev)
	for i := 1; i < len(outs); i++ {
		if !bytes.Equal(outs[0], outs[i]) {
			t.Fatalf("run %d differs:\n%s\n%s", i, outs[0], outs[i])
		}
	}
	o.Seed = 8
	if bytes.Equal(outs[0], runJSON(t, m, o)) {
		t.Fatal("another seed gave the same numbers")
	}
}

// Newcombe (1998), "Two-sided confidence intervals for the single
// proportion", Table I, method 3 (the Wilson score interval).
func TestWilsonKnownValues(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	}
	for _, c := range cases {
		lo, hi := Wilson(c.k, c.n, z95)
		if math.Abs(lo-c.lo) > 5e-5 || math.Abs(hi-c.hi) > 5e-5 {
			t.Errorf("Wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := Wilson(0, 0, z95); lo != 0 || hi != 1 {
		t.Errorf("no games: %v–%v, want 0–1", lo, hi)
	}
}

func TestQuantileNearestRank(t *testing.T) {
	var h Hist
	for _, v := range []int{15, 20, 35, 40, 50} { // the textbook nearest-rank example
		h.Add(v)
	}
	for _, c := range []struct {
		q    float64
		want int
	}{{0.05, 15}, {0.3, 20}, {0.4, 20}, {0.5, 35}, {1, 50}} {
		if got := h.Quantile(c.q); got != c.want {
			t.Errorf("Quantile(%v) = %d, want %d", c.q, got, c.want)
		}
	}
	if m, sd := h.Mean(), h.SD(); m != 32 || math.Abs(sd-12.8841) > 1e-4 {
		t.Errorf("mean %v sd %v, want 32 and 12.8841", m, sd)
	}
	var e Hist
	if e.Quantile(0.5) != 0 {
		t.Error("empty histogram's median is not 0")
	}
}

// NewRate rounds the share and its interval to four decimals, exact at
// 0 and n successes.
func TestNewRate(t *testing.T) {
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 10, 0, 0.2775}, {5, 10, 0.2366, 0.7634}, {10, 10, 0.7225, 1}, {150, 1000, 0.1292, 0.1735},
	} {
		r := NewRate(c.k, c.n)
		if r.Games != c.k || r.Rate != round4(float64(c.k)/float64(c.n)) || r.Low != c.lo || r.High != c.hi {
			t.Errorf("%d of %d: %+v, want %v–%v", c.k, c.n, r, c.lo, c.hi)
		}
	}
	if (NewRate(3, 0) != Rate{}) {
		t.Error("a rate of no games is not all 0")
	}
}

// Span, Min and Max read the same histogram as Quantile and Mean.
func TestSpan(t *testing.T) {
	var h Hist
	for _, v := range []int{3, 5, 5, 6, 9, 12, 12, 20, 21, 40} {
		h.Add(v)
	}
	// nearest rank: ceil(0.1·10)=1st, ceil(0.5·10)=5th, ceil(0.9·10)=9th
	if got, want := h.Span(), (Span{Median: 9, P10: 3, P90: 21, Mean: 13.3}); got != want {
		t.Errorf("Span = %+v, want %+v", got, want)
	}
	if h.Min() != 3 || h.Max() != 40 {
		t.Errorf("Min, Max = %d, %d, want 3, 40", h.Min(), h.Max())
	}
	var e Hist
	if (e.Span() != Span{}) || e.Min() != 0 || e.Max() != 0 {
		t.Error("an empty histogram's figures are not all 0")
	}
}

// A huge --games is answered with the bound: Clamp says so, and a run
// allocates by the batch, not by the request.
func TestGamesBounded(t *testing.T) {
	if n, c := Clamp(1 << 40); n != MaxGames || !c {
		t.Fatalf("Clamp(2^40) = %d, %v", n, c)
	}
	if n, c := Clamp(-5); n != 1 || c {
		t.Fatalf("Clamp(-5) = %d, %v", n, c)
	}
	r, err := Run(&coin{p: 0.5}, Options{Games: math.MaxInt, Survivors: []int{1}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Games != MaxGames || !r.Clamped || r.BySurvivors[0].Games != MaxGames {
		t.Fatalf("games %d clamped %v, want %d", r.Games, r.Clamped, MaxGames)
	}
}

// Memory is flat in the number of games: the runner holds at most a batch
// of outcomes, however many games are played.
func TestRunnerHoldsABatch(t *testing.T) {
	var held, most int64
	play := func(int) Outcome {
		n := atomic.AddInt64(&held, 1)
		for {
			m := atomic.LoadInt64(&most)
			if n <= m || atomic.CompareAndSwapInt64(&most, m, n) {
				break
			}
		}
		return Outcome{Rounds: 1}
	}
	folded := 0
	Each(50_000, 2, play, func(Outcome) { atomic.AddInt64(&held, -1); folded++ })
	if folded != 50_000 {
		t.Fatalf("folded %d games", folded)
	}
	if most > 2*batchPerWorker {
		t.Fatalf("held %d outcomes at once; a batch is %d", most, 2*batchPerWorker)
	}
}

func TestResultFigures(t *testing.T) {
	r, err := Run(&coin{p: 1}, Options{Games: 200, Seed: 1, Survivors: []int{6}})
	if err != nil {
		t.Fatal(err)
	}
	c := r.BySurvivors[0]
	if c.Wins != 200 || c.WinRate != 1 || len(c.Losses) != 0 || c.Objectives[0].Rate != 1 || c.Objectives[1].Median == 0 {
		t.Fatalf("all won: %+v", c)
	}
	if r.Agent.Name != "flip" {
		t.Fatalf("default agent %q, want the first", r.Agent.Name)
	}
	r, _ = Run(&coin{p: 0}, Options{Games: 300, Seed: 1, Survivors: []int{6}, Agent: "other"})
	c = r.BySurvivors[0]
	if c.Wins != 0 || c.CI95[0] != 0 || len(c.Losses) != 2 || c.Losses[0].Games+c.Losses[1].Games != 300 || c.Objectives[0].Median != 0 {
		t.Fatalf("all lost: %+v", c)
	}
	total := 0
	for _, z := range r.Zones {
		total += z.Eliminations
	}
	if total != 300 || r.Agent.Name != "other" {
		t.Fatalf("eliminations %d, agent %q", total, r.Agent.Name)
	}
	if _, err := Run(&coin{}, Options{Games: 1, Survivors: []int{6}, Agent: "nobody"}); err == nil {
		t.Fatal("unknown agent accepted")
	}
	if _, err := Run(&coin{}, Options{Games: 1, Survivors: []int{MaxSurvivors + 1}}); err == nil {
		t.Fatal("13 Survivors accepted")
	}
}

// The what-if loop ranks changes by how far they move the win rate.
func TestWhatIfRanksChanges(t *testing.T) {
	o := Options{Games: 2000, Seed: 3, Survivors: []int{6}}
	lines, err := WhatIf(&coin{p: 0.5}, []Change{{"slightly easier", &coin{p: 0.55}}, {"much harder", &coin{p: 0.1}}, {"same", &coin{p: 0.5}}}, o)
	if err != nil {
		t.Fatal(err)
	}
	if lines[0].Change != "much harder" || lines[0].Delta > -0.3 || lines[2].Change != "same" || lines[2].Delta != 0 {
		t.Fatalf("what-if order: %+v", lines)
	}
	// Paired on the same seeds: the same model differs in no game; a
	// much harder one loses many games the mission won and wins none it
	// lost but a few (the coin's draws part once a game's first flip
	// differs).
	same, hard, easier := lines[2], lines[0], lines[1]
	if same.Gained != 0 || same.Lost != 0 || same.Significant || same.CI95[0] >= 0 || same.CI95[1] <= 0 {
		t.Errorf("same model: %+v", same)
	}
	if hard.Gained > hard.Lost/10 || hard.Lost < 600 || !hard.Significant || hard.CI95[1] >= 0 || hard.Games != 2000 {
		t.Errorf("much harder: %+v", hard)
	}
	if d := float64(easier.Gained-easier.Lost) / 2000; math.Abs(d-easier.Delta) > 1e-4 || easier.CI95[0] > d || easier.CI95[1] < d {
		t.Errorf("slightly easier: delta %v from the pairs %v, interval %v", easier.Delta, d, easier.CI95)
	}
}

// McNemar's paired difference: Agresti, Categorical Data Analysis (2nd
// ed., §10.1), the presidential approval ratings of 1,600 people polled
// twice, 150 approving then not and 86 the other way round: the
// difference 0.040 with the interval (0.021, 0.059). The half game the
// Agresti–Min adjustment adds moves it by less than the book's rounding.
func TestPairedDiffKnownValues(t *testing.T) {
	lo, hi := PairedDiff(150, 86, 1600, z95)
	if math.Abs(lo-0.021) > 0.0006 || math.Abs(hi-0.059) > 0.0006 {
		t.Errorf("PairedDiff(150, 86, 1600) = %.4f, %.4f; want 0.021, 0.059", lo, hi)
	}
	lo, hi = PairedDiff(86, 150, 1600, z95)
	if math.Abs(lo+0.059) > 0.0006 || math.Abs(hi+0.021) > 0.0006 {
		t.Errorf("the other way round: %.4f, %.4f", lo, hi)
	}
	// No pair differs: an interval around 0, narrower with more games.
	lo, hi = PairedDiff(0, 0, 500, z95)
	lo2, hi2 := PairedDiff(0, 0, 5000, z95)
	if lo >= 0 || hi <= 0 || hi2 >= hi || lo2 <= lo {
		t.Errorf("no pair differs: %v..%v on 500, %v..%v on 5000", lo, hi, lo2, hi2)
	}
	if lo, hi := PairedDiff(0, 0, 0, z95); lo != -1 || hi != 1 {
		t.Errorf("no games: %v..%v", lo, hi)
	}
}

func TestBands(t *testing.T) {
	for rate, want := range map[float64]string{1: "easy", 0.6: "easy", 0.5999: "medium", 0.3: "medium", 0.2: "hard", 0.1: "hard", 0.0999: "deadly", 0: "deadly"} {
		if got := Band(rate); got != want {
			t.Errorf("Band(%v) = %s, want %s", rate, got, want)
		}
	}
}

// A generator reseeded with StreamKey plays the same game as Stream's.
func TestStreamKeyReseeds(t *testing.T) {
	src := rand.NewPCG(0, 0)
	r := rand.New(src)
	for _, g := range [][2]int{{1, 0}, {4, 7}, {6, 199999}} {
		src.Seed(42, StreamKey(g[0], g[1]))
		want := Stream(42, g[0], g[1])
		for k := 0; k < 5; k++ {
			if a, b := r.Uint64(), want.Uint64(); a != b {
				t.Fatalf("game %d with %d: draw %d is %d, Stream gives %d", g[1], g[0], k, a, b)
			}
		}
	}
	if StreamKey(2, 5) == StreamKey(3, 5) || StreamKey(2, 5) == StreamKey(2, 6) {
		t.Error("two games share a stream")
	}
}

// EachWith folds the same games in the same order on 1, 2 or 5 workers,
// each worker with its own state, and stops where fold says: what is
// folded never depends on how many cores played.
func TestEachWithSameWhateverTheWorkers(t *testing.T) {
	type table struct{ games int }
	var want []uint64
	for _, workers := range []int{1, 2, 5} {
		var got []uint64
		var made atomic.Int64
		EachWith(1000, workers, func() *table { made.Add(1); return &table{} },
			func(w *table, i int) uint64 {
				w.games++
				return rand.New(rand.NewPCG(7, StreamKey(3, i))).Uint64() % 1000
			},
			func(v uint64) bool { got = append(got, v); return len(got) < 333 })
		if int(made.Load()) != workers {
			t.Errorf("%d workers made %d states", workers, made.Load())
		}
		if len(got) != 333 {
			t.Fatalf("%d workers: folded %d games, want the 333 before the stop", workers, len(got))
		}
		if want == nil {
			want = got
		} else if !slices.Equal(got, want) {
			t.Fatalf("%d workers folded other games than 1 worker", workers)
		}
	}
}

// The parts of a game (a scenario's sides) have streams of their own, and
// part 0's are StreamKey's.
func TestPartStreamKey(t *testing.T) {
	if PartStreamKey(0, 4, 9) != StreamKey(4, 9) {
		t.Fatal("part 0 is not StreamKey")
	}
	if PartStreamKey(1, 4, 9) == PartStreamKey(0, 4, 9) {
		t.Fatal("two parts share a stream")
	}
}

// A reading names one band only when the whole interval lies in it.
func TestReadsAsTheInterval(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0.62, 0.70, "easy"},
		{0.55, 0.65, "between medium and easy"},
		{0.30, 0.59, "medium"},
		{0.08, 0.31, "between deadly and medium"},
		{0, 0.05, "deadly"},
	} {
		if got := ReadsAs(c.lo, c.hi); got != c.want {
			t.Errorf("ReadsAs(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	// 60 of 100 games: 60.0%, interval about 50–69%.
	r, err := Run(&fixed{wins: 60, of: 100}, Options{Games: 100, Seed: 1, Survivors: []int{4}})
	if err != nil {
		t.Fatal(err)
	}
	if c := r.BySurvivors[0]; c.Difficulty != "easy" || c.ReadsAs != "between medium and easy" {
		t.Fatalf("60 of 100: difficulty %q, reads as %q", c.Difficulty, c.ReadsAs)
	}
}

// Rounds are also told apart for games won and games lost.
func TestRoundsWonAndLost(t *testing.T) {
	r, err := Run(&fixed{wins: 30, of: 100}, Options{Games: 100, Seed: 1, Survivors: []int{4}})
	if err != nil {
		t.Fatal(err)
	}
	c := r.BySurvivors[0]
	if c.TurnsWon.Median != 5 || c.TurnsWon.P10 != 5 || c.TurnsLost.Median != 12 || c.TurnsLost.P90 != 12 {
		t.Fatalf("won %+v, lost %+v: want 5 and 12 rounds", c.TurnsWon, c.TurnsLost)
	}
	// Every game: 30 of 5 rounds, 70 of 12: the median is a loss's.
	if c.Turns.Median != 12 || c.Turns.P10 != 5 {
		t.Fatalf("all games %+v", c.Turns)
	}
	r, _ = Run(&fixed{wins: 0, of: 100}, Options{Games: 100, Seed: 1, Survivors: []int{4}})
	if c := r.BySurvivors[0]; c.TurnsWon != (Spread{}) || c.TurnsLost.Median != 12 {
		t.Fatalf("none won: won %+v, lost %+v", c.TurnsWon, c.TurnsLost)
	}
}

// fixed wins wins of every of games it plays, in 5 rounds, and loses the
// others in 12: a model whose figures are known exactly, whichever
// worker plays which game.
type fixed struct {
	wins, of int
	n        atomic.Int64
}

func (f *fixed) Zones() []string          { return []string{"a"} }
func (f *fixed) Objectives() []string     { return nil }
func (f *fixed) Agents() []Agent          { return []Agent{{Name: "fixed"}} }
func (f *fixed) Approximations() []string { return nil }
func (f *fixed) Play(Game, *rand.Rand) Outcome {
	if int(f.n.Add(1)-1)%f.of < f.wins {
		return Outcome{Won: true, Rounds: 5}
	}
	return Outcome{Rounds: 12, Cause: "eaten"}
}
