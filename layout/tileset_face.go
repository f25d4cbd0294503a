package layout

import (
	"sort"
	"strings"

	"github.com/zmission/zmission/internal/pattern"
	"github.com/zmission/zmission/source"
)

var tsFaceKeys = []string{"title", "grid", "zones", "edges", "border"}

// KnownFeatures are the zone features games give meaning to. Others load
// with a warning, so a set can carry a house rule's feature.
var KnownFeatures = []string{"airlock", "dark", "oxygen", "security"}

// tsRoomFeatures only make sense on a room zone.
var tsRoomFeatures = map[string]bool{"airlock": true, "oxygen": true, "security": true}

var tsZoneKinds = []string{Room, Corridor, Exterior, Street}

var tsFeatureRe = pattern.New(`^[a-z][a-z0-9-]{0,31}$`)

// tsGridRow is one parsed grid row, kept for locating problems.
type tsGridRow struct {
	pos    source.Pos
	labels []string
}

// tsFaceCtx carries what the later steps of one face need.
type tsFaceCtx struct {
	face    *Face
	rows    []tsGridRow
	zonePos map[string]source.Pos // label -> its key under zones
}

func (p *tsParser) parseFace(id string, n *source.Node) *Face {
	if !tsIdRe.MatchString(id) {
		p.report(n.KeyPos, CodeTileSetFormat, "face id %q: use %s", id, tsIdRule)
	}
	if n.Kind != source.Object {
		p.report(n.Pos, CodeTileSetFormat, "face %s must be an object with grid and zones, not %s", tsName(id), tsKindName(n))
		return nil
	}
	p.unknownKeys(n, tsFaceKeys, CodeTileSetFormat, "face")
	c := &tsFaceCtx{face: &Face{ID: id}, zonePos: map[string]source.Pos{}}
	if t := n.Field("title"); t != nil {
		c.face.Title, _ = p.str(t, "title", CodeTileSetFormat)
	}
	gridOK := p.parseGrid(c, p.required(n, "grid", "one row per list item, e.g. - a c b"))
	zonesOK := p.parseZones(c, p.required(n, "zones", "what each grid label is, e.g. c: corridor"))
	if !gridOK || !zonesOK || p.size == 0 {
		return c.face
	}
	if !p.crossCheck(c) || !p.connected(c) {
		return c.face
	}
	p.defaultSides(c)
	if e := n.Field("edges"); e != nil {
		p.parseEdges(c, e)
	}
	if b := n.Field("border"); b != nil {
		p.parseBorder(c, b)
	}
	p.checkAirlocks(c)
	return c.face
}

// parseGrid reads the grid as a list of rows. A list, not one block string,
// so that every row has its own line and column in YAML and in JSON.
func (p *tsParser) parseGrid(c *tsFaceCtx, n *source.Node) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case source.String:
		p.report(n.Pos, CodeTileSetGrid, "grid must be a list with one row per item (- a c b), not one string")
		return false
	case source.Array:
	default:
		p.report(n.Pos, CodeTileSetGrid, "grid must be a list of rows, not %s", tsKindName(n))
		return false
	}
	ok := true
	if p.size > 0 && len(n.Items) != p.size {
		p.report(n.Pos, CodeTileSetGrid, "the grid has %s; a tile of size %d needs %d", tsCount(len(n.Items), "row"), p.size, p.size)
		ok = false
	}
	for y, it := range n.Items {
		if it.Kind != source.String {
			p.report(it.Pos, CodeTileSetGrid, "row %d must be a string of zone labels, not %s%s", y+1, tsKindName(it), tsQuoteHint(it))
			ok = false
			continue
		}
		labels := strings.Fields(it.Text)
		if p.size > 0 && len(labels) != p.size {
			p.report(it.Pos, CodeTileSetGrid, "row %d has %s; a tile of size %d needs %d labels separated by spaces", y+1, tsCount(len(labels), "cell"), p.size, p.size)
			ok = false
		}
		for _, l := range labels {
			if !tsIdRe.MatchString(l) {
				p.report(it.Pos, CodeTileSetGrid, "row %d: label %q: use %s", y+1, l, tsIdRule)
				ok = false
				break
			}
		}
		c.rows = append(c.rows, tsGridRow{pos: it.Pos, labels: labels})
	}
	if !ok {
		return false
	}
	c.face.Grid = make([][]string, len(c.rows))
	for y, r := range c.rows {
		c.face.Grid[y] = r.labels
	}
	return true
}

func (p *tsParser) parseZones(c *tsFaceCtx, n *source.Node) bool {
	if n == nil {
		return false
	}
	if n.Kind != source.Object {
		p.report(n.Pos, CodeTileSetZone, "zones must map grid labels to zones, not %s", tsKindName(n))
		return false
	}
	// Sized up front: a face of 16×16 one-cell zones has 256 labels, and
	// a tile set may hold hundreds of such faces.
	c.face.Zones = make(map[string]*ZoneSpec, len(n.Keys))
	if len(c.zonePos) == 0 {
		c.zonePos = make(map[string]source.Pos, len(n.Keys))
	}
	ok := true
	for i, label := range n.Keys {
		v := n.Fields[i]
		if _, dup := c.zonePos[label]; dup {
			p.report(v.KeyPos, CodeTileSetZone, "zone %s is described twice", tsName(label))
			ok = false
			continue
		}
		c.zonePos[label] = v.KeyPos
		if !tsIdRe.MatchString(label) {
			p.report(v.KeyPos, CodeTileSetZone, "zone label %q: use %s", label, tsIdRule)
			ok = false
		}
		spec := p.parseZone(label, v)
		if spec == nil {
			ok = false
			continue
		}
		c.face.Zones[label] = spec
	}
	return ok
}

