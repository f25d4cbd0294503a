package layout

// Problem codes of the tile-set loader. Each one is a rule id: the validate
// package lists and explains them, configuration may change their severity.
const (
	CodeTileSetFormat  = "tileset-format"  // document shape: keys, types, format version, name, size, face ids
	CodeTileSetGrid    = "tileset-grid"    // grid rows, cells, labels, zones split into parts
	CodeTileSetZone    = "tileset-zone"    // zone descriptions: kinds, labels missing or unused
	CodeTileSetFeature = "tileset-feature" // unknown or misplaced zone features (warning)
	CodeTileSetEdge    = "tileset-edge"    // declared edges inside a face
	CodeTileSetBorder  = "tileset-border"  // what stands on the tile border
	CodeTileSetHatch   = "tileset-hatch"   // a hatch not between an airlock and the exterior (warning)
	CodeTileSetPair    = "tileset-pair"    // faces paired into physical tiles
)

// TileSetCheck documents one tile-set problem code.
type TileSetCheck struct {
	Code    string
	Warning bool // a warning does not stop the set from loading
	Title   string
}

// TileSetChecks lists every problem code the loader reports, sorted by code.
func TileSetChecks() []TileSetCheck {
	return []TileSetCheck{
		{CodeTileSetBorder, false, "tile border entries must be known values, one per border cell"},
		{CodeTileSetEdge, false, "declared edges must stand between two neighbouring cells of different zones"},
		{CodeTileSetFeature, true, "zone features should be known and on a zone kind that can have them"},
		{CodeTileSetFormat, false, "a tile set must follow the documented tile-set format"},
		{CodeTileSetGrid, false, "a face grid has size rows of size labels and every zone is in one piece"},
		{CodeTileSetHatch, true, "a hatch belongs between an airlock room and an exterior zone"},
		{CodeTileSetPair, false, "every face is on exactly one physical tile"},
		{CodeTileSetZone, false, "every label of a grid is described under zones, with a known kind"},
	}
}

// IsTileSetWarning reports whether a tile-set problem code is a warning.
// ParseTileSet returns a usable set when every problem is a warning.
func IsTileSetWarning(code string) bool {
	return code == CodeTileSetFeature || code == CodeTileSetHatch
}
