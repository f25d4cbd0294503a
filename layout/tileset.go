package layout

// TileSet is a family of tile faces of one size, paired into physical tiles.
// Built-in sets are embedded copies of files in the documented tile-set format
// (docs/tilesets.md); a user's own set is read from the same format.
type TileSet struct {
	Name  string
	Title string
	// Rulesets are the games the set is drawn for, as its file says; none
	// said leaves it to the games to tell from its zones.
	Rulesets []string
	Size     int     // cells per tile side (N)
	Faces    []*Face // in file order
	File     string  // where it was read from; "builtin:<name>" for embedded sets
}

// Face is one side of a physical tile, in its own coordinates (rotation 0):
// cell (x, y) with x right and y down, 0 <= x, y < Size.
type Face struct {
	ID    string
	Title string
	Other string // the face on the other side of the same physical tile ("" if single-sided)
	// Grid holds the zone label of each cell, Grid[y][x].
	Grid [][]string
	// Zones describes each label used in Grid.
	Zones map[string]*ZoneSpec
	// Sides holds, for every cell, what stands on each of its four sides
	// (indexed by Dir), after defaults and the face's declared edges.
	// Inside the face: EdgeNone between cells of one zone, else the edge kind.
	// On the tile border: EdgeNone means "this zone continues into the
	// neighbouring tile"; any other kind is what stands on the border.
	Sides [][][4]EdgeKind
}

// ZoneSpec is a zone label's description on one face.
type ZoneSpec struct {
	Kind     string   // room, corridor, exterior, street
	Features []string // sorted
	Name     string   // optional display name, e.g. "Security Room"
}

// Labels lists the face's zone labels in reading order of their first cell.
func (f *Face) Labels() []string {
	var out []string
	seen := map[string]bool{}
	for _, row := range f.Grid {
		for _, l := range row {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return out
}
