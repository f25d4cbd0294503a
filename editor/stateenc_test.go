package editor

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"

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

// mergeLists is what the page does with an answer's lists: each, a patch
// of the held state's list, made whole.
func mergeLists(t *testing.T, merged, held, answer map[string]json.RawMessage) {
	t.Helper()
	var lists map[string][]json.RawMessage
	if err := json.Unmarshal(answer["lists"], &lists); answer["lists"] != nil && err != nil {
		t.Fatal(err)
	}
	for k, p := range lists {
		var from []json.RawMessage
		if err := json.Unmarshal(held[k], &from); err != nil {
			t.Fatalf("lists: %s is a patch of a list the page does not hold: %v", k, err)
		}
		merged[k] = applyListPatch(t, from, p)
	}
}

func applyListPatch(t *testing.T, from, p []json.RawMessage) []byte {
	t.Helper()
	var elems [][]byte
	for _, it := range p {
		var run [2]int
		if it[0] != '[' {
			elems = append(elems, it)
			continue
		}
		if err := json.Unmarshal(it, &run); err != nil || run[0] < 0 || run[1] <= 0 || run[0]+run[1] > len(from) {
			t.Fatalf("a bad run %s of a list of %d", it, len(from))
		}
		for _, e := range from[run[0] : run[0]+run[1]] {
			elems = append(elems, e)
		}
	}
	return append(append([]byte("["), bytes.Join(elems, []byte(","))...), ']')
}

// TestListPatch: a list patched from random lists of objects (elements
// kept, moved, repeated, dropped and new) is the list, byte for byte, and
// a kept run is one item.
func TestListPatch(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	for round := range 500 {
		before := make([][]byte, r.IntN(30))
		for i := range before {
			before[i] = []byte(`{"n":` + strconv.Itoa(r.IntN(20)) + `}`)
		}
		now := make([][]byte, r.IntN(30))
		for i := range now {
			if len(before) > 0 && r.IntN(4) > 0 {
				now[i] = before[r.IntN(len(before))]
			} else {
				now[i] = []byte(`{"n":` + strconv.Itoa(r.IntN(40)) + `}`)
			}
		}
		if round%3 == 0 && len(before) > 0 { // most of before, in order
			now = append(append([][]byte{}, before[:len(before)/2]...), before[len(before)/2+1:]...)
		}
		p, ok := listPatch(before, now)
		if !ok {
			t.Fatalf("round %d: no patch", round)
		}
		var items []json.RawMessage
		if err := json.Unmarshal(p, &items); err != nil {
			t.Fatalf("round %d: %s: %v", round, p, err)
		}
		var from []json.RawMessage
		for _, e := range before {
			from = append(from, e)
		}
		want := append(append([]byte("["), bytes.Join(now, []byte(","))...), ']')
		if got := applyListPatch(t, from, items); !bytes.Equal(got, want) {
			t.Fatalf("round %d: patched %s, want %s (patch %s)", round, got, want, p)
		}
		if round%3 == 0 && len(before) > 1 && len(items) > 2 {
			t.Fatalf("round %d: one element dropped made %d items: %s", round, len(items), p)
		}
	}
	if _, ok := listPatch([][]byte{[]byte(`{}`)}, [][]byte{[]byte(`[1,1]`)}); ok {
		t.Error("an array element was taken for a run")
	}
}

// TestListJSON: a list encoded element by element is the bytes
// encoding/json writes for it, for the findings of a big board.
func TestListJSON(t *testing.T) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "bench.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	s.o.Lint.Boards = &layout.BuildCache{}
	st := s.state(s.snapshotOf(data), nil)
	if len(st.Findings) < 100 {
		t.Fatalf("%d findings: the board should have hundreds", len(st.Findings))
	}
	raw, elems, err := listJSON(reflect.ValueOf(st.Findings))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	we := json.NewEncoder(&want)
	we.SetEscapeHTML(false)
	we.Encode(st.Findings)
	if !bytes.Equal(raw, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
		t.Error("the list element by element differs from encoding/json's")
	}
	if len(elems) != len(st.Findings) {
		t.Fatalf("%d elements of %d", len(elems), len(st.Findings))
	}
	for k, e := range elems {
		var one bytes.Buffer
		oe := json.NewEncoder(&one)
		oe.SetEscapeHTML(false)
		oe.Encode(&st.Findings[k])
		if !bytes.Equal(e, bytes.TrimSuffix(one.Bytes(), []byte("\n"))) {
			t.Fatalf("element %d: %s, want %s", k, e, one.Bytes())
		}
	}
}

// TestListsTurnedTile: a tile of the 20×20-tile board turned five times.
// Each answer sends the findings, the board's zones and its tiles as
// patches of the lists the page holds (a turn changes a few of 500
// findings and moves hundreds: whole, the three were 0.49 of a 0.63 MB
// answer), and each list merged is the whole state's, byte for byte.
func TestListsTurnedTile(t *testing.T) {
	big, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "big.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	s.o.Lint.Boards = &layout.BuildCache{}
	snap := s.snapshotOf(big)
	var page map[string]json.RawMessage
	if err := json.Unmarshal(s.stateReply(s.state(snap, snap), "").Body, &page); err != nil {
		t.Fatal(err)
	}
	for turn := 1; turn <= 5; turn++ {
		out, err := applyOps(snap.data, snap.opContext(), Op{Op: "tile.rotate", Index: 37})
		if err != nil {
			t.Fatal(err)
		}
		snap = s.snapshotOf(out)
		st := s.state(snap, snap)
		var key string
		json.Unmarshal(page["key"], &key)
		rep := s.stateReply(st, key)
		var d, whole map[string]json.RawMessage
		if err := json.Unmarshal(rep.Body, &d); err != nil {
			t.Fatal(err)
		}
		fresh := &Session{path: "big.yaml"}
		if err := json.Unmarshal(fresh.stateReply(st, "").Body, &whole); err != nil {
			t.Fatal(err)
		}
		if len(rep.Body) > 250_000 {
			t.Errorf("turn %d: a %d-byte answer", turn, len(rep.Body))
		}
		if _, ok := d["findings"]; ok {
			t.Errorf("turn %d: the findings sent whole", turn)
		}
		var bp map[string]json.RawMessage
		if err := json.Unmarshal(d["boardPatch"], &bp); err != nil {
			t.Fatalf("turn %d: no board patch: %v", turn, err)
		}
		var lists map[string]json.RawMessage
		json.Unmarshal(bp["lists"], &lists)
		if lists["zones"] == nil || lists["tiles"] == nil {
			t.Errorf("turn %d: the board's lists patched: %v, want its zones and tiles", turn, slices.Collect(maps.Keys(lists)))
		}
		merged := maps.Clone(page)
		for k, v := range d {
			merged[k] = v
		}
		mergeLists(t, merged, page, d)
		if !bytes.Equal(merged["findings"], whole["findings"]) {
			t.Errorf("turn %d: the findings merged differ from the whole state's", turn)
		}
		var board, wholeBoard map[string]json.RawMessage
		json.Unmarshal(page["board"], &board)
		json.Unmarshal(whole["board"], &wholeBoard)
		heldBoard := maps.Clone(board)
		for k, v := range bp {
			board[k] = v
		}
		mergeLists(t, board, heldBoard, bp)
		for _, k := range []string{"zones", "tiles"} {
			if !bytes.Equal(board[k], wholeBoard[k]) {
				t.Errorf("turn %d: the board's %s merged differ from the whole state's", turn, k)
			}
		}
		page = whole
		page["key"] = d["key"]
	}
}
