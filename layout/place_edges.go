package layout

import (
	"fmt"
	"slices"
)

// sideRank orders the passable side kinds: where two differ, the stronger
// one stands on the border (a door opening beats a plain opening, a hatch
// beats everything but a wall).
var sideRank = [...]int{EdgeNone: 0, EdgeMarking: 1, EdgeOpening: 2, EdgeDoor: 3, EdgeHatch: 4}

// joinSides resolves the two sides a and b that meet at a tile border into
// the edge that stands there. An open side (EdgeNone) takes whatever the
// other tile shows. conflict is true when a wall faces an opening, a door
// opening or a hatch: the wall wins. Two open sides are left to the caller,
// which needs the zone kinds to decide.
func joinSides(a, b EdgeKind) (k EdgeKind, conflict bool) {
	if a == EdgeBoard {
		a = EdgeWall
	}
	if b == EdgeBoard {
		b = EdgeWall
	}
	switch {
	case a == EdgeNone:
		return b, false
	case b == EdgeNone:
		return a, false
	case a == EdgeWall || b == EdgeWall:
		other := a
		if a == EdgeWall {
			other = b
		}
		return EdgeWall, other == EdgeOpening || other == EdgeDoor || other == EdgeHatch
	case sideRank[a] >= sideRank[b]:
		return a, false
	}
	return b, false
}

func isStation(kind string) bool { return kind == Room || kind == Corridor }

// walksOutside reports whether edge k between a station zone and the exterior
// would let actors through without a hatch.
func walksOutside(k EdgeKind) bool {
	return k == EdgeNone || k == EdgeMarking || k == EdgeOpening || k == EdgeDoor
}

var dirNames = [...]string{"north", "east", "south", "west"}

var sidePhrase = [...]string{
	EdgeNone:    "an open side",
	EdgeWall:    "a wall",
	EdgeOpening: "an opening",
	EdgeDoor:    "a door opening",
	EdgeMarking: "a marking",
	EdgeHatch:   "a hatch",
	EdgeBoard:   "the board edge",
}

// resolveEdges decides the edge between every pair of edge-sharing cells,
// joins zones that run across tile borders and reports what does not fit.
func (p *placer) resolveEdges() {
	b := p.b
	p.edgeSeen = map[string]int{}
	p.edgeCount = map[int]int{}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := y*b.W + x
			if b.Cells[i].Tile < 0 {
				continue
			}
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				if !b.in(nx, ny) || b.Cells[ny*b.W+nx].Tile < 0 {
					p.openSpace(x, y, d, b.in(nx, ny))
					continue
				}
				if d == E || d == S {
					k := p.resolve(i, ny*b.W+nx, d)
					if d == E {
						b.east[i] = k
					} else {
						b.south[i] = k
					}
				}
			}
		}
	}
	for pi, n := range p.edgeCount {
		if n > 1 {
			p.probs[pi].Message += fmt.Sprintf(" (%d cell edges alike)", n)
		}
	}
}

// resolve returns the edge between cell i and its neighbour j on side d
// (east or south), joining their zones where one runs into the other.
func (p *placer) resolve(i, j int, d Dir) EdgeKind {
	ci, cj := p.b.Cells[i], p.b.Cells[j]
	ki, kj := p.spec[i].Kind, p.spec[j].Kind
	outside := isStation(ki) && kj == Exterior || isStation(kj) && ki == Exterior
	k, conflict := joinSides(p.b.sides[i][d], p.b.sides[j][d.Opposite()])
	switch {
	case ci.Tile == cj.Tile && ci.Label == cj.Label:
		return k // one zone: joined when the tile was laid
	case ci.Tile == cj.Tile:
		// Two zones of one face: the tile set checks that their sides
		// agree; with nothing declared between them, keep them apart.
		if k == EdgeNone {
			k = EdgeWall
		}
	case k == EdgeNone: // both zones run on across the tile border
		if ki == kj {
			p.union(i, j)
			return EdgeNone
		}
		if !outside {
			p.kindMismatch(i, j, d)
			return EdgeWall
		}
	case conflict:
		p.sideMismatch(i, j, d)
	default:
		p.deadEnd(i, j, d, outside)
	}
	if outside && walksOutside(k) {
		p.exteriorProblem(i, j, d, k)
		return EdgeWall
	}
	if k == EdgeHatch && ci.Tile != cj.Tile && !hatchFits(p.spec[i], p.spec[j]) {
		p.hatchProblem(i, j, d)
		return EdgeWall
	}
	return k
}

