package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// ParseJSON reads one JSON document into a tree. Numbers keep their literal
// text; duplicate keys and content after the root value are errors.
func ParseJSON(data []byte, lim Limits) (*Node, []Problem) {
	lim = lim.orDefaults()
	data, p := precheck(data, lim)
	if p != nil {
		return nil, []Problem{*p}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, blankProblem(data)
	}
	// Most documents are read by the fast reader alone, which accepts only
	// what json.Valid accepts and stays within the limits.
	if root, ok := fastJSON(data, jsonValues(data), lim); ok {
		return root, nil
	}
	sc := scanJSON(data, lim.MaxDepth)
	if sc.tooDeep >= 0 {
		return nil, []Problem{problemAt(Offset(data, int64(sc.tooDeep)), CodeTooDeep,
			"the document nests deeper than %d levels", lim.MaxDepth)}
	}
	// Check the syntax first with the standard scanner: its error offsets
	// are absolute, which the Decoder's are not.
	if !json.Valid(data) {
		return nil, []Problem{jsonSyntaxProblem(data, sc)}
	}
	return walkJSON(data, lim)
}

// walkJSON reads a syntactically valid document token by token, reporting
// duplicate keys and limits in place.
func walkJSON(data []byte, lim Limits) (*Node, []Problem) {
	w := &jsonWalker{data: data, cur: newCursor(data), lim: lim}
	w.dec = json.NewDecoder(bytes.NewReader(data))
	w.dec.UseNumber()
	tok, pos, err := w.next()
	if err != nil {
		return nil, []Problem{problemAt(pos, CodeSyntax, "%v", err)}
	}
	root := w.value(tok, pos, 0)
	if len(w.probs) > 0 {
		return nil, sortProblems(w.probs)
	}
	return root, nil
}

type jsonWalker struct {
	data  []byte
	dec   *json.Decoder
	cur   *cursor
	lim   Limits
	count int
	probs []Problem
}

// next reads a token and the position of its first character. The
// decoder's offset stops before separators, so skip them to reach the token.
func (w *jsonWalker) next() (json.Token, Pos, error) {
	off := int(w.dec.InputOffset())
	for off < len(w.data) {
		switch w.data[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
			continue
		}
		break
	}
	pos := w.cur.to(off)
	tok, err := w.dec.Token()
	return tok, pos, err
}

func (w *jsonWalker) fail(pos Pos, code, format string, args ...any) *Node {
	w.probs = append(w.probs, problemAt(pos, code, format, args...))
	return nil
}

// full reports that enough problems were found to stop.
func (w *jsonWalker) full() bool { return len(w.probs) >= maxProblems }

// value builds the value that starts with tok, nested in depth containers.
// It returns nil after a fatal problem.
func (w *jsonWalker) value(tok json.Token, pos Pos, depth int) *Node {
	if w.count++; w.count > w.lim.MaxNodes {
		return w.fail(pos, CodeTooManyNodes, "the document holds more than %d values", w.lim.MaxNodes)
	}
	n := &Node{Pos: pos, KeyPos: pos}
	switch t := tok.(type) {
	case json.Delim:
		if depth+1 > w.lim.MaxDepth {
			return w.fail(pos, CodeTooDeep, "the document nests deeper than %d levels", w.lim.MaxDepth)
		}
		if t == '[' {
			return w.array(n, depth+1)
		}
		if t == '{' {
			return w.object(n, depth+1)
		}
		return w.fail(pos, CodeSyntax, "unexpected %q", string(t))
	case string:
		n.Kind, n.Text = String, t
	case json.Number:
		n.Kind, n.Text = Number, string(t)
	case bool:
		n.Kind, n.Bool = Bool, t
	case nil:
		n.Kind = Null
	}
	return n
}

func (w *jsonWalker) array(n *Node, depth int) *Node {
	n.Kind = Array
	n.Items = []*Node{}
	for w.dec.More() {
		tok, pos, err := w.next()
		if err != nil {
			return w.fail(pos, CodeSyntax, "%v", err)
		}
		item := w.value(tok, pos, depth)
		if item == nil {
			return nil
		}
		n.Items = append(n.Items, item)
	}
	return w.close(n)
}

