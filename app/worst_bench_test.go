package app

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The worst files the documented limits allow (1,024 tiles, 4,096 tokens,
// faces of 16×16 cells, 16,384 cells a board, a configuration's numbers at
// their bounds), each through every command that reads a board, in
// process. The target is 1 s per command and file (bench/worst.sh).

// worstCase is one file of the worst cases: the mission, its tile set and
// its configuration, with a zone for los.
type worstCase struct {
	name    string
	tiles   string // tile-set file, "" for the built-in set
	mission string
	config  string // .zmission.yaml, "" for none
	zone    string
}

// worstCases builds the files:
//   - spawns: 4,094 Spawn Zones, each in a zone of its own, on 4,096
//     one-cell corridor zones (32×32 tiles, 1,024 faces of 2×2 cells):
//     every Spawn Zone has neighbours a Mold chain of one zone links it
//     to; the file validates (the inventory check off);
//   - spawns-far: the same with mold-distance's threshold at its bound, 6;
//   - copies, copies-open: one 16×16 face of 256 zones placed 64 times
//     (16,384 zones, and an error per copy, so analyze, show and render
//     stop at validation), with 4,092 Spawn Zones scattered over it; rooms,
//     and corridors (every zone sees along its row and column: 1.8 million
//     lines of sight);
//   - distinct, distinct-16, sprawl: the largest boards that validate (see
//     distinctCase), of 1,024 small faces, of 64 large ones, and of 64 in an
//     L whose frame (512×512, the largest) is 16 times the cells they cover;
//   - station: 32×32 tiles of the built-in set, 1,000 Spawn Zones and 3,094
//     Objectives (lint's BenchmarkLintWorst).
func worstCases(tb testing.TB) []worstCase {
	var out []worstCase

	// spawns: 1,024 faces of 2×2 corridor zones, each placed once (a face
	// placed twice is an error, and a file with errors stops analyze, show
	// and render before they do their work).
	var ts strings.Builder
	ts.WriteString("format: 1\nname: small\nsize: 2\nfaces:\n")
	for i := range 1024 {
		fmt.Fprintf(&ts, "  Q%d:\n    grid:\n      - a b\n      - c d\n    zones: {a: corridor, b: corridor, c: corridor, d: corridor}\n", i)
	}
	small := ts.String()
	var m strings.Builder
	m.WriteString("format: 1\nid: spawns\ntitle: Spawns\nruleset: zombicide-invader\ntileset: ./tiles.yaml\ntiles:\n")
	for i := range 1024 {
		fmt.Fprintf(&m, "  - {face: Q%d, at: [%d, %d]}\n", i, i%32, i/32)
	}
	m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [63, 63]}\n")
	for i := 1; i < 64*64-1; i++ {
		fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", i%64, i/64)
	}
	m.WriteString("objectives:\n  - exit: all\n")
	// The boxes hold 4 red Spawn Zones: the inventory check is off, so that
	// the file validates (as distinct's below).
	out = append(out, worstCase{name: "spawns", tiles: small, mission: m.String(), zone: "Q500/d",
		config: "rules:\n  inventory: off\n"})
	out = append(out, worstCase{name: "spawns-far", tiles: small, mission: m.String(), zone: "Q500/d",
		config: "rules:\n  inventory: off\n  mold-distance: {threshold: 6}\n"})

	// copies: a 16×16 face whose every cell is a zone of its own, placed
	// 64 times (the 16,384 cells a board may cover), with 4,092 Spawn Zones
	// scattered over it: rooms (walled in, so no moves and no sight, but
	// Mold chains anywhere), and open corridors (every zone reaches and
	// sees along its row and column).
	r := rand.New(rand.NewPCG(19, 4))
	for _, kind := range []string{"room", "corridor"} {
		ts.Reset()
		ts.WriteString("format: 1\nname: big\nsize: 16\nfaces:\n  B:\n    grid:\n")
		for y := range 16 {
			ts.WriteString("      -")
			for x := range 16 {
				fmt.Fprintf(&ts, " z%d", y*16+x)
			}
			ts.WriteString("\n")
		}
		ts.WriteString("    zones:\n")
		for i := range 256 {
			fmt.Fprintf(&ts, "      z%d: %s\n", i, kind)
		}
		m.Reset()
		m.WriteString("format: 1\nid: copies\ntitle: Copies\nruleset: zombicide-invader\ntileset: ./tiles.yaml\ntiles:\n")
		for i := range 64 {
			fmt.Fprintf(&m, "  - {face: B, at: [%d, %d]}\n", i%8, i/8)
		}
		m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [127, 127]}\n")
		for range 4096 - 4 {
			fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", r.IntN(128), r.IntN(128))
		}
		m.WriteString("objectives:\n  - exit: all\n")
		name := "copies"
		if kind == "corridor" {
			name = "copies-open"
		}
		out = append(out, worstCase{name: name, tiles: ts.String(), mission: m.String(), zone: "B/z17~40"})
	}

	// distinct, distinct-16, sprawl: the largest boards that validate, every
	// cell a zone of its own and every face placed once: 1,024 faces of 4×4
	// cells (the most tiles), 64 of 16×16 (the largest faces) in a square,
	// and the same 64 in an L along two sides of the tile grid (the largest
	// frame around them, 512×512 cells). The copies above stop at validation (a face
	// placed twice is an error), so these are what every command draws,
	// counts and lists in full.
	out = append(out, distinctCase(r, "distinct", 4, 1024, square(32)),
		distinctCase(r, "distinct-16", 16, 64, square(8)),
		distinctCase(r, "sprawl", 16, 64, ell))

	// station: the built-in set at the limits.
	m.Reset()
	m.WriteString("format: 1\nid: station\ntitle: Station\nruleset: zombicide-invader\ntileset: station\ntiles:\n")
	faces := []string{"1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "5A", "5B", "6A", "6B", "7A", "7B", "8A", "8B", "9A", "9B"}
	for i := range 1024 {
		fmt.Fprintf(&m, "  - {face: %s, at: [%d, %d], rot: %d}\n", faces[r.IntN(len(faces))], i%32, i/32, 90*r.IntN(4))
	}
	m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [95, 95]}\n")
	for range 1000 {
		fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", r.IntN(96), r.IntN(96))
	}
	for range 4096 - 1002 {
		fmt.Fprintf(&m, "  - {type: objective, at: [%d, %d]}\n", r.IntN(96), r.IntN(96))
	}
	m.WriteString("objectives:\n  - take: red\n  - exit: all\n")
	out = append(out, worstCase{name: "station", mission: m.String(), zone: "0,0"})
	return out
}

