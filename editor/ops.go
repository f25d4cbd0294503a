package editor

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/missions"
	"go.yaml.in/yaml/v4"
)

// Op is one edit the page asks for. Every field but Op is optional; each
// operation reads the ones it needs and refuses what does not fit.
type Op struct {
	Op       string   `json:"op"`
	Index    int      `json:"index"` // the tile, token, objective or rule it is about
	Face     string   `json:"face,omitempty"`
	At       *[2]int  `json:"at,omitempty"`  // tile grid [col, row] for tiles, board cell [x, y] for tokens
	Rot      *int     `json:"rot,omitempty"` // tile.rotate: the new rotation; nil turns 90° clockwise
	Type     string   `json:"type,omitempty"`
	Color    *string  `json:"color,omitempty"`
	State    *string  `json:"state,omitempty"`
	First    *bool    `json:"first,omitempty"`
	ID       *string  `json:"id,omitempty"`
	Kind     string   `json:"kind,omitempty"`
	Side     string   `json:"side,omitempty"`
	Label    string   `json:"label,omitempty"`    // tile sets: a zone label
	Features []string `json:"features,omitempty"` // tile sets: a zone's features
	Field    string   `json:"field,omitempty"`    // field.set
	Value    string   `json:"value,omitempty"`    // field.set
	// Item is an objective or a special rule, as the document holds it:
	// {"take": "red", "count": 2} or {"when": {...}, "then": [...]}.
	Item map[string]any `json:"item,omitempty"`
	// The schema forms' operations: the value's JSON pointer and, as JSON,
	// the value to set or the item to add.
	Pointer string          `json:"pointer,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`

	// Moves: tiles.move's tiles, each to its new place and rotation
	// (group_ops.go).
	Moves []TileMove `json:"moves,omitempty"`

	// The facility's slots, rooms and corridors (facility_ops.go).
	graphOp
}

// OpError is an operation that cannot be done; the file is not touched.
type OpError struct{ Msg string }

func (e *OpError) Error() string { return e.Msg }

func refuse(format string, args ...any) error {
	return &OpError{Msg: fmt.Sprintf(format, args...)}
}

// opContext is what operations know of the board beyond the file.
type opContext struct {
	N     int             // cells per tile side; 0 when unknown
	Faces map[string]bool // the tile set's faces; nil when unknown
}

// Token types the page may place, with what each carries.
var tokenTypes = []string{
	missions.TokStart, missions.TokSpawn, missions.TokObjective, missions.TokExit, missions.TokDoor,
	missions.TokMold, missions.TokNoise, missions.TokSentryGun, missions.TokBot, missions.TokCar,
}

// Field names field.set may change, and whether they hold a number.
var fields = map[string]bool{
	"title": false, "id": false, "author": false, "briefing": false, "notes": false,
	"difficulty": false, "survivors": true, "duration": true, "players": false,
}

// listFields are the short lists field.set takes as comma-separated words.
var listFields = map[string]bool{"boxes": true, "equipment": true, "xeno_deck": true}

// maxCoord bounds positions: far beyond any table, small enough that no
// edit makes a board the checks choke on.
const maxCoord = 200

// apply changes the mission's root mapping by op.
func (c opContext) apply(root *yaml.Node, op Op) error {
	switch op.Op {
	case "tile.place":
		return c.tilePlace(root, op)
	case "tile.move":
		return c.tileMove(root, op)
	case "tile.rotate":
		return c.tileRotate(root, op)
	case "tile.remove":
		return c.tileRemove(root, op)
	case "tiles.move":
		return c.tilesMove(root, op)
	case "token.place":
		return tokenPlace(root, op)
	case "token.move":
		return tokenMove(root, op)
	case "token.set":
		return tokenSet(root, op)
	case "token.remove":
		return listRemove(root, "tokens", "token", op.Index)
	case "field.set":
		return fieldSet(root, op)
	case "objective.add":
		return listAdd(root, "objectives", op.Item)
	case "rule.add":
		return listAdd(root, "rules", op.Item)
	case "objective.set":
		return listSet(root, "objectives", "objective", op.Index, op.Item)
	case "rule.set":
		return listSet(root, "rules", "special rule", op.Index, op.Item)
	case "objective.remove":
		return listRemove(root, "objectives", "objective", op.Index)
	case "rule.remove":
		return listRemove(root, "rules", "special rule", op.Index)
	case "value.set", "value.remove", "item.add", "item.remove":
		return schemaOp(root, op)
	}
	if f, ok := graphOps[op.Op]; ok {
		return f(root, op)
	}
	return refuse("unknown operation %q", op.Op)
}

