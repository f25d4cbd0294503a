package source

import (
	"unicode/utf8"
)

// fastYAML builds the tree of a document written in the subset of YAML that
// missions use (block mappings and sequences, one-line flow collections,
// one-line plain and quoted scalars, literal and folded block scalars,
// comments), reading the bytes directly instead of through the go-yaml
// scanner, parser and composer. It gives the tree parseYAML's builder gives,
// positions and all. Whatever it is not sure of (anchors, tags, multi-line
// scalars, empty values, a duplicate key, a limit, anything unusual) makes
// ok false, and the go-yaml path reads the document and words the problem:
// this reader never reports one itself.
func fastYAML(data []byte, lim Limits) (root *Node, ok bool) {
	if !yamlFastChars(data) {
		return nil, false
	}
	f := &fastY{data: data, src: string(data), line: 1, colOff: -1, lim: lim, slabs: newSlabs(len(data) / 12)} // a mission in YAML holds about a value per 12 bytes
	defer f.release()
	ind := f.nextContent()
	if f.bad || ind < 0 {
		return nil, false
	}
	root = f.rootValue(ind)
	if f.bad {
		return nil, false
	}
	// One document only: nothing but comments and blank lines may follow.
	if f.nextContent() >= 0 || f.bad {
		return nil, false
	}
	return root, true
}

// yamlFastChars tells whether data holds only characters the fast reader
// takes: no tab (its place in indentation is subtle), no CR other than in
// CRLF, no NEL, LS, PS or byte order mark (line breaks and marks the reader
// does not count), no DEL or C1 control.
func yamlFastChars(data []byte) bool {
	for i := 0; i < len(data); {
		c := data[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\r':
				if i+1 >= len(data) || data[i+1] != '\n' {
					return false
				}
			case c < 0x20 && c != '\n', c == 0x7F:
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1, r <= 0x9F, r == 0x2028, r == 0x2029, r == 0xFEFF,
			r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
			return false
		}
		i += size
	}
	return true
}

type fastY struct {
	data []byte
	src  string // data as a string: scalars without escapes are slices of it
	i    int    // the read offset
	line int    // the line of i, 1-based
	ls   int    // where that line starts

	// Columns count characters: colOff/col cache the last column computed
	// on the current line, so a long line is counted once.
	colOff, col int

	lim   Limits
	count int
	bad   bool

	slabs // where the tree's nodes and lists are cut from
}

// pos is the position of offset j on the current line.
func (f *fastY) pos(j int) Pos {
	if f.colOff < f.ls || j < f.colOff {
		f.colOff, f.col = f.ls, 1
	}
	for k := f.colOff; k < j; k++ {
		// Count every byte that starts a character.
		if f.data[k]&0xC0 != 0x80 {
			f.col++
		}
	}
	f.colOff = j
	return Pos{Line: f.line, Col: f.col}
}

// eol tells whether offset j ends a line (or the document).
func (f *fastY) eol(j int) bool {
	return j >= len(f.data) || f.data[j] == '\n' || f.data[j] == '\r'
}

// blankAt tells whether offset j holds a space or ends a line.
func (f *fastY) blankAt(j int) bool {
	return f.eol(j) || f.data[j] == ' '
}

// spaces returns the first offset from j that is not a space.
func (f *fastY) spaces(j int) int {
	for j < len(f.data) && f.data[j] == ' ' {
		j++
	}
	return j
}

// newline moves past the line break at f.i, if any, to the next line.
func (f *fastY) newline() {
	if f.i < len(f.data) && f.data[f.i] == '\r' {
		f.i++
	}
	if f.i < len(f.data) && f.data[f.i] == '\n' {
		f.i++
		f.line++
		f.ls = f.i
	}
}

// toEOL moves f.i to the end of the current line.
func (f *fastY) toEOL() {
	for !f.eol(f.i) {
		f.i++
	}
}

// endLine checks that only blanks or a comment follow on the line, and
// moves to the next line.
func (f *fastY) endLine() {
	j := f.spaces(f.i)
	if j < len(f.data) && f.data[j] == '#' {
		// A comment needs a blank before it.
		if j == f.i {
			f.bad = true
			return
		}
		f.i = j
		f.toEOL()
	} else if f.i = j; !f.eol(j) {
		f.bad = true
		return
	}
	f.newline()
}