// hatchFits reports whether a hatch stands where hatches belong: between an
// Airlock and the exterior.
func hatchFits(a, b *ZoneSpec) bool {
	airlock := func(z *ZoneSpec) bool { return z.Kind == Room && slices.Contains(z.Features, "airlock") }
	return airlock(a) && b.Kind == Exterior || airlock(b) && a.Kind == Exterior
}

// hatchProblem reports an airlock hatch on a tile border that meets no
// exterior: it leads nowhere, so it counts as a wall.
func (p *placer) hatchProblem(i, j int, d Dir) {
	b := p.b
	if b.Cells[j].Tile > b.Cells[i].Tile {
		i, j, d = j, i, d.Opposite()
	}
	ti, tj := b.Cells[i].Tile, b.Cells[j].Tile
	at := p.at(i)
	msg := fmt.Sprintf("the airlock hatch between %s and %s at %d,%d (%s border) leads to no exterior zone; it counts as a wall",
		p.zoneName(i), p.zoneName(j), at.X, at.Y, dirNames[d])
	p.edgeProblem(fmt.Sprint(ProblemHatchMisplaced, ti, tj, d), Problem{
		Code: ProblemHatchMisplaced, Tile: b.Tiles[ti].Index, Cell: at, Message: msg,
		Hint: "turn the airlock's tile so its hatch faces an exterior face",
	})
}

// edgeProblem records pr once per key; further cell edges with the same key
// are only counted.
func (p *placer) edgeProblem(key string, pr Problem) {
	if pi, ok := p.edgeSeen[key]; ok {
		p.edgeCount[pi]++
		return
	}
	p.edgeSeen[key] = len(p.probs)
	p.edgeCount[len(p.probs)] = 1
	p.add(pr)
}

// placed names Board.Tiles[ti] for messages.
func (p *placer) placed(ti int) string { return p.tile(p.b.Tiles[ti].Index) }

func (p *placer) at(i int) *Point { return &Point{i % p.b.W, i / p.b.W} }

// zoneName is "the corridor 2B/a": kind and face label of cell i.
func (p *placer) zoneName(i int) string {
	c := p.b.Cells[i]
	kind := p.spec[i].Kind
	if kind == "" {
		kind = "zone"
	}
	return fmt.Sprintf("the %s %s/%s", kind, p.b.Tiles[c.Tile].Face, c.Label)
}

func (p *placer) openSpace(x, y int, d Dir, onBoard bool) {
	i := y*p.b.W + x
	k := p.b.sides[i][d]
	if k != EdgeOpening && k != EdgeDoor && k != EdgeHatch {
		return
	}
	ti := p.b.Cells[i].Tile
	where := "off the board"
	if onBoard {
		where = "to empty space (no tile there)"
	}
	p.edgeProblem(fmt.Sprint(ProblemBorderOpenSpace, ti, d, k, onBoard), Problem{
		Code: ProblemBorderOpenSpace, Tile: p.b.Tiles[ti].Index, Cell: p.at(i),
		Message: fmt.Sprintf("%s has %s on its %s border at %d,%d that leads %s",
			p.placed(ti), sidePhrase[k], dirNames[d], x, y, where),
		Hint: "place a tile beyond it, or turn the tile so the opening faces the board",
	})
}

// sideMismatch reports a wall facing a passable side across a tile border,
// on the tile with the passable side.
func (p *placer) sideMismatch(i, j int, d Dir) {
	b := p.b
	open, wall, od := i, j, d
	if b.sides[i][d] == EdgeWall || b.sides[i][d] == EdgeBoard {
		open, wall, od = j, i, d.Opposite()
	}
	k := b.sides[open][od]
	to, tw := b.Cells[open].Tile, b.Cells[wall].Tile
	at := p.at(open)
	p.edgeProblem(fmt.Sprint(ProblemBorderMismatch, to, tw, od, k, b.Cells[open].Label), Problem{
		Code: ProblemBorderMismatch, Tile: b.Tiles[to].Index, Cell: at,
		Message: fmt.Sprintf("%s on the %s border of %s at %d,%d faces a wall of %s; it counts as a wall",
			sidePhrase[k], dirNames[od], p.placed(to), at.X, at.Y, p.placed(tw)),
		Hint: "turn or swap one of the tiles so the openings meet",
	})
}

