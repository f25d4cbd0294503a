// Command editcpu times the editor session's part of an edit as the web
// edition's module makes it: it opens a board in a MemStore session (the
// 6-tile Violet Lockdown, or a generated 10×10 or 20×20-tile board) and
// sends Session.Call edits, a token moved one cell and back or (TURN=1) a
// tile turned by R, each answered against the state before as the page
// asks. It prints the median and p95 of each edit's wall time and of the
// process's CPU time: on a machine shared with other work the CPU time is
// the figure to compare. Built for the page's WebAssembly and run under
// Node (the V8 of Chromium) it measures the module's own work; with
// --cpu-prof, where that work goes (the profile opens in DevTools):
//
//	go run ./bench/editcpu                                   # natively
//	GOOS=js GOARCH=wasm go build -o /tmp/editcpu.wasm ./bench/editcpu
//	N=45 SKIP=15 node --cpu-prof "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" /tmp/editcpu.wasm
//
// SIZE=6|10|20 (default 20), N edits (default 20), SKIP the first edits
// not counted (while V8 compiles the module's hot code), TURN=1, V=1 for
// each edit's time, CPUPROF=file for a Go profile (natively).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"time"

	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/web/opening"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "editcpu:", err)
		os.Exit(1)
	}
}

func run() error {
	n, _ := strconv.Atoi(os.Getenv("N"))
	if n <= 0 {
		n = 20
	}
	skip, _ := strconv.Atoi(os.Getenv("SKIP"))
	skip = min(max(skip, 0), n-1)
	size := os.Getenv("SIZE")
	name, tile := "board.yaml", 37
	var data []byte
	var err error
	switch size {
	case "6":
		name, data, _, err = opening.Example("invader/violet-lockdown")
		tile = 2
	case "10":
		data, err = benchgen.Mission("zombicide-classic", "city", 10, 25)
	case "", "20":
		size = "20"
		data, err = benchgen.Mission("zombicide-classic", "city", 20, 25)
	default:
		return fmt.Errorf("SIZE is 6, 10 or 20, not %q", size)
	}
	if err != nil {
		return err
	}
	s, err := editor.NewSession(opening.Dir+"/"+name, opening.Options(data, func(string) ([]byte, bool) { return nil, false }))
	if err != nil {
		return err
	}
	var st struct {
		Key     string `json:"key"`
		Version string `json:"version"`
		Board   struct {
			Tokens []struct {
				Index int    `json:"index"`
				Type  string `json:"type"`
				X     int    `json:"x"`
				Y     int    `json:"y"`
			} `json:"tokens"`
		} `json:"board"`
	}
	if err := json.Unmarshal(s.Call(editor.Request{Method: "GET", Path: "state"}).Body, &st); err != nil {
		return err
	}
	token, at := -1, [2]int{}
	for _, t := range st.Board.Tokens {
		if t.Type != "door" {
			token, at = t.Index, [2]int{t.X, t.Y}
			break
		}
	}
	turn := os.Getenv("TURN") != ""
	if token < 0 && !turn {
		return fmt.Errorf("no token to move")
	}
	if f := os.Getenv("CPUPROF"); f != "" {
		w, err := os.Create(f)
		if err != nil {
			return err
		}
		defer w.Close()
		if err := pprof.StartCPUProfile(w); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var walls, cpus []float64
	key, version := st.Key, st.Version
	for i := range n {
		op := map[string]any{"op": "tile.rotate", "index": tile}
		if !turn {
			to := at
			if i%2 == 0 {
				to[0]++
			}
			op = map[string]any{"op": "token.move", "index": token, "at": to}
		}
		body, _ := json.Marshal(map[string]any{"version": version, "base": key, "ops": []any{op}})
		t0, c0 := time.Now(), cpuMS()
		rep := s.Call(editor.Request{Method: "POST", Path: "op", Body: body})
		wall, cpu := float64(time.Since(t0).Microseconds())/1000, cpuMS()-c0
		if rep.Status != editor.StatusOK {
			return fmt.Errorf("edit %d: %d %s", i, rep.Status, rep.Body)
		}
		var r struct{ Key, Version string }
		if err := json.Unmarshal(rep.Body, &r); err != nil {
			return err
		}
		key = r.Key
		if r.Version != "" {
			version = r.Version
		}
		if os.Getenv("V") != "" {
			fmt.Printf("edit %d: %.1f ms, %.1f ms of CPU, %d bytes\n", i, wall, cpu, len(rep.Body))
		}
		if i >= skip {
			walls, cpus = append(walls, wall), append(cpus, cpu)
		}
	}
	what := "a token moved"
	if turn {
		what = "a tile turned"
	}
	// The memory the Go heap took from the system: in WebAssembly the
	// module's linear memory grows to it and never shrinks.
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%s, %s tiles, %d edits: CPU median %.1f p95 %.1f ms; wall median %.1f p95 %.1f ms; heap from the system %.0f MB, %d collections\n",
		what, size, len(cpus), quantile(cpus, 50), quantile(cpus, 95), quantile(walls, 50), quantile(walls, 95), float64(ms.HeapSys)/(1<<20), ms.NumGC)
	return nil
}

// quantile is the p-th percentile of v by the nearest rank.
func quantile(v []float64, p int) float64 {
	v = slices.Sorted(slices.Values(v))
	return v[max(1, (len(v)*p+99)/100)-1]
}
