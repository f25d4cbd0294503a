package editor

// Operations of the schema forms: set or remove the value at a JSON
// pointer, add or remove a list item. The game's schema says which
// pointers exist and what type each value has; what it does not allow is
// refused before the file is touched.

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zmission/zmission/source"
	"go.yaml.in/yaml/v4"
)

// schemaOp applies value.set, value.remove, item.add and item.remove.
func schemaOp(root *yaml.Node, op Op) error {
	name := ""
	if r := get(root, "ruleset"); r != nil && r.Kind == yaml.ScalarNode {
		name = r.Value
	}
	g := schemaFor(name)
	if g == nil {
		return refuse("the editor has no form for the %q ruleset", name)
	}
	toks := splitPointer(op.Pointer)
	if op.Pointer != "" && !strings.HasPrefix(op.Pointer, "/") {
		return refuse("%q is not a JSON pointer: it starts with /", op.Pointer)
	}
	var data any
	if len(op.Data) > 0 {
		dec := json.NewDecoder(bytes.NewReader(op.Data))
		dec.UseNumber()
		if err := dec.Decode(&data); err != nil {
			return refuse("a value the editor cannot read: %v", err)
		}
	}
	switch op.Op {
	case "value.set":
		if len(toks) == 0 {
			return refuse("value.set needs a pointer to a value inside the file")
		}
		if len(op.Data) == 0 {
			return refuse("value.set needs a value")
		}
		p, err := g.walk(root, toks)
		if err != nil {
			return err
		}
		v, err := g.fit(p.schema, data, op.Pointer)
		if err != nil {
			return err
		}
		return p.put(root, toks, styled(g.node(p.schema, v), p.node))
	case "value.remove":
		if len(toks) == 0 {
			return refuse("value.remove needs a pointer to a value inside the file")
		}
		p, err := g.walk(root, toks)
		if err != nil {
			return err
		}
		return p.remove(root, toks)
	case "item.add":
		p, err := g.walk(root, toks)
		if err != nil {
			return err
		}
		list := p.schema
		if alts := alternatives(list); alts != nil {
			// A choice holding a list (a collection file, the collection, or
			// a list of them): its list branch.
			list = nil
			for _, a := range alts {
				if s, _, _ := g.deref(a); typeOf(s) == "array" {
					list = s
					break
				}
			}
		}
		if list == nil || typeOf(list) != "array" {
			return refuse("%s is not a list", where(op.Pointer))
		}
		if len(op.Data) == 0 {
			data = g.defaultOf(list.Field("items"), 0)
		}
		v, err := g.fit(list.Field("items"), data, op.Pointer+"/-")
		if err != nil {
			return err
		}
		seq := p.node
		switch {
		case seq == nil || (seq.Kind == yaml.ScalarNode && seq.Tag == "!!null"):
			seq = &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
			if len(toks) == 0 {
				return refuse("the file is not a list")
			}
			if err := p.put(root, toks, seq); err != nil {
				return err
			}
		case seq.Kind != yaml.SequenceNode:
			return refuse("%s is not a list in the file; change it to a list first", where(op.Pointer))
		}
		if m := number(list.Field("maxItems")); m != nil && float64(len(seq.Content)) >= *m {
			return refuse("%s holds at most %v items", where(op.Pointer), *m)
		}
		if list.Field("uniqueItems").True() {
			for _, it := range seq.Content {
				var have any
				if it.Decode(&have) == nil && equalJSON(have, v) {
					return refuse("%s lists %s already", where(op.Pointer), show(v))
				}
			}
		}
		var like *yaml.Node
		if len(seq.Content) > 0 {
			like = seq.Content[len(seq.Content)-1]
		}
		seq.Content = append(seq.Content, styled(g.node(list.Field("items"), v), like))
		return nil
	case "item.remove":
		if len(toks) == 0 {
			return refuse("item.remove needs a pointer to a list item")
		}
		p, err := g.walk(root, toks)
		if err != nil {
			return err
		}
		if p.parent == nil || p.parent.Kind != yaml.SequenceNode {
			return refuse("%s is not a list item", where(op.Pointer))
		}
		if p.node == nil {
			return refuse("there is no %s", where(op.Pointer))
		}
		return p.remove(root, toks)
	}
	return refuse("unknown operation %q", op.Op)
}

