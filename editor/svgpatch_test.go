package editor

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/source"
)

// editsOf is a walk of edits an author makes on a mission: tokens moved,
// tiles turned and moved, a token added and removed; each step's map.
func editsOf(t *testing.T, data []byte, steps int, seed uint64) []string {
	t.Helper()
	s := &Session{path: "walk.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(data)
	if !snap.ok() {
		t.Fatal("the mission does not build")
	}
	maps := []string{s.state(snap, snap).SVG}
	r := rand.New(rand.NewPCG(seed, 1))
	for len(maps) < steps {
		b := snap.board()
		if b == nil {
			break
		}
		st := s.state(snap, snap)
		var op Op
		switch k := r.IntN(5); {
		case k < 2 && len(st.Board.Tokens) > 0:
			at := [2]int{r.IntN(b.W), r.IntN(b.H)}
			op = Op{Op: "token.move", Index: r.IntN(len(st.Board.Tokens)), At: &at}
		case k == 2 && len(st.Board.Tiles) > 0:
			op = Op{Op: "tile.rotate", Index: r.IntN(len(st.Board.Tiles))}
		case k == 3:
			at := [2]int{r.IntN(b.W), r.IntN(b.H)}
			op = Op{Op: "token.add", Type: "noise", At: &at}
		default:
			if len(st.Board.Tokens) == 0 {
				continue
			}
			op = Op{Op: "token.delete", Index: r.IntN(len(st.Board.Tokens))}
		}
		out, err := applyOps(snap.data, snap.opContext(), op)
		if err != nil {
			continue // refused, as the page would be told
		}
		next := s.snapshotOf(out)
		if !next.ok() {
			continue
		}
		snap = next
		maps = append(maps, s.state(snap, snap).SVG)
	}
	return maps
}

// TestSVGPatchRoundTrip: for every example and a big generated board, each
// edit's patch makes the map before into the map after, line for line,
// and it is small when the edit is (a token moved on the 20×20 board).
func TestSVGPatchRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("../examples/*/*.yaml")
	inputs := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "tiles:") {
			inputs[f] = data
		}
	}
	big, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	inputs["big"] = big
	patched := 0
	for name, data := range inputs {
		steps := 12
		if name == "big" {
			steps = 5
		}
		maps := editsOf(t, data, steps, uint64(len(name)))
		for i := 1; i < len(maps); i++ {
			a, b := maps[i-1], maps[i]
			ops, ok := svgDiff(a, b)
			if !ok {
				if _, _, pa := parseSVGLines(a); !pa {
					t.Errorf("%s step %d: the map is not one element per line", name, i)
				}
				continue
			}
			patched++
			if got := applySVGPatch(a, ops); got != b {
				t.Fatalf("%s step %d: the patched map differs from the map after the edit", name, i)
			}
			if a == b && len(ops) != 0 {
				t.Errorf("%s step %d: %d ops for no change", name, i, len(ops))
			}
		}
	}
	if patched < 20 {
		t.Errorf("only %d edits were sent as patches", patched)
	}

	// A token moved on the big board: a few elements, not the megabyte.
	s := &Session{path: "big.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(big)
	at := [2]int{1, 0}
	out, err := applyOps(snap.data, snap.opContext(), Op{Op: "token.move", Index: 0, At: &at})
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.state(snap, snap).SVG, s.state(s.snapshotOf(out), s.snapshotOf(out)).SVG
	ops, ok := svgDiff(a, b)
	if !ok || applySVGPatch(a, ops) != b {
		t.Fatal("no patch for a token moved")
	}
	if n := patchSize(ops); n > len(b)/20 {
		t.Errorf("a token moved on a %d-byte map makes a %d-byte patch", len(b), n)
	}
}