// --- nodes ---

func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// set replaces the value of key, keeping the old value's comments, or adds
// the key at the end (the formatter puts it in its place).
func set(m *yaml.Node, key string, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			old := m.Content[i+1]
			v.HeadComment, v.LineComment, v.FootComment = old.HeadComment, old.LineComment, old.FootComment
			m.Content[i+1] = v
			return
		}
	}
	m.Content = append(m.Content, str(key), v)
}

func del(m *yaml.Node, key string) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			// The key's comments go to what follows, or are dropped with it.
			m.Content = slices.Delete(m.Content, i, i+2)
			return
		}
	}
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }
func num(n int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(n)}
}
func boolean(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func pair(p [2]int) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle, Content: []*yaml.Node{num(p[0]), num(p[1])}}
}

func mapping(kv ...any) *yaml.Node {
	m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Content = append(m.Content, str(kv[i].(string)), kv[i+1].(*yaml.Node))
	}
	return m
}

// intOf reads a plain integer scalar.
func intOf(n *yaml.Node) (int, bool) {
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	return v, err == nil
}

func pairOf(n *yaml.Node) ([2]int, bool) {
	if n == nil || n.Kind != yaml.SequenceNode || len(n.Content) != 2 {
		return [2]int{}, false
	}
	a, ok1 := intOf(n.Content[0])
	b, ok2 := intOf(n.Content[1])
	return [2]int{a, b}, ok1 && ok2
}

// list returns the sequence under key, making it (or turning an empty or
// null value into it) when create is set.
func list(root *yaml.Node, key string, create bool) (*yaml.Node, error) {
	v := get(root, key)
	switch {
	case v == nil || (v.Kind == yaml.ScalarNode && v.Tag == "!!null"):
		if !create {
			return nil, refuse("the mission has no %s", key)
		}
		s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		set(root, key, s)
		return s, nil
	case v.Kind == yaml.AliasNode:
		return nil, refuse("%s is a YAML alias; edit it in the text", key)
	case v.Kind != yaml.SequenceNode:
		return nil, refuse("%s is not a list; fix it in the text first", key)
	}
	return v, nil
}

// item returns entry i of the list under key, which must be a mapping of
// its own (not an alias, which would change every place that uses it).
func item(root *yaml.Node, key, what string, i int) (*yaml.Node, error) {
	s, err := list(root, key, false)
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(s.Content) {
		return nil, refuse("there is no %s %d (the mission has %d)", what, i+1, len(s.Content))
	}
	it := s.Content[i]
	if it.Kind == yaml.AliasNode || it.Anchor != "" {
		return nil, refuse("%s %d is a YAML alias or anchor; edit it in the text", what, i+1)
	}
	if it.Kind != yaml.MappingNode {
		return nil, refuse("%s %d is not a mapping; fix it in the text first", what, i+1)
	}
	return it, nil
}

func checkCoord(p [2]int, what string) error {
	if p[0] < 0 || p[1] < 0 || p[0] > maxCoord || p[1] > maxCoord {
		return refuse("%s [%d, %d] is off the grid: use 0 to %d", what, p[0], p[1], maxCoord)
	}
	return nil
}

// --- tiles ---

// tileAt is where tile it stands, and its rotation.
func tileAt(it *yaml.Node) (at [2]int, rot int, ok bool) {
	at, ok = pairOf(get(it, "at"))
	if r := get(it, "rot"); r != nil {
		rot, _ = intOf(r)
	}
	return at, rot, ok
}

func occupied(tiles *yaml.Node, at [2]int, except int) int {
	for i, it := range tiles.Content {
		if i == except {
			continue
		}
		if p, _, ok := tileAt(it); ok && p == at {
			return i
		}
	}
	return -1
}

func (c opContext) tilePlace(root *yaml.Node, op Op) error {
	if op.Face == "" || op.At == nil {
		return refuse("tile.place needs a face and a position")
	}
	if c.Faces != nil && !c.Faces[op.Face] {
		return refuse("the tile set has no face %q", op.Face)
	}
	if err := checkCoord(*op.At, "tile position"); err != nil {
		return err
	}
	rot := 0
	if op.Rot != nil {
		rot = *op.Rot
	}
	if rot%90 != 0 || rot < 0 || rot >= 360 {
		return refuse("a rotation is 0, 90, 180 or 270 (got %d)", rot)
	}
	tiles, err := list(root, "tiles", true)
	if err != nil {
		return err
	}
	if j := occupied(tiles, *op.At, -1); j >= 0 {
		return refuse("tile %d already stands at [%d, %d]", j+1, op.At[0], op.At[1])
	}
	t := mapping("face", str(op.Face), "at", pair(*op.At))
	if rot != 0 {
		t.Content = append(t.Content, str("rot"), num(rot))
	}
	tiles.Content = append(tiles.Content, t)
	return nil
}

