package editor

import (
	"hash/maphash"
	"slices"
	"strings"
	"sync/atomic"
)

// An edit changes a few elements of a big map: a token moves, a tile
// turns. The page is sent those elements, not the whole drawing again,
// when the drawing it holds is known. render writes an SVG one element
// per line, a group's opening and closing tags on lines of their own, so
// the drawing is a tree of lines; two trees are compared group by group
// and what differs becomes a patch: in a group named by its path from the
// <svg> element (the indexes of element children, as the page's DOM counts
// them), replace `Del` children from `At` by the elements of `Add`, or
// set its attributes as its new opening tag has them. `Line`
// and `Lines` say the same of the text, for a page that holds the
// drawing's text rather than its elements.

// svgOp is one replacement in one group.
type svgOp struct {
	Path []int `json:"path"`
	// Open: Add is the group's opening tag, whose attributes the group
	// takes; its children stay.
	Open  bool   `json:"open,omitempty"`
	At    int    `json:"at"`
	Del   int    `json:"del"`
	Add   string `json:"add"`
	Line  int    `json:"line"`
	Lines int    `json:"lines"`
}

// svgNode is an element and the lines it spans ([first, last]): a leaf is
// one line, a group its opening line, its children and its closing line.
type svgNode struct {
	first, last int
	kids        []*svgNode // nil for a leaf
	hash        uint64
	// whole: the group's first children share its opening line, so the
	// lines do not count its children; it is sent whole when it changed.
	whole bool
}

var svgSeed = maphash.MakeSeed()

// parseSVGLines reads an SVG as render writes it; ok is false when it is
// not written that way (a line that is not whole elements, tags that do
// not close), and the drawing is then sent whole.
func parseSVGLines(text string) (lines []string, root *svgNode, ok bool) {
	lines = splitLines(text)
	// Every line is at most one node: the nodes are made in one piece,
	// not ten thousand.
	nodes := make([]svgNode, 0, len(lines)+1)
	node := func(n svgNode) *svgNode {
		nodes = append(nodes, n)
		return &nodes[len(nodes)-1]
	}
	root = node(svgNode{first: -1, last: len(lines)})
	stack := []*svgNode{root}
	var names []string
	for i, l := range lines {
		top := stack[len(stack)-1]
		if l == "" {
			if i == len(lines)-1 && len(stack) == 1 {
				continue // the newline that ends the file
			}
			return nil, nil, false
		}
		switch open, name := svgLineKind(l); open {
		case 1, 3:
			n := node(svgNode{first: i, kids: []*svgNode{}, whole: open == 3})
			top.kids = append(top.kids, n)
			stack = append(stack, n)
			names = append(names, name)
		case -1:
			if len(stack) == 1 || names[len(names)-1] != name {
				return nil, nil, false
			}
			top.last = i
			top.hash = groupHash(lines, top)
			stack = stack[:len(stack)-1]
			names = names[:len(names)-1]
		case 0:
			top.kids = append(top.kids, node(svgNode{first: i, last: i, hash: maphash.String(svgSeed, l)}))
		default:
			return nil, nil, false
		}
	}
	if len(stack) != 1 {
		return nil, nil, false
	}
	return lines, root, true
}

// svgLines is the number of lines of the last drawing split: the next is
// about as long, and its lines are split in one pass, not counted first.
var svgLines atomic.Int64

// splitLines is strings.Split(text, "\n").
func splitLines(text string) []string {
	lines := make([]string, 0, svgLines.Load()+64)
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			break
		}
		lines = append(lines, text[:i])
		text = text[i+1:]
	}
	lines = append(lines, text)
	svgLines.Store(int64(len(lines)))
	return lines
}

func groupHash(lines []string, n *svgNode) uint64 {
	var h maphash.Hash
	h.SetSeed(svgSeed)
	h.WriteString(lines[n.first])
	var b [8]byte
	for _, k := range n.kids {
		for i := range b {
			b[i] = byte(k.hash >> (8 * i))
		}
		h.Write(b[:])
	}
	h.WriteString(lines[n.last])
	return h.Sum64()
}

