package lsp

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/source"
)

// The outline and folding come from the document's tree, whatever the
// game: every top-level key is a section, every list item a symbol named
// for what it is (a tile by its face and place, a token by its type and
// place, a slot by its number…), and every mapping or list that spans
// lines a fold.

// tree is a document's parsed text; root is nil when it does not parse.
type tree struct {
	data  []byte
	root  *source.Node
	lines *source.Lines
	text  *text
}

func parseTree(name string, data []byte, maxSize int64) *tree {
	lim := source.DefaultLimits
	lim.MaxBytes = maxSize
	t := &tree{data: data, lines: source.NewLines(data), text: newText(data)}
	if root, probs := source.Parse(name, data, lim); len(probs) == 0 {
		t.root = root
	}
	return t
}

// span is the byte range of the value at ptr (or its key).
func (t *tree) span(ptr string, key bool) (int, int) {
	a, b := t.lines.Span(t.root, ptr, key)
	return t.lines.Offset(a), t.lines.Offset(b)
}

func (s *Server) treeOf(uri string) (*tree, encoding, *rpcError) {
	d, err := s.doc(uri)
	if err != nil {
		return nil, 0, err
	}
	s.mu.Lock()
	data, path, enc := d.data, d.path, s.enc
	s.mu.Unlock()
	return parseTree(path, data, s.opt.MaxSize), enc, nil
}

func (s *Server) documentSymbols(uri string) (any, *rpcError) {
	t, enc, err := s.treeOf(uri)
	if err != nil {
		return nil, err
	}
	return t.symbols(enc), nil
}

// symbols is the outline: a symbol for each top-level member.
func (t *tree) symbols(enc encoding) []DocumentSymbol {
	out := []DocumentSymbol{}
	if t.root == nil || t.root.Kind != source.Object {
		return out
	}
	for i, k := range t.root.Keys {
		out = append(out, t.member(t.root.Fields[i], k, "/"+escape(k), 0, enc))
	}
	return out
}

// member is the symbol of an object member: named by its key, spanning the
// key and its value.
func (t *tree) member(n *source.Node, key, ptr string, depth int, enc encoding) DocumentSymbol {
	ka, kb := t.span(ptr, true)
	_, vb := t.span(ptr, false)
	sym := DocumentSymbol{Name: key, Kind: kindOf(n), Range: t.text.rangeOf(ka, max(vb, kb), enc), SelectionRange: t.text.rangeOf(ka, kb, enc)}
	if sym.Name == "" {
		sym.Name = `""` // a symbol's name is never empty
	}
	sym.Detail = scalarText(n)
	sym.Children = t.children(n, key, ptr, depth+1, enc)
	return sym
}

// children are the symbols inside a value: every item of a list, every
// member of a mapping; inside a list item only what holds more (its
// scalars are in its name already).
func (t *tree) children(n *source.Node, key, ptr string, depth int, enc encoding) []DocumentSymbol {
	if depth > 8 {
		return nil
	}
	var out []DocumentSymbol
	switch n.Kind {
	case source.Array:
		for i, it := range n.Items {
			p := ptr + "/" + itoa(i)
			a, b := t.span(p, false)
			r := t.text.rangeOf(a, b, enc)
			sym := DocumentSymbol{Name: itemName(key, it, i), Kind: kindOf(it), Range: r, SelectionRange: r}
			if it.Kind == source.Object {
				sym.Kind = symStruct
				for j, k := range it.Keys {
					if f := it.Fields[j]; f.Kind == source.Object || f.Kind == source.Array && len(f.Items) > 0 && !allScalars(f) {
						sym.Children = append(sym.Children, t.member(f, k, p+"/"+escape(k), depth, enc))
					}
				}
			}
			out = append(out, sym)
		}
	case source.Object:
		for i, k := range n.Keys {
			out = append(out, t.member(n.Fields[i], k, ptr+"/"+escape(k), depth, enc))
		}
	}
	return out
}

func allScalars(n *source.Node) bool {
	for _, it := range n.Items {
		if it.Kind == source.Object || it.Kind == source.Array {
			return false
		}
	}
	return true
}

