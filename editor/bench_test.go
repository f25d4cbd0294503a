package editor

import (
	"os"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/source"
)

// BenchmarkEdit is the path of one edit on the 6-tile Violet Lockdown:
// apply the operation to the node tree, format, lint the result, draw the
// map, analyse it, build the page's state and encode what changed since
// the state before. The target is 100 ms.
func BenchmarkEdit(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkServerEdit(b, data, 11, [2]int{4, 3}, [2]int{4, 4})
}

// BenchmarkEdit400 is the same on the 20×20-tile board (60×60 cells) the
// lint and lsp benchmarks measure: its start moved. The server's part of
// the page's 100 ms (BenchmarkBrowserEdit400).
func BenchmarkEdit400(b *testing.B) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkServerEdit(b, data, 0, [2]int{1, 0}, [2]int{0, 0})
}

// BenchmarkEditTurn400 is the server's part of a tile turned by R on the
// 20×20-tile board, turn after turn (every other turn of this tile splits
// or joins zones): BenchmarkBrowserTurn400's request.
func BenchmarkEditTurn400(b *testing.B) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkServerOps(b, data, []Op{{Op: "tile.rotate", Index: 37}}, true)
}

func benchmarkServerEdit(b *testing.B, data []byte, token int, a, c2 [2]int) {
	benchmarkServerOps(b, data, []Op{{Op: "token.move", Index: token, At: &a}, {Op: "token.move", Index: token, At: &c2}}, false)
}

// benchmarkServerOps applies ops in turn, each to the document the one
// before made (follow) or each to data.
func benchmarkServerOps(b *testing.B, data []byte, ops []Op, follow bool) {
	s := &Session{path: "bench.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(data)
	if !snap.ok() {
		b.Fatal("the mission does not build")
	}
	c := snap.opContext()
	s.stateReply(s.state(snap, snap), "")
	base := s.sent.kept[0].key
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		out, err := applyOps(data, c, ops[i%len(ops)])
		if err != nil {
			b.Fatal(err)
		}
		next := s.snapshotOf(out)
		if follow {
			data, c = out, next.opContext()
		}
		st := s.state(next, next)
		if st.Board == nil {
			b.Fatal("no board")
		}
		// The answer as the page gets it: what changed since the state
		// before.
		if rep := s.stateReply(st, base); rep.Status != StatusOK {
			b.Fatal(string(rep.Body))
		}
		base = s.sent.kept[len(s.sent.kept)-1].key
	}
}

// BenchmarkApply is the operation alone: node tree, edit, formatter.
func BenchmarkApply(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	op := Op{Op: "token.move", Index: 11, At: &[2]int{4, 3}}
	for b.Loop() {
		if _, err := applyOps(data, station, op); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindingWords is the editor's words for every finding of the
// 20×20-tile board (words.go: message, advice, fix), the part of
// BenchmarkEdit400's state that they add.
func BenchmarkFindingWords(b *testing.B) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		b.Fatal(err)
	}
	s := &Session{path: "bench.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(data)
	b.ReportAllocs()
	for b.Loop() {
		fx := newFixer(snap)
		for _, d := range snap.diags {
			_ = tableWords(d.Rule, d.Message)
			_ = tableAdvice(d)
			_ = fx.fix(d)
		}
	}
	b.ReportMetric(float64(len(snap.diags)), "findings")
}
