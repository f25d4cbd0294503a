package source

import "unicode/utf8"

// Text is a document's bytes with the offset of each line, so positions
// turn into offsets without a scan from the top (a finding per token of a
// big file stays cheap).
type Text struct {
	data  []byte
	lines []int // byte offset of each line's start
}

// NewText indexes data's lines.
func NewText(data []byte) *Text {
	t := &Text{data: data, lines: []int{0}}
	for i, c := range data {
		if c == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// Span returns where the value that ptr names ends (or its key, with key
// set), for findings that cover a key, a value or a list item: the
// position just after its last character, as SARIF's endColumn counts. A
// scalar ends with its text (quotes included), a flow collection with its
// closing bracket, a block collection with the end of its last member. The
// zero Pos means the end is not known (a block scalar, a path that names
// nothing); callers then give the start alone.
func (t *Text) Span(root *Node, ptr string, key bool) Pos {
	if t == nil {
		return Pos{}
	}
	n, parentFlow := root, false
	toks, ok := splitPointer(ptr)
	if !ok || root == nil {
		return Pos{}
	}
	for _, tok := range toks {
		c := n.child(tok)
		if c == nil {
			return Pos{}
		}
		parentFlow = t.isFlow(n)
		n = c
	}
	if key {
		if len(toks) == 0 {
			return Pos{}
		}
		return t.scalarEnd(n.KeyPos, parentFlow, true)
	}
	return t.nodeEnd(n, parentFlow, 0)
}

// isFlow tells a flow collection ([…] or {…}) from a block one.
func (t *Text) isFlow(n *Node) bool {
	if n.Kind != Object && n.Kind != Array {
		return false
	}
	i := t.offset(n.Pos)
	return i >= 0 && i < len(t.data) && (t.data[i] == '[' || t.data[i] == '{')
}

func (t *Text) nodeEnd(n *Node, flow bool, depth int) Pos {
	if depth > 100 {
		return Pos{}
	}
	switch n.Kind {
	case Object, Array:
		if t.isFlow(n) {
			return t.bracketEnd(n.Pos)
		}
		var last *Node
		if n.Kind == Object && len(n.Fields) > 0 {
			last = n.Fields[len(n.Fields)-1]
		}
		if n.Kind == Array && len(n.Items) > 0 {
			last = n.Items[len(n.Items)-1]
		}
		if last == nil {
			return Pos{}
		}
		return t.nodeEnd(last, false, depth+1)
	}
	return t.scalarEnd(n.Pos, flow, false)
}

// offset is the byte offset of a 1-based line and rune column, or -1.
func (t *Text) offset(p Pos) int {
	if p.Line < 1 || p.Col < 1 || p.Line > len(t.lines) {
		return -1
	}
	i := t.lines[p.Line-1]
	for c := 1; c < p.Col; c++ {
		if i >= len(t.data) || t.data[i] == '\n' {
			return -1
		}
		_, w := utf8.DecodeRune(t.data[i:])
		i += w
	}
	return i
}

// after is the position of byte offset j, found from the known position p
// of an earlier offset i.
func (t *Text) after(p Pos, i, j int) Pos {
	for i < j && i < len(t.data) {
		r, w := utf8.DecodeRune(t.data[i:])
		if r == '\n' {
			p.Line, p.Col = p.Line+1, 1
		} else {
			p.Col++
		}
		i += w
	}
	return p
}

// scalarEnd finds the end of the scalar (or key) that starts at p.
func (t *Text) scalarEnd(p Pos, flow, key bool) Pos {
	data := t.data
	i := t.offset(p)
	if i < 0 || i >= len(data) {
		return Pos{}
	}
	switch data[i] {
	case '"':
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '\\':
				j++
			case '"':
				return t.after(p, i, j+1)
			}
		}
		return Pos{}
	case '\'':
		for j := i + 1; j < len(data); j++ {
			if data[j] == '\'' {
				if j+1 < len(data) && data[j+1] == '\'' {
					j++
					continue
				}
				return t.after(p, i, j+1)
			}
		}
		return Pos{}
	case '|', '>', '[', '{', '&', '*', '!':
		return Pos{} // block scalars, anchors, aliases and tags: start alone
	}
	end := i
	for j := i; j < len(data); j++ {
		c := data[j]
		if c == '\n' || c == '\r' {
			break
		}
		if flow && (c == ',' || c == ']' || c == '}') {
			break
		}
		if c == ':' && (key || flow) && (j+1 == len(data) || data[j+1] == ' ' || data[j+1] == '\n' || data[j+1] == '\r' || flow && (data[j+1] == ',' || data[j+1] == '}')) {
			break
		}
		if c == '#' && j > i && (data[j-1] == ' ' || data[j-1] == '\t') {
			break
		}
		if c != ' ' && c != '\t' {
			end = j + 1
		}
	}
	if end == i {
		return Pos{}
	}
	return t.after(p, i, end)
}

// bracketEnd finds the bracket that closes the flow collection at p.
func (t *Text) bracketEnd(p Pos) Pos {
	data := t.data
	i := t.offset(p)
	if i < 0 {
		return Pos{}
	}
	depth, quote := 0, byte(0)
	for j := i; j < len(data); j++ {
		c := data[j]
		switch {
		case quote == '"' && c == '\\':
			j++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
			if depth == 0 {
				return t.after(p, i, j+1)
			}
		}
	}
	return Pos{}
}
