package source

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// fastJSON builds the tree of a document in the common form, reading the
// bytes directly rather than through encoding/json's scanner and tokens,
// which allocate for every one. It accepts only what encoding/json accepts
// (its strings, numbers and literals by JSON's grammar, one value and
// blank space after it) and gives the token walker's tree, positions and
// all. Whatever it is not sure of (a control character in a string, a
// number or word off the grammar, anything after the value, a duplicate
// key, a limit) makes ok false, and the document goes through
// json.Valid and the token walker, which word the problem: this reader
// never reports one itself.
//
// values is about how many values the document holds: the nodes are cut
// from blocks of that size.
func fastJSON(data []byte, values int, lim Limits) (root *Node, ok bool) {
	f := &fastJ{data: data, src: string(data), cur: newCursor(data), lim: lim, slabs: newSlabs(values)}
	defer f.release()
	f.skip()
	root = f.value(0)
	f.skip()
	if f.bad || f.i != len(data) {
		return nil, false
	}
	return root, true
}

// jsonValues is about how many values data holds, at least: one, and one
// more a comma or a container.
func jsonValues(data []byte) int {
	return 1 + bytes.Count(data, []byte{','}) + bytes.Count(data, []byte{'{'}) + bytes.Count(data, []byte{'['})
}

type fastJ struct {
	data  []byte
	src   string // data as a string: strings without escapes are slices of it
	i     int
	cur   *cursor
	lim   Limits
	count int
	bad   bool
	slabs // where the tree's nodes and lists are cut from
}

func (f *fastJ) skip() {
	for f.i < len(f.data) {
		switch f.data[f.i] {
		case ' ', '\t', '\n', '\r':
			f.i++
		default:
			return
		}
	}
}

func (f *fastJ) value(depth int) *Node {
	if f.bad || f.i >= len(f.data) {
		f.bad = true
		return nil
	}
	if f.count++; f.count > f.lim.MaxNodes {
		f.bad = true
		return nil
	}
	n := f.node(Null, f.cur.to(f.i))
	switch c := f.data[f.i]; c {
	case '{':
		if f.tooDeep(depth + 1) {
			f.bad = true
			return nil
		}
		f.object(n, depth+1)
	case '[':
		if f.tooDeep(depth + 1) {
			f.bad = true
			return nil
		}
		f.array(n, depth+1)
	case '"':
		n.Kind, n.Text = String, f.str()
	case 't':
		n.Kind, n.Bool = Bool, true
		f.word("true")
	case 'f':
		n.Kind = Bool
		f.word("false")
	case 'n':
		n.Kind = Null
		f.word("null")
	default:
		start := f.i
		f.number()
		n.Kind, n.Text = Number, f.src[start:f.i]
	}
	return n
}

// validMaxDepth is encoding/json's own ceiling on nesting: json.Valid
// refuses a document deeper than it whatever Limits.MaxDepth says, so the
// fast reader refuses it too, and the slower path words it as it did.
const validMaxDepth = 10_000

// tooDeep tells whether a container at depth is past the limit or past
// what json.Valid accepts.
func (f *fastJ) tooDeep(depth int) bool {
	return depth > f.lim.MaxDepth || depth > validMaxDepth
}

// word reads the literal w at f.i.
func (f *fastJ) word(w string) {
	if len(f.data)-f.i < len(w) || string(f.data[f.i:f.i+len(w)]) != w {
		f.bad = true
		return
	}
	f.i += len(w)
}

// number reads a number at f.i by JSON's grammar:
// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (f *fastJ) number() {
	if f.at('-') {
		f.i++
	}
	switch {
	case f.at('0'):
		f.i++
	case f.i < len(f.data) && f.data[f.i] >= '1' && f.data[f.i] <= '9':
		f.digits()
	default:
		f.bad = true
		return
	}
	if f.at('.') {
		f.i++
		if f.digits() == 0 {
			f.bad = true
			return
		}
	}
	if f.at('e') || f.at('E') {
		f.i++
		if f.at('+') || f.at('-') {
			f.i++
		}
		if f.digits() == 0 {
			f.bad = true
		}
	}
}

func (f *fastJ) at(c byte) bool { return f.i < len(f.data) && f.data[f.i] == c }

// digits reads a run of digits and says how long it was.
func (f *fastJ) digits() int {
	start := f.i
	for f.i < len(f.data) && f.data[f.i] >= '0' && f.data[f.i] <= '9' {
		f.i++
	}
	return f.i - start
}

func (f *fastJ) array(n *Node, depth int) {
	n.Kind = Array
	start := len(f.items)
	defer f.endItems(n, start)
	f.i++ // [
	f.skip()
	if f.i < len(f.data) && f.data[f.i] == ']' {
		f.i++
		return
	}
	for !f.bad {
		f.items = append(f.items, f.value(depth))
		f.skip()
		if f.i >= len(f.data) {
			f.bad = true
			return
		}
		switch f.data[f.i] {
		case ',':
			f.i++
			f.skip()
		case ']':
			f.i++
			return
		default:
			f.bad = true
		}
	}
}

func (f *fastJ) object(n *Node, depth int) {
	n.Kind = Object
	m := f.beginMembers()
	defer f.endMembers(n, m)
	f.i++ // {
	f.skip()
	if f.i < len(f.data) && f.data[f.i] == '}' {
		f.i++
		return
	}
	for !f.bad {
		if f.i >= len(f.data) || f.data[f.i] != '"' {
			f.bad = true
			return
		}
		kpos := f.cur.to(f.i)
		key := f.str()
		f.skip()
		if f.i >= len(f.data) || f.data[f.i] != ':' {
			f.bad = true
			return
		}
		f.i++
		f.skip()
		v := f.value(depth)
		if f.bad {
			return
		}
		v.KeyPos = kpos
		if !f.addMember(&m, key, v) {
			f.bad = true // a duplicate key: the walker words it
			return
		}
		f.skip()
		if f.i >= len(f.data) {
			f.bad = true
			return
		}
		switch f.data[f.i] {
		case ',':
			f.i++
			f.skip()
		case '}':
			f.i++
			return
		default:
			f.bad = true
		}
	}
}

// str reads the string at f.i (its opening quote) and returns its value,
// decoded as encoding/json decodes it: a slice of the text when it holds
// no escape, else through json.Unmarshal, which refuses a wrong escape.
// A control character, which JSON refuses in a string, leaves the
// document to the slower path.
func (f *fastJ) str() string {
	start := f.i
	f.i++
	plain := true
	for f.i < len(f.data) {
		c := f.data[f.i]
		if c == '\\' {
			plain = false
			f.i += 2
			continue
		}
		if c == '"' {
			break
		}
		if c < 0x20 {
			f.bad = true
			return ""
		}
		if c >= utf8.RuneSelf {
			plain = false
		}
		f.i++
	}
	if f.i >= len(f.data) {
		f.bad = true
		return ""
	}
	f.i++ // the closing quote
	raw := f.data[start:f.i]
	if plain || utf8.Valid(raw) && !hasBackslash(raw) {
		return f.src[start+1 : f.i-1]
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		f.bad = true
		return ""
	}
	return s
}

func hasBackslash(b []byte) bool {
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}
