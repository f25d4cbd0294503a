package gridplay

import "math"

// PHit is the chance that one die hits a weapon of that Accuracy ("Each
// die result that equals or exceeds the Accuracy number of the weapon
// scores a successful hit"); Accuracy is bounded to 1-7, 7 never hitting.
func PHit(acc int) float64 { return float64(7-min(max(acc, 1), 7)) / 6 }

// AtLeast is the chance of k or more hits on n dice hitting with chance p
// each: the agents weigh Attacks by it.
func AtLeast(n, k int, p float64) float64 {
	if k <= 0 {
		return 1
	}
	sum := 0.0
	for j := k; j <= n; j++ {
		sum += binom(n, j) * math.Pow(p, float64(j)) * math.Pow(1-p, float64(n-j))
	}
	return sum
}

func binom(n, k int) float64 {
	r := 1.0
	for j := 1; j <= k; j++ {
		r = r * float64(n-k+j) / float64(j)
	}
	return r
}
