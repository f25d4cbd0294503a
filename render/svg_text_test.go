package render

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTextMatchesOpen holds text, which writes its numbers and attributes
// straight into the buffer, to the first way: a slice of attributes for
// open, num's strings and esc.
func TestTextMatchesOpen(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	nums := []float64{0, -0.0, 0.001, -0.004, -0.005, 1, 10, 100.5, 2.25, -3.125, 1e9, 0.1 + 0.2, math.Inf(1), math.NaN()}
	strs := []string{"", "a", "B/z17~900", "Fish & <Chips>", "\"quoted\" 'too'", "tab\there", "é ü", "\x01\x7f", "\xff\xfe", "]]>"}
	pick := func() string { return strs[r.IntN(len(strs))] }
	number := func() float64 {
		if r.IntN(2) == 0 {
			return nums[r.IntN(len(nums))]
		}
		return (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(8)))
	}
	for range 5000 {
		x, y, size := number(), number(), number()
		anchor, weight, fill, s := pick(), pick(), pick(), pick()
		var extra []string
		for range r.IntN(3) {
			extra = append(extra, "data-x", pick())
		}
		var got, want svgw
		got.text(x, y, size, anchor, weight, fill, s, extra...)
		attrs := append([]string{"x", num(x), "y", num(y), "font-size", num(size), "text-anchor", anchor, "font-weight", weight, "fill", fill}, extra...)
		want.open("text", attrs...)
		want.WriteString(esc(s))
		want.close("text")
		if got.String() != want.String() {
			t.Fatalf("text(%v, %v, %v, %q, %q, %q, %q, %q)\n got %s\nwant %s", x, y, size, anchor, weight, fill, s, extra, got.String(), want.String())
		}
	}
}
