package generate_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
)

// TestExpressiveRange prints the variety a user would notice, per game,
// over the seeds of the default request (ZMISSION_VARIETY_SEEDS, 40 here,
// 300 under bench/generate.sh): distinct token mixes, mission types,
// route lengths, tiles used and Spawn Zone distances. It holds each game
// to the target of 30 distinct token mixes in 300 seeds (a tenth
// of the seeds, at most 30, at smaller counts).
func TestExpressiveRange(t *testing.T) {
	n := 40
	if s := os.Getenv("ZMISSION_VARIETY_SEEDS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("ZMISSION_VARIETY_SEEDS=%q is not a count", s)
		}
	}
	if testing.Short() {
		n = 10
	}
	for _, game := range []string{"zombicide-invader", "zombicide-classic", "facility"} {
		mixes, types := map[string]bool{}, map[string]int{}
		var moves, used, spawns []int
		refused := 0
		for s := 0; s < n; s++ {
			r, err := generate.Generate(generate.Options{Ruleset: game, Seed: uint64(s)})
			if err != nil {
				refused++
				continue
			}
			res := lintOf(t, r.Data)
			var mix []string
			if f, ok := res.Model.(*facility.Facility); ok {
				for _, tk := range f.Tokens {
					mix = append(mix, tk.Type+"/"+tk.Kind+"×"+strconv.Itoa(max(tk.Count, 1)))
				}
				for _, p := range f.Placed {
					mix = append(mix, "room/"+p.Room)
				}
			} else {
				for _, tk := range res.Mission.Tokens {
					tk = rules.Defaults(tk)
					mix = append(mix, tk.Type+"/"+tk.Color+tk.Kind)
				}
				a := rules.Lookup(game).(rules.Analyzer).Analyze(res.Scene)
				for _, f := range a.Estimate.Figures {
					if f.Name == "tour moves" {
						moves = append(moves, int(f.Value))
					}
				}
				for _, sp := range a.Spawns {
					if sp.Active == "always" && sp.ToStart >= 0 {
						spawns = append(spawns, sp.ToStart)
					}
				}
				u, tiles := generate.TilesUsed(res)
				used = append(used, u*100/max(tiles, 1))
			}
			slices.Sort(mix)
			mixes[strings.Join(mix, " ")] = true
			types[r.Type]++
		}
		t.Logf("%s: %d missions (%d refused); %d distinct token mixes; types %s; route moves %s; tiles used %% %s; Spawn Zone distances %s",
			game, n-refused, refused, len(mixes), counts(types), spread(moves), spread(used), spread(spawns))
		if want := min(30, n/10); len(mixes) < want {
			t.Errorf("%s: %d distinct token mixes in %d seeds, want %d at least", game, len(mixes), n, want)
		}
	}
}

// spread words a sample: its range, median and distinct values.
func spread(xs []int) string {
	if len(xs) == 0 {
		return "-"
	}
	slices.Sort(xs)
	return fmt.Sprintf("%d–%d (median %d, %d distinct)", xs[0], xs[len(xs)-1], xs[len(xs)/2], len(slices.Compact(slices.Clone(xs))))
}

func counts(m map[string]int) string {
	var out []string
	for k, v := range m {
		if k == "" {
			k = "standard"
		}
		out = append(out, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}
