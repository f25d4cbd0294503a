package lint

import (
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// head is the start of every example mission in the catalogue.
const head = "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntileset: station\n"

// tail gives an example board a start, an exit and an objective.
const tail = "tokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"

// The checks of the board: the tile set, tile placement and token placement.
// They hold for every game played on tiles (rules.TileGames).
func init() {
	for _, c := range []*validate.Check{
		{ID: "tileset", Title: "The tile set cannot be found or loaded", Severity: validate.Error,
			Doc:  "`tileset` names a built-in set (`zmission tiles` lists them) or a tile-set file relative to the mission file. A file with errors is summed up here; `zmission validate FILE` on the tile set shows them all.\n\nThe file must be a regular file inside the tree being checked (the repository holding the mission, or the working folder): a path or link that leads out is refused unread, unless `--allow-outside` is given. See [config.md](config.md#trust-model-checking-pull-requests).",
			Bad:  strings.Replace(head, "station", "stations", 1) + "tiles:\n  - {face: 1A, at: [0, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n" + tail},
		{ID: "no-tiles", Title: "The mission places no tiles", Severity: validate.Error,
			Doc: "A board game mission needs a board. Add a `tiles` list.", Bad: head + tail, Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n" + tail},
		{ID: "unknown-face", Title: "A tile face is not in the tile set", Severity: validate.Error,
			Doc:  "The face id is not in the mission's tile set (ids are case-sensitive). The closest ids are suggested. `zmission tiles --tileset NAME` lists the faces.",
			Bad:  head + "tiles:\n  - {face: 1a, at: [0, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n" + tail},
		{ID: "bad-rotation", Title: "A rotation is not 0, 90, 180 or 270", Severity: validate.Error,
			Doc: "Tiles turn in quarter turns, clockwise."},
		{ID: "bad-position", Title: "A tile position is off the tile grid", Severity: validate.Error,
			Doc: "Tile positions count from [0, 0] at the top left and must stay within a reasonable board."},
		{ID: "board-too-large", Title: "The board covers more cells than a board may", Severity: validate.Error, Fixed: true,
			Doc: "A board covers at most 16,384 cells, its tiles' cells together (tiles × size × size): 128×128 cells, a table over 10 m a side in tiles of 3 cells, where 1,024 tiles of the built-in sets cover 9,216. A tile set of 16×16-cell faces places 64 tiles. The tiles past it, in the order of the list, are left off the board, with this one error at the first; the others are drawn and checked. It is a limit of the format: its severity cannot be configured and no `zmission:ignore` comment silences it. Tile positions are bounded too: a board's frame is at most 512 cells a side, so tiles of 16×16 cells stay in the first 32 columns and rows (`bad-position`)."},
		{ID: "tile-overlap", Title: "Two tiles are on the same square", Severity: validate.Error,
			Doc:  "Each square of the tile grid holds one tile.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [0, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n" + tail},
		{ID: "both-faces", Title: "Both faces of one physical tile are used", Severity: validate.Error,
			Doc:  "A double-sided tile shows one face at a time: 1A and 1B are the same piece of cardboard. The same face placed twice needs two copies of the box.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 1B, at: [1, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2B, at: [1, 0]}\n" + tail},
		{ID: "board-disconnected", Title: "The board is in several pieces", Severity: validate.Error,
			Doc:  "Tiles join along their sides; a tile (or group) that touches no other at a side is a separate board nobody can walk to.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [2, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n" + tail},
		{ID: "border-mismatch", Title: "A door or opening on a tile border faces a wall", Severity: validate.Warning,
			Doc:  "The tile set puts a door opening, opening or hatch on this tile's border, but the neighbouring tile has a wall there, so the way is closed. Rotate or swap one of the tiles.",
			Bad:  head + "tiles:\n  - {face: 1B, at: [0, 0]}\n  - {face: 7A, at: [0, 1]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 7A, at: [0, 1]}\n" + tail},
		{ID: "border-dead-end", Title: "A corridor, street or exterior runs into a wall at a tile border", Severity: validate.Warning,
			Doc:  "A corridor (a street, the exterior) that runs on to its tile's border meets a wall of the next tile there: the way ends in a wall, usually because a tile is turned the wrong way (a corridor face at `rot: 180` beside a room face). `border-mismatch` covers the doors and openings a tile set declares; this check covers the zones that simply run on. The station's walls facing the exterior are what the rules want and are not reported.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 3A, at: [1, 0], rot: 180}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n" + tail},
		{ID: "border-open-space", Title: "A door or opening on a tile border faces no tile", Severity: validate.Warning,
			Doc:  "The tile set puts a door opening, opening or hatch on the border, at the edge of the board: it leads nowhere. Often harmless, but usually a tile is missing or turned the wrong way.",
			Bad:  head + "tiles:\n  - {face: 7A, at: [0, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 7A, at: [0, 1]}\n" + tail},
		{ID: "exterior-without-airlock", Title: "The station opens straight onto the exterior", Severity: validate.Error,
			Doc:  "In Zombicide: Invader, only an Airlock leads from the station to the planet surface. A corridor or room that meets an exterior zone without a wall is closed off (treated as a wall) and reported. Place an Airlock face between them, or turn the tile.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 7B, at: [1, 0]}\n" + tail,
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n" + tail},
		{ID: "hatch-misplaced", Title: "An airlock hatch on a tile border meets no exterior", Severity: validate.Warning,
			Doc:  "An Airlock's hatch on its tile's border must face an exterior zone of the next tile. Facing anything else it leads nowhere, and counts as a wall.",
			Bad:  head + "tiles:\n  - {face: 2B, at: [0, 0], rot: 90}\n  - {face: 6B, at: [1, 0], rot: 270}\n" + tail,
			Good: head + "tiles:\n  - {face: 7B, at: [0, 0]}\n  - {face: 6B, at: [0, 1]}\ntokens:\n  - {type: start, at: [1, 4]}\n  - {type: exit, at: [0, 4]}\nobjectives:\n  - exit: all\n"},
		{ID: "token-off-board", Title: "A token is not on the board", Severity: validate.Error,
			Doc:  "`at` must name a cell covered by a tile; `in: FACE/LABEL` must name a placed face and a zone label on it; the message lists the face's labels, or the faces on the board. A token on the square of a listed tile that was left off the board (an unknown face, an overlap) is not reported: the tile's finding says why.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [4, 1]}\nobjectives:\n  - exit: all\n",
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [1, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "door-not-on-opening", Title: "A door is not on a door opening", Severity: validate.Error,
			Doc:  "Door tokens stand on the door openings the tile set marks. A door on a wall, inside a zone or on the board edge cannot be used. The hint names the nearest door openings (up to three, within 6 cells) as a door token writes its place, `x,y:side`: `zmission show` refuses a mission with errors, so the hint does not send the author there.",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [1, 1], side: n}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n",
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [0, 0], side: e}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"},
		{ID: "door-duplicate", Title: "Two doors on one edge", Severity: validate.Error,
			Doc:  "An edge holds one door. The same edge can be named from either cell (`[0, 0]` side `e` is `[1, 0]` side `w`).",
			Bad:  head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [0, 0], side: e, state: open}\n  - {type: door, at: [1, 0], side: w, state: open}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n",
			Good: head + "tiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: door, at: [0, 0], side: e, state: open}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"},
	} {
		c.Games = rules.TileGames
		validate.Register(c)
	}
	docs := map[string]string{
		layout.CodeTileSetFormat:  "The tile-set document does not follow the format (docs/tilesets.md): a key, a type, the format version, the name, the size or a face id.",
		layout.CodeTileSetGrid:    "A face grid must have `size` rows of `size` labels, and each zone label's cells must touch edge to edge (a zone is one piece).",
		layout.CodeTileSetZone:    "Every label in a grid is described under `zones`, with a known kind (room, corridor, exterior, street), and every described label is used.",
		layout.CodeTileSetFeature: "Known features are security, oxygen, airlock and dark; security, oxygen and airlock belong to rooms. Other features are kept but nothing checks them.",
		layout.CodeTileSetEdge:    "A declared edge stands between two neighbouring cells of different zones, with a known kind (wall, opening, door, marking, hatch); a marking never touches a room.",
		layout.CodeTileSetBorder:  "A border side lists one value per border cell (or one value for the whole side): open, wall, opening, door, marking or hatch.",
		layout.CodeTileSetHatch:   "An airlock hatch stands between an Airlock room and an exterior zone; an Airlock needs one.",
		layout.CodeTileSetPair:    "With a `tiles` list, every face is on exactly one physical tile (`[5A]` for a single-sided one), and pairs name known faces.",
	}
	for _, tc := range layout.TileSetChecks() {
		sev := validate.Error
		if tc.Warning {
			sev = validate.Warning
		}
		title := strings.ToUpper(tc.Title[:1]) + tc.Title[1:]
		validate.Register(&validate.Check{ID: tc.Code, Title: title, Severity: sev, Doc: docs[tc.Code]})
	}
}
