package source

import (
	"bytes"
	"unicode/utf8"
)

// Where a value ends: the tree keeps where each value and key starts, and a
// language server underlines the whole key, value or list item a finding is
// about. Span finds the end from the document's own bytes, so the parsers
// need not carry it.

// Lines maps positions of one document to byte offsets and back, breaking
// lines where Offset does.
type Lines struct {
	data   []byte
	starts []int // byte offset of each line's first byte
}

// NewLines indexes data's lines.
func NewLines(data []byte) *Lines {
	l := &Lines{data: data, starts: []int{0}}
	for i := 0; i < len(data); {
		b := data[i]
		switch {
		case b == '\n':
			i++
			l.starts = append(l.starts, i)
		case b == '\r':
			i++
			if i < len(data) && data[i] == '\n' {
				i++
			}
			l.starts = append(l.starts, i)
		case b < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(data[i:])
			i += size
			if r == 0x85 || r == 0x2028 || r == 0x2029 {
				l.starts = append(l.starts, i)
			}
		}
	}
	return l
}

// Offset returns the byte offset of p (1-based line, column in runes); a
// position past its line's end gives the line's end, one past the last line
// the end of data. The zero Pos gives 0.
func (l *Lines) Offset(p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(l.starts) {
		return len(l.data)
	}
	off := l.starts[p.Line-1]
	if p.Line == 1 && hasBOM(l.data) {
		off = len(bom) // the byte order mark takes no column
	}
	end := l.lineEnd(p.Line)
	for c := 1; c < p.Col && off < end; c++ {
		_, size := utf8.DecodeRune(l.data[off:end])
		off += size
	}
	return off
}

