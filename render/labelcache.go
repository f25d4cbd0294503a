package render

import (
	"encoding/binary"
	"math"
	"sync"

	"github.com/zmission/zmission/layout"
)

// LabelCache keeps where the zones' labels went on the last page drawn,
// for a program that draws the same board again after small changes (the
// editor, at every edit). Finding a label's place is most of the drawing's
// work on a big board; a token moved changes the obstacles of a few zones
// only. A zone's place is taken from the cache only when everything its
// search read is as it was: the zone's cells, the label's size, the board's
// size, and every obstacle in the cells the search looked at. The page
// drawn is the same, byte for byte, with or without a cache.
//
// The zero value is ready to use; a cache may be shared by pages drawn at
// the same time (they take turns placing labels).
type LabelCache struct {
	mu   sync.Mutex
	last map[string]*labelPlace // the places found by the last page drawn

	// The board's fills and edges as the last page drew them
	// (fixedcache.go); apart from mu, which label placement holds while
	// the fills and edges are drawn.
	fixedMu sync.Mutex
	fixed   *fixedDrawing

	// The tiles' badges and the zones' labels of the last page drawn
	// (piececache.go), for its style; under fixedMu.
	pieces      map[string]piece
	piecesSt    style
	piecesSheet bool
	buf         []byte // the body buffer of the last page, to be written again
	// The obstacles of the zones' sides (zoneSides) of the board sidesOf,
	// never changed once kept.
	sides   []cellRect
	sidesOf *layout.Board
}

// takeBuffer gives the body buffer of the page before, empty, or nil; a
// page drawn at the same time makes its own.
func (c *LabelCache) takeBuffer() []byte {
	c.fixedMu.Lock()
	defer c.fixedMu.Unlock()
	b := c.buf
	c.buf = nil
	return b
}

// putBuffer keeps b, whose bytes are written out already, for the next page.
func (c *LabelCache) putBuffer(b []byte) {
	c.fixedMu.Lock()
	c.buf = b
	c.fixedMu.Unlock()
}

// labelPlace is a zone's label place and what its search read.
type labelPlace struct {
	x, y, best float64
	// The cells looked at: the zone's cells' bounding box grown by rings
	// of cells, clipped to the board; the obstacles of each, row by row.
	x0, y0, x1, y1 int
	counts         []int32
	obs            []rect
}

// labelKey names what a zone's search starts from besides the obstacles.
func labelKey(buf []byte, z *layout.Zone, w, h int, reach, hw, hh float64) []byte {
	buf = buf[:0]
	for _, f := range [...]float64{reach, hw, hh} {
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(f))
	}
	buf = binary.LittleEndian.AppendUint32(buf, uint32(w))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(h))
	for _, c := range z.Cells {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(c.X))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(c.Y))
	}
	return buf
}

// region is the box of cells within rings of the zone's cells, on a board
// w×h.
func region(z *layout.Zone, rings, w, h int) (x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for _, c := range z.Cells {
		x0, y0 = min(x0, c.X), min(y0, c.Y)
		x1, y1 = max(x1, c.X), max(y1, c.Y)
	}
	return max(x0-rings, 0), max(y0-rings, 0), min(x1+rings, w-1), min(y1+rings, h-1)
}

// same reports whether obs holds, in p's cells, the obstacles p was found
// among.
func (p *labelPlace) same(obs obstacleMap, w int) bool {
	k, n := 0, 0
	for y := p.y0; y <= p.y1; y++ {
		for x := p.x0; x <= p.x1; x++ {
			at := obs.at[y*w+x]
			if int(p.counts[n]) != len(at) {
				return false
			}
			n++
			for _, o := range at {
				if o != p.obs[k] {
					return false
				}
				k++
			}
		}
	}
	return true
}

// placeOf finds zone z's label place as pole does, from the cache when
// what the search would read is unchanged; next gets the place either way.
func (a *art) placeOf(z *layout.Zone, obs obstacleMap, hw, hh float64, last, next map[string]*labelPlace, key *[]byte) (x, y, best float64) {
	b := a.b
	if len(z.Cells) == 0 {
		x, y, best, _ = a.poleRings(z, obs, hw, hh)
		return x, y, best
	}
	*key = labelKey(*key, z, b.W, b.H, obs.reach, hw, hh)
	if p := last[string(*key)]; p != nil && p.same(obs, b.W) {
		next[string(*key)] = p
		return p.x, p.y, p.best
	}
	x, y, best, rings := a.poleRings(z, obs, hw, hh)
	p := &labelPlace{x: x, y: y, best: best}
	p.x0, p.y0, p.x1, p.y1 = region(z, rings, b.W, b.H)
	for cy := p.y0; cy <= p.y1; cy++ {
		for cx := p.x0; cx <= p.x1; cx++ {
			at := obs.at[cy*b.W+cx]
			p.counts = append(p.counts, int32(len(at)))
			p.obs = append(p.obs, at...)
		}
	}
	next[string(*key)] = p
	return x, y, best
}
