package editor

import (
	"go.yaml.in/yaml/v4"
)

// TileMove is one tile of a tiles.move: where it goes and how it is turned
// there (nil keeps its rotation).
type TileMove struct {
	Index int    `json:"index"`
	At    [2]int `json:"at"`
	Rot   *int   `json:"rot,omitempty"`
}

// maxMoves bounds one tiles.move: more tiles than any board the limits let
// through.
const maxMoves = 1024

// tilesMove moves (and turns) several tiles at once, each with the tokens
// placed by cell on it: a group moved or rotated on the page. The places
// are checked against the arrangement after the move, so tiles of the
// group may take each other's places (a group turned about its middle, a
// row shifted by one), which a chain of tile.move could not do.
func (c opContext) tilesMove(root *yaml.Node, op Op) error {
	if len(op.Moves) == 0 || len(op.Moves) > maxMoves {
		return refuse("tiles.move needs 1 to %d tiles", maxMoves)
	}
	tiles, err := list(root, "tiles", false)
	if err != nil {
		return err
	}
	type move struct {
		it       *yaml.Node
		from, to [2]int
		rot, new int
		toks     []*yaml.Node
	}
	moving := map[int]bool{}
	moves := make([]move, 0, len(op.Moves))
	for _, m := range op.Moves {
		if moving[m.Index] {
			return refuse("tile %d is moved twice", m.Index+1)
		}
		moving[m.Index] = true
		it, err := item(root, "tiles", "tile", m.Index)
		if err != nil {
			return err
		}
		if err := checkCoord(m.At, "tile position"); err != nil {
			return err
		}
		from, rot, ok := tileAt(it)
		if !ok {
			return refuse("tile %d has no position [column, row]; fix it in the text first", m.Index+1)
		}
		next := rot
		if m.Rot != nil {
			next = *m.Rot
		}
		if next%90 != 0 || next < 0 || next >= 360 {
			return refuse("a rotation is 0, 90, 180 or 270 (got %d)", next)
		}
		moves = append(moves, move{it: it, from: from, to: m.At, rot: rot, new: next})
	}
	// Every place is taken once after the move: by a tile that stays, or
	// by one of the group.
	taken := map[[2]int]int{}
	for i, it := range tiles.Content {
		if moving[i] {
			continue
		}
		if p, _, ok := tileAt(it); ok {
			taken[p] = i
		}
	}
	for k, m := range moves {
		if j, ok := taken[m.to]; ok {
			return refuse("tile %d already stands at [%d, %d]", j+1, m.to[0], m.to[1])
		}
		taken[m.to] = op.Moves[k].Index
	}
	// The tokens are found where the tiles stand now, before any moves.
	for k := range moves {
		moves[k].toks = c.onTile(root, moves[k].from)
	}
	for _, m := range moves {
		turns := ((m.new-m.rot)%360 + 360) % 360 / 90
		for _, t := range m.toks {
			carryToken(t, c.N, m.from, m.to, turns) // as tile.rotate turns them
		}
		set(m.it, "at", pair(m.to))
		if m.new == 0 {
			del(m.it, "rot")
		} else {
			set(m.it, "rot", num(m.new))
		}
	}
	return nil
}