func kindOf(n *source.Node) int {
	switch n.Kind {
	case source.Object:
		return symNamespace
	case source.Array:
		return symArray
	case source.String:
		return symString
	case source.Number:
		return symNumber
	case source.Bool:
		return symBoolean
	}
	return symNull
}

// scalarText is a scalar's text, for a symbol's detail.
func scalarText(n *source.Node) string {
	switch n.Kind {
	case source.String, source.Number:
		return clipText(n.Text)
	case source.Bool:
		return fmt.Sprint(n.Bool)
	}
	return ""
}

func clipText(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

// itemName names a list item for the outline: what it is and where.
func itemName(list string, it *source.Node, i int) string {
	if it.Kind != source.Object {
		if s := scalarText(it); s != "" {
			return s
		}
		return fmt.Sprintf("item %d", i+1)
	}
	str := func(k string) string { return scalarText(nodeOr(it.Field(k))) }
	where := func() string {
		switch {
		case it.Field("at") != nil:
			return " at " + pair(it.Field("at"))
		case it.Field("in") != nil:
			return " in " + str("in")
		case it.Field("slot") != nil:
			return " in slot " + str("slot")
		case it.Field("corridor") != nil:
			return " in corridor " + str("corridor")
		}
		return ""
	}
	switch list {
	case "tiles":
		if f := str("face"); f != "" {
			return f + where()
		}
	case "tokens":
		if ty := str("type"); ty != "" {
			if c := str("color"); c != "" {
				ty += " " + c
			} else if k := str("kind"); k != "" {
				ty += " " + k
			}
			return ty + where()
		}
	case "slots":
		if id := str("id"); id != "" {
			return "slot " + id + sectionOf(str("section"))
		}
	case "rooms":
		if r := str("room"); r != "" {
			return r + " on slot " + str("slot")
		}
	case "corridors":
		if id := str("id"); id != "" {
			return "corridor " + id + ": " + strings.ReplaceAll(pair(it.Field("between")), ",", "–")
		}
	}
	for _, k := range []string{"id", "name", "type", "title"} {
		if v := str(k); v != "" {
			return v + where()
		}
	}
	// an objective and the like: its first condition
	for j, k := range it.Keys {
		if v := scalarText(it.Fields[j]); v != "" {
			return k + ": " + v
		}
	}
	return fmt.Sprintf("item %d", i+1)
}

func sectionOf(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

func nodeOr(n *source.Node) *source.Node {
	if n == nil {
		return &source.Node{}
	}
	return n
}

// pair writes [x, y] as x,y.
func pair(n *source.Node) string {
	if n == nil || n.Kind != source.Array {
		return scalarText(nodeOr(n))
	}
	var parts []string
	for _, it := range n.Items {
		parts = append(parts, scalarText(it))
	}
	return strings.Join(parts, ",")
}

// foldingRanges folds every mapping and list that spans lines, from the
// line of its key (or its first line) to its last.
func (s *Server) foldingRanges(uri string) (any, *rpcError) {
	t, enc, err := s.treeOf(uri)
	if err != nil {
		return nil, err
	}
	return t.folds(enc), nil
}

func (t *tree) folds(enc encoding) []FoldingRange {
	out := []FoldingRange{}
	if t.root == nil {
		return out
	}
	var walk func(n *source.Node, ptr string, member bool)
	walk = func(n *source.Node, ptr string, member bool) {
		if n.Kind != source.Object && n.Kind != source.Array {
			return
		}
		if ptr != "" {
			a, b := t.span(ptr, false)
			if member {
				a, _ = t.span(ptr, true)
			}
			// a block ends at the start of the next line: that line is not its own
			if b > a && (t.data[b-1] == '\n' || t.data[b-1] == '\r') {
				b--
			}
			first, last := t.text.pos(a, enc).Line, t.text.pos(b, enc).Line
			if last > first {
				out = append(out, FoldingRange{StartLine: first, EndLine: last})
			}
		}
		for i, it := range n.Items {
			walk(it, ptr+"/"+itoa(i), false)
		}
		for i, f := range n.Fields {
			walk(f, ptr+"/"+escape(n.Keys[i]), true)
		}
	}
	walk(t.root, "", false)
	return out
}
