package layout

import (
	"strconv"
	"strings"

	"github.com/zmission/zmission/source"
)

// Edge kinds a file may declare inside a face, and values on the border.
var (
	tsEdgeValues   = []string{"wall", "opening", "door", "marking", "hatch"}
	tsBorderValues = []string{"open", "wall", "opening", "door", "marking", "hatch"}
	tsSideNames    = []string{"n", "e", "s", "w"}
)

// edgeKey reads an edge key: a cell "x,y" and the side of it, "1,0 e";
// spaces around the parts are allowed, as the schema's pattern
// ^\s*[0-9]{1,3}\s*,\s*[0-9]{1,3}\s+[nesw]\s*$ says (a test holds the two
// together).
func edgeKey(key string) (x, y int, side string, ok bool) {
	s := trimSpaceASCII(key)
	digits := func() (int, bool) {
		n := 0
		for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == 0 || n > 3 {
			return 0, false
		}
		v, _ := strconv.Atoi(s[:n])
		s = s[n:]
		return v, true
	}
	var okX, okY bool
	if x, okX = digits(); !okX {
		return 0, 0, "", false
	}
	s = trimSpaceASCII(s)
	if s == "" || s[0] != ',' {
		return 0, 0, "", false
	}
	s = trimSpaceASCII(s[1:])
	if y, okY = digits(); !okY {
		return 0, 0, "", false
	}
	if s == "" || !isSpaceASCII(s[0]) {
		return 0, 0, "", false
	}
	s = trimSpaceASCII(s)
	if len(s) != 1 || !strings.Contains("nesw", s) {
		return 0, 0, "", false
	}
	return x, y, s, true
}