// nextContent moves from the start of a line past blank and comment lines
// to the first character of the next line with content, and returns its
// indentation; -1 at the end of the document.
func (f *fastY) nextContent() int {
	for {
		if f.i >= len(f.data) {
			return -1
		}
		if f.i != f.ls {
			f.bad = true
			return -1
		}
		j := f.spaces(f.i)
		if j >= len(f.data) {
			f.i = j
			return -1
		}
		switch f.data[j] {
		case '\n', '\r':
			f.i = j
			f.newline()
			continue
		case '#':
			f.i = j
			f.toEOL()
			f.newline()
			continue
		}
		if j == f.ls && f.docMarker(j) {
			f.bad = true
			return -1
		}
		f.i = j
		return j - f.ls
	}
}

// docMarker tells whether a line starting at j starts with "---" or "...".
func (f *fastY) docMarker(j int) bool {
	d := f.data
	return j+2 < len(d) && (d[j] == '-' && d[j+1] == '-' && d[j+2] == '-' || d[j] == '.' && d[j+1] == '.' && d[j+2] == '.') &&
		f.blankAt(j+3)
}

// seqEntry tells whether f.i is at a block sequence entry: "-" and a blank.
func (f *fastY) seqEntry() bool {
	return f.i < len(f.data) && f.data[f.i] == '-' && f.blankAt(f.i+1)
}

// enter counts a value and, for a collection, checks the depth it opens;
// false means a limit is reached and the go-yaml path must word it.
func (f *fastY) enter(depth int, collection bool) bool {
	if f.count++; f.count > f.lim.MaxNodes || collection && depth+1 > f.lim.MaxDepth {
		f.bad = true
		return false
	}
	return true
}

// rootValue reads the document's value, which starts at f.i.
func (f *fastY) rootValue(ind int) *Node {
	if f.seqEntry() {
		return f.blockSeq(ind, 0)
	}
	switch f.data[f.i] {
	case '[', '{':
		n := f.flow(0)
		if !f.bad {
			f.endLine()
		}
		return n
	}
	k, isKey := f.scalar(false)
	if f.bad || !isKey {
		// A lone scalar is rare enough to leave to go-yaml.
		f.bad = true
		return nil
	}
	return f.blockMap(ind, 0, k)
}

// fscalar is a scalar as read: its value and how it was written.
type fscalar struct {
	text  string
	pos   Pos
	plain bool
}

// scalar reads a one-line plain or quoted scalar at f.i, in block context
// unless flow, and tells whether a mapping key indicator (":" and a blank)
// follows it at once; f.i is left after the scalar, or after that ":".
func (f *fastY) scalar(flow bool) (s fscalar, isKey bool) {
	start := f.i
	if start >= len(f.data) {
		f.bad = true
		return s, false
	}
	s.pos = f.pos(start)
	switch f.data[start] {
	case '"':
		s.text = f.doubleQuoted()
	case '\'':
		s.text = f.singleQuoted()
	default:
		if !f.plainStart(start, flow) {
			f.bad = true
			return s, false
		}
		s.plain = true
		end := f.plainEnd(start, flow)
		s.text = f.src[start:end]
		f.i = end
		if f.i < len(f.data) && f.data[f.i] == ':' {
			if flow && !f.blankAt(f.i+1) {
				// "a:b" in a flow collection: go-yaml's rules for it are
				// intricate.
				f.bad = true
				return s, false
			}
			f.i++
			return s, true
		}
		return s, false
	}
	if f.bad {
		return s, false
	}
	if f.i < len(f.data) && f.data[f.i] == ':' && f.blankAt(f.i+1) {
		f.i++
		return s, true
	}
	return s, false
}

// plainStart tells whether a plain scalar may start at j. Indicators
// cannot start one; "-" followed by a letter, digit or dot can ("-5",
// "-x"), and other indicator exceptions are left to go-yaml.
func (f *fastY) plainStart(j int, flow bool) bool {
	switch c := f.data[j]; c {
	case ' ', '\n', '\r', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
		return false
	case '-':
		if j+1 >= len(f.data) {
			return false
		}
		d := f.data[j+1]
		return d >= '0' && d <= '9' || d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' || d == '.'
	}
	return true
}

// plainEnd returns the end of the plain scalar starting at j, trailing
// blanks excluded. It stops at the end of the line, before " #", and
// before ": " (or ":" at the end of a line); in flow context also before
// ",[]{}" and any ":". What stops it is at the returned offset, after
// blanks only when the line ends there or a comment starts.
func (f *fastY) plainEnd(j int, flow bool) int {
	d := f.data
	for j < len(d) {
		switch c := d[j]; c {
		case '\n', '\r':
			return j
		case ' ':
			k := f.spaces(j)
			if f.eol(k) || d[k] == '#' {
				return j
			}
			if flow && (d[k] == ':' || d[k] == ',' || d[k] == '[' || d[k] == ']' || d[k] == '{' || d[k] == '}') {
				return j
			}
			if d[k] == ':' && f.blankAt(k+1) {
				return j
			}
			j = k
		case ':':
			if flow || f.blankAt(j+1) {
				return j
			}
			j++
		case ',', '[', ']', '{', '}':
			if flow {
				return j
			}
			j++
		default:
			j++
		}
	}
	return j
}

