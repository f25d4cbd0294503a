package lint

import (
	"strconv"
	"strings"

	"github.com/zmission/zmission/source"
)

// addEnds gives every finding of the file that starts at a key, a value or
// a list item the end of it, so JSON and SARIF carry the whole range and an
// editor underlines what the finding is about. Most findings are made with
// a pointer and find their end from it; the rest (a shape check, the note
// that checks were skipped) take the end of the key or value they start
// at. A finding at the file's first position is about the file: it keeps
// its start alone.
func (r *Result) addEnds(root *source.Node) {
	if r.text == nil || root == nil {
		return
	}
	need := false
	for _, d := range r.Diags {
		need = need || (d.EndLine == 0 && d.File == r.File)
	}
	if !need {
		return
	}
	type place struct {
		ptr  string
		key  bool
		file bool
	}
	// The first to claim a position keeps it: an item before its first key.
	at := map[source.Pos]place{root.Pos: {file: true}}
	claim := func(p source.Pos, pl place) {
		if _, ok := at[p]; !ok && p.Line > 0 {
			at[p] = pl
		}
	}
	var walk func(n *source.Node, ptr string)
	walk = func(n *source.Node, ptr string) {
		for i, c := range n.Items {
			p := ptr + "/" + strconv.Itoa(i)
			claim(c.Pos, place{ptr: p})
			walk(c, p)
		}
		for i, c := range n.Fields {
			p := ptr + "/" + strings.ReplaceAll(strings.ReplaceAll(n.Keys[i], "~", "~0"), "/", "~1")
			claim(c.KeyPos, place{ptr: p, key: true})
			claim(c.Pos, place{ptr: p})
			walk(c, p)
		}
	}
	walk(root, "")
	for i := range r.Diags {
		d := &r.Diags[i]
		if d.EndLine != 0 || d.File != r.File {
			continue
		}
		start := source.Pos{Line: d.Line, Col: d.Col}
		pl, ok := at[start]
		if !ok || pl.file {
			continue
		}
		if end := r.end(root, pl.ptr, pl.key, start); end.Line > 0 {
			d.EndLine, d.EndCol = end.Line, end.Col
		}
	}
}