// where names a pointer for a message: "/changes/camp/sets" → "changes/camp/sets".
func where(ptr string) string {
	if ptr == "" {
		return "the file"
	}
	return strings.TrimPrefix(ptr, "/")
}

// place is where a pointer leads: the schema of its value, and the
// document's nodes there (nil when absent) with the schemas and nodes of
// every level above.
type place struct {
	schema  *source.Node
	node    *yaml.Node
	parent  *yaml.Node
	schemas []*source.Node // schemas[i] is the schema of the value at toks[:i]
	nodes   []*yaml.Node   // nodes[i] is the document's value at toks[:i], or nil
}

// walk follows a pointer through the schema and the document together: a
// choice takes the branch the document's value has (or, where the value
// is still to be made, the first one the next step fits).
func (g *gameSchema) walk(root *yaml.Node, toks []string) (*place, error) {
	s, _, _ := g.deref(g.root)
	n := root
	p := &place{}
	for i, tok := range toks {
		s = g.branch(s, n, tok)
		p.schemas = append(p.schemas, s)
		p.nodes = append(p.nodes, n)
		at := pointerOf(toks[:i+1])
		if n != nil && (n.Kind == yaml.AliasNode || n.Anchor != "") {
			return nil, refuse("%s is a YAML alias or anchor; edit it in the text", where(pointerOf(toks[:i])))
		}
		var child *source.Node
		switch typeOf(s) {
		case "object":
			if props := s.Field("properties"); props != nil {
				child = props.Field(tok)
			}
			if child == nil {
				if a := s.Field("additionalProperties"); a != nil && a.Kind == source.Object {
					if pn := s.Field("propertyNames"); pn != nil {
						if err := g.check(pn, tok, at); err != nil {
							return nil, refuse("%q cannot be a key here: %v", tok, err)
						}
					}
					child = a
				}
			}
			if child == nil {
				var names []string
				if props := s.Field("properties"); props != nil {
					names = props.Keys
				}
				if len(names) == 0 {
					return nil, refuse("the schema allows no key %q in %s", tok, where(pointerOf(toks[:i])))
				}
				return nil, refuse("the schema allows no key %q in %s: use %s", tok, where(pointerOf(toks[:i])), strings.Join(names, ", "))
			}
			if n != nil && n.Kind == yaml.MappingNode {
				n = get(n, tok)
			} else if n != nil && !(n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
				return nil, refuse("%s is not a mapping in the file; change it in the text first", where(pointerOf(toks[:i])))
			} else {
				n = nil
			}
		case "array":
			k, err := strconv.Atoi(tok)
			if err != nil || k < 0 || tok != strconv.Itoa(k) {
				return nil, refuse("%s is a list: %q is not an item number", where(pointerOf(toks[:i])), tok)
			}
			child = s.Field("items")
			if n == nil || n.Kind != yaml.SequenceNode || k >= len(n.Content) {
				have := 0
				if n != nil && n.Kind == yaml.SequenceNode {
					have = len(n.Content)
				}
				return nil, refuse("there is no item %d in %s (it has %d)", k+1, where(pointerOf(toks[:i])), have)
			}
			n = n.Content[k]
		default:
			return nil, refuse("%s holds a single value: there is nothing at %q inside it", where(pointerOf(toks[:i])), tok)
		}
		s, _, _ = g.deref(child)
		if s == nil {
			return nil, refuse("the schema has no place %s", where(at))
		}
		p.parent = p.nodes[len(p.nodes)-1]
	}
	if n != nil && (n.Kind == yaml.AliasNode || n.Anchor != "") {
		return nil, refuse("%s is a YAML alias or anchor; edit it in the text", where(pointerOf(toks)))
	}
	p.schema, p.node = s, n
	return p, nil
}