// onTile lists the tokens placed by cell on the tile at `at`.
func (c opContext) onTile(root *yaml.Node, at [2]int) []*yaml.Node {
	if c.N <= 0 {
		return nil
	}
	toks, err := list(root, "tokens", false)
	if err != nil {
		return nil
	}
	var out []*yaml.Node
	for _, t := range toks.Content {
		if t.Kind != yaml.MappingNode || t.Anchor != "" {
			continue
		}
		if p, ok := pairOf(get(t, "at")); ok && p[0]/c.N == at[0] && p[1]/c.N == at[1] && p[0] >= 0 && p[1] >= 0 {
			out = append(out, t)
		}
	}
	return out
}

func (c opContext) tileMove(root *yaml.Node, op Op) error {
	it, err := item(root, "tiles", "tile", op.Index)
	if err != nil {
		return err
	}
	if op.At == nil {
		return refuse("tile.move needs a position")
	}
	if err := checkCoord(*op.At, "tile position"); err != nil {
		return err
	}
	from, _, ok := tileAt(it)
	if !ok {
		return refuse("tile %d has no position [column, row]; fix it in the text first", op.Index+1)
	}
	tiles, _ := list(root, "tiles", false)
	if j := occupied(tiles, *op.At, op.Index); j >= 0 {
		return refuse("tile %d already stands at [%d, %d]", j+1, op.At[0], op.At[1])
	}
	// Tokens placed by cell on the tile go with it; those placed by zone
	// (in: 1A/c) follow by themselves.
	dx, dy := (op.At[0]-from[0])*c.N, (op.At[1]-from[1])*c.N
	for _, t := range c.onTile(root, from) {
		p, _ := pairOf(get(t, "at"))
		set(t, "at", pair([2]int{p[0] + dx, p[1] + dy}))
	}
	set(it, "at", pair(*op.At))
	return nil
}

// carryToken moves a token standing on the tile at grid place from with
// the tile to grid place to, turned turns quarters clockwise about the
// tile's centre: local (x, y) goes to (N-1-y, x), and a door's side turns
// too.
func carryToken(t *yaml.Node, n int, from, to [2]int, turns int) {
	p, _ := pairOf(get(t, "at"))
	lx, ly := p[0]-from[0]*n, p[1]-from[1]*n
	side := get(t, "side")
	for range turns {
		lx, ly = n-1-ly, lx
		if side != nil && side.Kind == yaml.ScalarNode {
			if i := strings.Index("nesw", side.Value); i >= 0 && len(side.Value) == 1 {
				side.Value = string("nesw"[(i+1)%4])
			}
		}
	}
	set(t, "at", pair([2]int{to[0]*n + lx, to[1]*n + ly}))
}

func (c opContext) tileRotate(root *yaml.Node, op Op) error {
	it, err := item(root, "tiles", "tile", op.Index)
	if err != nil {
		return err
	}
	at, rot, ok := tileAt(it)
	if !ok {
		return refuse("tile %d has no position [column, row]; fix it in the text first", op.Index+1)
	}
	next := (rot + 90) % 360
	if op.Rot != nil {
		next = *op.Rot
	}
	if next%90 != 0 || next < 0 || next >= 360 {
		return refuse("a rotation is 0, 90, 180 or 270 (got %d)", next)
	}
	// Tokens placed by cell on the tile turn with it.
	turns := ((next-rot)%360 + 360) % 360 / 90
	for _, t := range c.onTile(root, at) {
		carryToken(t, c.N, at, at, turns)
	}
	if next == 0 {
		del(it, "rot")
	} else {
		set(it, "rot", num(next))
	}
	return nil
}