// TestSVGLineKind: what is sent as a patch must be whole elements.
func TestSVGLineKind(t *testing.T) {
	for _, c := range []struct {
		line string
		kind int
	}{
		{`<?xml version="1.0" encoding="UTF-8"?>`, 0},
		{`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">`, 1},
		{`</svg>`, -1},
		{`<g class="tiles">`, 1},
		{`<rect x="1" y="2"/>`, 0},
		{`<text x="1">A &lt; B</text>`, 0},
		{`<g transform="x"><rect/></g>`, 0},
		{`<rect/><rect/>`, 2},               // two elements: the DOM would count two
		{`<text>a</text><text>b</text>`, 2}, // likewise
		{`<g><rect/>`, 3},                   // opens with its first child
		{`text`, 2},
		{`<rect`, 2},
		{`</g></g>`, 2},
	} {
		if got, _ := svgLineKind(c.line); got != c.kind {
			t.Errorf("%q: kind %d, want %d", c.line, got, c.kind)
		}
	}
	if _, _, ok := parseSVGLines("<svg>\n<g>\n</svg>\n"); ok {
		t.Error("unclosed group read as a drawing")
	}
	before, after := "<svg a=\"1\">\n<g class=\"board\">\n<rect/>\n</g>\n</svg>\n", "<svg a=\"2\">\n<g class=\"board\">\n<rect/>\n</g>\n</svg>\n"
	if ops, ok := svgDiff(before, after); !ok || len(ops) != 1 || !ops[0].Open || applySVGPatch(before, ops) != after {
		t.Errorf("the <svg> element's size changed: %+v, %v", ops, ok)
	}
	if _, ok := svgDiff(before, "<svg a=\"1\">\n<rect/>\n</svg>\n"); ok {
		t.Error("the board group removed by a patch: the page's layers live in it")
	}
}

// TestStateDelta: a page that holds the state before an edit, merging the
// answer as the page does (the fields sent replace its own, the gone ones
// go, the map is patched), has the state a page that asked for it whole
// gets.
func TestStateDelta(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "m.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	get := func(base string) map[string]json.RawMessage {
		q := map[string][]string{"tab": {"t"}}
		if base != "" {
			q["base"] = []string{base}
		}
		r := s.Call(Request{Method: "GET", Path: "state", Query: q})
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r.Body, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	str := func(raw json.RawMessage) string {
		var v string
		json.Unmarshal(raw, &v)
		return v
	}
	page := get("")
	if _, ok := page["base"]; ok {
		t.Fatal("a first state is a delta")
	}
	edits := []Op{
		{Op: "token.move", Index: 11, At: &[2]int{4, 3}},
		{Op: "tile.rotate", Index: 2},
		{Op: "token.move", Index: 11, At: &[2]int{40, 40}}, // off the board: an error, a badge
		{Op: "token.move", Index: 11, At: &[2]int{4, 4}},
	}
	deltas := 0
	for i, op := range edits {
		body, _ := json.Marshal(opRequest{Version: str(page["version"]), Ops: []Op{op}, Tab: "t", Base: str(page["key"])})
		r := s.Call(Request{Method: "POST", Path: "op", Body: body})
		if r.Status != StatusOK {
			t.Fatalf("edit %d: %d %s", i, r.Status, r.Body)
		}
		var d map[string]json.RawMessage
		if err := json.Unmarshal(r.Body, &d); err != nil {
			t.Fatal(err)
		}
		if str(d["base"]) != str(page["key"]) {
			t.Fatalf("edit %d: answered against %s, the page holds %s", i, d["base"], page["key"])
		}
		deltas++
		if whole := s.Call(Request{Method: "GET", Path: "state"}).Body; len(r.Body) >= len(whole) {
			t.Errorf("edit %d: a %d-byte delta for a %d-byte state", i, len(r.Body), len(whole))
		}
		merged := map[string]json.RawMessage{}
		for k, v := range page {
			merged[k] = v
		}
		for k, v := range d {
			merged[k] = v
		}
		var gone []string
		json.Unmarshal(d["gone"], &gone)
		for _, k := range gone {
			delete(merged, k)
		}
		if p, ok := d["svgPatch"]; ok {
			var ops []svgOp
			if err := json.Unmarshal(p, &ops); err != nil {
				t.Fatal(err)
			}
			merged["svg"], _ = jsonNoEscape(applySVGPatch(str(page["svg"]), ops))
		}
		if _, ok := d["boardPatch"]; !ok && op.Op == "token.move" {
			t.Errorf("edit %d: a token moved, and the board came whole", i)
		}
		if bp, ok := d["boardPatch"]; ok {
			var patch map[string]json.RawMessage
			merged["board"], patch = mergeBoardPatch(t, page["board"], bp)
			if _, ok := patch["zones"]; ok && op.Op == "token.move" {
				t.Errorf("edit %d: a token moved sent the board's zones again", i)
			}
		}
		mergeLists(t, merged, page, d)
		for _, k := range []string{"base", "gone", "svgPatch", "boardPatch", "lists"} {
			delete(merged, k)
		}
		whole := get("")
		for _, m := range []map[string]json.RawMessage{merged, whole} {
			delete(m, "key")
		}
		for k := range whole {
			var a, b any
			json.Unmarshal(whole[k], &a)
			json.Unmarshal(merged[k], &b)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("edit %d: the merged state's %s differs from the whole state's", i, k)
			}
		}
		for k := range merged {
			if _, ok := whole[k]; !ok {
				t.Errorf("edit %d: the merged state keeps %s, which is gone", i, k)
			}
		}
		page = get("") // the page now holds the new state, under a key the session knows
	}
	if deltas != len(edits) {
		t.Errorf("%d deltas", deltas)
	}
	// A key the session has forgotten gets the whole state.
	if m := get("nope"); m["base"] != nil || m["svg"] == nil {
		t.Error("an unknown base did not give the whole state")
	}
}

