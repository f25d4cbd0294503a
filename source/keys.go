package source

import "fmt"

// keyIndex finds keys already added to an object while it is built: a
// linear scan while the object is small (most are), a map once it grows.
type keyIndex struct{ m map[string]int }

const keyIndexLinear = 16

// find returns the index of key in n.Keys, or -1.
func (x *keyIndex) find(n *Node, key string) int {
	if x.m == nil {
		if len(n.Keys) < keyIndexLinear {
			for i, k := range n.Keys {
				if k == key {
					return i
				}
			}
			return -1
		}
		x.m = make(map[string]int, 2*len(n.Keys))
		for i, k := range n.Keys {
			x.m[k] = i
		}
	}
	if i, ok := x.m[key]; ok {
		return i
	}
	return -1
}

// add appends a member to n.
func (x *keyIndex) add(n *Node, key string, v *Node) {
	n.Keys = append(n.Keys, key)
	n.Fields = append(n.Fields, v)
	if x.m != nil {
		x.m[key] = len(n.Keys) - 1
	}
}

// duplicateMessage names a repeated key and where it first appeared: the
// line, and the column too when both are on one line.
func duplicateMessage(key string, first, again Pos) string {
	if first.Line == again.Line {
		return fmt.Sprintf("duplicate key %q: it is already defined at line %d, column %d", key, first.Line, first.Col)
	}
	return fmt.Sprintf("duplicate key %q: it is already defined at line %d", key, first.Line)
}
