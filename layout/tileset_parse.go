package layout

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/internal/pattern"
	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/source"
)

// TileSetFormat is the tile-set format version this build reads.
const TileSetFormat = 1

// MaxTileSize bounds the size key: larger tiles are not a board game's.
const MaxTileSize = 16

// MaxTileSetCells bounds the cells of a tile set's faces together, as
// MaxBoardCells bounds a board's: 1,024 faces of 4×4 cells, 64 of 16×16.
const MaxTileSetCells = MaxBoardCells

// MaxTileSetFaces bounds the faces: 1,024 double-sided tiles, the most
// tiles a mission places.
const MaxTileSetFaces = 2048

// tooManyFaces finds the first face of faces past MaxTileSetFaces or
// MaxTileSetCells, and says why it is one too many.
func (p *tsParser) tooManyFaces(faces *source.Node) (int, string) {
	if faces.Kind != source.Object || p.size < 1 {
		return 0, ""
	}
	n, per := len(faces.Keys), p.size*p.size
	switch {
	case n > MaxTileSetFaces && MaxTileSetFaces*per <= MaxTileSetCells:
		return MaxTileSetFaces, fmt.Sprintf("face %s is one face too many: a tile set holds at most %s faces (1,024 double-sided tiles), and this one has %s; split it into several sets",
			tsName(faces.Keys[MaxTileSetFaces]), thousands(MaxTileSetFaces), thousands(n))
	case n*per > MaxTileSetCells:
		at := MaxTileSetCells / per
		return at, fmt.Sprintf("face %s is one face too many: %d faces of %d×%d cells hold %s cells, past the %s a tile set holds (%d such faces); split the set, or describe the tiles with fewer cells a side",
			tsName(faces.Keys[at]), n, p.size, p.size, thousands(n*per), thousands(MaxTileSetCells), at)
	}
	return 0, ""
}

var (
	tsSetNameRe = pattern.New(`^[a-z0-9][a-z0-9-]{0,63}$`)
	// Face ids and zone labels become parts of zone ids ("1A/c") and of
	// references in missions, so they keep to a small, unambiguous alphabet.
	tsIdRe = pattern.New(`^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$`)
)

const tsIdRule = "1 to 16 letters, digits, '_' or '-', starting with a letter or digit"

// tsParser collects problems while reading one tile-set document.
type tsParser struct {
	size  int // 0 while size is missing or invalid: grids are then not measured
	probs []source.Problem
}

func (p *tsParser) report(pos source.Pos, code, format string, args ...any) {
	if pos.Line <= 0 {
		pos = source.Pos{Line: 1, Col: 1}
	}
	p.probs = append(p.probs, source.Problem{Pos: pos, Code: code, Message: fmt.Sprintf(format, args...)})
}