func (c opContext) tileRemove(root *yaml.Node, op Op) error {
	it, err := item(root, "tiles", "tile", op.Index)
	if err != nil {
		return err
	}
	// The tokens standing on it go too: a token left on no tile is a finding
	// to clean up, and undo brings both back.
	if at, _, ok := tileAt(it); ok {
		gone := c.onTile(root, at)
		if toks, err := list(root, "tokens", false); err == nil && len(gone) > 0 {
			toks.Content = slices.DeleteFunc(toks.Content, func(t *yaml.Node) bool { return slices.Contains(gone, t) })
		}
	}
	return listRemove(root, "tiles", "tile", op.Index)
}

// --- tokens ---

func tokenPlace(root *yaml.Node, op Op) error {
	if !slices.Contains(tokenTypes, op.Type) {
		return refuse("unknown token type %q: use %s", op.Type, strings.Join(tokenTypes, ", "))
	}
	if op.At == nil {
		return refuse("token.place needs a board cell")
	}
	if err := checkCoord(*op.At, "cell"); err != nil {
		return err
	}
	toks, err := list(root, "tokens", true)
	if err != nil {
		return err
	}
	t := mapping("type", str(op.Type))
	if op.Color != nil && *op.Color != "" {
		set(t, "color", str(*op.Color))
	}
	if op.State != nil && *op.State != "" {
		set(t, "state", str(*op.State))
	}
	if op.First != nil && *op.First {
		set(t, "first", boolean(true))
	}
	if op.Kind != "" {
		set(t, "kind", str(op.Kind))
	}
	if op.ID != nil && *op.ID != "" {
		set(t, "id", str(*op.ID))
	}
	set(t, "at", pair(*op.At))
	if err := doorSide(toks, t, op, -1); err != nil {
		return err
	}
	toks.Content = append(toks.Content, t)
	return nil
}

// doorSide sets a door's side and refuses a second door on the same edge
// (a cell's side is also its neighbour's opposite side).
func doorSide(toks, t *yaml.Node, op Op, self int) error {
	typ := get(t, "type")
	isDoor := typ != nil && typ.Value == missions.TokDoor
	if !isDoor {
		if op.Side != "" {
			return refuse("only doors stand on a cell side")
		}
		return nil
	}
	side := op.Side
	if side == "" {
		if s := get(t, "side"); s != nil {
			side = s.Value
		}
	}
	if len(side) != 1 || !strings.Contains("nesw", side) {
		return refuse("a door needs a side: n, e, s or w")
	}
	at, _ := pairOf(get(t, "at"))
	key := edgeKey(at, side)
	for i, o := range toks.Content {
		if i == self || o == t {
			continue
		}
		if ot := get(o, "type"); ot == nil || ot.Value != missions.TokDoor {
			continue
		}
		p, ok := pairOf(get(o, "at"))
		s := get(o, "side")
		if ok && s != nil && edgeKey(p, s.Value) == key {
			return refuse("token %d is already a door on that side", i+1)
		}
	}
	set(t, "side", str(side))
	return nil
}

// edgeKey names a cell side the same from both cells: by its north or
// west cell.
func edgeKey(p [2]int, side string) [3]int {
	switch side {
	case "s":
		return [3]int{p[0], p[1] + 1, 0}
	case "e":
		return [3]int{p[0] + 1, p[1], 1}
	case "w":
		return [3]int{p[0], p[1], 1}
	}
	return [3]int{p[0], p[1], 0}
}

func tokenMove(root *yaml.Node, op Op) error {
	t, err := item(root, "tokens", "token", op.Index)
	if err != nil {
		return err
	}
	if op.At == nil {
		return refuse("token.move needs a board cell")
	}
	if err := checkCoord(*op.At, "cell"); err != nil {
		return err
	}
	// A token placed by zone (in: 1A/c) is now placed by cell.
	del(t, "in")
	set(t, "at", pair(*op.At))
	toks, _ := list(root, "tokens", false)
	return doorSide(toks, t, op, op.Index)
}

func tokenSet(root *yaml.Node, op Op) error {
	t, err := item(root, "tokens", "token", op.Index)
	if err != nil {
		return err
	}
	for _, kv := range []struct {
		key string
		v   *string
	}{{"color", op.Color}, {"state", op.State}, {"id", op.ID}} {
		switch {
		case kv.v == nil:
		case *kv.v == "":
			del(t, kv.key)
		default:
			set(t, kv.key, str(*kv.v))
		}
	}
	if op.First != nil {
		if *op.First {
			set(t, "first", boolean(true))
		} else {
			del(t, "first")
		}
	}
	if op.Side != "" {
		toks, _ := list(root, "tokens", false)
		return doorSide(toks, t, op, op.Index)
	}
	return nil
}

