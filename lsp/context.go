package lsp

import (
	"github.com/zmission/zmission/source"
)

// place is what stands at an offset of a document: the value (or key) the
// cursor is on, as a path from the root.
type place struct {
	path []string // pointer tokens, unescaped
	node *source.Node
	key  bool // on the key of node, not its value
}

func (p place) pointer() string {
	s := ""
	for _, t := range p.path {
		s += "/" + escape(t)
	}
	return s
}

// at finds the innermost value or key that covers offset off; ok is false
// when the text did not parse or off is on none.
func (sp *spanner) at(off int) (place, bool) {
	if sp.root == nil {
		return place{}, false
	}
	var best place
	found := false
	var walk func(n *source.Node, path []string)
	walk = func(n *source.Node, path []string) {
		ptr := ""
		for _, t := range path {
			ptr += "/" + escape(t)
		}
		if len(path) > 0 && n.KeyPos != n.Pos && n.KeyPos.Line > 0 {
			s, e := sp.lines.Span(sp.root, ptr, true)
			if a, b := sp.lines.Offset(s), sp.lines.Offset(e); a <= off && off <= b {
				best, found = place{path: append([]string(nil), path...), node: n, key: true}, true
				return
			}
		}
		s, e := sp.lines.Span(sp.root, ptr, false)
		if a, b := sp.lines.Offset(s), sp.lines.Offset(e); !(a <= off && off <= b) && len(path) > 0 {
			return
		}
		best, found = place{path: append([]string(nil), path...), node: n}, true
		for i, it := range n.Items {
			walk(it, append(path, itoa(i)))
		}
		for i, f := range n.Fields {
			walk(f, append(path, n.Keys[i]))
		}
	}
	walk(sp.root, nil)
	return best, found
}
