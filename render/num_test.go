package render

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestNumWholeNumbers: the whole numbers' short way gives the text the
// float formatter gives.
func TestNumWholeNumbers(t *testing.T) {
	slow := func(v float64) string { return trimNum(strconv.FormatFloat(v, 'f', 2, 64)) }
	r := rand.New(rand.NewPCG(1, 2))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 100, -300, 1e14, -1e14, 999999999999999, 0.5, -0.001, 1.005, 2.675, 12.345}
	for range 100000 {
		vals = append(vals, float64(r.IntN(2_000_000)-1_000_000), float64(r.IntN(2_000_000)-1_000_000)/100, r.NormFloat64()*1e4)
	}
	for _, v := range vals {
		if a, b := num(v), slow(v); a != b {
			t.Fatalf("num(%v) = %q, the formatter gives %q", v, a, b)
		}
	}
}