// branch is the alternative of a choice that a step into the document
// takes: the one of the value's shape, else the first the step fits.
func (g *gameSchema) branch(s *source.Node, n *yaml.Node, tok string) *source.Node {
	alts := alternatives(s)
	if alts == nil {
		return s
	}
	want := "object"
	if _, err := strconv.Atoi(tok); err == nil {
		want = "array"
	}
	if n != nil {
		switch n.Kind {
		case yaml.MappingNode:
			want = "object"
		case yaml.SequenceNode:
			want = "array"
		}
	}
	for _, a := range alts {
		if b, _, _ := g.deref(a); b != nil && typeOf(b) == want {
			return b
		}
	}
	return s
}

// put sets the value at toks, making the mappings above it that are
// missing.
func (p *place) put(root *yaml.Node, toks []string, v *yaml.Node) error {
	n := root
	for i, tok := range toks[:len(toks)-1] {
		next := child(n, tok)
		if next == nil || (next.Kind == yaml.ScalarNode && next.Tag == "!!null") {
			if n.Kind != yaml.MappingNode || typeOf(p.schemas[i+1]) != "object" {
				return refuse("%s cannot be made here", where(pointerOf(toks[:i+1])))
			}
			next = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			setOrdered(n, tok, next, p.schemas[i])
		}
		n = next
	}
	last := toks[len(toks)-1]
	switch n.Kind {
	case yaml.MappingNode:
		setOrdered(n, last, v, p.schemas[len(toks)-1])
	case yaml.SequenceNode:
		k, _ := strconv.Atoi(last)
		old := n.Content[k]
		for _, sib := range n.Content {
			if old.Kind == yaml.ScalarNode && sib.Kind != yaml.ScalarNode {
				styled(v, sib) // a list written {each: …} per line stays so
			}
		}
		v.HeadComment, v.LineComment, v.FootComment = old.HeadComment, old.LineComment, old.FootComment
		n.Content[k] = v
	default:
		return refuse("%s is not a mapping in the file; change it in the text first", where(pointerOf(toks[:len(toks)-1])))
	}
	return nil
}

// setOrdered sets key in mapping m; a new key goes before the first key
// its schema lists after it, as the formatter does not order every game's
// keys.
func setOrdered(m *yaml.Node, key string, v *yaml.Node, s *source.Node) {
	if get(m, key) != nil {
		set(m, key, v)
		return
	}
	var order []string
	if p := s.Field("properties"); p != nil {
		order = p.Keys
	}
	at := slices.Index(order, key)
	if at >= 0 {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if j := slices.Index(order, m.Content[i].Value); j > at {
				m.Content = slices.Insert(m.Content, i, str(key), v)
				return
			}
		}
	}
	m.Content = append(m.Content, str(key), v)
}

func child(n *yaml.Node, tok string) *yaml.Node {
	switch n.Kind {
	case yaml.MappingNode:
		return get(n, tok)
	case yaml.SequenceNode:
		if k, err := strconv.Atoi(tok); err == nil && k >= 0 && k < len(n.Content) {
			return n.Content[k]
		}
	}
	return nil
}

// remove takes the value at toks out; a mapping or list left empty goes
// too, unless the schema requires it (format, a required section).
func (p *place) remove(root *yaml.Node, toks []string) error {
	if p.node == nil {
		return nil
	}
	for i := len(toks) - 1; i >= 0; i-- {
		parent, tok := p.nodes[i], toks[i]
		if parent == nil {
			return nil
		}
		if parent.Kind == yaml.SequenceNode {
			k, _ := strconv.Atoi(tok)
			parent.Content = slices.Delete(parent.Content, k, k+1)
		} else {
			if required(p.schemas[i], tok) {
				if i == len(toks)-1 {
					return refuse("%s is required: change it instead", where(pointerOf(toks)))
				}
				return nil
			}
			del(parent, tok)
		}
		if i == 0 || len(parent.Content) > 0 {
			return nil
		}
	}
	return nil
}

func required(s *source.Node, key string) bool {
	if r := s.Field("required"); r != nil {
		for _, it := range r.Items {
			if it.Str() == key {
				return true
			}
		}
	}
	return false
}

// --- values ---

