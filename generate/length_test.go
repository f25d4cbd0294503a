package generate_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/zmission/zmission/generate"
)

// TestLengthBands: on the board each length makes (no --size), the
// estimated playing time lands in the length's band (generate.LengthBand)
// for every game played on tiles, at the default difficulty: every band
// is reached, and hit in 90% of the seeds (ZMISSION_LENGTH_SEEDS, 20 here).
func TestLengthBands(t *testing.T) {
	n := seeds(t, 20)
	if s := os.Getenv("ZMISSION_LENGTH_SEEDS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	for _, game := range []string{"zombicide-invader", "zombicide-classic"} {
		for _, length := range []string{"short", "medium", "long"} {
			hit, written := 0, 0
			for s := 0; s < n; s++ {
				r, err := generate.Generate(generate.Options{Ruleset: game, Length: length, Seed: uint64(s)})
				if err != nil {
					continue
				}
				written++
				if generate.LengthBand(r.Estimate.Minutes) == length {
					hit++
				}
			}
			t.Logf("%s %s: %d of %d in the band", game, length, hit, written)
			if hit*10 < written*9 {
				t.Errorf("%s %s: %d of %d missions in the band, want 90%%", game, length, hit, written)
			}
		}
	}
}
