package render

import (
	"slices"

	"github.com/zmission/zmission/layout"
)

// The zones' fills and the edges of a board depend on its tiles alone: a
// program that draws the same board again after a token moved (the
// editor, at every edit) gets them from the page before. A board is never
// changed once built, and lint gives the same board for the same tiles
// (layout.BuildCache), so the same board and style draw the same bytes.
// On a board of 20×20 tiles they are a half of the drawing's own work.

// fixedGroup names a group of the board drawn from its tiles alone.
type fixedGroup int

const (
	groupFills fixedGroup = iota
	groupEdges
	fixedGroups
)

// fixedDrawing is the fixed groups of one board as a page drew them.
type fixedDrawing struct {
	b      *layout.Board
	st     style
	sheet  bool
	groups [fixedGroups]struct {
		ok   bool
		text []byte
		used []string // the patterns the group refers to, for the page's defs
	}
}

// drawFixed writes the group draw writes, from the cache the page was
// given when the page before drew the same board the same way.
func (a *art) drawFixed(w *svgw, g fixedGroup, draw func(*svgw)) {
	c := a.labelCache
	if c == nil {
		draw(w)
		return
	}
	c.fixedMu.Lock()
	f := c.fixed
	if f == nil || f.b != a.b || f.st != a.st || f.sheet != a.sheet {
		f = &fixedDrawing{b: a.b, st: a.st, sheet: a.sheet}
		c.fixed = f
	}
	kept := f.groups[g]
	c.fixedMu.Unlock()
	if kept.ok {
		w.Write(kept.text)
		for _, p := range kept.used {
			a.used[p] = true
		}
		return
	}
	outer := a.used
	a.used = map[string]bool{}
	start := w.Len()
	draw(w)
	kept.ok, kept.text = true, slices.Clone(w.Bytes()[start:])
	for p := range a.used {
		outer[p] = true
		kept.used = append(kept.used, p)
	}
	a.used = outer
	c.fixedMu.Lock()
	if c.fixed == f {
		f.groups[g] = kept
	}
	c.fixedMu.Unlock()
}
