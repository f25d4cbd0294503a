package editor

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/zmission/zmission/source"
)

// BenchmarkEdit is the path of one edit on the 6-tile Violet Lockdown:
// apply the operation to the node tree, format, lint the result, draw the
// map, analyse it, build the page's state and encode it. The target is
// 100 ms.
func BenchmarkEdit(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	s := &Session{path: "violet-lockdown.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(data)
	if !snap.ok() {
		b.Fatal("the example does not build")
	}
	c := snap.opContext()
	ops := []Op{{Op: "token.move", Index: 11, At: &[2]int{4, 3}}, {Op: "token.move", Index: 11, At: &[2]int{4, 4}}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		out, err := applyOps(data, c, ops[i%2])
		if err != nil {
			b.Fatal(err)
		}
		next := s.snapshotOf(out)
		st := s.state(next, next)
		if st.Board == nil {
			b.Fatal("no board")
		}
		if _, err := json.Marshal(st); err != nil {
			b.Fatal(err)
		}
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