// singleQuoted reads a one-line single-quoted scalar at f.i.
func (f *fastY) singleQuoted() string {
	d := f.data
	start := f.i + 1
	var buf []byte
	j := start
	for {
		if f.eol(j) {
			f.bad = true // multi-line, or never closed
			return ""
		}
		if d[j] == '\'' {
			if j+1 < len(d) && d[j+1] == '\'' {
				if buf == nil {
					buf = append([]byte(nil), d[start:j]...)
				}
				buf = append(buf, '\'')
				j += 2
				continue
			}
			break
		}
		if buf != nil {
			buf = append(buf, d[j])
		}
		j++
	}
	f.i = j + 1
	if buf == nil {
		return f.src[start:j]
	}
	return string(buf)
}

// doubleQuoted reads a one-line double-quoted scalar at f.i, decoding its
// escapes as go-yaml does.
func (f *fastY) doubleQuoted() string {
	d := f.data
	start := f.i + 1
	var buf []byte
	j := start
	for {
		if f.eol(j) {
			f.bad = true
			return ""
		}
		c := d[j]
		if c == '"' {
			break
		}
		if c != '\\' {
			if buf != nil {
				buf = append(buf, c)
			}
			j++
			continue
		}
		if buf == nil {
			buf = append([]byte(nil), d[start:j]...)
		}
		if j+1 >= len(d) {
			f.bad = true
			return ""
		}
		code := 0
		switch d[j+1] {
		case '0':
			buf = append(buf, 0)
		case 'a':
			buf = append(buf, '\a')
		case 'b':
			buf = append(buf, '\b')
		case 't':
			buf = append(buf, '\t')
		case 'n':
			buf = append(buf, '\n')
		case 'v':
			buf = append(buf, '\v')
		case 'f':
			buf = append(buf, '\f')
		case 'r':
			buf = append(buf, '\r')
		case 'e':
			buf = append(buf, 0x1B)
		case ' ':
			buf = append(buf, ' ')
		case '"':
			buf = append(buf, '"')
		case '/':
			buf = append(buf, '/')
		case '\\':
			buf = append(buf, '\\')
		case 'N':
			buf = append(buf, "\u0085"...)
		case '_':
			buf = append(buf, "\u00a0"...)
		case 'L':
			buf = append(buf, "\u2028"...)
		case 'P':
			buf = append(buf, "\u2029"...)
		case 'x':
			code = 2
		case 'u':
			code = 4
		case 'U':
			code = 8
		default:
			// An escaped line break, or an escape go-yaml refuses.
			f.bad = true
			return ""
		}
		j += 2
		if code > 0 {
			if j+code > len(d) {
				f.bad = true
				return ""
			}
			v := 0
			for _, h := range d[j : j+code] {
				switch {
				case h >= '0' && h <= '9':
					v = v<<4 | int(h-'0')
				case h >= 'a' && h <= 'f':
					v = v<<4 | int(h-'a'+10)
				case h >= 'A' && h <= 'F':
					v = v<<4 | int(h-'A'+10)
				default:
					f.bad = true
					return ""
				}
			}
			if v >= 0xD800 && v <= 0xDFFF || v > 0x10FFFF {
				f.bad = true
				return ""
			}
			buf = utf8.AppendRune(buf, rune(v))
			j += code
		}
	}
	f.i = j + 1
	if buf == nil {
		return f.src[start:j]
	}
	return string(buf)
}

// scalarNode makes the node of a scalar value: quoted ones are strings,
// plain ones resolve as go-yaml and the builder resolve them.
func (f *fastY) scalarNode(s fscalar) *Node {
	if !s.plain {
		n := f.node(String, s.pos)
		n.Text = s.text
		return n
	}
	kind, text, b, ok := fastPlainValue(s.text)
	if !ok {
		f.bad = true
		return nil
	}
	n := f.node(kind, s.pos)
	n.Text, n.Bool = text, b
	return n
}

// keyText returns the text of a scalar read as a key, or marks the
// document bad when the builder would refuse the key (a number, a boolean,
// null, a merge key).
func (f *fastY) keyText(s fscalar) string {
	if s.plain {
		switch yamlPlainTag(s.text) {
		case "!!str", "!!timestamp":
		default:
			f.bad = true
		}
	}
	return s.text
}