// square places tile i of a square of n tiles a side.
func square(n int) func(i int) (int, int) {
	return func(i int) (int, int) { return i % n, i / n }
}

// ell places 64 tiles of 16×16 cells along the top and the left of the 32
// columns and rows they may use, and one in the corner they make: a frame
// of 512×512 cells, the largest.
func ell(i int) (int, int) {
	switch {
	case i < 32:
		return i, 0
	case i < 63:
		return 0, i - 31
	}
	return 1, 1
}

// distinctCase is a board of faces of size×size one-cell corridor zones,
// each placed once where at puts it, with 4,092 Spawn Zones on its cells.
func distinctCase(r *rand.Rand, name string, size, faces int, at func(int) (int, int)) worstCase {
	label := func(i int) string {
		const abc = "abcdefghijklmnopqrstuvwxyz"
		if i < len(abc) {
			return abc[i : i+1]
		}
		return string([]byte{abc[i/len(abc)%len(abc)], abc[i%len(abc)]})
	}
	var ts strings.Builder
	fmt.Fprintf(&ts, "format: 1\nname: big\nsize: %d\nfaces:\n", size)
	for f := range faces {
		fmt.Fprintf(&ts, "  F%d:\n    grid:\n", f)
		for y := range size {
			ts.WriteString("      -")
			for x := range size {
				ts.WriteString(" " + label(y*size+x))
			}
			ts.WriteString("\n")
		}
		ts.WriteString("    zones:\n")
		for i := range size * size {
			fmt.Fprintf(&ts, "      %s: corridor\n", label(i))
		}
	}
	var m strings.Builder
	fmt.Fprintf(&m, "format: 1\nid: %s\ntitle: Distinct\nruleset: zombicide-invader\ntileset: ./tiles.yaml\ntiles:\n", name)
	for i := range faces {
		c, r := at(i)
		fmt.Fprintf(&m, "  - {face: F%d, at: [%d, %d]}\n", i, c, r)
	}
	m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [1, 1]}\n")
	for range 4096 - 4 {
		c, row := at(r.IntN(faces))
		fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", c*size+r.IntN(size), row*size+r.IntN(size))
	}
	m.WriteString("objectives:\n  - exit: all\n")
	// The boxes hold 4 red Spawn Zones: the inventory check is off, so that
	// the file validates and every command goes all the way.
	return worstCase{name: name, tiles: ts.String(), mission: m.String(), zone: "F17/" + label(size+1),
		config: "rules:\n  inventory: off\n"}
}

