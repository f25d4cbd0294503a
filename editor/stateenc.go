package editor

import (
	"bytes"
	"encoding/json"
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
		k.tree, k.state = nil, nil
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
// struct before (when valid), whose JSON was before's, is before's.
func fieldJSON(v reflect.Value, fs []stateField, before reflect.Value, beforeJSON [][]byte) ([][]byte, error) {
	var enc bytes.Buffer
	je := json.NewEncoder(&enc)
	je.SetEscapeHTML(false)
	out := make([][]byte, len(fs))
	for i, f := range fs {
		fv := v.Field(f.index)
		if omitted(f, fv) {
			continue
		}
		if unchanged(before, beforeJSON, i, f, fv) {
			out[i] = beforeJSON[i]
			continue
		}
		if err := je.Encode(fv.Interface()); err != nil {
			return nil, err
		}
		out[i] = bytes.Clone(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
		enc.Reset()
	}
	return out, nil
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
// those now left out: what the page merges into the object it has.
func fieldsPatch(out *bytes.Buffer, fs []stateField, before, now [][]byte) {
	out.WriteByte('{')
	n := 0
	var gone []string
	for i, f := range fs {
		switch {
		case now[i] == nil && before[i] != nil:
			gone = append(gone, strconv.Quote(f.name))
		case now[i] != nil && !bytes.Equal(before[i], now[i]):
			if n > 0 {
				out.WriteByte(',')
			}
			n++
			out.WriteString(strconv.Quote(f.name) + ":")
			out.Write(now[i])
		}
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
	var gone []string
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
			if beforeBoard.IsValid() {
				beforeRaws = prev.board
			}
			raws, err := fieldJSON(reflect.ValueOf(st.Board).Elem(), bf, beforeBoard, beforeRaws)
			if err != nil {
				return errorReply(StatusFailed, "the state cannot be written: "+err.Error(), "")
			}
			now.board = raws
			now.fields[i] = object(bf, raws)
			switch {
			case prev != nil && bytes.Equal(prev.fields[i], now.fields[i]):
			case prev != nil && prev.board != nil:
				out.WriteString(`,"boardPatch":`)
				fieldsPatch(&out, bf, prev.board, raws)
			default:
				out.WriteString(`,"board":`)
				out.Write(now.fields[i])
			}
			continue
		}
		var raw []byte
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
	if len(gone) > 0 {
		out.WriteString(`,"gone":`)
		je.Encode(gone)
		out.Write(bytes.TrimSuffix(enc.Bytes(), []byte("\n")))
	}
	out.WriteString("}\n")
	return Reply{Status: StatusOK, Type: "application/json", Body: out.Bytes()}
}