// Pos returns the position of byte offset off.
func (l *Lines) Pos(off int) Pos {
	off = min(max(off, 0), len(l.data))
	// the last line starting at or before off
	lo, hi := 0, len(l.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if l.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	start := l.starts[lo]
	if lo == 0 && hasBOM(l.data) && off >= len(bom) {
		start = len(bom)
	}
	return Pos{Line: lo + 1, Col: 1 + utf8.RuneCount(l.data[start:max(off, start)])}
}

// lineEnd is the offset just before line n's break.
func (l *Lines) lineEnd(n int) int {
	if n >= len(l.starts) {
		return len(l.data)
	}
	end := l.starts[n]
	switch {
	case end >= 2 && l.data[end-2] == '\r' && l.data[end-1] == '\n':
		return end - 2
	case end >= 1 && (l.data[end-1] == '\n' || l.data[end-1] == '\r'):
		return end - 1
	}
	_, size := utf8.DecodeLastRune(l.data[:end]) // NEL, LS or PS
	return end - size
}

// Span returns the start and end (just after the last character) of the
// value ptr names in root, or of its key when key is set; data is the text
// root was read from. A pointer that names nothing spans the nearest value
// that exists, as Locate does. The end of a scalar is where its text ends, of
// a {…} or […] collection its closing bracket, of a block collection its
// last member, of a | or > block its last line of text.
func (l *Lines) Span(root *Node, ptr string, key bool) (start, end Pos) {
	n, flow := root, false
	toks, _ := splitPointer(ptr)
	for _, t := range toks {
		c := n.child(t)
		if c == nil {
			key = false
			break
		}
		flow = flow || l.opens(n)
		n = c
	}
	if n == nil {
		return Pos{}, Pos{}
	}
	if key && n.KeyPos != n.Pos && n.KeyPos.Line > 0 {
		s := l.Offset(n.KeyPos)
		return n.KeyPos, l.Pos(l.scalarEnd(s, flow, true))
	}
	s := l.Offset(n.Pos)
	return n.Pos, l.Pos(l.valueEnd(n, s, flow))
}

// opens tells whether n is written as a {…} or […] collection.
func (l *Lines) opens(n *Node) bool {
	if n.Kind != Object && n.Kind != Array {
		return false
	}
	s := l.Offset(n.Pos)
	return s < len(l.data) && (l.data[s] == '{' || l.data[s] == '[')
}

// valueEnd is the offset just after the value n that starts at s.
func (l *Lines) valueEnd(n *Node, s int, flow bool) int {
	if s >= len(l.data) {
		return s
	}
	switch l.data[s] {
	case '{', '[':
		if n.Kind == Object || n.Kind == Array {
			return l.bracketEnd(s)
		}
	case '|', '>':
		if !flow && n.Kind == String {
			return l.blockEnd(s)
		}
	}
	if n.Kind == Object || n.Kind == Array {
		// a block collection ends with its last member
		var last *Node
		if n.Kind == Object && len(n.Fields) > 0 {
			last = n.Fields[len(n.Fields)-1]
		} else if n.Kind == Array && len(n.Items) > 0 {
			last = n.Items[len(n.Items)-1]
		}
		if last == nil || last.Pos.Line == 0 {
			return l.scalarEnd(s, flow, false)
		}
		ls := l.Offset(last.Pos)
		if ls <= s {
			return l.scalarEnd(s, flow, false)
		}
		return l.valueEnd(last, ls, flow)
	}
	return l.scalarEnd(s, flow, false)
}

// scalarEnd is the offset just after the scalar (or key) that starts at s: a
// quoted one at its closing quote, a plain one before a comment, the end of
// its line, and in a {…} or […] collection a , ] or }; a key also before its
// ": ".
func (l *Lines) scalarEnd(s int, flow, key bool) int {
	d := l.data
	if s >= len(d) {
		return s
	}
	switch d[s] {
	case '"':
		for i := s + 1; i < len(d); i++ {
			switch d[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
		return len(d)
	case '\'':
		for i := s + 1; i < len(d); i++ {
			if d[i] == '\'' {
				if i+1 < len(d) && d[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
		return len(d)
	}
	line := l.Pos(s).Line
	end := l.lineEnd(line)
	i := s
scan:
	for ; i < end; i++ {
		switch d[i] {
		case '#':
			if i > s && (d[i-1] == ' ' || d[i-1] == '\t') {
				break scan
			}
		case ',', ']', '}':
			if flow {
				break scan
			}
		case ':':
			if key && (i+1 == end || d[i+1] == ' ' || d[i+1] == '\t' || (flow && bytes.IndexByte([]byte(",]}"), d[i+1]) >= 0)) {
				break scan
			}
		}
	}
	for i > s && (d[i-1] == ' ' || d[i-1] == '\t') {
		i--
	}
	return i
}

// bracketEnd is the offset just after the bracket that closes the one at s,
// quotes and comments skipped; the end of data when none does.
func (l *Lines) bracketEnd(s int) int {
	d := l.data
	depth := 0
	for i := s; i < len(d); i++ {
		switch d[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			// a quote opens a string only where a value can start
			if j := i - 1; j >= s && bytes.IndexByte([]byte(" \t\n\r{[,:"), d[j]) < 0 {
				continue
			}
			i = l.scalarEnd(i, true, false) - 1
		case '#':
			if d[i-1] == ' ' || d[i-1] == '\t' || d[i-1] == '\n' {
				for i < len(d) && d[i] != '\n' && d[i] != '\r' {
					i++
				}
			}
		}
	}
	return len(d)
}

// blockEnd is the offset just after the last line of text of the | or >
// block whose header starts at s: the lines after the header that are blank
// or indented deeper than the key (or list dash) the block belongs to.
func (l *Lines) blockEnd(s int) int {
	line := l.Pos(s).Line
	ls, le := l.starts[line-1], l.lineEnd(line)
	i, owner := ls, ls
	for i < le && l.data[i] == ' ' {
		i++
	}
	owner = i
	for i+1 < le && l.data[i] == '-' && l.data[i+1] == ' ' {
		owner = i
		for i++; i < le && l.data[i] == ' '; i++ {
		}
	}
	if i != s {
		owner = i // "key: |": the key's column
	}
	indent := owner - ls
	end := le
	for n := line + 1; n <= len(l.starts); n++ {
		ns, ne := l.starts[n-1], l.lineEnd(n)
		if len(bytes.TrimSpace(l.data[ns:ne])) == 0 {
			continue
		}
		j := ns
		for j < ne && l.data[j] == ' ' {
			j++
		}
		if j-ns <= indent {
			break
		}
		end = ne
	}
	return end
}

// EndAt returns the end of the key, scalar or {…} / […] collection that
// starts at p, for a finding made while reading (a duplicate key, a tag, a
// number JSON cannot hold, a list nested too deep), when there is no tree
// to ask Span. Whether p lies in a {…} or […]
// collection is told by counting the brackets before it. The zero Pos is
// returned when p is past the text or the end would not follow it.
func (l *Lines) EndAt(p Pos, key bool) Pos {
	s := l.Offset(p)
	if p.Line < 1 || s >= len(l.data) {
		return Pos{}
	}
	var end Pos
	if !key && (l.data[s] == '{' || l.data[s] == '[') {
		end = l.Pos(l.bracketEnd(s))
	} else {
		end = l.Pos(l.scalarEnd(s, l.inFlow(s), key))
	}
	if end.Line < p.Line || (end.Line == p.Line && end.Col <= p.Col) {
		return Pos{}
	}
	return end
}

// inFlow tells whether offset s lies inside a {…} or […] collection:
// brackets opened before it and not closed, quotes and comments skipped.
func (l *Lines) inFlow(s int) bool {
	d := l.data
	depth := 0
	for i := 0; i < s && i < len(d); i++ {
		switch d[i] {
		case '{', '[':
			depth++
		case '}', ']':
			if depth > 0 {
				depth--
			}
		case '"', '\'':
			if j := i - 1; j >= 0 && bytes.IndexByte([]byte(" \t\n\r{[,:"), d[j]) < 0 {
				continue
			}
			i = l.scalarEnd(i, true, false) - 1
		case '#':
			if i == 0 || d[i-1] == ' ' || d[i-1] == '\t' || d[i-1] == '\n' || d[i-1] == '\r' {
				for i < len(d) && d[i] != '\n' && d[i] != '\r' {
					i++
				}
			}
		}
	}
	return depth > 0
}
