package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
)

// What an author waits for: from a change arriving on the server's input
// to its diagnostics written on its output, the default debounce included
// (a change is checked only once no other follows it within DefaultDebounce).

// benchmarkChange opens data and then times, per operation, one change
// and the diagnostics published for it.
func benchmarkChange(b *testing.B, data []byte) {
	root := workspace(b, nil)
	c := startServerB(b, root)
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), string(data))
	c.diagnostics(uri, 1)
	v := 1
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		v++
		// Each version differs (a comment line), as typed text does.
		c.change(uri, v, string(data)+fmt.Sprintf("# edit %d\n", v))
		c.diagnostics(uri, v)
	}
	b.StopTimer()
	c.shutdown()
}

// startServerB is startServer with the debounce an author gets.
func startServerB(b testing.TB, root string) *client {
	return startServer(b, root, Options{Debounce: DefaultDebounce})
}

// BenchmarkLSPDiagnostics6 is the published 6-tile example, Violet Lockdown.
func BenchmarkLSPDiagnostics6(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkChange(b, data)
}

// BenchmarkLSPDiagnostics400 is a 20×20-tile board.
func BenchmarkLSPDiagnostics400(b *testing.B) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkChange(b, data)
}

// BenchmarkLSPEdits10000 sends 10,000 edits of the 6-tile example, waiting
// for the diagnostics of every tenth, and reports the live heap after the
// first 1,000 and after all 10,000 (after a collection each): flat memory
// is the two figures close together.
func BenchmarkLSPEdits10000(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		first, last := editHeap(b, data, 10_000)
		b.ReportMetric(float64(first)/(1<<20), "MB-heap@1k")
		b.ReportMetric(float64(last)/(1<<20), "MB-heap@10k")
	}
}

// editHeap sends n edits and returns the live heap after a tenth of them
// and after all.
func editHeap(tb testing.TB, data []byte, n int) (first, last uint64) {
	root := workspace(tb, nil)
	c := startServer(tb, root, Options{Debounce: 1})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), string(data))
	c.diagnostics(uri, 1)
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for v := 2; v <= n+1; v++ {
		c.change(uri, v, string(data)+fmt.Sprintf("# edit %d\n", v))
		if v%10 == 0 {
			c.diagnostics(uri, v)
			c.notes = c.notes[:0] // what a client has handled it lets go
		}
		if v == n/10 {
			first = heap()
		}
	}
	last = heap()
	c.shutdown()
	return first, last
}

// Memory stays flat over many edits: the heap after 3,000 is not more than
// a few megabytes over the heap after the first 300 (a leak of a document's
// text or result per edit would be tens of megabytes). The benchmark above
// reports the same over 10,000.
func TestMemoryFlatOverEdits(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 edits")
	}
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	first, last := editHeap(t, data, 3_000)
	if last > first+8<<20 {
		t.Errorf("live heap grew from %.1f MB after 300 edits to %.1f MB after 3,000", float64(first)/(1<<20), float64(last)/(1<<20))
	}
}