// fit checks a value from the page against schema n and gives it the
// schema's type: "3" for an integer is 3, "true" for a boolean is true. A
// choice takes the first alternative the value fits.
func (g *gameSchema) fit(n *source.Node, v any, at string) (any, error) {
	s, _, _ := g.deref(n)
	if s == nil {
		return nil, refuse("the schema has no place %s", where(at))
	}
	if alts := alternatives(s); alts != nil {
		var msgs []string
		for _, a := range alts {
			w, err := g.fit(a, v, at)
			if err == nil {
				return w, nil
			}
			msgs = append(msgs, strings.TrimPrefix(err.Error(), where(at)+" "))
		}
		return nil, refuse("%s: %s fits none of its forms (%s)", where(at), show(v), strings.Join(msgs, "; or "))
	}
	v = coerce(s, v)
	if err := g.check(s, v, at); err != nil {
		return nil, err
	}
	return v, nil
}

// coerce turns text from an input into the schema's scalar type, when it
// reads as one.
func coerce(s *source.Node, v any) any {
	t, ok := v.(string)
	if !ok {
		if f, isF := v.(float64); isF {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
		return v
	}
	switch typeOf(s) {
	case "integer", "number":
		t = strings.TrimSpace(t)
		if _, err := strconv.ParseFloat(t, 64); err == nil && t != "" {
			return json.Number(t)
		}
	case "boolean":
		if b, err := strconv.ParseBool(strings.TrimSpace(t)); err == nil {
			return b
		}
	}
	if c := s.Field("const"); c != nil && c.Kind == source.Number {
		if _, err := strconv.ParseFloat(t, 64); err == nil {
			return json.Number(t)
		}
	}
	return v
}

func show(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:57]) + "…"
	}
	return string(b)
}

var patterns sync.Map

func match(pattern, s string) bool {
	re, ok := patterns.Load(pattern)
	if !ok {
		c, err := regexp.Compile(pattern)
		if err != nil {
			return true // a pattern Go cannot read is left to the checks
		}
		re, _ = patterns.LoadOrStore(pattern, c)
	}
	return re.(*regexp.Regexp).MatchString(s)
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	if fa, ok := toFloat(a); ok {
		if fb, ok := toFloat(b); ok {
			return fa == fb
		}
	}
	return bytes.Equal(x, y)
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case int:
		return float64(x), true
	}
	return 0, false
}