// --- lists and fields ---

func listRemove(root *yaml.Node, key, what string, i int) error {
	s, err := list(root, key, false)
	if err != nil {
		return err
	}
	if i < 0 || i >= len(s.Content) {
		return refuse("there is no %s %d (the mission has %d)", what, i+1, len(s.Content))
	}
	s.Content = slices.Delete(s.Content, i, i+1)
	return nil
}

func listAdd(root *yaml.Node, key string, v map[string]any) error {
	if len(v) == 0 {
		return refuse("nothing to add to %s", key)
	}
	n, err := valueNode(v, 0)
	if err != nil {
		return err
	}
	s, err := list(root, key, true)
	if err != nil {
		return err
	}
	s.Content = append(s.Content, n)
	return nil
}

func listSet(root *yaml.Node, key, what string, i int, v map[string]any) error {
	if len(v) == 0 {
		return refuse("an empty %s: remove it instead", what)
	}
	if _, err := item(root, key, what, i); err != nil {
		return err
	}
	n, err := valueNode(v, 0)
	if err != nil {
		return err
	}
	s, _ := list(root, key, false)
	old := s.Content[i]
	n.HeadComment, n.LineComment, n.FootComment = old.HeadComment, old.LineComment, old.FootComment
	s.Content[i] = n
	return nil
}

// valueNode turns a JSON value from the page into a YAML node; keys are
// sorted here and put in canonical order by the formatter.
func valueNode(v any, depth int) (*yaml.Node, error) {
	if depth > 8 {
		return nil, refuse("the value is nested too deeply")
	}
	switch x := v.(type) {
	case string:
		return str(x), nil
	case bool:
		return boolean(x), nil
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1e9 {
			return nil, refuse("%v is not a whole number", x)
		}
		return num(int(x)), nil
	case json.Number:
		n, err := x.Int64()
		if err != nil {
			return nil, refuse("%s is not a whole number", x)
		}
		return num(int(n)), nil
	case []any:
		s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range x {
			n, err := valueNode(e, depth+1)
			if err != nil {
				return nil, err
			}
			s.Content = append(s.Content, n)
		}
		return s, nil
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, k := range keys {
			n, err := valueNode(x[k], depth+1)
			if err != nil {
				return nil, err
			}
			m.Content = append(m.Content, str(k), n)
		}
		return m, nil
	}
	return nil, refuse("a value of type %T cannot be written", v)
}

func fieldSet(root *yaml.Node, op Op) error {
	if listFields[op.Field] {
		l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
		for _, w := range strings.Split(op.Value, ",") {
			if w = strings.TrimSpace(w); w != "" {
				l.Content = append(l.Content, str(w))
			}
		}
		if len(l.Content) == 0 {
			del(root, op.Field)
		} else {
			set(root, op.Field, l)
		}
		return nil
	}
	isNum, ok := fields[op.Field]
	if !ok {
		names := make([]string, 0, len(fields)+len(listFields))
		for k := range listFields {
			names = append(names, k)
		}
		for k := range fields {
			names = append(names, k)
		}
		slices.Sort(names)
		return refuse("field %q cannot be set here: use %s", op.Field, strings.Join(names, ", "))
	}
	v := strings.ReplaceAll(op.Value, "\r\n", "\n")
	if op.Field != "briefing" && op.Field != "notes" {
		v = strings.TrimSpace(v)
		if strings.Contains(v, "\n") {
			return refuse("%s is one line", op.Field)
		}
	}
	if strings.TrimSpace(v) == "" {
		if op.Field == "title" || op.Field == "id" {
			return refuse("a mission needs a %s", op.Field)
		}
		del(root, op.Field)
		return nil
	}
	if len(v) > 20000 {
		return refuse("%s is too long (%d characters; at most 20000)", op.Field, len(v))
	}
	if n, err := strconv.Atoi(v); err == nil && op.Field == "players" {
		set(root, op.Field, num(n))
		return nil
	}
	if isNum {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 100000 {
			return refuse("%s is a whole number of 0 or more (got %q)", op.Field, v)
		}
		set(root, op.Field, num(n))
		return nil
	}
	if op.Field == "briefing" || op.Field == "notes" {
		v = strings.TrimRight(v, "\n ") + "\n"
		if !strings.Contains(strings.TrimSuffix(v, "\n"), "\n") {
			v = strings.TrimSuffix(v, "\n")
		}
	}
	set(root, op.Field, str(v))
	return nil
}
