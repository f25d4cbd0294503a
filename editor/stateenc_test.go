package editor

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/source"
)

// TestStateReplyEqualFields: an answer that writes the fields equal to
// the state before as they were written then is, byte for byte, the
// answer that encodes every field again, through random edits of the
// 6-tile example (tokens and tiles moved, turned, added, taken away, some
// of them errors that keep the last good board) answered against the
// state before and against older ones.
func TestStateReplyEqualFields(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "m.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	s.o.Lint.Boards = &layout.BuildCache{}
	good := s.snapshotOf(data)
	s.stateReply(s.state(good, good), "")
	r := rand.New(rand.NewPCG(9, 4))
	reused := 0
	for i := range 60 {
		pos := &[2]int{r.IntN(10) - 1, r.IntN(8) - 1}
		var op Op
		switch r.IntN(5) {
		case 0:
			op = Op{Op: "tile.rotate", Index: r.IntN(6)}
		case 1:
			op = Op{Op: "token.place", Type: "noise", At: pos}
		case 2:
			op = Op{Op: "token.remove", Index: r.IntN(12)}
		default:
			op = Op{Op: "token.move", Index: r.IntN(12), At: pos}
		}
		out, err := applyOps(data, good.opContext(), op)
		if err != nil {
			continue
		}
		next := s.snapshotOf(out)
		if next.ok() {
			good, data = next, out
		}
		st := s.state(next, good)
		kept := s.sent.kept
		base := kept[len(kept)-1].key
		if r.IntN(4) == 0 {
			base = kept[r.IntN(len(kept))].key
		}
		// The reference: the same states kept, none of their values.
		ref := &Session{path: s.path}
		for _, k := range kept {
			c := *k
			c.state = nil
			ref.sent.kept = append(ref.sent.kept, &c)
		}
		want := ref.stateReply(st, base)
		if p := s.sent.find(base); p != nil && p.state != nil {
			reused++
		}
		got := s.stateReply(st, base)
		if got.Status != StatusOK || want.Status != StatusOK {
			t.Fatalf("edit %d: %d %s / %d %s", i, got.Status, got.Body, want.Status, want.Body)
		}
		var g, w map[string]json.RawMessage
		if err := json.Unmarshal(got.Body, &g); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(want.Body, &w); err != nil {
			t.Fatal(err)
		}
		delete(g, "key")
		delete(w, "key")
		for k := range w {
			if !bytes.Equal(g[k], w[k]) {
				t.Fatalf("edit %d (%+v): %s differs from the one encoded again:\n%.300s\n%.300s", i, op, k, g[k], w[k])
			}
		}
		if len(g) != len(w) {
			t.Fatalf("edit %d: %d fields against %d", i, len(g), len(w))
		}
	}
	if reused < 20 {
		t.Fatalf("only %d answers against a state whose values were kept", reused)
	}
}
