package editor

// Schema-driven forms for the games played on a setup sheet (colony,
// Survival Infection, and any game that ships a JSON Schema): the form is
// built from the game's own schema, so a new game gets one with no code
// here. The page draws it beside the live sheet; schemaform_ops.go edits
// the file by JSON pointer.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
)

// SchemaForm is a game's form and the document's values.
type SchemaForm struct {
	Schema string     `json:"schema"` // the schema's name: colony, survival-infection
	Root   *FormField `json:"root"`
	// Values is the document as JSON. Locked is set when the file as it
	// is cannot be read: the form shows the last good values, disabled.
	Values any  `json:"values"`
	Locked bool `json:"locked,omitempty"`
}

// FormField is one field of the form, made from one schema.
type FormField struct {
	Key      string   `json:"key,omitempty"`
	Label    string   `json:"label"`
	Help     string   `json:"help,omitempty"`
	Kind     string   `json:"kind"` // text, textarea, integer, number, boolean, enum, const, list, object, map, choice, any
	Required bool     `json:"required,omitempty"`
	Enum     []any    `json:"enum,omitempty"`
	Const    any      `json:"const,omitempty"`
	Min      *float64 `json:"min,omitempty"`
	Max      *float64 `json:"max,omitempty"`
	MinLen   int      `json:"min_length,omitempty"`
	MaxLen   int      `json:"max_length,omitempty"`
	Pattern  string   `json:"pattern,omitempty"`
	MaxItems int      `json:"max_items,omitempty"`
	// MinItems equal to MaxItems makes a list a fixed row of values (a
	// grid's [columns, rows]): no item is added or taken out.
	MinItems int `json:"min_items,omitempty"`
	// Fields of an object, in the schema's order; Items is the field of a
	// list's items or a map's values; Choices are a choice's alternatives.
	Fields     []*FormField `json:"fields,omitempty"`
	Items      *FormField   `json:"items,omitempty"`
	KeyPattern string       `json:"key_pattern,omitempty"`
	Choices    []*FormField `json:"choices,omitempty"`
	// Default is what a new value of this field starts as (a list item
	// added, a choice switched), valid for the schema.
	Default any `json:"default"`
	// Advanced marks a field of the file's plumbing (its id, format, game
	// and tile set): the form shows it after the story, folded away.
	Advanced bool `json:"advanced,omitempty"`
}

// headKeys are the story an author writes first: the form shows them
// first, whatever order the schema lists them in.
var headKeys = []string{"title", "author", "briefing", "players"}

// advanced are the root keys that say how the file is kept rather than
// what the mission is, each with the words the form names it in: the
// schema's descriptions speak to those who write tools for the format
// ("slug", "format version"), the form to those who write missions.
var advancedOrder = []string{"id", "ruleset", "tileset", "format"}

var advanced = map[string]struct{ label, help string }{
	"id":      {"Short name", "The name the mission goes by in file names, links and lists: lower-case letters, digits and dashes, like first-contact."},
	"format":  {"File version", "The version of the file's layout; zmission writes it and nothing here changes it."},
	"ruleset": {"Game", "The game the mission is played with; a mission of another game starts from New."},
	"tileset": {"Tile set", "The tiles the map is laid with: a set zmission knows (station, city) or a tile-set file beside the mission."},
}

// gameSchema is a parsed JSON Schema with its $defs, for the form and the
// operations. Keys keep the file's order.
type gameSchema struct {
	name string
	root *source.Node
	// built is the form, made once: every state of every edit sends it,
	// and it depends on the schema alone (it is never changed after).
	built     sync.Once
	formField *FormField
}

var schemas sync.Map // name → *gameSchema

// schemaOf parses the embedded schema of a game once; nil when the game
// has none.
func schemaOf(name string) *gameSchema {
	if g, ok := schemas.Load(name); ok {
		return g.(*gameSchema)
	}
	if name == "" || strings.ContainsAny(name, "/.\\") {
		return nil
	}
	data, ok := schema.Source(name)
	if !ok {
		return nil
	}
	root, probs := source.ParseJSON(data, source.Limits{})
	if len(probs) > 0 || root == nil || root.Kind != source.Object {
		return nil
	}
	g, _ := schemas.LoadOrStore(name, &gameSchema{name: name, root: root})
	return g.(*gameSchema)
}

// deref follows a local $ref chain ("#/$defs/x"); the description and
// title written beside a $ref win over the target's.
func (g *gameSchema) deref(n *source.Node) (s *source.Node, title, help string) {
	for range 32 {
		if n == nil || n.Kind != source.Object {
			return n, title, help
		}
		if title == "" {
			title = n.Field("title").Str()
		}
		if help == "" {
			help = n.Field("description").Str()
		}
		ref := n.Field("$ref")
		if ref == nil {
			return n, title, help
		}
		n = g.resolve(ref.Str())
	}
	return nil, title, help
}

