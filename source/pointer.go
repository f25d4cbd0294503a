package source

import (
	"strconv"
	"strings"
)

// Lookup returns the node that the RFC 6901 JSON Pointer ptr names ("" is
// the root, "~1" is "/", "~0" is "~"), or nil when there is none.
func (n *Node) Lookup(ptr string) *Node {
	toks, ok := splitPointer(ptr)
	if !ok {
		return nil
	}
	for _, t := range toks {
		if n = n.child(t); n == nil {
			return nil
		}
	}
	return n
}

// Locate returns the position of the value ptr names and of its key. For a
// path that does not exist it returns the positions of the nearest existing
// ancestor, so a finding about a missing member points at its parent.
func Locate(root *Node, ptr string) (value Pos, key Pos) {
	if root == nil {
		return Pos{}, Pos{}
	}
	n := root
	toks, _ := splitPointer(ptr)
	for _, t := range toks {
		c := n.child(t)
		if c == nil {
			break
		}
		n = c
	}
	return n.Pos, n.KeyPos
}

// child returns the member or item token names, or nil.
func (n *Node) child(tok string) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Object:
		return n.Field(tok)
	case Array:
		// RFC 6901: decimal, no leading zeros, no sign; "-" names nothing yet.
		if tok == "" || (len(tok) > 1 && tok[0] == '0') || tok[0] < '0' || tok[0] > '9' {
			return nil
		}
		i, err := strconv.Atoi(tok)
		if err != nil || i >= len(n.Items) {
			return nil
		}
		return n.Items[i]
	}
	return nil
}

// splitPointer splits and unescapes a JSON Pointer; ok is false when it is
// malformed (no leading "/", or "~" not followed by 0 or 1).
func splitPointer(ptr string) (toks []string, ok bool) {
	if ptr == "" {
		return nil, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	toks = strings.Split(ptr[1:], "/")
	for i, t := range toks {
		if !strings.Contains(t, "~") {
			continue
		}
		for j := 0; j < len(t); j++ {
			if t[j] == '~' && (j+1 == len(t) || (t[j+1] != '0' && t[j+1] != '1')) {
				return nil, false
			}
		}
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks, true
}