func jsonNoEscape(v any) (json.RawMessage, error) {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	err := e.Encode(v)
	return json.RawMessage(strings.TrimSuffix(b.String(), "\n")), err
}

// TestStateKeysDiffer: two sessions never send two states under one key,
// so a page that kept a key from another session (an editor restarted,
// another mission opened in the web edition) gets the whole state.
func TestStateKeysDiffer(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	key := func(s *Session, base string) (string, bool) {
		q := map[string][]string{}
		if base != "" {
			q["base"] = []string{base}
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(s.Call(Request{Method: "GET", Path: "state", Query: q}).Body, &m); err != nil {
			t.Fatal(err)
		}
		var k string
		json.Unmarshal(m["key"], &k)
		_, delta := m["base"]
		return k, delta
	}
	a, _ := NewSession("a.yaml", Options{Store: NewMemStore(data)})
	b, _ := NewSession("b.yaml", Options{Store: NewMemStore(data)})
	ka, _ := key(a, "")
	for range 3 {
		kb, delta := key(b, ka)
		if kb == ka || delta {
			t.Fatalf("session b answered a key of session a (%s) with %s, a delta: %v", ka, kb, delta)
		}
	}
}

// svgDiff is svgDiffTrees of two drawings' texts.
func svgDiff(before, after string) (ops []svgOp, ok bool) {
	return svgDiffTrees(parseSVG(before), parseSVG(after))
}

// applySVGPatch is what the page does with the text: the drawing before,
// patched, is the drawing after (the tests hold the two to it).
func applySVGPatch(before string, ops []svgOp) string {
	lines := strings.Split(before, "\n")
	// From the last line up, so each op's line is still where it was.
	ops = slices.Clone(ops)
	slices.SortStableFunc(ops, func(a, b svgOp) int { return b.Line - a.Line })
	for _, op := range ops {
		var add []string
		if op.Add != "" {
			add = strings.Split(op.Add, "\n")
		}
		rest := append(add, lines[op.Line+op.Lines:]...)
		lines = append(lines[:op.Line], rest...)
	}
	return strings.Join(lines, "\n")
}

// TestSVGPatchTurnedTile: a tile of the 20×20-tile board turned five
// times, as an author presses R. A turn that splits or joins zones adds
// or takes away a fill: its patch lines the children up around it, so
// every turn is a patch of a fifth of the map or less, never the whole
// map (every other turn was, before: 420-520 ms in the page).
func TestSVGPatchTurnedTile(t *testing.T) {
	big, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "big.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	snap := s.snapshotOf(big)
	before := s.state(snap, snap).SVG
	counts := map[bool]int{} // turns that changed the number of lines
	for turn := 1; turn <= 5; turn++ {
		out, err := applyOps(snap.data, snap.opContext(), Op{Op: "tile.rotate", Index: 37})
		if err != nil {
			t.Fatal(err)
		}
		snap = s.snapshotOf(out)
		after := s.state(snap, snap).SVG
		ops, ok := svgDiff(before, after)
		if !ok || applySVGPatch(before, ops) != after {
			t.Fatalf("turn %d: no patch, or one that does not make the map after", turn)
		}
		if n := patchSize(ops); n > len(after)/5 {
			t.Errorf("turn %d: a %d-byte patch of a %d-byte map", turn, n, len(after))
		}
		counts[strings.Count(before, "\n") != strings.Count(after, "\n")]++
		before = after
	}
	if counts[true] == 0 {
		t.Fatal("no turn added or took away an element: the case this test is for is not met")
	}
}

// TestSVGAlign: align pairs as many children as the longest common
// subsequence has (worked out by dynamic programming), each pair written
// the same and in order, on random runs of a few kinds of element.
func TestSVGAlign(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 2))
	nodes := func(n int) ([]string, []*svgNode) {
		lines := make([]string, n)
		ns := make([]*svgNode, n)
		for i := range n {
			lines[i] = string(rune('a' + r.IntN(4)))
			ns[i] = &svgNode{first: i, last: i, hash: uint64(lines[i][0])}
		}
		return lines, ns
	}
	for c := range 2000 {
		al, ma := nodes(r.IntN(30))
		bl, mb := nodes(r.IntN(30))
		d := &svgDiffer{al: al, bl: bl}
		same, ok := d.align(ma, mb)
		if !ok {
			t.Fatalf("case %d: no alignment of %d and %d", c, len(ma), len(mb))
		}
		lcs := make([][]int, len(ma)+1)
		for i := range lcs {
			lcs[i] = make([]int, len(mb)+1)
		}
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if al[i] == bl[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		if len(same) != lcs[0][0] {
			t.Fatalf("case %d: %q and %q: %d pairs, want %d", c, al, bl, len(same), lcs[0][0])
		}
		for k, p := range same {
			if al[p[0]] != bl[p[1]] || k > 0 && (p[0] <= same[k-1][0] || p[1] <= same[k-1][1]) {
				t.Fatalf("case %d: %q and %q: pairs %v", c, al, bl, same)
			}
		}
	}
}

