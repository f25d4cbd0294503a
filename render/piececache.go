package render

import (
	"encoding/binary"
	"math"

	"github.com/zmission/zmission/layout"
)

// A tile's badge and a zone's label are each a few elements written from a
// few numbers and words; on a board of 20×20 tiles there are 400 badges
// and over a thousand labels, and writing their numbers is a tenth of a
// redraw. An edit moves a few of them: a program that draws the same board
// again (the editor, at every edit) keeps the bytes of each piece of the
// page before, named by everything they are written from, and writes them
// again where that is the same. The page is the same, byte for byte.

// piece is the bytes of one piece and the key they were written from.
type piece struct {
	key  string
	text []byte
	used []string // the patterns it refers to, for the page's defs
	// parts: a piece written into several paths (a line of the edges),
	// the text of each.
	parts []string
}

// lookup gives the piece p.key names, kept from the page before or
// already written on this one.
func (p *pieceDrawing) lookup() (piece, bool) {
	if k, ok := p.next[string(p.key)]; ok {
		return k, true
	}
	k, ok := p.last[string(p.key)]
	if ok {
		p.next[k.key] = k
	}
	return k, ok
}

// keep keeps k, written now, under p.key.
func (p *pieceDrawing) keep(k piece) {
	k.key = string(p.key)
	p.next[k.key] = k
}

// pieceDrawing is the pieces of a page being drawn: those of the page
// before (never changed once kept) and those of this one.
type pieceDrawing struct {
	last, next map[string]piece
	key        []byte
}

// startPieces takes the pieces of the page before, for a page drawn in
// the same style; nil when there is no cache.
func (a *art) startPieces() *pieceDrawing {
	c := a.labelCache
	if c == nil {
		return nil
	}
	c.fixedMu.Lock()
	defer c.fixedMu.Unlock()
	p := &pieceDrawing{next: make(map[string]piece, len(c.pieces))}
	if c.piecesSt == a.st && c.piecesSheet == a.sheet {
		p.last = c.pieces
	}
	return p
}

// keepPieces makes this page's pieces the ones the next page starts from.
func (a *art) keepPieces(p *pieceDrawing) {
	if p == nil {
		return
	}
	c := a.labelCache
	c.fixedMu.Lock()
	c.pieces, c.piecesSt, c.piecesSheet = p.next, a.st, a.sheet
	c.fixedMu.Unlock()
}

// draw writes the piece p.key names: the bytes kept for it, or what draw
// writes. The caller has put in p.key everything draw writes from.
func (p *pieceDrawing) draw(w *svgw, draw func(*svgw)) {
	p.drawUsing(w, nil, func(w *svgw) []string { draw(w); return nil })
}

// drawUsing is draw for a piece that refers to patterns: draw returns
// them, and they are marked used in used whether the piece is drawn or
// kept.
func (p *pieceDrawing) drawUsing(w *svgw, used map[string]bool, draw func(*svgw) []string) {
	if p == nil {
		for _, u := range draw(w) {
			used[u] = true
		}
		return
	}
	k, ok := p.next[string(p.key)] // the same piece twice on one page
	if !ok {
		if k, ok = p.last[string(p.key)]; ok {
			p.next[k.key] = k
		}
	}
	if !ok {
		start := w.Len()
		k.used = draw(w)
		k.key, k.text = string(p.key), append([]byte(nil), w.Bytes()[start:]...)
		p.next[k.key] = k
	} else {
		w.Write(k.text)
	}
	for _, u := range k.used {
		used[u] = true
	}
}

// reset starts the key of a piece of kind.
func (p *pieceDrawing) reset(kind byte) {
	if p != nil {
		p.key = append(p.key[:0], kind)
	}
}

func (p *pieceDrawing) float(fs ...float64) {
	if p == nil {
		return
	}
	for _, f := range fs {
		p.key = binary.LittleEndian.AppendUint64(p.key, math.Float64bits(f))
	}
}

func (p *pieceDrawing) cells(cs []layout.Point) {
	if p == nil {
		return
	}
	p.key = binary.AppendUvarint(p.key, uint64(len(cs)))
	for _, c := range cs {
		p.key = binary.AppendVarint(p.key, int64(c.X))
		p.key = binary.AppendVarint(p.key, int64(c.Y))
	}
}

func (p *pieceDrawing) str(ss ...string) {
	if p == nil {
		return
	}
	for _, s := range ss {
		p.key = binary.AppendUvarint(p.key, uint64(len(s)))
		p.key = append(p.key, s...)
	}
}