// blockMap reads a block mapping whose keys stand at indentation ind; its
// first key, k, is read, and f.i is after its ":".
func (f *fastY) blockMap(ind, depth int, k fscalar) *Node {
	if !f.enter(depth, true) {
		return nil
	}
	n := f.node(Object, k.pos)
	m := f.beginMembers()
	for {
		key := f.keyText(k)
		if f.bad {
			return nil
		}
		v := f.blockValue(ind, depth+1)
		if f.bad {
			return nil
		}
		v.KeyPos = k.pos
		if !f.addMember(&m, key, v) {
			f.bad = true // a duplicate: the builder words it
			return nil
		}

		next := f.nextContent()
		if f.bad {
			return nil
		}
		if next < ind {
			if next >= 0 {
				f.i = f.ls // the caller reads this line
			}
			f.endMembers(n, m)
			return n
		}
		if next > ind || f.seqEntry() {
			f.bad = true
			return nil
		}
		var isKey bool
		k, isKey = f.scalar(false)
		if f.bad || !isKey {
			f.bad = true
			return nil
		}
	}
}

// blockValue reads the value of a mapping member, after its ":"; ind is
// the mapping's indentation. It ends at the start of a line.
func (f *fastY) blockValue(ind, depth int) *Node {
	j := f.spaces(f.i)
	if f.eol(j) || f.data[j] == '#' {
		// The value is a block collection on the lines below.
		f.endLine()
		if f.bad {
			return nil
		}
		next := f.nextContent()
		if f.bad || next < ind {
			f.bad = true // an empty value: null, at a subtle position
			return nil
		}
		if f.seqEntry() {
			// "key:" then "- item" at the key's own indentation is a
			// sequence too.
			return f.blockSeq(next, depth)
		}
		if next == ind {
			f.bad = true
			return nil
		}
		k, isKey := f.scalar(false)
		if f.bad || !isKey {
			f.bad = true
			return nil
		}
		return f.blockMap(next, depth, k)
	}
	if j == f.i {
		f.bad = true
		return nil
	}
	f.i = j
	return f.inline(ind, depth, false)
}

// inline reads a value that starts on the current line at f.i: a flow
// collection, a block scalar, a plain or quoted scalar and, in a sequence
// entry (compact), a nested block sequence or mapping. ind is the
// indentation of the block collection the value is in. It ends at the
// start of a line.
func (f *fastY) inline(ind, depth int, compact bool) *Node {
	switch f.data[f.i] {
	case '[', '{':
		n := f.flow(depth)
		if !f.bad {
			f.endLine()
		}
		return n
	case '|', '>':
		return f.blockScalar(ind, depth)
	}
	col := f.i - f.ls
	if f.seqEntry() {
		if !compact {
			f.bad = true
			return nil
		}
		return f.blockSeq(col, depth)
	}
	s, isKey := f.scalar(false)
	if f.bad {
		return nil
	}
	if isKey {
		if !compact {
			f.bad = true
			return nil
		}
		return f.blockMap(col, depth, s)
	}
	if !f.enter(depth, false) {
		return nil
	}
	n := f.scalarNode(s)
	if !f.bad {
		f.endLine()
	}
	return n
}

// blockSeq reads a block sequence whose "-" stand at indentation ind,
// the first at f.i.
func (f *fastY) blockSeq(ind, depth int) *Node {
	if !f.enter(depth, true) {
		return nil
	}
	n := f.node(Array, f.pos(f.i))
	start := len(f.items)
	for {
		j := f.spaces(f.i + 1)
		if f.eol(j) || f.data[j] == '#' {
			f.bad = true // an entry on the lines below, or empty
			return nil
		}
		f.i = j
		item := f.inline(ind, depth+1, true)
		if f.bad {
			return nil
		}
		f.items = append(f.items, item)

		next := f.nextContent()
		if f.bad {
			return nil
		}
		if next > ind {
			f.bad = true
			return nil
		}
		if next < ind || !f.seqEntry() {
			// The caller reads this line: at ind, a key of the mapping
			// this sequence is the value of.
			if next >= 0 {
				f.i = f.ls
			}
			f.endItems(n, start)
			return n
		}
	}
}