// svgLineKind sorts a line: 1 opens a group (name is its tag), 3 opens
// one with its first children, -1 closes one, 0 is a whole element
// (exactly one, its tags balanced), 2 anything else. render escapes '<' in text and attributes, so every '<' starts a
// tag.
func svgLineKind(l string) (kind int, name string) {
	if len(l) < 3 || l[0] != '<' || l[len(l)-1] != '>' {
		return 2, ""
	}
	if l[1] == '?' || l[1] == '!' {
		if strings.Count(l, "<") == 1 {
			return 0, "" // the XML declaration, a comment
		}
		return 2, ""
	}
	if l[1] == '/' {
		name = l[2 : len(l)-1]
		if strings.ContainsAny(name, " <>/") {
			return 2, ""
		}
		return -1, name
	}
	depth, elements := 0, 0
	for i := 0; i < len(l); i++ {
		if l[i] != '<' {
			continue
		}
		end := strings.IndexByte(l[i:], '>')
		if end < 0 {
			return 2, ""
		}
		tag := l[i : i+end+1]
		switch {
		case strings.HasPrefix(tag, "</"):
			depth--
			if depth < 0 {
				return 2, ""
			}
		case strings.HasSuffix(tag, "/>"):
			if depth == 0 {
				elements++
			}
		default:
			if depth == 0 {
				elements++
			}
			depth++
		}
		i += end
	}
	if depth == 0 && elements == 1 {
		return 0, ""
	}
	if depth == 1 && elements == 1 {
		end := strings.IndexByte(l, '>')
		name = l[1:end]
		if sp := strings.IndexByte(name, ' '); sp >= 0 {
			name = name[:sp]
		}
		if end == len(l)-1 {
			return 1, name
		}
		return 3, name // a group opened with its first children on the line
	}
	return 2, ""
}

// sameNode: the two elements are written the same.
func sameNode(al, bl []string, a, b *svgNode) bool {
	if a.hash != b.hash || a.last-a.first != b.last-b.first {
		return false
	}
	for i := 0; i <= a.last-a.first; i++ {
		if al[a.first+i] != bl[b.first+i] {
			return false
		}
	}
	return true
}

// svgTree is a drawing read as lines (nil root when it cannot be).
type svgTree struct {
	lines []string
	root  *svgNode
}

func parseSVG(text string) *svgTree {
	lines, root, ok := parseSVGLines(text)
	if !ok {
		return &svgTree{}
	}
	return &svgTree{lines: lines, root: root}
}

// svgDiffTrees is the patch that makes the drawing x into the drawing y;
// ok is false when there is none worth sending: a drawing not written one
// element per line, or one whose board group changed as a whole (the page
// draws its own layers in it).
func svgDiffTrees(x, y *svgTree) (ops []svgOp, ok bool) {
	if x == nil || y == nil || x.root == nil || y.root == nil {
		return nil, false
	}
	al, a, bl, b := x.lines, x.root, y.lines, y.root
	d := &svgDiffer{al: al, bl: bl}
	d.group(a, b, nil)
	if d.whole {
		return nil, false
	}
	return d.ops, true
}

type svgDiffer struct {
	al, bl []string
	ops    []svgOp
	whole  bool // what changed cannot be sent as a patch
}

// group compares two groups that close the same way; path is the group's
// own (nil for the document around the <svg> element).
func (d *svgDiffer) group(a, b *svgNode, path []int) {
	ak, bk := a.kids, b.kids
	p := 0
	for p < len(ak) && p < len(bk) && sameNode(d.al, d.bl, ak[p], bk[p]) {
		p++
	}
	s := 0
	for s < len(ak)-p && s < len(bk)-p && sameNode(d.al, d.bl, ak[len(ak)-1-s], bk[len(bk)-1-s]) {
		s++
	}
	d.middle(a, path, p, ak[p:len(ak)-s], bk[p:len(bk)-s])
}

// middle makes ma, the children of group a from its p-th, into mb. Two
// groups that close the same way are compared inside; the page's board
// group is never replaced (the page's layers live in it) but compared, as
// the children around it are.
func (d *svgDiffer) middle(a *svgNode, path []int, p int, ma, mb []*svgNode) {
	if len(ma) == 0 && len(mb) == 0 {
		return
	}
	if path == nil && !(len(ma) == 1 && len(mb) == 1 && d.pairs(ma[0], mb[0])) {
		// The document around the <svg> element: the page mounts the
		// drawing again.
		d.whole = true
		return
	}
	if len(ma) == len(mb) {
		d.each(a, path, p, ma, mb)
		return
	}
	if ia, ib := board(ma, d.al, path), board(mb, d.bl, path); ia >= 0 && ib >= 0 && d.pairs(ma[ia], mb[ib]) {
		d.middle(a, path, p, ma[:ia], mb[:ib])
		d.inside(ma[ia], mb[ib], path, p+ia)
		d.middle(a, path, p+ia+1, ma[ia+1:], mb[ib+1:])
		return
	}
	// Elements added or taken away among elements changed (a tile turned
	// splits or joins zones: a fill more or less, and the zones after it
	// drawn again where their cells changed): the children written the
	// same are lined up, and only the runs between them are sent. Sent as
	// one run from the first change to the last, a turned tile on a big
	// board was most of the drawing, so every other turn sent the whole
	// map, and the page drew it anew (420-520 ms on 20x20 tiles).
	if same, ok := d.align(ma, mb); ok && len(same) > 0 {
		i, j := 0, 0
		for _, at := range append(same, [2]int{len(ma), len(mb)}) {
			d.run(a, path, p+i, ma[i:at[0]], mb[j:at[1]])
			i, j = at[0]+1, at[1]+1
		}
		return
	}
	d.replace(a, path, p, ma, mb)
}