// parseZone reads a zone: its kind alone ("c: corridor") or an object.
func (p *tsParser) parseZone(label string, v *source.Node) *ZoneSpec {
	spec := &ZoneSpec{}
	var kindNode *source.Node
	switch v.Kind {
	case source.String:
		kindNode = v
	case source.Object:
		p.unknownKeys(v, []string{"kind", "features", "name"}, CodeTileSetZone, "zone")
		kindNode = v.Field("kind")
		if kindNode == nil {
			p.report(v.Pos, CodeTileSetZone, "zone %s: missing key kind (room, corridor, exterior or street)", tsName(label))
			return nil
		}
		if nm := v.Field("name"); nm != nil {
			spec.Name, _ = p.str(nm, "a zone's name", CodeTileSetZone)
		}
	default:
		p.report(v.Pos, CodeTileSetZone, "zone %s must be a kind (room, corridor, exterior, street) or an object with kind, not %s", tsName(label), tsKindName(v))
		return nil
	}
	kind, ok := p.str(kindNode, "a zone's kind", CodeTileSetZone)
	if !ok {
		return nil
	}
	if !tsContains(tsZoneKinds, kind) {
		p.report(kindNode.Pos, CodeTileSetZone, "zone %s: unknown kind %q: use room, corridor, exterior or street%s", tsName(label), kind, tsSuggest(kind, tsZoneKinds))
		return nil
	}
	spec.Kind = kind
	if v.Kind == source.Object {
		if f := v.Field("features"); f != nil && !p.parseFeatures(label, spec, f) {
			return nil
		}
	}
	return spec
}

func (p *tsParser) parseFeatures(label string, spec *ZoneSpec, n *source.Node) bool {
	if n.Kind != source.Array {
		p.report(n.Pos, CodeTileSetZone, "features must be a list such as [security], not %s", tsKindName(n))
		return false
	}
	seen := map[string]bool{}
	for _, it := range n.Items {
		f, ok := p.str(it, "a feature", CodeTileSetZone)
		if !ok {
			return false
		}
		if !tsFeatureRe.MatchString(f) {
			p.report(it.Pos, CodeTileSetZone, "feature %q: use a lower-case word (letters, digits, '-')", f)
			return false
		}
		switch {
		case seen[f]:
			p.report(it.Pos, CodeTileSetFeature, "zone %s lists feature %s twice", tsName(label), f)
			continue
		case !tsContains(KnownFeatures, f):
			p.report(it.Pos, CodeTileSetFeature, "unknown feature %q: games only know %s%s", f, strings.Join(KnownFeatures, ", "), tsSuggest(f, KnownFeatures))
		case tsRoomFeatures[f] && spec.Kind != Room:
			p.report(it.Pos, CodeTileSetFeature, "feature %s belongs to a room; zone %s is a %s zone", f, tsName(label), spec.Kind)
		}
		seen[f] = true
		spec.Features = append(spec.Features, f)
	}
	sort.Strings(spec.Features)
	return true
}

// crossCheck makes sure grid labels and zone descriptions match one to one.
func (p *tsParser) crossCheck(c *tsFaceCtx) bool {
	ok := true
	used := make(map[string]bool, len(c.face.Zones))
	for y, r := range c.rows {
		for _, l := range r.labels {
			if used[l] {
				continue
			}
			used[l] = true
			if c.face.Zones[l] == nil {
				p.report(r.pos, CodeTileSetZone, "row %d: label %s is not described under zones%s", y+1, l, tsSuggest(l, tsSortedKeys(c.face.Zones)))
				ok = false
			}
		}
	}
	if ok && len(used) == len(c.face.Zones) {
		return true // every label used is described, and there are as many
	}
	for _, l := range tsSortedKeys(c.face.Zones) {
		if !used[l] {
			p.report(c.zonePos[l], CodeTileSetZone, "zone %s is not used in the grid", l)
			ok = false
		}
	}
	return ok
}

// connected checks that each label's cells form one edge-connected piece.
func (p *tsParser) connected(c *tsFaceCtx) bool {
	g := c.face.Grid
	n := len(g)
	seen := make([][]bool, n)
	cells := make([]bool, n*n)
	for y := range seen {
		seen[y] = cells[y*n : (y+1)*n]
	}
	first := make(map[string]Point, len(c.face.Zones))
	ok := true
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if seen[y][x] {
				continue
			}
			l := g[y][x]
			if f, had := first[l]; had {
				p.report(c.rows[y].pos, CodeTileSetGrid,
					"row %d: zone %s is in separate parts: cell %d,%d does not reach cell %d,%d through cells of %s (corners do not count)",
					y+1, l, x, y, f.X, f.Y, l)
				ok = false
			} else {
				first[l] = Point{x, y}
			}
			// flood the piece so it is reported once
			stack := []Point{{x, y}}
			seen[y][x] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for d := N; d <= W; d++ {
					nx, ny := q.X+DX[d], q.Y+DY[d]
					if nx >= 0 && ny >= 0 && nx < n && ny < n && !seen[ny][nx] && g[ny][nx] == l {
						seen[ny][nx] = true
						stack = append(stack, Point{nx, ny})
					}
				}
			}
		}
	}
	return ok
}

func tsContains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
