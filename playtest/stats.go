package playtest

import (
	"math"
	"slices"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the Wilson score interval of k successes in n trials at the
// normal quantile z: unlike the plain k/n ± z·se, it stays inside [0, 1]
// and is honest at 0 or n successes, which a hard mission often shows.
func Wilson(k, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	z2 := z * z
	den := 1 + z2/nn
	mid := (p + z2/(2*nn)) / den
	half := z / den * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	return max(0, mid-half), min(1, mid+half)
}

// Hist counts small non-negative integers (rounds, turns) in a slice as
// long as the largest value seen: its size depends on the values, never on
// how many were counted.
type Hist struct {
	counts []int
	n      int
}

// Add counts v (negative values count as 0).
func (h *Hist) Add(v int) {
	v = max(v, 0)
	if v >= len(h.counts) {
		h.counts = append(h.counts, make([]int, v+1-len(h.counts))...)
	}
	h.counts[v]++
	h.n++
}

// N is how many values were counted.
func (h *Hist) N() int { return h.n }

// Quantile is the q-quantile by the nearest rank: the smallest value v
// with at least ceil(q·n) of the values at or below it (q=0.5: the median
// of an odd count, the lower middle of an even one). It is 0 when nothing
// was counted.
func (h *Hist) Quantile(q float64) int {
	if h.n == 0 {
		return 0
	}
	rank := max(int(math.Ceil(q*float64(h.n))), 1)
	seen := 0
	for v, c := range h.counts {
		seen += c
		if seen >= rank {
			return v
		}
	}
	return len(h.counts) - 1
}

// Min and Max are the smallest and largest values counted (0 when
// nothing was).
func (h *Hist) Min() int {
	for v, c := range h.counts {
		if c > 0 {
			return v
		}
	}
	return 0
}

func (h *Hist) Max() int { return max(len(h.counts)-1, 0) }

// Mean and SD are the values' mean and standard deviation (0 when
// nothing was counted).
func (h *Hist) Mean() float64 {
	if h.n == 0 {
		return 0
	}
	sum := 0.0
	for v, c := range h.counts {
		sum += float64(v) * float64(c)
	}
	return sum / float64(h.n)
}

func (h *Hist) SD() float64 {
	if h.n == 0 {
		return 0
	}
	m, sum := h.Mean(), 0.0
	for v, c := range h.counts {
		d := float64(v) - m
		sum += d * d * float64(c)
	}
	return math.Sqrt(sum / float64(h.n))
}

// Span is a distribution's middle and tails with its mean to two
// decimals: the figures the card games' analyze output prints (Spread
// adds the deviation).
type Span struct {
	Median int     `json:"median"`
	P10    int     `json:"p10"`
	P90    int     `json:"p90"`
	Mean   float64 `json:"mean"`
}

// Span is the counted values' Span, by the same quantile rule as
// Quantile (all 0 when nothing was counted).
func (h *Hist) Span() Span {
	if h.n == 0 {
		return Span{}
	}
	return Span{Median: h.Quantile(0.5), P10: h.Quantile(0.1), P90: h.Quantile(0.9), Mean: math.Round(h.Mean()*100) / 100}
}

// Rate is k games of n as a share with its Wilson 95% interval, each to
// four decimals, so a rate from few games says how little it knows.
type Rate struct {
	Games int     `json:"games"` // k: how many of the games
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// NewRate is k games of n with its interval (all 0 when n is 0).
func NewRate(k, n int) Rate {
	if n <= 0 {
		return Rate{}
	}
	lo, hi := Wilson(k, n, z95)
	return Rate{Games: k, Rate: round4(float64(k) / float64(n)), Low: round4(lo), High: round4(hi)}
}

// The difficulty bands on a win rate (docs/playtest.md): a mission won
// at least BandEasy of the time reads easy, below BandDeadly deadly.
const (
	BandEasy   = 0.60
	BandMedium = 0.30
	BandDeadly = 0.10
)

// Band names the difficulty a win rate reads as: easy, medium, hard or
// deadly, the words a mission's difficulty: takes.
func Band(rate float64) string {
	switch {
	case rate >= BandEasy:
		return "easy"
	case rate >= BandMedium:
		return "medium"
	case rate >= BandDeadly:
		return "hard"
	}
	return "deadly"
}

// ReadsAs is how a win rate whose 95% interval is [lo, hi] reads: its
// band when the whole interval lies in one, else "between A and B" from
// the band of lo to the band of hi, since the games do not tell which
// side of the edge the mission is on.
func ReadsAs(lo, hi float64) string {
	a, b := Band(lo), Band(hi)
	if a == b {
		return a
	}
	return "between " + a + " and " + b
}

// Counts tallies named things (causes of loss): a map of the names seen,
// whose size depends on the names a model can give, not on the games.
type Counts map[string]int

// Sorted lists the names by count, most first, then by name.
func (c Counts) Sorted() []string {
	out := make([]string, 0, len(c))
	for k := range c {
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b string) int {
		if c[a] != c[b] {
			return c[b] - c[a]
		}
		if a < b {
			return -1
		}
		if a > b {
			return 1
		}
		return 0
	})
	return out
}

// round4 keeps four decimals: JSON and text print the same figure on
// every machine.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