// isSpaceASCII is regexp's \s: space, tab, newline, form feed, carriage return.
func isSpaceASCII(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

func trimSpaceASCII(s string) string {
	for s != "" && isSpaceASCII(s[0]) {
		s = s[1:]
	}
	for s != "" && isSpaceASCII(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// DefaultEdge is what stands between two neighbouring cells of different
// zones when the face declares nothing: walls around rooms and between
// different kinds, markings between two zones of one open kind.
func DefaultEdge(a, b *ZoneSpec) EdgeKind {
	if a.Kind == Room || b.Kind == Room || a.Kind != b.Kind {
		return EdgeWall
	}
	return EdgeMarking
}

// DefaultBorder is what stands on the tile border of a cell of zone z when the
// face declares nothing: rooms are walled in, open kinds continue.
func DefaultBorder(z *ZoneSpec) EdgeKind {
	if z.Kind == Room {
		return EdgeWall
	}
	return EdgeNone
}

// defaultSides fills Face.Sides from the zone kinds alone.
func (p *tsParser) defaultSides(c *tsFaceCtx) {
	f := c.face
	n := len(f.Grid)
	f.Sides = make([][][4]EdgeKind, n)
	for y := 0; y < n; y++ {
		f.Sides[y] = make([][4]EdgeKind, n)
		for x := 0; x < n; x++ {
			here := f.Zones[f.Grid[y][x]]
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				switch {
				case nx < 0 || ny < 0 || nx >= n || ny >= n:
					f.Sides[y][x][d] = DefaultBorder(here)
				case f.Grid[ny][nx] == f.Grid[y][x]:
					f.Sides[y][x][d] = EdgeNone
				default:
					f.Sides[y][x][d] = DefaultEdge(here, f.Zones[f.Grid[ny][nx]])
				}
			}
		}
	}
}

// parseEdges applies the declared edges: "x,y side: kind".
func (p *tsParser) parseEdges(c *tsFaceCtx, n *source.Node) {
	if n.Kind != source.Object {
		p.report(n.Pos, CodeTileSetEdge, "edges must map cell sides to edge kinds (\"1,0 e: door\"), not %s", tsKindName(n))
		return
	}
	f := c.face
	size := len(f.Grid)
	first := map[[3]int]source.Pos{} // an edge is known by its cell on the west or north
	for i, key := range n.Keys {
		v := n.Fields[i]
		x, y, side, ok := edgeKey(key)
		if !ok {
			p.report(v.KeyPos, CodeTileSetEdge, "edge %q: write a cell and one of its sides, x,y then n, e, s or w, e.g. \"1,0 e\"", key)
			continue
		}
		d := Dir(tsIndexOf(tsSideNames, side))
		if x >= size || y >= size {
			p.report(v.KeyPos, CodeTileSetEdge, "edge %q: cell %d,%d is off the face (x and y run from 0 to %d)", key, x, y, size-1)
			continue
		}
		nx, ny := x+DX[d], y+DY[d]
		if nx < 0 || ny < 0 || nx >= size || ny >= size {
			p.report(v.KeyPos, CodeTileSetEdge, "edge %q is on the tile border: set it under border, side %s", key, d)
			continue
		}
		a, b := f.Grid[y][x], f.Grid[ny][nx]
		if a == b {
			p.report(v.KeyPos, CodeTileSetEdge, "edge %q: cells %d,%d and %d,%d are both zone %s, and a zone has no edges inside it", key, x, y, nx, ny, a)
			continue
		}
		canon := [3]int{x, y, int(d)}
		if d == N || d == W {
			canon = [3]int{nx, ny, int(d.Opposite())}
		}
		if prev, dup := first[canon]; dup {
			p.report(v.KeyPos, CodeTileSetEdge, "edge %q is declared twice (first at line %d)", key, prev.Line)
			continue
		}
		first[canon] = v.KeyPos
		val, ok := p.str(v, "an edge kind", CodeTileSetEdge)
		if !ok {
			continue
		}
		kind, known := ParseEdgeKind(val)
		if !known || !tsContains(tsEdgeValues, val) {
			hint := tsSuggest(val, tsEdgeValues)
			if val == "open" || val == "none" {
				hint = ": cells of one zone have no edge; between zones use opening"
			}
			p.report(v.Pos, CodeTileSetEdge, "unknown edge kind %q: use wall, opening, door, marking or hatch%s", val, hint)
			continue
		}
		za, zb := f.Zones[a], f.Zones[b]
		switch kind {
		case EdgeMarking:
			if za.Kind == Room || zb.Kind == Room {
				room := a
				if zb.Kind == Room {
					room = b
				}
				p.report(v.Pos, CodeTileSetEdge, "edge %q: a marking separates corridor, exterior or street zones, and zone %s is a room: use opening or door", key, room)
				continue
			}
		case EdgeHatch:
			if !tsIsHatchPair(za, zb) {
				p.report(v.Pos, CodeTileSetHatch, "edge %q: a hatch belongs between an airlock room and an exterior zone, not between %s (%s) and %s (%s)", key, a, tsDescribe(za), b, tsDescribe(zb))
			}
		}
		f.Sides[y][x][d] = kind
		f.Sides[ny][nx][d.Opposite()] = kind
	}
}

// parseBorder applies what stands on the tile border, side by side.
func (p *tsParser) parseBorder(c *tsFaceCtx, n *source.Node) {
	if n.Kind != source.Object {
		p.report(n.Pos, CodeTileSetBorder, "border must map sides (n, e, s, w) to border lists, not %s", tsKindName(n))
		return
	}
	for i, key := range n.Keys {
		if tsIndexOf(tsSideNames, key) < 0 {
			p.report(n.Fields[i].KeyPos, CodeTileSetBorder, "unknown border side %q: sides are n, e, s and w", key)
		}
	}
	f := c.face
	size := len(f.Grid)
	for i, key := range n.Keys {
		side := tsIndexOf(tsSideNames, key)
		if side < 0 {
			continue
		}
		d := Dir(side)
		v := n.Fields[i]
		values := make([]*source.Node, size)
		switch v.Kind {
		case source.String: // one value for the whole side
			for k := range values {
				values[k] = v
			}
		case source.Array:
			if len(v.Items) != size {
				p.report(v.Pos, CodeTileSetBorder, "border %s lists %s; a tile of size %d needs %d (or one value for the whole side)", key, tsCount(len(v.Items), "cell"), size, size)
				continue
			}
			copy(values, v.Items)
		default:
			p.report(v.Pos, CodeTileSetBorder, "border %s must be a list of %d values or one value, not %s", key, size, tsKindName(v))
			continue
		}
		reported := map[*source.Node]bool{} // a shorthand value is reported once
		for k, it := range values {
			x, y := tsBorderCell(d, k, size)
			kind, ok := p.borderValue(it, reported)
			if !ok {
				continue
			}
			label := f.Grid[y][x]
			z := f.Zones[label]
			if kind == EdgeMarking && z.Kind == Room {
				if !reported[it] {
					reported[it] = true
					p.report(it.Pos, CodeTileSetBorder, "border %s, cell %d,%d: a marking ends a corridor, exterior or street zone, and zone %s is a room: use opening or door", key, x, y, label)
				}
				continue
			}
			if kind == EdgeHatch && !tsIsAirlock(z) && !reported[it] {
				reported[it] = true
				p.report(it.Pos, CodeTileSetHatch, "border %s, cell %d,%d: a hatch belongs on an airlock room, and zone %s is %s", key, x, y, label, tsDescribe(z))
			}
			f.Sides[y][x][d] = kind
		}
	}
}

// borderValue reads one border entry; a bad shorthand value is reported once.
func (p *tsParser) borderValue(it *source.Node, reported map[*source.Node]bool) (EdgeKind, bool) {
	s, ok := "", it.Kind == source.String
	if ok {
		s = it.Text
		ok = tsContains(tsBorderValues, s)
	}
	if !ok {
		if !reported[it] {
			reported[it] = true
			what := tsShow(it)
			if it.Kind != source.String {
				what = tsKindName(it)
			}
			p.report(it.Pos, CodeTileSetBorder, "unknown border value %s: use open, wall, opening, door, marking or hatch%s", what, tsSuggest(s, tsBorderValues))
		}
		return 0, false
	}
	if s == "open" {
		return EdgeNone, true
	}
	k, _ := ParseEdgeKind(s)
	return k, true
}

// tsBorderCell is the cell of the k-th border entry of side d: n and s run left
// to right, e and w top to bottom.
func tsBorderCell(d Dir, k, size int) (x, y int) {
	switch d {
	case N:
		return k, 0
	case S:
		return k, size - 1
	case E:
		return size - 1, k
	}
	return 0, k
}

// checkAirlocks warns about an airlock with no hatch: nothing would lead out.
func (p *tsParser) checkAirlocks(c *tsFaceCtx) {
	f := c.face
	has := map[string]bool{}
	for y, row := range f.Sides {
		for x, sides := range row {
			for _, k := range sides {
				if k == EdgeHatch {
					has[f.Grid[y][x]] = true
				}
			}
		}
	}
	missing := false
	for l, z := range f.Zones {
		missing = missing || tsIsAirlock(z) && !has[l]
	}
	if !missing {
		return // the labels are sorted only to report in their order
	}
	for _, l := range tsSortedKeys(f.Zones) {
		z := f.Zones[l]
		if tsIsAirlock(z) && !has[l] {
			p.report(c.zonePos[l], CodeTileSetHatch, "airlock %s has no hatch: declare one towards an exterior zone, under edges or on the border", l)
		}
	}
}

func tsIsHatchPair(a, b *ZoneSpec) bool {
	return tsIsAirlock(a) && b.Kind == Exterior || tsIsAirlock(b) && a.Kind == Exterior
}

func tsIsAirlock(z *ZoneSpec) bool { return z.Kind == Room && tsHasFeature(z, "airlock") }

func tsHasFeature(z *ZoneSpec, f string) bool { return tsContains(z.Features, f) }

func tsDescribe(z *ZoneSpec) string {
	if tsIsAirlock(z) {
		return "an airlock"
	}
	if z.Kind == Exterior {
		return "an exterior zone"
	}
	return "a " + z.Kind
}

func tsIndexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
