package source

import "sync"

// slabs is where the fast readers cut a tree from: nodes in blocks, and
// each collection's members and entries as exact-size copies of stacks
// shared by the whole document, rather than one allocation a node and
// slices grown one member at a time. A folder walk reads thousands of
// documents, and what it allocates a document is what its collector
// spends on.
type slabs struct {
	slab  []Node // nodes are allocated in blocks
	block int    // of this many: about what the document holds, within bounds

	// The size of the next block of nodes, keys and member lists: block,
	// then a quarter of it (see next).
	nodeBlock, keyBlock, listBlock int

	// The members and entries of the collections being read, innermost
	// last; a collection takes exact-size copies when it ends, cut from
	// blocks, rather than growing its own slices.
	keys     []string
	vals     []*Node
	items    []*Node
	keySlab  []string
	nodeSlab []*Node
}

// newSlabs sizes the blocks for a document of about values values. Its
// stacks come from those of documents read before; release gives them back.
func newSlabs(values int) slabs {
	s := slabs{block: min(max(values, 16), 1024)}
	s.nodeBlock, s.keyBlock, s.listBlock = s.block, s.block, s.block
	if st, ok := stackPool.Get().(*stacks); ok {
		s.keys, s.vals, s.items = st.keys, st.vals, st.items
	}
	return s
}

// stacks are the scratch stacks of a reader, kept between documents: the
// tree holds copies of what was on them, never the stacks themselves.
type stacks struct {
	keys  []string
	vals  []*Node
	items []*Node
}

var stackPool sync.Pool

// release gives the stacks back for the next document, emptied so that
// they hold on to no text and no node. Stacks grown past a large document's
// needs are let go.
func (s *slabs) release() {
	if cap(s.keys)+cap(s.items) > 1<<14 {
		return
	}
	st := &stacks{keys: s.keys[:0], vals: s.vals[:0], items: s.items[:0]}
	clear(st.keys[:cap(st.keys)])
	clear(st.vals[:cap(st.vals)])
	clear(st.items[:cap(st.items)])
	s.keys, s.vals, s.items = nil, nil, nil
	stackPool.Put(st)
}

func (s *slabs) node(k Kind, pos Pos) *Node {
	if len(s.slab) == 0 {
		s.slab = make([]Node, s.next(&s.nodeBlock))
	}
	n := &s.slab[0]
	s.slab = s.slab[1:]
	n.Kind, n.Pos, n.KeyPos = k, pos, pos
	return n
}

// fmembers are the members of one mapping being read: those on the stacks
// from start.
type fmembers struct {
	start int
	seen  map[string]bool // past keyIndexLinear members
}

func (s *slabs) beginMembers() fmembers { return fmembers{start: len(s.keys)} }

// addMember adds a member to the mapping being read, or tells that its key
// is there already (false): the readers give up on a duplicate and leave
// it to the slower path, which words it.
func (s *slabs) addMember(m *fmembers, key string, v *Node) bool {
	if m.seen == nil {
		ks := s.keys[m.start:]
		if len(ks) < keyIndexLinear {
			for _, k := range ks {
				if k == key {
					return false
				}
			}
		} else {
			m.seen = make(map[string]bool, 2*len(ks))
			for _, k := range ks {
				m.seen[k] = true
			}
		}
	}
	if m.seen != nil {
		if m.seen[key] {
			return false
		}
		m.seen[key] = true
	}
	s.keys = append(s.keys, key)
	s.vals = append(s.vals, v)
	return true
}

// endMembers gives n the members of m and takes them off the stacks. A
// mapping without members has nil keys, as the other readers leave it.
func (s *slabs) endMembers(n *Node, m fmembers) {
	if k := len(s.keys) - m.start; k > 0 {
		if k > len(s.keySlab) {
			s.keySlab = make([]string, max(k, s.next(&s.keyBlock)))
		}
		n.Keys = s.keySlab[:k:k]
		s.keySlab = s.keySlab[k:]
		copy(n.Keys, s.keys[m.start:])
		n.Fields = s.nodes(s.vals[m.start:])
	}
	s.keys, s.vals = s.keys[:m.start], s.vals[:m.start]
}

// endItems gives n the entries from start and takes them off the stack.
// A sequence without entries has an empty, not nil, list, as the other
// readers make it.
func (s *slabs) endItems(n *Node, start int) {
	n.Items = s.nodes(s.items[start:])
	s.items = s.items[:start]
}

// nodes returns an exact-size copy of src; never nil.
func (s *slabs) nodes(src []*Node) []*Node {
	k := len(src)
	if k == 0 {
		return []*Node{}
	}
	if k > len(s.nodeSlab) {
		s.nodeSlab = make([]*Node, max(k, s.next(&s.listBlock)))
	}
	out := s.nodeSlab[:k:k]
	s.nodeSlab = s.nodeSlab[k:]
	copy(out, src)
	return out
}

// next returns the size of the block to cut, *size, and makes those after
// it a quarter of the first: the first block is the estimate of the whole
// document, and a document past it was most likely short by a little.
func (s *slabs) next(size *int) int {
	n := *size
	*size = max(s.block/4, 16)
	return n
}