// each makes the children ma into as many children mb, one by one: a
// group compared inside, an element replaced where it differs.
func (d *svgDiffer) each(a *svgNode, path []int, p int, ma, mb []*svgNode) {
	for i := range ma {
		if d.pairs(ma[i], mb[i]) {
			d.inside(ma[i], mb[i], path, p+i)
		} else if !sameNode(d.al, d.bl, ma[i], mb[i]) {
			d.replace(a, path, p+i, ma[i:i+1], mb[i:i+1])
		}
	}
}

// run makes ma, a run of children between two lined up, into mb.
func (d *svgDiffer) run(a *svgNode, path []int, p int, ma, mb []*svgNode) {
	switch {
	case len(ma) == 0 && len(mb) == 0:
	case len(ma) == len(mb):
		d.each(a, path, p, ma, mb)
	default:
		d.replace(a, path, p, ma, mb)
	}
}

// maxAlignEdits bounds the edits align looks for: its cost grows with
// their number times the children, its memory with their square.
const maxAlignEdits = 1024

// align lines up the children ma and mb written the same, in order, as
// few left unmatched as can be (Myers' shortest edit script): the pairs of
// indexes matched. ok is false past maxAlignEdits children added or taken
// away; the caller replaces the whole run then.
func (d *svgDiffer) align(ma, mb []*svgNode) (same [][2]int, ok bool) {
	n, m := len(ma), len(mb)
	limit := min(n+m, maxAlignEdits)
	// v[k] is the furthest x on diagonal k (x-y = k), offset by limit+1;
	// trace keeps v as each round began, for the way back.
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int
	for e := 0; e <= limit; e++ {
		trace = append(trace, slices.Clone(v[off-e-1:off+e+2]))
		for k := -e; k <= e; k += 2 {
			var x int
			if k == -e || k != e && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && sameNode(d.al, d.bl, ma[x], mb[y]) {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m), true
			}
		}
	}
	return nil, false
}

// backtrack walks an edit script back from (n, m): the diagonal moves
// are the pairs written the same, returned in order.
func backtrack(trace [][]int, n, m int) [][2]int {
	var same [][2]int
	x, y := n, m
	for e := len(trace) - 1; e >= 0; e-- {
		v := trace[e] // v[e+1+k] is the furthest x on diagonal k as round e began
		at := func(k int) int { return v[e+1+k] }
		k := x - y
		var pk int
		if k == -e || k != e && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			x, y = x-1, y-1
			same = append(same, [2]int{x, y})
		}
		x, y = px, py
	}
	slices.Reverse(same)
	return same
}

// pairs: x and y are groups closing the same way, compared inside.
func (d *svgDiffer) pairs(x, y *svgNode) bool {
	return x.kids != nil && y.kids != nil && !x.whole && !y.whole && d.al[x.last] == d.bl[y.last]
}

// inside compares the groups x and y, the i-th children of the group at
// path.
func (d *svgDiffer) inside(x, y *svgNode, path []int, i int) {
	in := append(path[:len(path):len(path)], i)
	if d.al[x.first] != d.bl[y.first] {
		// Its attributes changed (the page's size, the board's scale):
		// they are set, its children stay.
		d.ops = append(d.ops, svgOp{Path: in[1:], Open: true, Add: d.bl[y.first], Line: x.first, Lines: 1})
	}
	d.group(x, y, in)
}

// board is the index of the board group among nodes, children of the
// <svg> element written in lines, or -1.
func board(nodes []*svgNode, lines []string, path []int) int {
	if len(path) != 1 {
		return -1
	}
	for i, n := range nodes {
		if n.kids != nil && strings.Contains(lines[n.first], `class="board"`) {
			return i
		}
	}
	return -1
}

// replace puts mb in place of ma, the children of group a from its p-th.
func (d *svgDiffer) replace(a *svgNode, path []int, p int, ma, mb []*svgNode) {
	if board(ma, d.al, path) >= 0 {
		d.whole = true // the page's layers live in it
		return
	}
	line := a.last // before the group's closing line
	if len(ma) > 0 {
		line = ma[0].first
	} else if p < len(a.kids) {
		line = a.kids[p].first
	}
	lines := 0
	if len(ma) > 0 {
		lines = ma[len(ma)-1].last - ma[0].first + 1
	}
	var add string
	if len(mb) > 0 {
		add = strings.Join(d.bl[mb[0].first:mb[len(mb)-1].last+1], "\n")
	}
	// Paths are counted from the <svg> element, the page's root.
	d.ops = append(d.ops, svgOp{Path: path[1:len(path):len(path)], At: p, Del: len(ma), Add: add, Line: line, Lines: lines})
}

// patchSize is about what the patch weighs in the answer.
func patchSize(ops []svgOp) int {
	n := 0
	for _, op := range ops {
		n += len(op.Add) + 40 + 4*len(op.Path)
	}
	return n
}
