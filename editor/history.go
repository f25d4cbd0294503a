package editor

import (
	"bytes"
	"errors"
)

// maxHistory bounds the steps remembered for undo.
const maxHistory = 500

// outside is the tab of a step saved by another program: any page's undo
// takes it back.
const outside = ""

// step is one change to the file: its bytes before and after, and the tab
// that made it (outside: a save from another program).
type step struct {
	before, after []byte
	tab           string
}

// history is the server's record of the file's changes. It lives as long as
// the server, so a page reload keeps it. Each tab (a page open on the
// editor) undoes its own steps and the saves made outside, the latest
// first; a step older than the file's last change is taken back by a
// three-way merge of its lines, refused when a later change touched the
// same lines.
type history struct {
	done   []step
	undone map[string][]step // by tab
}

// push records a change; a tab's own edit ends what it could redo.
func (h *history) push(before, after []byte, tab string) {
	h.done = append(h.done, step{before, after, tab})
	if len(h.done) > maxHistory {
		h.done = h.done[len(h.done)-maxHistory:]
	}
	if tab != outside && h.undone != nil {
		delete(h.undone, tab)
	}
}

// counts is what a tab can undo and redo.
func (h *history) counts(tab string) (undo, redo int) {
	for _, s := range h.done {
		if s.tab == tab || s.tab == outside {
			undo++
		}
	}
	return undo, len(h.undone[tab])
}

// errNothing is an undo or redo with nothing to take back or do again.
var errNothing = errors.New("nothing to do")

// errConflict is an undo or redo whose lines a later change touched.
var errConflict = errors.New("a later change touched the same lines")

// undo takes back the tab's latest step from cur: the file it would write,
// and commit, which records that it was written.
func (h *history) undo(tab string, cur []byte) (out []byte, commit func(), err error) {
	for i := len(h.done) - 1; i >= 0; i-- {
		s := h.done[i]
		if s.tab != tab && s.tab != outside {
			continue
		}
		out, ok := revert(cur, s.after, s.before)
		if !ok {
			return nil, nil, errConflict
		}
		return out, func() {
			h.done = append(h.done[:i:i], h.done[i+1:]...)
			if h.undone == nil {
				h.undone = map[string][]step{}
			}
			h.undone[tab] = append(h.undone[tab], s)
		}, nil
	}
	return nil, nil, errNothing
}

// redo makes the tab's last undone step again.
func (h *history) redo(tab string, cur []byte) (out []byte, commit func(), err error) {
	l := h.undone[tab]
	if len(l) == 0 {
		return nil, nil, errNothing
	}
	s := l[len(l)-1]
	out, ok := revert(cur, s.before, s.after)
	if !ok {
		return nil, nil, errConflict
	}
	return out, func() {
		h.undone[tab] = l[:len(l)-1]
		h.done = append(h.done, s)
	}, nil
}

// revert changes cur as from became to: to itself when cur is from,
// otherwise a merge of the lines.
func revert(cur, from, to []byte) ([]byte, bool) {
	if bytes.Equal(cur, from) {
		return to, true
	}
	return merge3(from, cur, to)
}

// hunk replaces base lines [s, e) with lines.
type hunk struct {
	s, e  int
	lines [][]byte
}

// maxMerge bounds the lines a merge compares after the common start and
// end are set aside (the comparison is quadratic).
const maxMerge = 3000

// merge3 merges the changes from base to a and from base to b, line by
// line; false when they touch the same or adjacent lines.
func merge3(base, a, b []byte) ([]byte, bool) {
	bl, al, ll := lines(base), lines(a), lines(b)
	ha, ok1 := diff(bl, al)
	hb, ok2 := diff(bl, ll)
	if !ok1 || !ok2 {
		return nil, false
	}
	var out [][]byte
	pos, i, j := 0, 0, 0
	for i < len(ha) || j < len(hb) {
		var x hunk
		switch {
		case j >= len(hb) || (i < len(ha) && ha[i].s < hb[j].s):
			x = ha[i]
			i++
			if j < len(hb) && hb[j].s <= x.e {
				return nil, false
			}
		default:
			x = hb[j]
			j++
			if i < len(ha) && ha[i].s <= x.e {
				return nil, false
			}
		}
		out = append(out, bl[pos:x.s]...)
		out = append(out, x.lines...)
		pos = x.e
	}
	out = append(out, bl[pos:]...)
	return bytes.Join(out, nil), true
}

// lines splits data after each newline, keeping them.
func lines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			out = append(out, data)
			break
		}
		out = append(out, data[:i+1])
		data = data[i+1:]
	}
	return out
}

// diff is the hunks that make b from a, by a longest common subsequence of
// the lines between their common start and end; false when that middle is
// too long to compare.
func diff(a, b [][]byte) ([]hunk, bool) {
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma) == 0 && len(mb) == 0 {
		return nil, true
	}
	if len(ma) > maxMerge || len(mb) > maxMerge || len(ma)*len(mb) > maxMerge*maxMerge/4 {
		return nil, false
	}
	// lcs[i][j] is the common subsequence length of ma[i:] and mb[j:].
	n, m := len(ma), len(mb)
	lcs := make([]int32, (n+1)*(m+1))
	at := func(i, j int) *int32 { return &lcs[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case bytes.Equal(ma[i], mb[j]):
				*at(i, j) = *at(i+1, j+1) + 1
			case *at(i+1, j) >= *at(i, j+1):
				*at(i, j) = *at(i+1, j)
			default:
				*at(i, j) = *at(i, j+1)
			}
		}
	}
	var out []hunk
	var cur *hunk
	i, j := 0, 0
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for i < n || j < m {
		switch {
		case i < n && j < m && bytes.Equal(ma[i], mb[j]):
			flush()
			i, j = i+1, j+1
		case j < m && (i == n || *at(i, j+1) >= *at(i+1, j)):
			if cur == nil {
				cur = &hunk{s: pre + i, e: pre + i}
			}
			cur.lines = append(cur.lines, mb[j])
			j++
		default:
			if cur == nil {
				cur = &hunk{s: pre + i, e: pre + i}
			}
			cur.e = pre + i + 1
			i++
		}
	}
	flush()
	return out, true
}
