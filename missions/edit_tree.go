package missions

import (
	"bytes"
	"reflect"

	"go.yaml.in/yaml/v4"
)

// The editor's common keys (a token moved, a tile turned) change one line
// of the document: a tile or token written by the formatter as a flow
// mapping, alone on its line, in a block list. Reading the whole written
// document back with go-yaml, as the formatter's check and the next edit
// need, was a tenth of a 20×20 board's edit in the web edition. patchTree
// reads only the changed lines instead and puts their nodes in the tree
// of the document before; anything else is read again in full.

// cloneDocs copies a stream's node tree; nil for nil or a tree with an
// alias (the reader refuses them, so a kept tree has none).
func cloneDocs(docs []*yaml.Node) []*yaml.Node {
	if docs == nil {
		return nil
	}
	out := make([]*yaml.Node, len(docs))
	for i, d := range docs {
		if out[i] = cloneNode(d); out[i] == nil {
			return nil
		}
	}
	return out
}

func cloneNode(n *yaml.Node) *yaml.Node {
	if n.Alias != nil {
		return nil
	}
	c := *n
	if n.Content != nil {
		c.Content = make([]*yaml.Node, len(n.Content))
		for i, k := range n.Content {
			if c.Content[i] = cloneNode(k); c.Content[i] == nil {
				return nil
			}
		}
	}
	return &c
}

// patchTree returns the tree go-yaml reads from now, made from base, the
// tree it read from was (base is used up), or nil where that is not
// certain. The two must have the same lines but for a few, each of them
// on both sides an item of a block list written as a flow mapping alone
// on its line, of the same indentation, with only plain characters and no
// comment on it or the lines beside it. Each such line read alone gives
// the item's nodes but for the line number; the old line read alone must
// give base's item exactly, or nothing is patched.
func patchTree(was []byte, base []*yaml.Node, now []byte) []*yaml.Node {
	if bytes.IndexByte(was, '\r') >= 0 || bytes.IndexByte(now, '\r') >= 0 ||
		bytes.Contains(was, []byte("%YAML")) || bytes.Contains(now, []byte("%YAML")) {
		return nil
	}
	a, b := bytes.Split(was, []byte("\n")), bytes.Split(now, []byte("\n"))
	if len(a) != len(b) {
		return nil
	}
	var changed []int
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			if changed = append(changed, i); len(changed) > 4 {
				return nil
			}
		}
	}
	if len(changed) == 0 {
		return base
	}
	for _, i := range changed {
		indent, ok := itemLine(a[i], b[i])
		if !ok || i > 0 && bytes.IndexByte(a[i-1], '#') >= 0 || i+1 < len(a) && bytes.IndexByte(a[i+1], '#') >= 0 {
			return nil
		}
		seq, at := findItem(base, i+1, indent+3)
		if seq == nil {
			return nil
		}
		old, fresh := readItem(a[i], i+1), readItem(b[i], i+1)
		if old == nil || fresh == nil || !reflect.DeepEqual(old, seq.Content[at]) {
			return nil
		}
		seq.Content[at] = fresh
	}
	return base
}

// itemLine reports two lines that are each "- {…}" at the same
// indentation, of plain characters, and that indentation.
func itemLine(a, b []byte) (int, bool) {
	indent := 0
	for indent < len(a) && a[indent] == ' ' {
		indent++
	}
	head := append(bytes.Repeat([]byte(" "), indent), "- {"...)
	for _, l := range [][]byte{a, b} {
		if !bytes.HasPrefix(l, head) || l[len(l)-1] != '}' {
			return 0, false
		}
		for _, c := range l[len(head):] {
			if !plainItemByte(c) {
				return 0, false
			}
		}
	}
	return indent, true
}

// plainItemByte is a character a tile's or token's line may hold for it
// to be read alone: no comment, anchor, alias, tag, quote or escape.
func plainItemByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	switch c {
	case ' ', ',', ':', '-', '_', '.', '[', ']', '{', '}':
		return true
	}
	return false
}

// findItem finds the block list holding, as item at, the flow mapping
// that starts at line and col.
func findItem(docs []*yaml.Node, line, col int) (*yaml.Node, int) {
	var walk func(n *yaml.Node) (*yaml.Node, int)
	walk = func(n *yaml.Node) (*yaml.Node, int) {
		for i, c := range n.Content {
			if n.Kind == yaml.SequenceNode && n.Style&yaml.FlowStyle == 0 &&
				c.Line == line && c.Column == col && c.Kind == yaml.MappingNode && c.Style&yaml.FlowStyle != 0 {
				return n, i
			}
			if c.Line > line {
				break // the content is in the order of its lines
			}
			if i+1 < len(n.Content) && n.Content[i+1].Line <= line && n.Kind != yaml.MappingNode {
				continue
			}
			if seq, at := walk(c); seq != nil {
				return seq, at
			}
		}
		return nil, 0
	}
	for _, d := range docs {
		if seq, at := walk(d); seq != nil {
			return seq, at
		}
	}
	return nil, 0
}

// readItem reads a block list's item line alone, its nodes placed at line;
// nil unless it is one flow mapping with no comment.
func readItem(l []byte, line int) *yaml.Node {
	docs, err := loadYAML(l)
	if err != nil || len(docs) != 1 {
		return nil
	}
	seq := docs[0].Content[0]
	if seq.Kind != yaml.SequenceNode || len(seq.Content) != 1 || seq.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	item := seq.Content[0]
	ok := true
	var place func(n *yaml.Node)
	place = func(n *yaml.Node) {
		if n.Line != 1 || n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" || n.Alias != nil || n.Anchor != "" {
			ok = false
		}
		n.Line = line
		for _, c := range n.Content {
			place(c)
		}
	}
	place(item)
	if !ok {
		return nil
	}
	return item
}