// write puts the case's files in a folder of their own and returns the
// mission's path.
func (c worstCase) write(tb testing.TB) string {
	return c.writeIn(tb, tb.TempDir())
}

// writeIn puts the case's files in root/name and returns the mission's
// path.
func (c worstCase) writeIn(tb testing.TB, root string) string {
	dir := filepath.Join(root, c.name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	files := map[string]string{"mission.yaml": c.mission, "tiles.yaml": c.tiles, ".zmission.yaml": c.config}
	for name, body := range files {
		if body == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return filepath.Join(dir, "mission.yaml")
}

// worstCommands are the commands that read a board, with their arguments.
func worstCommands(path, zone string) map[string][]string {
	return map[string][]string{
		"validate": {"validate", path},
		"analyze":  {"analyze", path},
		"graph":    {"graph", "--kind", "all", "--format", "json", path},
		"zones":    {"zones", path},
		"los":      {"los", path, zone},
		"show":     {"show", path},
		"render":   {"render", "--page", "fit", "--overlay", "threat", "--overlay", "mold", path},
	}
}

// BenchmarkWorst runs every board command on every worst case.
func BenchmarkWorst(b *testing.B) {
	for _, c := range worstCases(b) {
		path := c.write(b)
		cmds := worstCommands(path, c.zone)
		for _, name := range []string{"validate", "analyze", "graph", "zones", "los", "show", "render"} {
			args := append([]string{"zmission", "--allow-outside"}, cmds[name]...)
			b.Run(c.name+"/"+name, func(b *testing.B) {
				cpu0 := cpuTime()
				for b.Loop() {
					var errb strings.Builder
					if code := Run(args, nil, io.Discard, &errb); code > ExitFindings {
						b.Fatalf("exit %d\n%s", code, errb.String())
					}
				}
				// CPU time as well as wall time: on a shared, loaded machine
				// the wall time says more about the neighbours.
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// TestWorstFiles holds the worst files to what BenchmarkWorst and
// docs/performance.md say of them: the copies stop at validation (a face
// placed twice is an error) while spawns, spawns-far, distinct,
// distinct-16 and sprawl (the largest boards that validate) have no error,
// so that every command draws and counts them in full. With
// ZMISSION_WORST_DIR set it leaves the files there, one folder per case,
// for bench/worst.sh to time the built program on.
func TestWorstFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds boards of 16,384 zones")
	}
	root := os.Getenv("ZMISSION_WORST_DIR")
	if root == "" {
		root = t.TempDir()
	}
	for _, c := range worstCases(t) {
		path := c.writeIn(t, root)
		valid := c.name != "copies" && c.name != "copies-open" && c.name != "station"
		if !valid && c.name != "copies" {
			continue
		}
		var out, errb strings.Builder
		code := Run([]string{"zmission", "--allow-outside", "validate", "--format", "json", path}, nil, &out, &errb)
		switch {
		case valid && code != ExitOK:
			t.Errorf("%s does not validate (exit %d): %.2000s", c.name, code, out.String()+errb.String())
		case !valid && (code != ExitFindings || !strings.Contains(out.String(), `"both-faces"`)):
			t.Errorf("copies: exit %d, want 1 with both-faces errors", code)
		}
	}
}
