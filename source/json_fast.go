package source

import (
	"encoding/json"
	"unicode/utf8"
)

// fastJSON builds the tree of a document that json.Valid accepted, reading
// the bytes directly rather than through encoding/json's tokens, which
// allocate for every one. It gives the same tree, positions and all; when
// it meets what the token walker must report (a duplicate key, a limit),
// ok is false and the walker reads the document again to word it.
//
// values is how many values the document holds, or a little more (see
// scanJSON): the nodes are cut from one block of that size.
func fastJSON(data []byte, values int, lim Limits) (root *Node, ok bool) {
	f := &fastJ{data: data, src: string(data), cur: newCursor(data), lim: lim, slabs: newSlabs(values)}
	f.skip()
	root = f.value(0)
	if f.bad {
		return nil, false
	}
	return root, true
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
		if depth+1 > f.lim.MaxDepth {
			f.bad = true
			return nil
		}
		f.object(n, depth+1)
	case '[':
		if depth+1 > f.lim.MaxDepth {
			f.bad = true
			return nil
		}
		f.array(n, depth+1)
	case '"':
		n.Kind, n.Text = String, f.str()
	case 't':
		n.Kind, n.Bool = Bool, true
		f.i += 4
	case 'f':
		n.Kind = Bool
		f.i += 5
	case 'n':
		n.Kind = Null
		f.i += 4
	default:
		start := f.i
		for f.i < len(f.data) {
			switch f.data[f.i] {
			case '-', '+', '.', 'e', 'E', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				f.i++
				continue
			}
			break
		}
		if f.i == start {
			f.bad = true
			return nil
		}
		n.Kind, n.Text = Number, f.src[start:f.i]
	}
	return n
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
// decoded as encoding/json decodes it.
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