// flow reads a one-line flow collection at f.i.
func (f *fastY) flow(depth int) *Node {
	if !f.enter(depth, true) {
		return nil
	}
	d := f.data
	open := d[f.i]
	kind, closer := Array, byte(']')
	if open == '{' {
		kind, closer = Object, '}'
	}
	n := f.node(kind, f.pos(f.i))
	m, start := f.beginMembers(), len(f.items)
	f.i = f.spaces(f.i + 1)
	if f.i < len(d) && d[f.i] == closer {
		f.i++
		if kind == Array {
			f.endItems(n, start)
		}
		return n
	}
	for {
		var kpos Pos
		var key string
		if kind == Object {
			k, isKey := f.scalar(true)
			if f.bad || !isKey {
				f.bad = true
				return nil
			}
			key, kpos = f.keyText(k), k.pos
			if f.bad {
				return nil
			}
			f.i = f.spaces(f.i)
		}
		v := f.flowValue(depth + 1)
		if f.bad {
			return nil
		}
		if kind == Object {
			v.KeyPos = kpos
			if !f.addMember(&m, key, v) {
				f.bad = true // a duplicate: the builder words it
				return nil
			}
		} else {
			f.items = append(f.items, v)
		}
		f.i = f.spaces(f.i)
		if f.i >= len(d) {
			f.bad = true
			return nil
		}
		switch d[f.i] {
		case closer:
			f.i++
			if kind == Object {
				f.endMembers(n, m)
			} else {
				f.endItems(n, start)
			}
			return n
		case ',':
			f.i = f.spaces(f.i + 1)
			if f.i >= len(d) || d[f.i] == closer {
				f.bad = true // a trailing comma
				return nil
			}
		default:
			f.bad = true
			return nil
		}
	}
}

// flowValue reads a value inside a flow collection.
func (f *fastY) flowValue(depth int) *Node {
	if f.i >= len(f.data) {
		f.bad = true
		return nil
	}
	switch f.data[f.i] {
	case '[', '{':
		return f.flow(depth)
	}
	s, isKey := f.scalar(true)
	if f.bad || isKey {
		f.bad = true
		return nil
	}
	if !f.enter(depth, false) {
		return nil
	}
	return f.scalarNode(s)
}

// blockScalar reads a literal (|) or folded (>) block scalar, with clip or
// strip (-) chomping, in a block collection at indentation ind.
func (f *fastY) blockScalar(ind, depth int) *Node {
	if !f.enter(depth, false) {
		return nil
	}
	d := f.data
	n := f.node(String, f.pos(f.i))
	literal := d[f.i] == '|'
	f.i++
	strip := false
	if f.i < len(d) && d[f.i] == '-' {
		strip = true
		f.i++
	}
	if !f.blankAt(f.i) {
		f.bad = true // keep chomping, an indentation indicator, or junk
		return nil
	}
	f.endLine()
	if f.bad || f.i >= len(d) {
		f.bad = true
		return nil
	}

	// Leading blank lines; the first line with content sets the
	// indentation, which no blank line before it may exceed.
	breaks, maxBlank := 0, 0
	for {
		j := f.spaces(f.i)
		if j >= len(d) {
			f.bad = true // no content
			return nil
		}
		if !f.eol(j) {
			break
		}
		maxBlank = max(maxBlank, j-f.ls)
		breaks++
		f.i = j
		f.newline()
	}
	indent := f.spaces(f.i) - f.ls
	if indent <= ind || maxBlank > indent {
		f.bad = true
		return nil
	}

	var s []byte
	leadingBreak, leadingBlank := false, false
	for {
		// At the start of a line with content at the scalar's indentation.
		j := f.i + indent
		f.i = j
		f.toEOL()
		line := d[j:f.i]
		trailingBlank := line[0] == ' '
		if !literal && !leadingBlank && !trailingBlank && leadingBreak {
			if breaks == 0 {
				s = append(s, ' ')
			}
		} else if leadingBreak {
			s = append(s, '\n')
		}
		for ; breaks > 0; breaks-- {
			s = append(s, '\n')
		}
		leadingBlank = trailingBlank
		s = append(s, line...)
		if f.i >= len(d) {
			leadingBreak = false
			break
		}
		leadingBreak = true
		f.newline()

		// Blank lines, up to the next line with content.
		for {
			k := f.spaces(f.i)
			if !f.eol(k) {
				break
			}
			if k >= len(d) {
				if k > f.i {
					f.bad = true // a last line of spaces: go-yaml counts it oddly
					return nil
				}
				break
			}
			if k-f.ls > indent {
				f.bad = true // spaces past the indentation: content
				return nil
			}
			breaks++
			f.i = k
			f.newline()
		}
		if f.i >= len(d) || f.spaces(f.i)-f.ls < indent {
			break
		}
	}
	if leadingBreak && !strip {
		s = append(s, '\n')
	}
	// Leave f.i at the start of the line that ends the scalar.
	if f.i < len(d) && f.i != f.ls {
		f.bad = true
		return nil
	}
	n.Text = string(s)
	return n
}
