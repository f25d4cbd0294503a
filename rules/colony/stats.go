package colony

import "math"

// The statistics of simulated plays: rates with their Wilson intervals and
// quantiles from a bounded histogram. Kept small and apart so a shared play
// engine can take them over (the same as rules/survivalinfection/stats.go,
// kept apart so neither game depends on the other).

// Rate is a share of games with its Wilson 95% score interval, so a rate
// from few games says how little it knows.
type Rate struct {
	Games int     `json:"games"` // how many of the games
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959964

// NewRate is k games of n with the interval (all 0 when n is 0).
func NewRate(k, n int) Rate {
	if n <= 0 {
		return Rate{}
	}
	lo, hi := Wilson(k, n)
	return Rate{Games: k, Rate: round4(float64(k) / float64(n)), Low: round4(lo), High: round4(hi)}
}

// Wilson is the Wilson score interval of k successes in n trials at 95%:
// unlike the normal approximation it stays inside [0, 1] and is honest at
// rates near 0 or 1.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p, nn := float64(k)/float64(n), float64(n)
	z2 := z95 * z95
	d := 1 + z2/nn
	c := (p + z2/(2*nn)) / d
	h := z95 * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn)) / d
	return math.Max(0, c-h), math.Min(1, c+h)
}

// Spread is where a count (rounds) falls over the games.
type Spread struct {
	Median int     `json:"median"`
	P10    int     `json:"p10"`
	P90    int     `json:"p90"`
	Mean   float64 `json:"mean"`
}

// histogram counts values 0..len-1 (larger ones in the last bucket): its
// size is fixed by the caller's bound, never by the number of games, so
// memory stays flat however many games are played.
type histogram []int

func (h histogram) add(v int) {
	h[max(0, min(v, len(h)-1))]++
}

func (h histogram) total() int {
	n := 0
	for _, c := range h {
		n += c
	}
	return n
}

// quantile is the value at rank floor(q·(n−1)) of the sorted values, as
// the Hidden Bite estimate reads its sorted slice.
func (h histogram) quantile(q float64) int {
	n := h.total()
	if n == 0 {
		return 0
	}
	rank := int(q * float64(n-1))
	for v, c := range h {
		if rank < c {
			return v
		}
		rank -= c
	}
	return len(h) - 1
}

func (h histogram) spread() Spread {
	n, sum := 0, 0
	for v, c := range h {
		n += c
		sum += v * c
	}
	if n == 0 {
		return Spread{}
	}
	return Spread{Median: h.quantile(0.5), P10: h.quantile(0.1), P90: h.quantile(0.9), Mean: round2(float64(sum) / float64(n))}
}

func round4(v float64) float64 { return math.Round(v*10000) / 10000 }

func round2(v float64) float64 { return math.Round(v*100) / 100 }