func (w *jsonWalker) object(n *Node, depth int) *Node {
	n.Kind = Object
	var index keyIndex
	for w.dec.More() {
		ktok, kpos, err := w.next()
		if err != nil {
			return w.fail(kpos, CodeSyntax, "%v", err)
		}
		key, _ := ktok.(string)
		tok, pos, err := w.next()
		if err != nil {
			return w.fail(pos, CodeSyntax, "%v", err)
		}
		v := w.value(tok, pos, depth)
		if v == nil {
			return nil
		}
		if at := index.find(n, key); at >= 0 {
			w.fail(kpos, CodeDuplicateKey, "%s", duplicateMessage(key, n.Fields[at].KeyPos, kpos))
			if w.full() {
				return nil
			}
			continue
		}
		v.KeyPos = kpos
		index.add(n, key, v)
	}
	return w.close(n)
}

// close reads the delimiter that ends a container.
func (w *jsonWalker) close(n *Node) *Node {
	if _, pos, err := w.next(); err != nil {
		return w.fail(pos, CodeSyntax, "%v", err)
	}
	return n
}

// jsonScan is the bracket structure of a JSON text, found without parsing.
type jsonScan struct {
	tooDeep  int   // offset of the first container nested deeper than the limit, or -1
	open     []int // offsets of containers still open at the end
	inString int   // offset of the string still open at the end, or -1
}

func scanJSON(data []byte, maxDepth int) jsonScan {
	s := jsonScan{tooDeep: -1, inString: -1}
	escaped := false
	for i, c := range data {
		if s.inString >= 0 {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				s.inString = -1
			}
			continue
		}
		switch c {
		case '"':
			s.inString = i
		case '[', '{':
			s.open = append(s.open, i)
			if len(s.open) > maxDepth && s.tooDeep < 0 {
				s.tooDeep = i
				return s
			}
		case ']', '}':
			if len(s.open) > 0 {
				s.open = s.open[:len(s.open)-1]
			}
		}
	}
	return s
}

// jsonSyntaxProblem locates the syntax error of data with the standard
// scanner and says it in plain words.
func jsonSyntaxProblem(data []byte, sc jsonScan) Problem {
	err := json.Unmarshal(data, new(json.RawMessage))
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return problemAt(wholeFile, CodeSyntax, "invalid JSON")
	}
	end := Offset(data, int64(len(data)))
	// At the end of input the scanner reports either "unexpected end" or,
	// inside a literal, the space it feeds itself to finish.
	atEnd := se.Offset >= int64(len(data)) && (se.Error() == "unexpected end of JSON input" ||
		(strings.HasPrefix(se.Error(), "invalid character ' '") && data[len(data)-1] != ' '))
	if atEnd {
		what, at := "", -1
		switch {
		case sc.inString >= 0:
			what, at = "quoted string", sc.inString
		case len(sc.open) > 0:
			at = sc.open[len(sc.open)-1]
			what = "mapping '{'"
			if data[at] == '[' {
				what = "list '['"
			}
		}
		if at >= 0 {
			return problemAt(Offset(data, int64(at)), CodeSyntax,
				"this %s is never closed: the file ends first, at line %d (is the file truncated?)", what, contentEnd(data).Line)
		}
		return problemAt(end, CodeSyntax, "the file ends before the JSON value is complete (is it truncated?)")
	}
	off := min(max(se.Offset-1, 0), int64(len(data)-1))
	bad := data[off]
	// A trailing comma is the most common JSON mistake: point at the comma.
	if bad == '}' || bad == ']' {
		prev := bytes.TrimRight(data[:off], " \t\r\n")
		if len(prev) > 0 && prev[len(prev)-1] == ',' {
			return problemAt(Offset(data, int64(len(prev)-1)), CodeSyntax,
				"trailing comma: JSON allows no ',' before %q", string(bad))
		}
	}
	msg := se.Error()
	if strings.HasSuffix(msg, "after top-level value") {
		msg = "unexpected content after the end of the JSON value"
	}
	msg = jsonWords(msg)
	return problemAt(Offset(data, off), CodeSyntax, "%s", msg)
}
