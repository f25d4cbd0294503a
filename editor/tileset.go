package editor

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"go.yaml.in/yaml/v4"
)

// Tile-set mode: `zmission edit TILESET.yaml` paints zone labels on a
// face's cells, sets zone kinds and features, cycles the edge kinds and
// pairs faces, with `tiles check` findings live. Tile-set files have no
// canonical format (fmt formats missions), so edits are written by the
// YAML encoder from the node tree: comments and key order kept, the blank
// lines between entries put back.

// tilesetView is a tile-set file as read: the set, when it could be.
type tilesetView struct {
	set *layout.TileSet
}

// TilesetState is the tile-set editor's part of the State.
type TilesetState struct {
	Name  string   `json:"name"`
	Title string   `json:"title,omitempty"`
	Size  int      `json:"size"`
	Faces []TSFace `json:"faces"`
	// Photos are the faces' photos (photo.go), by face id; nil when the
	// document is not a file on disk (no folder beside it to keep them).
	Photos map[string]PhotoFit `json:"photos,omitempty"`
}

// TSFace is one face: its grid, its zones, and what stands on each side of
// each cell after defaults (n, e, s, w; "none" inside a zone, and on the
// border where the zone continues onto the next tile).
type TSFace struct {
	ID    string            `json:"id"`
	Title string            `json:"title,omitempty"`
	Other string            `json:"other,omitempty"`
	Grid  [][]string        `json:"grid"`
	Zones map[string]TSZone `json:"zones"`
	Sides [][][4]string     `json:"sides"`
}

type TSZone struct {
	Kind     string   `json:"kind"`
	Features []string `json:"features"`
	Name     string   `json:"name,omitempty"`
}

func (s *Session) tilesetOf(data []byte) *tilesetView {
	root, probs := source.Parse(s.path, data, s.o.Lint.Limits)
	if len(probs) > 0 {
		return &tilesetView{}
	}
	set, _ := layout.ParseTileSet(s.path, root)
	return &tilesetView{set: set}
}

func (s *Session) tilesetState(st *State, cur, good *snapshot) {
	show := cur
	if !cur.ok() {
		st.Error = whyNot(cur)
		show = nil
		if good != nil && good.kind == lint.KindTileset {
			show, st.Stale = good, true
		}
	}
	lines := map[int]string{}
	if root, probs := source.Parse(s.path, cur.data, s.o.Lint.Limits); len(probs) == 0 {
		if faces := root.Field("faces"); faces != nil && faces.Kind == source.Object {
			for i, f := range faces.Fields {
				mark(f, faces.Keys[i], lines)
				if _, ok := lines[f.KeyPos.Line]; ok {
					lines[f.KeyPos.Line] = faces.Keys[i]
				}
			}
		}
	}
	for _, d := range cur.diags {
		f := Finding{Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message, Hint: d.Hint, Line: d.Line, Col: d.Col, Related: d.Related, Words: tableWords(d.Rule, d.Message), Advice: tableAdvice(d)}
		if id, ok := lines[d.Line]; ok {
			f.Place = &Place{Kind: "face", Face: id, Token: -1, Tile: -1}
		}
		st.Findings = append(st.Findings, f)
	}
	if show == nil {
		return
	}
	set := show.tileset.set
	ts := &TilesetState{Name: set.Name, Title: set.Title, Size: set.Size, Faces: []TSFace{}}
	for _, f := range set.Faces {
		tf := TSFace{ID: f.ID, Title: f.Title, Other: f.Other, Grid: f.Grid, Zones: map[string]TSZone{}}
		for l, z := range f.Zones {
			feat := z.Features
			if feat == nil {
				feat = []string{}
			}
			tf.Zones[l] = TSZone{Kind: z.Kind, Features: feat, Name: z.Name}
		}
		for _, row := range f.Sides {
			var r [][4]string
			for _, c := range row {
				var k [4]string
				for d := range 4 {
					k[d] = c[d].String()
				}
				r = append(r, k)
			}
			tf.Sides = append(tf.Sides, r)
		}
		ts.Faces = append(ts.Faces, tf)
	}
	ts.Photos = s.photos()
	st.Tileset = ts
	st.Title = set.Title
}

var labelRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$`) })
var zoneKinds = []string{layout.Room, layout.Corridor, layout.Exterior, layout.Street}

// applyTilesetOps applies tile-set operations and writes the file back
// from its node tree.
func applyTilesetOps(data []byte, ops ...Op) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error while editing: %v", r)
		}
	}()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, source.YAMLError(err, data)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, refuse("a tile set is a mapping of keys")
	}
	root := doc.Content[0]
	for _, op := range ops {
		if err := tilesetOp(root, op); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	enc.Close()
	return keepCommentColumns(data, keepBlankLines(data, b.Bytes())), nil
}

// keepCommentColumns puts line comments back at the column they had in
// the input, where the content before them leaves room, so comments
// aligned by hand stay aligned.
func keepCommentColumns(in, out []byte) []byte {
	col := map[string]int{}
	for _, l := range strings.Split(string(in), "\n") {
		if i := strings.Index(l, " #"); i >= 0 {
			c := strings.TrimLeft(l[i:], " ")
			if _, ok := col[c]; !ok {
				col[c] = len(l) - len(c)
			}
		}
	}
	lines := strings.Split(string(out), "\n")
	for j, l := range lines {
		i := strings.Index(l, " #")
		if i < 0 {
			continue
		}
		content, c := strings.TrimRight(l[:i], " "), strings.TrimLeft(l[i:], " ")
		if at, ok := col[c]; ok && at > len(content)+1 && strings.TrimSpace(content) != "" {
			lines[j] = content + strings.Repeat(" ", at-len(content)) + c
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// keepBlankLines puts back the empty lines that stood before mapping keys
// in the input, which the encoder does not keep.
func keepBlankLines(in, out []byte) []byte {
	var a, b yaml.Node
	if yaml.Unmarshal(in, &a) != nil || yaml.Unmarshal(out, &b) != nil {
		return out
	}
	inLines := strings.Split(string(in), "\n")
	want := map[string]bool{}
	walkKeys(&a, "", func(path string, k *yaml.Node) {
		l := k.Line - 1
		if k.HeadComment != "" {
			l -= strings.Count(k.HeadComment, "\n") + 1
		}
		if l >= 1 && l <= len(inLines) && strings.TrimSpace(inLines[l-1]) == "" {
			want[path] = true
		}
	})
	at := map[int]bool{}
	walkKeys(&b, "", func(path string, k *yaml.Node) {
		if want[path] {
			l := k.Line
			if k.HeadComment != "" {
				l -= strings.Count(k.HeadComment, "\n") + 1
			}
			at[l] = true
		}
	})
	lines := strings.Split(string(out), "\n")
	var res []string
	for i, l := range lines {
		if at[i+1] && len(res) > 0 && strings.TrimSpace(res[len(res)-1]) != "" {
			res = append(res, "")
		}
		res = append(res, l)
	}
	return []byte(strings.Join(res, "\n"))
}

func walkKeys(n *yaml.Node, path string, f func(string, *yaml.Node)) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			walkKeys(c, path, f)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := path + "/" + n.Content[i].Value
			f(p, n.Content[i])
			walkKeys(n.Content[i+1], p, f)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkKeys(c, path+"/"+strconv.Itoa(i), f)
		}
	}
}

func tilesetOp(root *yaml.Node, op Op) error {
	faces := get(root, "faces")
	if faces == nil || faces.Kind != yaml.MappingNode {
		return refuse("the tile set has no faces mapping; fix it in the text first")
	}
	size, ok := intOf(get(root, "size"))
	if !ok || size < 1 || size > layout.MaxTileSize {
		return refuse("the tile set has no size from 1 to 16; fix it in the text first")
	}
	if op.Op == "face.add" {
		if !labelRE().MatchString(op.Face) {
			return refuse("a face id is 1 to 16 letters, digits, '_' or '-' (got %q)", op.Face)
		}
		if get(faces, op.Face) != nil {
			return refuse("there is already a face %s", op.Face)
		}
		// The set would be refused whole past its bounds: say so here.
		if n := len(faces.Content)/2 + 1; n > layout.MaxTileSetFaces || n*size*size > layout.MaxTileSetCells {
			return refuse("a tile set holds at most %d faces and %d cells; with one more face of %d×%d this one would have %d faces and %d cells: start another set",
				layout.MaxTileSetFaces, layout.MaxTileSetCells, size, size, n, n*size*size)
		}
		grid := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for range size {
			grid.Content = append(grid.Content, str(strings.TrimSpace(strings.Repeat("a ", size))))
		}
		zones := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		zones.Content = append(zones.Content, str("a"), str(layout.Room))
		f := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{str("grid"), grid, str("zones"), zones}}
		faces.Content = append(faces.Content, str(op.Face), f)
		if t := get(root, "tiles"); t != nil && t.Kind == yaml.SequenceNode {
			t.Content = append(t.Content, &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{str(op.Face)}})
		}
		return nil
	}
	f := get(faces, op.Face)
	if f == nil {
		return refuse("the tile set has no face %q", op.Face)
	}
	if f.Kind != yaml.MappingNode || f.Anchor != "" {
		return refuse("face %s is not a plain mapping (an alias or anchor?); edit it in the text", op.Face)
	}
	switch op.Op {
	case "face.title":
		if v := strings.TrimSpace(op.Value); v == "" {
			del(f, "title")
		} else {
			set(f, "title", str(v))
		}
		return nil
	case "face.paint":
		return paint(f, size, op)
	case "face.zone":
		return zoneSet(f, op)
	case "face.edge":
		return edgeSet(f, size, op)
	case "face.pair":
		return pairFaces(root, faces, op)
	case "face.remove":
		for i := 0; i+1 < len(faces.Content); i += 2 {
			if faces.Content[i].Value == op.Face {
				faces.Content = slices.Delete(faces.Content, i, i+2)
				break
			}
		}
		return unpair(root, op.Face)
	}
	return refuse("unknown operation %q", op.Op)
}

// gridOf reads a face's grid rows as labels.
func gridOf(f *yaml.Node, size int) (*yaml.Node, [][]string, error) {
	g := get(f, "grid")
	if g == nil || g.Kind != yaml.SequenceNode || len(g.Content) != size {
		return nil, nil, refuse("the face's grid is not %d rows; fix it in the text first", size)
	}
	var rows [][]string
	for _, r := range g.Content {
		l := strings.Fields(r.Value)
		if r.Kind != yaml.ScalarNode || len(l) != size {
			return nil, nil, refuse("a row of the face's grid is not %d labels; fix it in the text first", size)
		}
		rows = append(rows, l)
	}
	return g, rows, nil
}

func zoneKind(zones *yaml.Node, label string) string {
	z := get(zones, label)
	if z == nil {
		return ""
	}
	if z.Kind == yaml.ScalarNode {
		return z.Value
	}
	if k := get(z, "kind"); k != nil {
		return k.Value
	}
	return ""
}

func paint(f *yaml.Node, size int, op Op) error {
	if op.At == nil || op.At[0] < 0 || op.At[1] < 0 || op.At[0] >= size || op.At[1] >= size {
		return refuse("face.paint needs a cell of the face: 0 to %d", size-1)
	}
	if !labelRE().MatchString(op.Label) {
		return refuse("a zone label is 1 to 16 letters, digits, '_' or '-' (got %q)", op.Label)
	}
	g, rows, err := gridOf(f, size)
	if err != nil {
		return err
	}
	x, y := op.At[0], op.At[1]
	rows[y][x] = op.Label
	g.Content[y].Value = strings.Join(rows[y], " ")
	g.Content[y].Style &^= yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle
	zones := get(f, "zones")
	if zones == nil || zones.Kind != yaml.MappingNode {
		zones = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		set(f, "zones", zones)
	}
	if get(zones, op.Label) == nil {
		kind := op.Kind
		if kind == "" {
			kind = layout.Room
		}
		if !slices.Contains(zoneKinds, kind) {
			return refuse("a zone kind is %s (got %q)", strings.Join(zoneKinds, ", "), kind)
		}
		zones.Content = append(zones.Content, str(op.Label), str(kind))
	}
	// Labels no cell uses any more leave the zones, and edges now inside
	// one zone go: the loader refuses both.
	used := map[string]bool{}
	for _, r := range rows {
		for _, l := range r {
			used[l] = true
		}
	}
	for i := 0; i+1 < len(zones.Content); {
		if !used[zones.Content[i].Value] {
			zones.Content = slices.Delete(zones.Content, i, i+2)
			continue
		}
		i += 2
	}
	if edges := get(f, "edges"); edges != nil && edges.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(edges.Content); {
			ax, ay, bx, by, ok := edgeCells(edges.Content[i].Value, size)
			if ok && rows[ay][ax] == rows[by][bx] {
				edges.Content = slices.Delete(edges.Content, i, i+2)
				continue
			}
			i += 2
		}
		if len(edges.Content) == 0 {
			del(f, "edges")
		}
	}
	return nil
}

var dirs = map[string][2]int{"n": {0, -1}, "e": {1, 0}, "s": {0, 1}, "w": {-1, 0}}

// edgeCells reads an edges key "x,y side" as the two cells it separates.
func edgeCells(key string, size int) (ax, ay, bx, by int, ok bool) {
	var side string
	if _, err := fmt.Sscanf(key, "%d,%d %s", &ax, &ay, &side); err != nil {
		return
	}
	d, known := dirs[side]
	bx, by = ax+d[0], ay+d[1]
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < size && y < size }
	return ax, ay, bx, by, known && in(ax, ay) && in(bx, by)
}

func zoneSet(f *yaml.Node, op Op) error {
	zones := get(f, "zones")
	if zones == nil || get(zones, op.Label) == nil {
		return refuse("the face has no zone %q", op.Label)
	}
	if !slices.Contains(zoneKinds, op.Kind) {
		return refuse("a zone kind is %s (got %q)", strings.Join(zoneKinds, ", "), op.Kind)
	}
	name := strings.TrimSpace(op.Value)
	var feats []string
	for _, ft := range op.Features {
		if ft = strings.TrimSpace(ft); ft != "" && !slices.Contains(feats, ft) {
			feats = append(feats, ft)
		}
	}
	slices.Sort(feats)
	var v *yaml.Node
	if len(feats) == 0 && name == "" {
		v = str(op.Kind)
	} else {
		v = mapping("kind", str(op.Kind))
		if len(feats) > 0 {
			l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
			for _, ft := range feats {
				l.Content = append(l.Content, str(ft))
			}
			v.Content = append(v.Content, str("features"), l)
		}
		if name != "" {
			v.Content = append(v.Content, str("name"), str(name))
		}
	}
	set(zones, op.Label, v)
	return nil
}

// edgeSet sets what stands on one side of a cell: inside the face in
// edges (left out when it is the default), on the tile border in border.
func edgeSet(f *yaml.Node, size int, op Op) error {
	if op.At == nil || op.At[0] < 0 || op.At[1] < 0 || op.At[0] >= size || op.At[1] >= size {
		return refuse("face.edge needs a cell of the face: 0 to %d", size-1)
	}
	d, ok := dirs[op.Side]
	if !ok {
		return refuse("a side is n, e, s or w")
	}
	_, rows, err := gridOf(f, size)
	if err != nil {
		return err
	}
	zones := get(f, "zones")
	x, y := op.At[0], op.At[1]
	nx, ny := x+d[0], y+d[1]
	if nx < 0 || ny < 0 || nx >= size || ny >= size {
		return borderSet(f, size, rows, zones, x, y, op)
	}
	if rows[y][x] == rows[ny][nx] {
		return refuse("cells %d,%d and %d,%d are one zone: there is no edge between them", x, y, nx, ny)
	}
	if k, ok := layout.ParseEdgeKind(op.Kind); !ok || k == layout.EdgeNone || k == layout.EdgeBoard {
		return refuse("an edge is wall, opening, door, marking or hatch (got %q)", op.Kind)
	}
	edges := get(f, "edges")
	if edges == nil || edges.Kind != yaml.MappingNode {
		edges = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		set(f, "edges", edges)
	}
	opp := map[string]string{"n": "s", "s": "n", "e": "w", "w": "e"}[op.Side]
	forms := []string{fmt.Sprintf("%d,%d %s", x, y, op.Side), fmt.Sprintf("%d,%d %s", nx, ny, opp)}
	for i := 0; i+1 < len(edges.Content); {
		if slices.Contains(forms, edges.Content[i].Value) {
			edges.Content = slices.Delete(edges.Content, i, i+2)
			continue
		}
		i += 2
	}
	a := &layout.ZoneSpec{Kind: zoneKind(zones, rows[y][x])}
	b := &layout.ZoneSpec{Kind: zoneKind(zones, rows[ny][nx])}
	if layout.DefaultEdge(a, b).String() != op.Kind {
		edges.Content = append(edges.Content, str(forms[0]), str(op.Kind))
	}
	if len(edges.Content) == 0 {
		del(f, "edges")
	}
	return nil
}

var borderKinds = []string{"open", "wall", "opening", "door", "marking", "hatch"}

func borderSet(f *yaml.Node, size int, rows [][]string, zones *yaml.Node, x, y int, op Op) error {
	if !slices.Contains(borderKinds, op.Kind) {
		return refuse("a border is %s (got %q)", strings.Join(borderKinds, ", "), op.Kind)
	}
	// The cells along this side, in the border list's order.
	cell := func(i int) (int, int) {
		switch op.Side {
		case "n":
			return i, 0
		case "s":
			return i, size - 1
		case "e":
			return size - 1, i
		}
		return 0, i
	}
	def := func(i int) string {
		cx, cy := cell(i)
		if layout.DefaultBorder(&layout.ZoneSpec{Kind: zoneKind(zones, rows[cy][cx])}) == layout.EdgeWall {
			return "wall"
		}
		return "open"
	}
	border := get(f, "border")
	vals := make([]string, size)
	var cur *yaml.Node
	if border != nil {
		cur = get(border, op.Side)
	}
	for i := range vals {
		vals[i] = def(i)
		switch {
		case cur == nil:
		case cur.Kind == yaml.ScalarNode:
			vals[i] = cur.Value
		case cur.Kind == yaml.SequenceNode && len(cur.Content) == size:
			vals[i] = cur.Content[i].Value
		}
	}
	i := x
	if op.Side == "e" || op.Side == "w" {
		i = y
	}
	vals[i] = op.Kind
	same := true
	for j := range vals {
		same = same && vals[j] == def(j)
	}
	if same {
		if border != nil {
			del(border, op.Side)
			if len(border.Content) == 0 {
				del(f, "border")
			}
		}
		return nil
	}
	if border == nil || border.Kind != yaml.MappingNode {
		border = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		set(f, "border", border)
	}
	l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, v := range vals {
		l.Content = append(l.Content, str(v))
	}
	set(border, op.Side, l)
	return nil
}

// pairFaces makes op.Face and op.Value the two sides of one physical tile;
// an empty Value makes the face single-sided. A face that loses its
// partner stays, single-sided.
func pairFaces(root, faces *yaml.Node, op Op) error {
	other := strings.TrimSpace(op.Value)
	if other == op.Face {
		return refuse("a face cannot be its own other side")
	}
	if other != "" && get(faces, other) == nil {
		return refuse("the tile set has no face %q", other)
	}
	if other != "" {
		if err := unpair(root, other); err != nil {
			return err
		}
	}
	tiles, err := list(root, "tiles", true)
	if err != nil {
		return err
	}
	// The face's own entry takes the other side, so its comments stay; a
	// partner it had becomes a tile of its own.
	for _, t := range tiles.Content {
		if t.Kind != yaml.SequenceNode || !slices.ContainsFunc(t.Content, func(n *yaml.Node) bool { return n.Value == op.Face }) {
			continue
		}
		for _, n := range t.Content {
			if n.Value != op.Face {
				tiles.Content = append(tiles.Content, &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{str(n.Value)}})
			}
		}
		t.Content = []*yaml.Node{str(op.Face)}
		if other != "" {
			t.Content = append(t.Content, str(other))
		}
		return nil
	}
	t := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{str(op.Face)}}
	if other != "" {
		t.Content = append(t.Content, str(other))
	}
	tiles.Content = append(tiles.Content, t)
	return nil
}

// unpair takes face out of the tiles list; its partner stays, alone.
func unpair(root *yaml.Node, face string) error {
	tiles := get(root, "tiles")
	if tiles == nil {
		return nil
	}
	if tiles.Kind != yaml.SequenceNode {
		return refuse("tiles is not a list; fix it in the text first")
	}
	for _, t := range tiles.Content {
		if t.Kind != yaml.SequenceNode {
			continue
		}
		t.Content = slices.DeleteFunc(t.Content, func(n *yaml.Node) bool { return n.Value == face })
	}
	tiles.Content = slices.DeleteFunc(tiles.Content, func(t *yaml.Node) bool { return t.Kind == yaml.SequenceNode && len(t.Content) == 0 })
	return nil
}
