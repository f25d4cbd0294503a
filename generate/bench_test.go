//go:build unix

package generate_test

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"syscall"
	"testing"

	"github.com/zmission/zmission/generate"
)

// BenchmarkGenerate makes one mission per iteration, a new seed each time,
// for each game on a middling board and the largest its core box allows.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range benchCases {
		b.Run(fmt.Sprintf("%s/%dx%d", c.game, c.w, c.h), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := generate.Generate(generate.Options{Ruleset: c.game, W: c.w, H: c.h, Seed: uint64(i)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var benchCases = []struct {
	game string
	w, h int
}{
	{"zombicide-invader", 3, 3}, {"zombicide-invader", 9, 1}, {"zombicide-invader", 2, 2},
	{"zombicide-classic", 3, 3}, {"zombicide-classic", 9, 1}, {"zombicide-classic", 2, 2},
	{"facility", 5, 4}, {"facility", 5, 5},
}

// BenchmarkGenerateP95 makes ZMISSION_GENERATE_SEEDS missions (default
// 100) per game, size and difficulty on one core, by the formula alone,
// and reports the 95th percentile and the worst of the CPU time each took
// (the budgets without playtest: 50 ms for 3×3 tiles, 200 ms for the
// largest board). CPU time, not wall time:
// on a shared machine the wall clock measures the neighbours.
func BenchmarkGenerateP95(b *testing.B) {
	n := benchSeeds(100)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, c := range benchCases {
		b.Run(fmt.Sprintf("%s/%dx%d", c.game, c.w, c.h), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var took []float64
				for _, d := range []string{"easy", "medium", "hard"} {
					for s := 0; s < n; s++ {
						took = append(took, cpuMillis(b, generate.Options{Ruleset: c.game, W: c.w, H: c.h, Difficulty: d, Seed: uint64(s), JudgeBy: generate.JudgeFormula}))
					}
				}
				reportCPU(b, took)
			}
		})
	}
}

// BenchmarkGeneratePlaytestP95 is BenchmarkGenerateP95 with the
// difficulty reached by playtest (the default), for each game that has
// one, on the board each length makes, at every difficulty and length
// (the budget: 2 s a mission).
func BenchmarkGeneratePlaytestP95(b *testing.B) {
	n := benchSeeds(100)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, game := range generate.Rulesets() {
		if !generate.Playable(game) {
			continue
		}
		b.Run(game, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var took []float64
				for _, d := range []string{"easy", "medium", "hard"} {
					for _, l := range []string{"short", "medium", "long"} {
						for s := 0; s < n/3+1; s++ {
							took = append(took, cpuMillis(b, generate.Options{Ruleset: game, Difficulty: d, Length: l, Seed: uint64(s)}))
						}
					}
				}
				reportCPU(b, took)
			}
		})
	}
}

// BenchmarkGeneratePlaytestSizes is BenchmarkGeneratePlaytestP95 on
// boards of several sizes, up to the largest the core box lays (its 9
// tiles, as a block and in a row), at the default length and every
// difficulty, ZMISSION_GENERATE_SEEDS seeds (default 20) each: the CPU
// time a mission by size, so that a cost growing faster than the board
// shows (the budget: 2 s a mission at every size).
func BenchmarkGeneratePlaytestSizes(b *testing.B) {
	n := benchSeeds(20)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, game := range generate.Rulesets() {
		if !generate.Playable(game) {
			continue
		}
		for _, sz := range [][2]int{{1, 1}, {2, 2}, {3, 2}, {3, 3}, {9, 1}} {
			b.Run(fmt.Sprintf("%s/%dx%d", game, sz[0], sz[1]), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					var took []float64
					for _, d := range []string{"easy", "medium", "hard"} {
						for s := 0; s < n; s++ {
							took = append(took, cpuMillis(b, generate.Options{Ruleset: game, W: sz[0], H: sz[1], Difficulty: d, Seed: uint64(s)}))
						}
					}
					reportCPU(b, took)
					b.ReportMetric(took[(len(took)-1)/2]/float64(sz[0]*sz[1]), "median-cpu-ms/tile") // sorted by reportCPU
				}
			})
		}
	}
}

// benchSeeds is ZMISSION_GENERATE_SEEDS, else def.
func benchSeeds(def int) int {
	if n, err := strconv.Atoi(os.Getenv("ZMISSION_GENERATE_SEEDS")); err == nil && n > 0 {
		return n
	}
	return def
}

// cpuMillis generates one mission and gives the CPU time it took; a
// refusal is a result, any other error stops the benchmark.
func cpuMillis(b *testing.B, o generate.Options) float64 {
	t0 := cpuNanos()
	_, err := generate.Generate(o)
	took := float64(cpuNanos()-t0) / 1e6
	if _, no := err.(*generate.Impossible); err != nil && !no {
		b.Fatal(err)
	}
	return took
}

// reportCPU sorts the times taken and reports their median, p95 and worst.
func reportCPU(b *testing.B, took []float64) {
	slices.Sort(took)
	b.ReportMetric(took[(len(took)-1)/2], "median-cpu-ms")
	b.ReportMetric(took[len(took)*95/100], "p95-cpu-ms")
	b.ReportMetric(took[len(took)-1], "max-cpu-ms")
}

// cpuNanos is the CPU time the process has used, user and system.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