// ParseTileSet builds a tile set from a document read by source.Parse. Every
// problem is located. The set is nil when any problem is an error (see
// IsTileSetWarning); with only warnings it is returned along with them.
func ParseTileSet(file string, root *source.Node) (*TileSet, []source.Problem) {
	p := &tsParser{}
	set := p.parse(root)
	sort.SliceStable(p.probs, func(i, j int) bool {
		a, b := p.probs[i].Pos, p.probs[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	for _, pr := range p.probs {
		if !IsTileSetWarning(pr.Code) {
			return nil, p.probs
		}
	}
	if set != nil {
		set.File = file
	}
	return set, p.probs
}

// Face returns the face with the given id, or nil when the set has none.
func (s *TileSet) Face(id string) *Face {
	if s == nil {
		return nil
	}
	for _, f := range s.Faces {
		if f.ID == id {
			return f
		}
	}
	return nil
}

var tsTopKeys = []string{"$schema", "format", "name", "title", "rulesets", "size", "tiles", "faces"}

func (p *tsParser) parse(root *source.Node) *TileSet {
	if root == nil || root.Kind == source.Null {
		p.report(source.Pos{}, CodeTileSetFormat, "the document is empty: a tile set needs format, name, size and faces")
		return nil
	}
	if root.Kind != source.Object {
		p.report(root.Pos, CodeTileSetFormat, "a tile set is an object with format, name, size and faces, not %s", tsKindName(root))
		return nil
	}
	p.unknownKeys(root, tsTopKeys, CodeTileSetFormat, "tile-set")
	set := &TileSet{}

	if n := p.required(root, "format", "the format version, format: 1"); n != nil {
		if v, err := wholeInt(n.Text); n.Kind != source.Number || err != nil || v != TileSetFormat {
			p.report(n.Pos, CodeTileSetFormat, "format must be %d, the tile-set format this build reads", TileSetFormat)
		}
	}
	if n := p.required(root, "name", "a short name such as station"); n != nil {
		if s, ok := p.str(n, "name", CodeTileSetFormat); ok {
			if !tsSetNameRe.MatchString(s) {
				p.report(n.Pos, CodeTileSetFormat, "name %q: use 1 to 64 lower-case letters, digits or '-', starting with a letter or digit", s)
			}
			set.Name = s
		}
	}
	if n := root.Field("title"); n != nil {
		set.Title, _ = p.str(n, "title", CodeTileSetFormat)
	}
	if n := root.Field("rulesets"); n != nil {
		if n.Kind != source.Array {
			p.report(n.Pos, CodeTileSetFormat, "rulesets must be a list of rulesets, e.g. [zombicide-invader], not %s", tsKindName(n))
		} else {
			for _, it := range n.Items {
				if s, ok := p.str(it, "a ruleset", CodeTileSetFormat); ok {
					set.Rulesets = append(set.Rulesets, s)
				}
			}
		}
	}
	if n := p.required(root, "size", "the number of cells per tile side, e.g. size: 3"); n != nil {
		v, err := wholeInt(n.Text)
		switch {
		case n.Kind != source.Number || err != nil:
			p.report(n.Pos, CodeTileSetFormat, "size must be a whole number of cells per tile side, not %s", tsKindName(n))
		case v < 1 || v > MaxTileSize:
			p.report(n.Pos, CodeTileSetFormat, "size %d is out of range: a tile side has 1 to %d cells", v, MaxTileSize)
		default:
			p.size = v
			set.Size = v
		}
	}

	declared := map[string]source.Pos{} // every face key, parsed or not, for tiles
	tooLarge := false
	if n := p.required(root, "faces", "one entry per tile face, keyed by face id"); n != nil {
		switch {
		case n.Kind != source.Object:
			p.report(n.Pos, CodeTileSetFormat, "faces must map face ids to faces, not %s", tsKindName(n))
		case len(n.Keys) == 0:
			p.report(n.Pos, CodeTileSetFormat, "faces is empty: a tile set needs at least one face")
		}
		if at, why := p.tooManyFaces(n); why != "" {
			// None of the faces is read: the set is refused anyway, and
			// reading them was the cost the bound keeps away.
			tooLarge = true
			p.report(n.Fields[at].KeyPos, CodeTileSetFormat, "%s", why)
		} else if n.Kind == source.Object {
			for i, id := range n.Keys {
				f := n.Fields[i]
				if prev, dup := declared[id]; dup {
					p.report(f.KeyPos, CodeTileSetFormat, "face %s is defined twice (first at line %d)", tsName(id), prev.Line)
					continue
				}
				declared[id] = f.KeyPos
				if face := p.parseFace(id, f); face != nil {
					set.Faces = append(set.Faces, face)
				}
			}
		}
	}
	if n := root.Field("tiles"); n != nil && !tooLarge {
		p.parsePairs(n, set, declared)
	}
	return set
}

// parsePairs reads tiles: a list of physical tiles, each listing its one or
// two faces. Without tiles every face is a single-sided tile; with it every
// face must be on exactly one tile, so a forgotten face cannot go unnoticed.
func (p *tsParser) parsePairs(n *source.Node, set *TileSet, declared map[string]source.Pos) {
	if n.Kind != source.Array {
		p.report(n.Pos, CodeTileSetPair, "tiles must be a list of tiles such as [1A, 1B], not %s", tsKindName(n))
		return
	}
	seen := map[string]source.Pos{}
	byID := map[string]*Face{}
	for _, f := range set.Faces {
		byID[f.ID] = f
	}
	ids := tsSortedKeys(declared)
	for _, t := range n.Items {
		if t.Kind != source.Array || len(t.Items) < 1 || len(t.Items) > 2 {
			p.report(t.Pos, CodeTileSetPair, "a tile lists its faces: [1A, 1B] for a double-sided tile, [1A] for a single-sided one")
			// its faces are not also "on no tile": one mistake, one report
			for _, it := range t.Items {
				if _, known := declared[it.Text]; known && it.Kind == source.String {
					seen[it.Text] = it.Pos
				}
			}
			continue
		}
		var pair []string
		for _, it := range t.Items {
			id, ok := p.str(it, "a tile's face", CodeTileSetPair)
			if !ok {
				continue
			}
			if _, known := declared[id]; !known {
				p.report(it.Pos, CodeTileSetPair, "unknown face %s%s", tsName(id), tsSuggest(id, ids))
				continue
			}
			if prev, dup := seen[id]; dup {
				if len(pair) == 1 && pair[0] == id {
					p.report(it.Pos, CodeTileSetPair, "a tile's two faces must differ: %s is listed twice", id)
				} else {
					p.report(it.Pos, CodeTileSetPair, "face %s is already on the tile at line %d: a face is on one physical tile", tsName(id), prev.Line)
				}
				continue
			}
			seen[id] = it.Pos
			pair = append(pair, id)
		}
		if len(pair) == 2 {
			if a, b := byID[pair[0]], byID[pair[1]]; a != nil && b != nil {
				a.Other, b.Other = b.ID, a.ID
			}
		}
	}
	for _, id := range ids {
		if _, ok := seen[id]; !ok {
			p.report(declared[id], CodeTileSetPair, "face %s is on no tile: add it to tiles ([%s] alone for a single-sided tile)", tsName(id), tsName(id))
		}
	}
}

// required returns the member key of obj, reporting it when missing.
func (p *tsParser) required(obj *source.Node, key, what string) *source.Node {
	n := obj.Field(key)
	if n == nil {
		p.report(obj.Pos, CodeTileSetFormat, "missing key %s: %s", key, what)
	}
	return n
}

// unknownKeys reports members of obj whose key is not in known.
func (p *tsParser) unknownKeys(obj *source.Node, known []string, code, where string) {
	for i, k := range obj.Keys {
		ok := false
		for _, w := range known {
			if k == w {
				ok = true
				break
			}
		}
		if !ok {
			p.report(obj.Fields[i].KeyPos, code, "unknown %s key %q%s", where, k, tsSuggest(k, known))
		}
	}
}

// str returns a string value, reporting any other kind.
func (p *tsParser) str(n *source.Node, what, code string) (string, bool) {
	if n.Kind != source.String {
		p.report(n.Pos, code, "%s must be a string, not %s%s", what, tsKindName(n), tsQuoteHint(n))
		return "", false
	}
	return n.Text, true
}

func tsKindName(n *source.Node) string {
	switch n.Kind {
	case source.Object:
		return "an object"
	case source.Array:
		return "a list"
	case source.Null:
		return "empty (null)"
	}
	return "a " + n.Kind.String() + " (" + tsShow(n) + ")"
}

// tsQuoteHint suggests quotes for a scalar YAML read as a number or boolean.
func tsQuoteHint(n *source.Node) string {
	if n.Kind == source.Number || n.Kind == source.Bool {
		return fmt.Sprintf(`; write it in quotes: "%s"`, strings.Trim(tsShow(n), `"`))
	}
	return ""
}

// tsShow quotes a scalar for a message, shortened so hostile input stays readable.
func tsShow(n *source.Node) string {
	s := n.Text
	if n.Kind == source.Bool {
		s = strconv.FormatBool(n.Bool)
	}
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	if n.Kind == source.String {
		return strconv.Quote(s)
	}
	return s
}

// tsName writes a face id or zone label as is when it is well formed, quoted
// and shortened otherwise, so odd input cannot garble a message.
func tsName(s string) string {
	if tsIdRe.MatchString(s) {
		return s
	}
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.Quote(s)
}

// tsCount writes "1 row", "2 rows".
func tsCount(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func tsSortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// tsSuggest returns ` (did you mean "x"?)` for the closest option, or "".
func tsSuggest(word string, options []string) string {
	best := typo.Closest(word, options)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// wholeInt reads a number literal as an int, taking a whole number written
// as a float (size: 3.0, 1e0) as people write them.
func wholeInt(lit string) (int, error) {
	if w, ok := source.WholeNumber(lit); ok {
		lit = w
	}
	return strconv.Atoi(lit)
}
