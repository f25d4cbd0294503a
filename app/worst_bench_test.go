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
// faces of 16×16 cells, a configuration's numbers at their bounds), each
// through every command that reads a board, in process. The target is 1 s
// per command and file (bench/run.sh).

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
//   - copies, copies-open: one 16×16 face of 256 zones placed 1,024 times
//     (262,144 zones, and an error per copy, so analyze, show and render
//     stop at validation), with 4,092 Spawn Zones scattered over it; rooms, and
//     corridors (graph lists the movement graph only there: the sight graph
//     of 262,144 zones each seeing along its row and column is 270 million
//     lines, as long to print as it is);
//   - distinct: the largest board that validates (see distinctCase);
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
	// 1,024 times, with 4,092 Spawn Zones scattered over it: rooms (walled
	// in, so no moves and no sight, but Mold chains anywhere), and open
	// corridors (every zone reaches and sees along its row and column).
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
		for i := range 1024 {
			fmt.Fprintf(&m, "  - {face: B, at: [%d, %d]}\n", i%32, i/32)
		}
		m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [511, 511]}\n")
		for range 4096 - 4 {
			fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", r.IntN(512), r.IntN(512))
		}
		m.WriteString("objectives:\n  - exit: all\n")
		name := "copies"
		if kind == "corridor" {
			name = "copies-open"
		}
		out = append(out, worstCase{name: name, tiles: ts.String(), mission: m.String(), zone: "B/z17~900"})
	}

	// distinct: the largest board that validates: faces of 16×16 one-cell
	// corridor zones, each placed once, as many as a tile set of 200,000
	// values holds (720 faces, 184,320 zones), with 4,092 Spawn Zones. The
	// copies above stop at validation (a face placed twice is an error), so
	// this is the one that every command draws, counts and lists in full
	// (graph its movement graph: the sight graph is 160 million lines).
	out = append(out, distinctCase(r))

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

// distinctFaces is how many 16×16 faces of one-cell zones a tile set
// holds within the 200,000 values a document may have.
const distinctFaces = 720

func distinctCase(r *rand.Rand) worstCase {
	label := func(i int) string {
		const abc = "abcdefghijklmnopqrstuvwxyz"
		if i < len(abc) {
			return abc[i : i+1]
		}
		return string([]byte{abc[i/len(abc)%len(abc)], abc[i%len(abc)]})
	}
	var ts strings.Builder
	ts.WriteString("format: 1\nname: big\nsize: 16\nfaces:\n")
	for f := range distinctFaces {
		fmt.Fprintf(&ts, "  F%d:\n    grid:\n", f)
		for y := range 16 {
			ts.WriteString("      -")
			for x := range 16 {
				ts.WriteString(" " + label(y*16+x))
			}
			ts.WriteString("\n")
		}
		ts.WriteString("    zones:\n")
		for i := range 256 {
			fmt.Fprintf(&ts, "      %s: corridor\n", label(i))
		}
	}
	var m strings.Builder
	m.WriteString("format: 1\nid: distinct\ntitle: Distinct\nruleset: zombicide-invader\ntileset: ./tiles.yaml\ntiles:\n")
	for i := range distinctFaces {
		fmt.Fprintf(&m, "  - {face: F%d, at: [%d, %d]}\n", i, i%32, i/32)
	}
	m.WriteString("tokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [1, 1]}\n")
	for range 4096 - 4 {
		fmt.Fprintf(&m, "  - {type: spawn, color: red, at: [%d, %d]}\n", r.IntN(512), r.IntN(16*(distinctFaces/32)))
	}
	m.WriteString("objectives:\n  - exit: all\n")
	// The boxes hold 4 red Spawn Zones: the inventory check is off, so that
	// the file validates and every command goes all the way.
	return worstCase{name: "distinct", tiles: ts.String(), mission: m.String(), zone: "F17/ba",
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
		if c.name == "copies-open" || c.name == "distinct" {
			cmds["graph"] = []string{"graph", "--kind", "movement", "--format", "json", path}
		}
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
// placed twice is an error) while spawns, spawns-far and distinct (the
// largest board that validates) have no error, so that every command
// draws and counts them in full. With ZMISSION_WORST_DIR set it leaves the files there, one folder
// per case, for bench/worst.sh to time the built program on.
func TestWorstFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds boards of 262,144 zones")
	}
	root := os.Getenv("ZMISSION_WORST_DIR")
	if root == "" {
		root = t.TempDir()
	}
	for _, c := range worstCases(t) {
		path := c.writeIn(t, root)
		valid := c.name == "spawns" || c.name == "spawns-far" || c.name == "distinct"
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