// TestSplitLinesAsSplit: the drawing's lines are strings.Split's, whatever
// the length of the drawing split before.
func TestSplitLinesAsSplit(t *testing.T) {
	for _, s := range []string{"", "\n", "a", "a\n", "\na\n\nb", strings.Repeat("<g>\n", 300), strings.Repeat("x", 50), "a\nb\nc"} {
		if got, want := splitLines(s), strings.Split(s, "\n"); !slices.Equal(got, want) {
			t.Fatalf("splitLines(%q) = %q, want %q", s, got, want)
		}
	}
}

// mergeBoardPatch merges a board patch into the board the page held, as
// delta.js does (its lists patched, its gone keys dropped), and gives the
// board and the patch as read.
func mergeBoardPatch(t *testing.T, heldBoard, bp json.RawMessage) (json.RawMessage, map[string]json.RawMessage) {
	t.Helper()
	var board, patch map[string]json.RawMessage
	if err := json.Unmarshal(heldBoard, &board); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(bp, &patch); err != nil {
		t.Fatal(err)
	}
	var gone []string
	json.Unmarshal(patch["gone"], &gone)
	rest := maps.Clone(patch)
	delete(rest, "gone")
	held := maps.Clone(board)
	for k, v := range rest {
		board[k] = v
	}
	mergeLists(t, board, held, rest)
	delete(board, "lists")
	for _, k := range gone {
		delete(board, k)
	}
	out, _ := json.Marshal(board)
	return out, patch
}
