package lint

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
)

// lintTileset checks a tile-set file: its schema, then what the loader finds.
func lintTileset(r *Result, root *source.Node) {
	pos := func(ptr string) source.Pos { v, _ := source.Locate(root, ptr); return v }
	keyPos := func(ptr string) source.Pos { _, k := source.Locate(root, ptr); return k }
	next, st := r.schema(schema.Tileset, root, pos, keyPos)
	if next == nil {
		r.skipped("the checks of the faces", st)
		return
	}
	_, probs := layout.ParseTileSet(r.File, next)
	r.add(r.File, probs)
	r.complete = true
}