// resolve finds a local reference: "#/$defs/card".
func (g *gameSchema) resolve(ref string) *source.Node {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	n := g.root
	for _, tok := range splitPointer(strings.TrimPrefix(ref, "#")) {
		n = n.Field(tok)
		if n == nil {
			return nil
		}
	}
	return n
}

// refName is the name a $ref gives its target: "customLocation".
func refName(n *source.Node) string {
	if r := n.Field("$ref").Str(); r != "" {
		return r[strings.LastIndex(r, "/")+1:]
	}
	return ""
}

func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

func pointerOf(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// alternatives are the branches of a schema that is a choice between
// shapes (oneOf or anyOf of a string or an object...); nil for a schema
// whose oneOf only says which keys go together (required-only branches).
func alternatives(s *source.Node) []*source.Node {
	if s == nil || s.Field("type") != nil || s.Field("properties") != nil {
		return nil
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		l := s.Field(k)
		if l == nil || l.Kind != source.Array {
			continue
		}
		shaped := false
		for _, b := range l.Items {
			for _, kw := range b.Keys {
				if kw != "required" && kw != "description" && kw != "title" {
					shaped = true
				}
			}
		}
		if shaped {
			return l.Items
		}
	}
	return nil
}

// typeOf is a schema's single type, or what its keywords imply.
func typeOf(s *source.Node) string {
	if t := s.Field("type"); t != nil {
		if t.Kind == source.String {
			return t.Text
		}
		return ""
	}
	switch {
	case s.Field("properties") != nil || s.Field("additionalProperties") != nil:
		return "object"
	case s.Field("items") != nil:
		return "array"
	}
	return ""
}

func number(n *source.Node) *float64 {
	if n == nil || n.Kind != source.Number {
		return nil
	}
	f, err := strconv.ParseFloat(n.Text, 64)
	if err != nil {
		return nil
	}
	return &f
}

// field builds the form field of schema n (not yet dereferenced).
func (g *gameSchema) field(key string, n *source.Node, depth int) *FormField {
	s, title, help := g.deref(n)
	f := &FormField{Key: key, Label: title, Help: help, Kind: "any"}
	if f.Label == "" {
		f.Label = label(key)
	}
	if s == nil || depth > 24 {
		return f
	}
	f.Default = g.defaultOf(n, 0)
	if c := s.Field("const"); c != nil {
		f.Kind, f.Const = "const", source.ToValue(c)
		return f
	}
	if e := s.Field("enum"); e != nil && e.Kind == source.Array {
		f.Kind = "enum"
		for _, it := range e.Items {
			f.Enum = append(f.Enum, source.ToValue(it))
		}
		return f
	}
	if alts := alternatives(s); alts != nil {
		f.Kind = "choice"
		for i, a := range alts {
			c := g.field("", a, depth+1)
			c.Label = choiceLabel(a, c, i)
			f.Choices = append(f.Choices, c)
		}
		return f
	}
	f.Min, f.Max = number(s.Field("minimum")), number(s.Field("maximum"))
	if v := number(s.Field("minLength")); v != nil {
		f.MinLen = int(*v)
	}
	if v := number(s.Field("maxLength")); v != nil {
		f.MaxLen = int(*v)
	}
	if v := number(s.Field("maxItems")); v != nil {
		f.MaxItems = int(*v)
	}
	if v := number(s.Field("minItems")); v != nil {
		f.MinItems = int(*v)
	}
	f.Pattern = s.Field("pattern").Str()
	switch typeOf(s) {
	case "string":
		f.Kind = "text"
		if f.MaxLen > 200 {
			f.Kind = "textarea"
		}
	case "integer", "number", "boolean":
		f.Kind = typeOf(s)
	case "array":
		f.Kind = "list"
		f.Items = g.field("", s.Field("items"), depth+1)
	case "object":
		f.Kind = "object"
		req := map[string]bool{}
		if r := s.Field("required"); r != nil {
			for _, it := range r.Items {
				req[it.Str()] = true
			}
		}
		if p := s.Field("properties"); p != nil {
			for i, k := range p.Keys {
				c := g.field(k, p.Fields[i], depth+1)
				c.Required = req[k]
				f.Fields = append(f.Fields, c)
			}
		}
		if a := s.Field("additionalProperties"); a != nil && a.Kind == source.Object && len(f.Fields) == 0 {
			f.Kind = "map"
			f.Items = g.field("", a, depth+1)
			if pn := s.Field("propertyNames"); pn != nil {
				f.KeyPattern = pn.Field("pattern").Str()
			}
		}
	}
	return f
}

// label makes a key readable: "hidden-bite" → "Hidden bite".
func label(key string) string {
	if key == "" {
		return ""
	}
	s := strings.ReplaceAll(strings.ReplaceAll(key, "-", " "), "_", " ")
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// choiceLabel names an alternative: its title, the start of its
// description, the name its $ref gives it, or its kind.
func choiceLabel(n *source.Node, f *FormField, i int) string {
	if t := n.Field("title").Str(); t != "" {
		return t
	}
	if d := f.Help; d != "" {
		if j := strings.IndexAny(d, ":.("); j > 0 {
			d = d[:j]
		}
		if len(d) <= 40 {
			return strings.TrimSpace(d)
		}
	}
	if r := refName(n); r != "" {
		var b strings.Builder
		for j, c := range r {
			if unicode.IsUpper(c) && j > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(unicode.ToLower(c))
		}
		return b.String()
	}
	return map[string]string{"text": "text", "textarea": "text", "integer": "number", "number": "number", "boolean": "yes or no",
		"enum": "one of " + fmt.Sprint(f.Enum), "list": "list", "object": "group", "map": "table"}[f.Kind]
}

// defaultOf is a value schema n accepts, for a new list item or a choice
// switched: required keys filled, numbers at 0 or their lowest, strings
// empty or a placeholder their pattern accepts.
func (g *gameSchema) defaultOf(n *source.Node, depth int) any {
	s, _, _ := g.deref(n)
	if s == nil || depth > 24 {
		return nil
	}
	if c := s.Field("const"); c != nil {
		return source.ToValue(c)
	}
	if e := s.Field("enum"); e != nil && len(e.Items) > 0 {
		return source.ToValue(e.Items[0])
	}
	if alts := alternatives(s); alts != nil {
		return g.defaultOf(alts[0], depth+1)
	}
	switch typeOf(s) {
	case "string":
		for _, c := range []string{"", "new", "New", "a", "1"} {
			if g.check(s, c, "") == nil {
				return c
			}
		}
		return "new"
	case "integer", "number":
		v := 0.0
		if lo := number(s.Field("minimum")); lo != nil && *lo > v {
			v = *lo
		}
		if hi := number(s.Field("maximum")); hi != nil && *hi < v {
			v = *hi
		}
		return v
	case "boolean":
		return false
	case "array":
		out := []any{}
		if k := number(s.Field("minItems")); k != nil {
			for range int(*k) {
				out = append(out, g.defaultOf(s.Field("items"), depth+1))
			}
		}
		return out
	case "object":
		out := map[string]any{}
		var keys []string
		if r := s.Field("required"); r != nil {
			for _, it := range r.Items {
				keys = append(keys, it.Str())
			}
		}
		// A oneOf of required keys alone: the first branch's keys.
		for _, k := range []string{"oneOf", "anyOf"} {
			if l := s.Field(k); l != nil && len(l.Items) > 0 {
				if r := l.Items[0].Field("required"); r != nil {
					for _, it := range r.Items {
						keys = append(keys, it.Str())
					}
				}
			}
		}
		props := s.Field("properties")
		for _, k := range keys {
			out[k] = g.defaultOf(props.Field(k), depth+1)
		}
		return out
	}
	return nil
}

// form builds the whole form: the root's fields with the head keys first,
// then the schema's order, the fixed fields (format, ruleset) and the
// editors' $schema last.
func (g *gameSchema) form() *FormField {
	g.built.Do(func() { g.formField = g.makeForm() })
	return g.formField
}

func (g *gameSchema) makeForm() *FormField {
	f := g.field("", g.root, 0)
	// $schema points the author's text editor at the schema; it is not
	// the author's to type.
	f.Fields = slices.DeleteFunc(f.Fields, func(c *FormField) bool { return c.Key == "$schema" })
	for i, c := range f.Fields {
		if a, ok := advanced[c.Key]; ok {
			// A copy: the field may be shared with a $def's.
			cc := *c
			cc.Label, cc.Help, cc.Advanced = a.label, a.help, true
			if cc.Kind == "textarea" {
				cc.Kind = "text" // a name or a path: one line
			}
			f.Fields[i] = &cc
		}
	}
	rank := func(c *FormField) int {
		if i := slices.Index(headKeys, c.Key); i >= 0 {
			return i
		}
		if c.Advanced {
			return len(headKeys) + 2 + slices.Index(advancedOrder, c.Key)
		}
		if c.Kind == "const" || strings.HasPrefix(c.Key, "$") {
			return len(headKeys) + 1
		}
		return len(headKeys)
	}
	slices.SortStableFunc(f.Fields, func(a, b *FormField) int { return rank(a) - rank(b) })
	return f
}

// schemaFor is the schema a ruleset's files follow: the game's own, or
// the mission schema the games played on tiles share.
func schemaFor(ruleset string) *gameSchema {
	if g := schemaOf(ruleset); g != nil {
		return g
	}
	if _, ok := rules.Lookup(ruleset).(rules.BoardGame); ok {
		return schemaOf("mission")
	}
	return nil
}

// schemaFormOf is the form of the file's game with the values of the
// current version, or of the last good one when the current cannot be read;
// the keys in skip are left out (the grid games edit their tiles and
// tokens on the map, their objectives and rules in forms of their own).
func schemaFormOf(cur, good *snapshot, skip ...string) *SchemaForm {
	doc, locked := docRoot(cur), false
	if doc == nil {
		doc, locked = docRoot(good), true
	}
	if doc == nil {
		return nil
	}
	g := schemaFor(doc.Field("ruleset").Str())
	if g == nil {
		return nil
	}
	root := g.form()
	if len(skip) > 0 {
		c := *root
		c.Fields = slices.DeleteFunc(slices.Clone(c.Fields), func(f *FormField) bool { return slices.Contains(skip, f.Key) })
		root = &c
	}
	values := source.ToValue(doc)
	if m, ok := values.(map[string]any); ok && len(skip) > 0 {
		// The form reads its own fields' values only: the board's tiles
		// and tokens (most of a big mission) are not sent with it.
		for _, k := range skip {
			delete(m, k)
		}
	}
	return &SchemaForm{Schema: g.name, Root: root, Values: values, Locked: locked}
}

func docRoot(s *snapshot) *source.Node {
	if s == nil || s.res == nil || s.res.Doc == nil || s.res.Doc.Root == nil || s.res.Doc.Root.Kind != source.Object {
		return nil
	}
	return s.res.Doc.Root
}

// pointFindings gives each finding the JSON pointer of the value it is
// about: the value that starts where the finding points, else the key
// there, else the innermost value on its line.
func pointFindings(fs []Finding, s *snapshot) {
	root := docRoot(s)
	if root == nil || len(fs) == 0 {
		return
	}
	// The document is walked once: each value is listed under the lines
	// its value and its key start on, in the walk's order (a tie goes to
	// the first). A walk per finding made a board's hundreds of findings
	// cost seconds.
	type node struct {
		n     *source.Node
		ptr   string
		depth int
	}
	want := map[int]bool{}
	for _, f := range fs {
		want[f.Line] = true
	}
	byLine := map[int][]node{}
	var walk func(n *source.Node, toks []string)
	walk = func(n *source.Node, toks []string) {
		if len(toks) > 0 && (want[n.Pos.Line] || want[n.KeyPos.Line]) {
			nd := node{n: n, ptr: pointerOf(toks), depth: len(toks)}
			if want[n.Pos.Line] {
				byLine[n.Pos.Line] = append(byLine[n.Pos.Line], nd)
			}
			if n.KeyPos.Line != n.Pos.Line && want[n.KeyPos.Line] {
				byLine[n.KeyPos.Line] = append(byLine[n.KeyPos.Line], nd)
			}
		}
		for j, it := range n.Items {
			walk(it, append(toks, strconv.Itoa(j)))
		}
		for j, it := range n.Fields {
			walk(it, append(toks, n.Keys[j]))
		}
	}
	walk(root, nil)
	for i := range fs {
		f := &fs[i]
		best, bestRank, bestDepth := "", 3, 0
		for _, nd := range byLine[f.Line] {
			n, rank := nd.n, 3 // 0: the value starts at the column, 1: its key does, 2: on the line before the column
			switch {
			case n.Pos.Line == f.Line && n.Pos.Col == f.Col:
				rank = 0
			case n.KeyPos.Line == f.Line && n.KeyPos.Col == f.Col:
				rank = 1
			case (n.Pos.Line == f.Line && n.Pos.Col <= f.Col) || (n.KeyPos.Line == f.Line && n.KeyPos.Col <= f.Col):
				rank = 2
			}
			if rank < 3 && (best == "" || rank < bestRank || (rank == bestRank && nd.depth > bestDepth)) {
				best, bestRank, bestDepth = nd.ptr, rank, nd.depth
			}
		}
		if best != "" {
			f.Pointer = best
		}
	}
}
