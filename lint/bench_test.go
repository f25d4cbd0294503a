package lint_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
)

// benchMission is the generated mission of internal/benchgen: side×side
// random faces, a start, an exit, spawns and objectives.
func benchMission(b testing.TB, ruleset, setName string, side int, spawnsEvery int) []byte {
	data, err := benchgen.Mission(ruleset, setName, side, spawnsEvery)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

var benchOpts = lint.Options{Limits: source.DefaultLimits}

// benchmarkLint lints data as 'zmission validate' does one file.
func benchmarkLint(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := lint.Bytes("bench.yaml", data, benchOpts)
		if r.Mission == nil {
			b.Fatalf("not read: %v", r.Diags)
		}
	}
}

// BenchmarkLint is the whole lint of one file per game at 6 (about 2×3),
// 100, 400 and 1,024 tiles: the time per tile should stay flat.
func BenchmarkLint(b *testing.B) {
	games := []struct{ name, ruleset, set string }{
		{"invader", "zombicide-invader", "station"},
		{"classic", "zombicide-classic", "city"},
	}
	for _, g := range games {
		for _, side := range []int{0, 10, 20, 32} {
			tiles := side * side
			var data []byte
			if side == 0 {
				tiles = 6
				data = benchSix(b, g.ruleset, g.set)
			} else {
				data = benchMission(b, g.ruleset, g.set, side, 25)
			}
			b.Run(fmt.Sprintf("%s/%d", g.name, tiles), func(b *testing.B) { benchmarkLint(b, data) })
		}
	}
}

// BenchmarkLintWorst is the largest mission the documented limits allow:
// 1,024 tiles and 4,096 tokens, 1,000 of them Spawn Zones.
func BenchmarkLintWorst(b *testing.B) {
	for _, g := range []struct{ name, ruleset, set string }{{"invader", "zombicide-invader", "station"}, {"classic", "zombicide-classic", "city"}} {
		data := benchWorst(b, g.ruleset, g.set)
		b.Run(g.name, func(b *testing.B) { benchmarkLint(b, data) })
	}
}

// benchSix is a 3×2 board, the size of a typical published mission.
func benchSix(b testing.TB, ruleset, setName string) []byte {
	set, err := layout.Builtin(setName)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(6, 7))
	var sb strings.Builder
	fmt.Fprintf(&sb, "format: 1\nid: bench\ntitle: Bench\nruleset: %s\ntileset: %s\ntiles:\n", ruleset, setName)
	used := map[string]bool{}
	for i := 0; i < 6; {
		f := set.Faces[r.IntN(len(set.Faces))]
		if used[f.ID] || used[f.Other] {
			continue
		}
		used[f.ID] = true
		fmt.Fprintf(&sb, "  - {face: %s, at: [%d, %d], rot: %d}\n", f.ID, i%3, i/3, 90*r.IntN(4))
		i++
	}
	n := set.Size
	fmt.Fprintf(&sb, "tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [%d, %d]}\n", 3*n-1, 2*n-1)
	fmt.Fprintf(&sb, "  - {type: spawn, color: red, first: true, at: [%d, 0]}\n  - {type: spawn, color: red, at: [0, %d]}\n", 3*n-1, 2*n-1)
	fmt.Fprintf(&sb, "  - {type: objective, at: [%d, %d]}\n  - {type: objective, at: [%d, %d]}\n", n, 1, 2*n, n)
	sb.WriteString("objectives:\n  - take: red\n  - exit: all\n")
	return []byte(sb.String())
}

// benchWorst: 32×32 tiles, 1,000 Spawn Zones and 3,094 Objectives.
func benchWorst(b testing.TB, ruleset, setName string) []byte {
	data := benchMission(b, ruleset, setName, 32, 1<<30)
	set, _ := layout.Builtin(setName)
	n := set.Size * 32
	r := rand.New(rand.NewPCG(32, 9))
	s := strings.Replace(string(data), "objectives:\n", "", 1)
	s = strings.TrimSuffix(s, "  - take: red\n  - exit: all\n")
	var sb strings.Builder
	sb.WriteString(s)
	for i := 0; i < 1000-2; i++ {
		fmt.Fprintf(&sb, "  - {type: spawn, color: red, at: [%d, %d]}\n", r.IntN(n), r.IntN(n))
	}
	for i := 0; i < 4096-1000-2-102; i++ {
		fmt.Fprintf(&sb, "  - {type: objective, at: [%d, %d]}\n", r.IntN(n), r.IntN(n))
	}
	sb.WriteString("objectives:\n  - take: red\n  - exit: all\n")
	return []byte(sb.String())
}
