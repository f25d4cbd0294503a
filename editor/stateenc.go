package editor

import (
	"bytes"
	"encoding/json"
	"hash/maphash"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The state of a big board weighs megabytes (its map, its findings, its
// zones) and an edit changes a little of it. Each answer carries a key;
// the page sends back the key of the state it holds, and when the session
// still remembers that state the answer is a delta: the fields that
// changed, the names of those now gone, and the map as a patch of the one
// the page has (svgpatch.go). A page with no key, or one the session has
// forgotten, gets the whole state.

// keptStates is how many sent states the session remembers: enough for a
// few tabs, each a step behind.
const keptStates = 8

// sentState is a state as it was sent: each field's JSON, and the map.
type sentState struct {
	key    string
	fields [][]byte // by stateField; nil when the field was left out
	svg    string
	board  [][]byte // the board's fields, by boardFields
	tree   *svgTree // the drawing read as lines; the latest states' only
	// state is the state sent, the latest states' only: a field equal to
	// its value now is written as it was then, not encoded again (on a big
	// board the findings, the lines and the zones are most of an answer,
	// and most edits leave them as they were). A state is never changed
	// once it is answered.
	state *State
	// elems are a list field's elements' JSON, by stateField, for the
	// fields listPatched names: the latest states' only.
	elems      [][][]byte
	boardElems [][][]byte // the same of the board's fields, by boardFields
}

type stateCache struct {
	mu      sync.Mutex
	kept    []*sentState
	lastLen int // the size of the last answer
}

func (c *stateCache) find(key string) *sentState {
	if key == "" {
		return nil
	}
	for _, k := range c.kept {
		if k.key == key {
			return k
		}
	}
	return nil
}

// stateKeys numbers the states sent by every session of this process,
// under a prefix of this run: a page that kept a key across a restart of
// the editor, or across a mission opened in the web edition's module,
// never finds another state under it.
var (
	stateKeys   atomic.Int64
	stateKeyRun = strconv.FormatInt(time.Now().UnixNano()%(1<<40), 36)
)

func (c *stateCache) add(s *sentState) {
	s.key = stateKeyRun + "." + strconv.FormatInt(stateKeys.Add(1), 36)
	if len(c.kept) == keptStates {
		c.kept = append(c.kept[:0], c.kept[1:]...)
	}
	c.kept = append(c.kept, s)
	// A drawing's lines weigh as much again as its text: the states
	// before the last two drop theirs (they are read again if asked).
	for _, k := range c.kept[:max(0, len(c.kept)-2)] {
		k.tree, k.state, k.elems, k.boardElems = nil, nil, nil, nil
	}
}

type stateField struct {
	index     int
	name      string
	omitEmpty bool
}

// fieldsOf are a struct type's fields as encoding/json names them, in
// order.
func fieldsOf(t reflect.Type) []stateField {
	var out []stateField
	for i := range t.NumField() {
		if !t.Field(i).IsExported() {
			continue // as encoding/json: the session's own
		}
		tag := t.Field(i).Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = t.Field(i).Name
		}
		out = append(out, stateField{index: i, name: name, omitEmpty: strings.Contains(opts, "omitempty")})
	}
	return out
}

var (
	stateFields = sync.OnceValue(func() []stateField { return fieldsOf(reflect.TypeFor[State]()) })
	boardFields = sync.OnceValue(func() []stateField { return fieldsOf(reflect.TypeFor[Board]()) })
)

// omitted: encoding/json leaves the field out.
func omitted(f stateField, v reflect.Value) bool {
	if !f.omitEmpty {
		return false
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.String, reflect.Array:
		return v.Len() == 0
	}
	return v.IsZero()
}

// fieldJSON is each field's JSON as encoding/json writes it in the
// struct (nil for one it leaves out); a field equal to its value in the
// struct before (when valid), whose JSON was before's, is before's. The
// lists listPatched names come with their elements' JSON too.
func fieldJSON(v reflect.Value, fs []stateField, before reflect.Value, beforeJSON [][]byte, beforeElems [][][]byte) ([][]byte, [][][]byte, error) {
	var enc bytes.Buffer
	je := json.NewEncoder(&enc)
	je.SetEscapeHTML(false)
	out := make([][]byte, len(fs))
	var elems [][][]byte
	for i, f := range fs {
		fv := v.Field(f.index)
		if omitted(f, fv) {
			continue
		}
		if listPatched[f.name] && fv.Kind() == reflect.Slice && !fv.IsNil() {
			if elems == nil {
				elems = make([][][]byte, len(fs))
			}
			if beforeElems != nil && beforeElems[i] != nil && unchanged(before, beforeJSON, i, f, fv) {
				out[i], elems[i] = beforeJSON[i], beforeElems[i]
				continue
			}
			var err error
			if out[i], elems[i], err = listJSON(fv); err != nil {
				return nil, nil, err
			}
			continue
		}
		if unchanged(before, beforeJSON, i, f, fv) {
			out[i] = beforeJSON[i]
			continue
		}
		if err := je.Encode(fv.Interface()); err != nil {
			return nil, nil, err
		}
		out[i] = bytes.Clone(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
		enc.Reset()
	}
	return out, elems, nil
}

// unchanged tells whether field f (the i-th of its list) of the struct
// before holds what fv holds, and its JSON was written then: equal values
// give the same JSON, and comparing them costs a fraction of encoding.
func unchanged(before reflect.Value, beforeJSON [][]byte, i int, f stateField, fv reflect.Value) bool {
	if !before.IsValid() || beforeJSON == nil || beforeJSON[i] == nil {
		return false
	}
	return reflect.DeepEqual(before.Field(f.index).Interface(), fv.Interface())
}

// object writes the fields' JSON as encoding/json writes the struct.
func object(fs []stateField, raws [][]byte) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fs {
		if raws[i] == nil {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(f.name) + ":")
		b.Write(raws[i])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// fieldsPatch writes the fields that differ from before, and in "gone"
// those now left out; a list most of whose elements before had (by
// beforeElems and nowElems, when both are known) in "lists", as a patch.
func fieldsPatch(out *bytes.Buffer, fs []stateField, before, now [][]byte, beforeElems, nowElems [][][]byte) {
	out.WriteByte('{')
	n := 0
	var gone, lists []string
	for i, f := range fs {
		switch {
		case now[i] == nil && before[i] != nil:
			gone = append(gone, strconv.Quote(f.name))
		case now[i] != nil && !bytes.Equal(before[i], now[i]):
			if beforeElems != nil && nowElems != nil && beforeElems[i] != nil && nowElems[i] != nil {
				if p, ok := listPatch(beforeElems[i], nowElems[i]); ok && len(p) < len(now[i])/2 {
					lists = append(lists, strconv.Quote(f.name)+":"+string(p))
					continue
				}
			}
			if n > 0 {
				out.WriteByte(',')
			}
			n++
			out.WriteString(strconv.Quote(f.name) + ":")
			out.Write(now[i])
		}
	}
	if len(lists) > 0 {
		if n > 0 {
			out.WriteByte(',')
		}
		n++
		out.WriteString(`"lists":{` + strings.Join(lists, ",") + "}")
	}
	if len(gone) > 0 {
		if n > 0 {
			out.WriteByte(',')
		}
		out.WriteString(`"gone":[` + strings.Join(gone, ",") + "]")
	}
	out.WriteByte('}')
}

// stateReply encodes st, as a delta of the state sent under key base when
// the session still has it.
func (s *Session) stateReply(st *State, base string) Reply {
	s.sent.mu.Lock()
	defer s.sent.mu.Unlock()
	prev := s.sent.find(base)
	fs := stateFields()
	now := &sentState{fields: make([][]byte, len(fs)), svg: st.SVG, state: st}
	v := reflect.ValueOf(st).Elem()
	var before, beforeBoard reflect.Value // the state sent before, when kept
	if prev != nil && prev.state != nil {
		before = reflect.ValueOf(prev.state).Elem()
		if prev.state.Board != nil && prev.board != nil {
			beforeBoard = reflect.ValueOf(prev.state.Board).Elem()
		}
	}
	var enc bytes.Buffer
	je := json.NewEncoder(&enc)
	je.SetEscapeHTML(false)
	var patch []svgOp
	patched := false
	if prev != nil && prev.svg != st.SVG && prev.svg != "" && st.SVG != "" && st.Kind == "grid" {
		// The drawing before was read when it was sent: only the new one
		// is read now, and kept for the next edit.
		if prev.tree == nil {
			prev.tree = parseSVG(prev.svg)
		}
		if st.svgTree != nil {
			now.tree = st.svgTree()
		} else {
			now.tree = parseSVG(st.SVG)
		}
		if ops, ok := svgDiffTrees(prev.tree, now.tree); ok && patchSize(ops) < len(st.SVG)/2 {
			patch, patched = ops, true
		}
	}
	s.sent.add(now)

	var out bytes.Buffer
	out.Grow(s.sent.lastLen) // the answers of one board weigh about the same
	defer func() { s.sent.lastLen = out.Len() }()
	out.WriteString(`{"key":` + strconv.Quote(now.key))
	if prev != nil {
		out.WriteString(`,"base":` + strconv.Quote(prev.key))
	}
	var gone, lists []string
	for i, f := range fs {
		fv := v.Field(f.index)
		if f.name == "svg" {
			switch {
			case st.SVG == "":
				if prev != nil && prev.svg != "" {
					gone = append(gone, f.name)
				}
			case prev != nil && prev.svg == st.SVG:
			case patched:
				out.WriteString(`,"svgPatch":`)
				je.Encode(patch)
				out.Write(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
				enc.Reset()
			default:
				out.WriteString(`,"svg":`)
				je.Encode(st.SVG)
				out.Write(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
				enc.Reset()
			}
			continue
		}
		if omitted(f, fv) {
			if prev != nil && prev.fields[i] != nil {
				gone = append(gone, f.name)
			}
			continue
		}
		if f.name == "board" && st.Board != nil {
			// A big board's zones are most of the state, and an edit of
			// its tokens leaves them as they were: the board's fields are
			// compared one by one.
			bf := boardFields()
			var beforeRaws [][]byte
			var beforeElems [][][]byte
			if beforeBoard.IsValid() {
				beforeRaws, beforeElems = prev.board, prev.boardElems
			}
			raws, elems, err := fieldJSON(reflect.ValueOf(st.Board).Elem(), bf, beforeBoard, beforeRaws, beforeElems)
			if err != nil {
				return errorReply(StatusFailed, "the state cannot be written: "+err.Error(), "")
			}
			now.board, now.boardElems = raws, elems
			now.fields[i] = object(bf, raws)
			switch {
			case prev != nil && bytes.Equal(prev.fields[i], now.fields[i]):
			case prev != nil && prev.board != nil:
				out.WriteString(`,"boardPatch":`)
				fieldsPatch(&out, bf, prev.board, raws, prev.boardElems, elems)
			default:
				out.WriteString(`,"board":`)
				out.Write(now.fields[i])
			}
			continue
		}
		var raw []byte
		if listPatched[f.name] && fv.Kind() == reflect.Slice && !fv.IsNil() {
			var elems [][]byte
			if prev != nil && prev.elems != nil && prev.elems[i] != nil && unchanged(before, prev.fields, i, f, fv) {
				raw, elems = prev.fields[i], prev.elems[i]
			} else {
				var err error
				if raw, elems, err = listJSON(fv); err != nil {
					return errorReply(StatusFailed, "the state cannot be written: "+err.Error(), "")
				}
			}
			if now.elems == nil {
				now.elems = make([][][]byte, len(fs))
			}
			now.elems[i] = elems
			now.fields[i] = raw
			if prev != nil && bytes.Equal(prev.fields[i], raw) {
				continue
			}
			if prev != nil && prev.elems != nil && prev.elems[i] != nil {
				if p, ok := listPatch(prev.elems[i], elems); ok && len(p) < len(raw)/2 {
					lists = append(lists, strconv.Quote(f.name)+":"+string(p))
					continue
				}
			}
			out.WriteString(`,` + strconv.Quote(f.name) + `:`)
			out.Write(raw)
			continue
		}
		if prev != nil && unchanged(before, prev.fields, i, f, fv) {
			raw = prev.fields[i]
		} else {
			if err := je.Encode(fv.Interface()); err != nil {
				return errorReply(StatusFailed, "the state cannot be written: "+err.Error(), "")
			}
			raw = bytes.Clone(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
			enc.Reset()
		}
		now.fields[i] = raw
		if prev != nil && bytes.Equal(prev.fields[i], raw) {
			continue
		}
		out.WriteString(`,` + strconv.Quote(f.name) + `:`)
		out.Write(raw)
	}
	if len(lists) > 0 {
		out.WriteString(`,"lists":{` + strings.Join(lists, ",") + "}")
	}
	if len(gone) > 0 {
		out.WriteString(`,"gone":`)
		je.Encode(gone)
		out.Write(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
	}
	out.WriteString("}\n")
	return Reply{Status: StatusOK, Type: "application/json", Body: out.Bytes()}
}

// listPatched are the lists of the state and of its board sent as a
// patch of the page's own when most of their elements are the page's
// already: a tile turned on a big board changes a few of its 500
// findings and moves hundreds, a few of its zones and one of its tiles;
// the three lists whole were 0.49 of the answer's 0.63 MB, which Chromium
// carries from its network process to the page in steps, and the page
// reads.
var listPatched = map[string]bool{"findings": true, "zones": true, "tiles": true}

// listJSON encodes a slice as encoding/json does, and gives each
// element's JSON too (parts of the list's): the list is "[" the elements
// joined by "," "]".
func listJSON(fv reflect.Value) ([]byte, [][]byte, error) {
	var raw bytes.Buffer
	je := json.NewEncoder(&raw)
	je.SetEscapeHTML(false)
	ends := make([]int, fv.Len()+1) // element k is raw[ends[k]+1 : ends[k+1]]
	raw.WriteByte('[')
	for k := range fv.Len() {
		if k > 0 {
			raw.WriteByte(',')
		}
		ends[k] = raw.Len() - 1
		// The element by its address, as encoding/json reaches a slice's
		// elements (a MarshalJSON on the pointer is the one it calls).
		if err := je.Encode(fv.Index(k).Addr().Interface()); err != nil {
			return nil, nil, err
		}
		raw.Truncate(raw.Len() - 1) // the encoder's newline
	}
	ends[fv.Len()] = raw.Len()
	raw.WriteByte(']')
	b := raw.Bytes()
	elems := make([][]byte, fv.Len())
	for k := range elems {
		elems[k] = b[ends[k]+1 : ends[k+1] : ends[k+1]]
	}
	return b, elems, nil
}

// listPatch writes now as a patch of before: a JSON array whose items
// are either [i, n], the n elements of before from i, or an element of
// its own. It is false when an element of now is not an object (it
// could not be told from a run).
func listPatch(before, now [][]byte) ([]byte, bool) {
	// An element's places in before, the first last, by its hash (the
	// elements are compared too).
	seed := maphash.MakeSeed()
	at := make(map[uint64][]int, len(before))
	for i := len(before) - 1; i >= 0; i-- {
		h := maphash.Bytes(seed, before[i])
		at[h] = append(at[h], i)
	}
	used := make([]bool, len(before))
	var b bytes.Buffer
	b.WriteByte('[')
	from, n := 0, 0 // the run of before being copied
	flush := func() {
		if n == 0 {
			return
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString("[" + strconv.Itoa(from) + "," + strconv.Itoa(n) + "]")
		n = 0
	}
	for _, e := range now {
		if len(e) == 0 || e[0] != '{' {
			return nil, false
		}
		if n > 0 && from+n < len(before) && !used[from+n] && bytes.Equal(before[from+n], e) {
			used[from+n] = true // the run goes on
			n++
			continue
		}
		h := maphash.Bytes(seed, e)
		places := at[h]
		for len(places) > 0 && used[places[len(places)-1]] {
			places = places[:len(places)-1]
		}
		at[h] = places
		// The last place of an element equal to e (one of another with
		// the same hash stays, for its own).
		j := -1
		for p := len(places) - 1; p >= 0; p-- {
			if !used[places[p]] && bytes.Equal(before[places[p]], e) {
				j = places[p]
				break
			}
		}
		if j >= 0 {
			used[j] = true
			flush()
			from, n = j, 1
			continue
		}
		flush()
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(e)
	}
	flush()
	b.WriteByte(']')
	return b.Bytes(), true
}