// kindMismatch reports two zones of different kinds that both run on across
// a tile border, on the later tile.
func (p *placer) kindMismatch(i, j int, d Dir) {
	b := p.b
	if b.Cells[i].Tile < b.Cells[j].Tile {
		i, j, d = j, i, d.Opposite()
	}
	ti, tj := b.Cells[i].Tile, b.Cells[j].Tile
	at := p.at(i)
	p.edgeProblem(fmt.Sprint(ProblemBorderMismatch, ti, tj, d, b.Cells[i].Label, b.Cells[j].Label), Problem{
		Code: ProblemBorderMismatch, Tile: b.Tiles[ti].Index, Cell: at,
		Message: fmt.Sprintf("%s of %s runs across its %s border at %d,%d into %s of %s; a wall is assumed there",
			p.zoneName(i), p.placed(ti), dirNames[d], at.X, at.Y, p.zoneName(j), p.placed(tj)),
		Hint: "only zones of one kind run on across a tile border; turn or swap one of the tiles",
	})
}

// exteriorProblem reports a station zone that reaches the exterior without
// an airlock hatch. Across a border it is put on the later tile.
func (p *placer) exteriorProblem(i, j int, d Dir, k EdgeKind) {
	b := p.b
	st, ex := i, j // station and exterior cell, for the message
	if p.spec[i].Kind == Exterior {
		st, ex = j, i
	}
	if b.Cells[j].Tile > b.Cells[i].Tile {
		i, j, d = j, i, d.Opposite()
	}
	ti, tj := b.Cells[i].Tile, b.Cells[j].Tile
	sp, ep := p.at(st), p.at(ex)
	how := "through " + sidePhrase[k]
	if k == EdgeNone {
		how = "with nothing between them"
	}
	msg := fmt.Sprintf("%s at %d,%d meets %s at %d,%d %s; only an airlock hatch leads outside, so it counts as a wall",
		p.zoneName(st), sp.X, sp.Y, p.zoneName(ex), ep.X, ep.Y, how)
	hint := "turn or swap the tiles so the station meets the exterior only at an airlock hatch"
	at := p.at(i)
	if ti == tj {
		at = sp
		msg = fmt.Sprintf("face %s of %s: %s", b.Tiles[ti].Face, p.placed(ti), msg)
		hint = "fix the tile set: put a hatch between an airlock and the exterior, or a wall"
	}
	p.edgeProblem(fmt.Sprint(ProblemExteriorNoAirlock, ti, tj, d, k, b.Cells[i].Label, b.Cells[j].Label), Problem{
		Code: ProblemExteriorNoAirlock, Tile: b.Tiles[ti].Index, Cell: at, Message: msg, Hint: hint,
	})
}

// runsOn reports whether a zone of this kind runs on across a tile border
// where its side is open: corridors, streets and the exterior do; a room's
// open side is an opening in its wall.
func runsOn(kind string) bool { return kind == Corridor || kind == Street || kind == Exterior }

// deadEnd reports a corridor, street or exterior zone that runs on to the
// tile border and meets a wall of the next tile there: the tile is usually
// turned the wrong way. Between the station and the exterior a wall is what
// the rules want, so it is not reported.
func (p *placer) deadEnd(i, j int, d Dir, outside bool) {
	b := p.b
	if outside || b.Cells[i].Tile == b.Cells[j].Tile {
		return
	}
	wall := func(k EdgeKind) bool { return k == EdgeWall || k == EdgeBoard }
	si, sj := b.sides[i][d], b.sides[j][d.Opposite()]
	open, shut, od := i, j, d
	switch {
	case si == EdgeNone && wall(sj) && runsOn(p.spec[i].Kind):
	case sj == EdgeNone && wall(si) && runsOn(p.spec[j].Kind):
		open, shut, od = j, i, d.Opposite()
	default:
		return
	}
	to, ts := b.Cells[open].Tile, b.Cells[shut].Tile
	at := p.at(open)
	kind := p.spec[open].Kind
	p.edgeProblem(fmt.Sprint(ProblemBorderDeadEnd, to, ts, od, b.Cells[open].Label), Problem{
		Code: ProblemBorderDeadEnd, Tile: b.Tiles[to].Index, Cell: at,
		Message: fmt.Sprintf("this %s of %s ends in a wall of %s at %d,%d (its %s border): turn one of the tiles?",
			kind, b.Tiles[to].Face, b.Tiles[ts].Face, at.X, at.Y, dirNames[od]),
		Hint: fmt.Sprintf("a %s runs on across a tile border into the next tile's %s: turn %s or %s ('rot: 90', 180 or 270) until the %ss meet", kind, kind, b.Tiles[to].Face, b.Tiles[ts].Face, kind),
	})
}