// check tells whether value v (JSON values, numbers as json.Number) is
// what schema n allows, in words for the author.
func (g *gameSchema) check(n *source.Node, v any, at string) error {
	s, _, _ := g.deref(n)
	if s == nil {
		return nil
	}
	what := where(at)
	if alts := alternatives(s); alts != nil {
		for _, a := range alts {
			if g.check(a, v, at) == nil {
				return nil
			}
		}
		return refuse("%s: %s fits none of its forms", what, show(v))
	}
	if c := s.Field("const"); c != nil {
		if !equalJSON(source.ToValue(c), v) {
			return refuse("%s is always %s", what, show(source.ToValue(c)))
		}
		return nil
	}
	if e := s.Field("enum"); e != nil {
		var names []string
		for _, it := range e.Items {
			if equalJSON(source.ToValue(it), v) {
				return nil
			}
			names = append(names, show(source.ToValue(it)))
		}
		return refuse("%s is one of %s (not %s)", what, strings.Join(names, ", "), show(v))
	}
	switch typeOf(s) {
	case "string":
		t, ok := v.(string)
		if !ok {
			return refuse("%s is text, not %s", what, show(v))
		}
		l := utf8.RuneCountInString(t)
		if m := number(s.Field("minLength")); m != nil && float64(l) < *m {
			if *m == 1 {
				return refuse("%s cannot be empty", what)
			}
			return refuse("%s needs at least %v characters", what, *m)
		}
		if m := number(s.Field("maxLength")); m != nil && float64(l) > *m {
			return refuse("%s is too long: %d characters, at most %v", what, l, *m)
		}
		if p := s.Field("pattern").Str(); p != "" && !match(p, t) {
			return refuse("%s: %q is not of the form the schema asks (%s)", what, t, p)
		}
	case "integer", "number":
		f, ok := toFloat(v)
		if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
			return refuse("%s is a number, not %s", what, show(v))
		}
		if typeOf(s) == "integer" && f != math.Trunc(f) {
			return refuse("%s is a whole number, not %s", what, show(v))
		}
		lo, hi := number(s.Field("minimum")), number(s.Field("maximum"))
		if (lo != nil && f < *lo) || (hi != nil && f > *hi) {
			switch {
			case lo != nil && hi != nil:
				return refuse("%s is from %v to %v (not %v)", what, *lo, *hi, f)
			case lo != nil:
				return refuse("%s is %v or more (not %v)", what, *lo, f)
			default:
				return refuse("%s is %v or less (not %v)", what, *hi, f)
			}
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return refuse("%s is true or false, not %s", what, show(v))
		}
	case "array":
		l, ok := v.([]any)
		if !ok {
			return refuse("%s is a list, not %s", what, show(v))
		}
		if m := number(s.Field("minItems")); m != nil && float64(len(l)) < *m {
			return refuse("%s needs at least %v items", what, *m)
		}
		if m := number(s.Field("maxItems")); m != nil && float64(len(l)) > *m {
			return refuse("%s holds at most %v items", what, *m)
		}
		for i, it := range l {
			if err := g.check(s.Field("items"), it, at+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		if s.Field("uniqueItems").True() {
			for i := range l {
				for j := range i {
					if equalJSON(l[i], l[j]) {
						return refuse("%s lists %s twice", what, show(l[i]))
					}
				}
			}
		}
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return refuse("%s is a group of keys, not %s", what, show(v))
		}
		props, extra := s.Field("properties"), s.Field("additionalProperties")
		for k, x := range m {
			c := props.Field(k)
			if c == nil && extra != nil && extra.Kind == source.Object {
				c = extra
			}
			if c == nil {
				return refuse("the schema allows no key %q in %s", k, what)
			}
			if err := g.check(c, x, at+"/"+k); err != nil {
				return err
			}
		}
	}
	// Keys that go together (a oneOf of required keys alone) hold for a
	// mapping whatever its schema's type says.
	if m, ok := v.(map[string]any); ok {
		if r := s.Field("required"); r != nil {
			for _, it := range r.Items {
				if _, ok := m[it.Str()]; !ok {
					return refuse("%s needs %s", what, it.Str())
				}
			}
		}
		if l := s.Field("oneOf"); l != nil {
			ok := 0
			for _, b := range l.Items {
				if g.check(b, v, at) == nil {
					ok++
				}
			}
			if ok != 1 {
				return refuse("%s: %s fits %d of its forms, not one", what, show(v), ok)
			}
		}
	}
	return nil
}

// node writes a checked JSON value as a YAML node, the keys of a mapping
// in the order its schema lists them.
func (g *gameSchema) node(n *source.Node, v any) *yaml.Node {
	s, _, _ := g.deref(n)
	if alts := alternatives(s); alts != nil {
		for _, a := range alts {
			if g.check(a, v, "") == nil {
				s, _, _ = g.deref(a)
				break
			}
		}
	}
	switch x := v.(type) {
	case string:
		return str(x)
	case bool:
		return boolean(x)
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(i, 10)}
		}
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(int64(f), 10)}
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: x.String()}
	case float64:
		return g.node(s, json.Number(strconv.FormatFloat(x, 'g', -1, 64)))
	case []any:
		l := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range x {
			l.Content = append(l.Content, g.node(s.Field("items"), e))
		}
		return l
	case map[string]any:
		var order []string
		if p := s.Field("properties"); p != nil {
			order = p.Keys
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		rank := func(k string) int {
			if i := slices.Index(order, k); i >= 0 {
				return i
			}
			return len(order)
		}
		slices.SortFunc(keys, func(a, b string) int {
			if d := rank(a) - rank(b); d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, k := range keys {
			c := s.Field("properties").Field(k)
			if c == nil {
				c = s.Field("additionalProperties")
			}
			m.Content = append(m.Content, str(k), g.node(c, x[k]))
		}
		return m
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
}

// styled gives a new value the flow style of the one it replaces or the
// items beside it: a list written {card: …} per line stays so.
func styled(v *yaml.Node, like *yaml.Node) *yaml.Node {
	if like != nil && like.Style&yaml.FlowStyle != 0 && (v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode) {
		v.Style |= yaml.FlowStyle
	}
	return v
}
