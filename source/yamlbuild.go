package source

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v4"
)

// yamlBuilder turns a yaml.Node document into a Node tree, expanding aliases
// and merge keys and enforcing the limits on the expanded tree.
type yamlBuilder struct {
	lim   Limits
	count int
	probs []Problem
	stop  bool // a fatal problem was found: build nothing more

	active    map[*yaml.Node]bool // anchored values being built: an alias to one is a cycle
	aliasAt   Pos                 // the outermost alias being expanded; zero outside expansions
	aliasName string
}

func (b *yamlBuilder) problem(pos Pos, code, format string, args ...any) {
	b.probs = append(b.probs, problemAt(pos, code, format, args...))
	if len(b.probs) >= maxProblems {
		b.stop = true
	}
}

func (b *yamlBuilder) fatal(pos Pos, code, format string, args ...any) {
	b.problem(pos, code, format, args...)
	b.stop = true
}

// value builds y, a value nested in depth containers. It returns nil only
// after a fatal problem.
func (b *yamlBuilder) value(y *yaml.Node, depth int) *Node {
	if b.stop {
		return nil
	}
	if y.Kind == yaml.AliasNode {
		return b.alias(y, depth)
	}
	pos := ypos(y)
	b.checkTag(y)
	if b.count++; b.count > b.lim.MaxNodes {
		b.tooMany(pos)
		return nil
	}
	if y.Anchor != "" {
		b.active[y] = true
		defer delete(b.active, y)
	}
	switch y.Kind {
	case yaml.SequenceNode:
		if depth+1 > b.lim.MaxDepth {
			b.tooDeep(pos)
			return nil
		}
		n := &Node{Kind: Array, Pos: pos, KeyPos: pos, Items: make([]*Node, 0, len(y.Content))}
		for _, c := range y.Content {
			item := b.value(c, depth+1)
			if item == nil {
				return nil
			}
			item.KeyPos = item.Pos
			n.Items = append(n.Items, item)
		}
		return n
	case yaml.MappingNode:
		if depth+1 > b.lim.MaxDepth {
			b.tooDeep(pos)
			return nil
		}
		return b.mapping(y, pos, depth+1)
	case yaml.ScalarNode:
		return b.scalar(y, pos)
	}
	b.fatal(pos, CodeSyntax, "unexpected YAML node")
	return nil
}

func (b *yamlBuilder) tooDeep(pos Pos) {
	if b.aliasAt != (Pos{}) {
		b.fatal(b.aliasAt, CodeTooDeep, "the document nests deeper than %d levels through alias *%s",
			b.lim.MaxDepth, b.aliasName)
		return
	}
	b.fatal(pos, CodeTooDeep, "the document nests deeper than %d levels", b.lim.MaxDepth)
}

func (b *yamlBuilder) tooMany(pos Pos) {
	if b.aliasAt != (Pos{}) {
		b.fatal(b.aliasAt, CodeTooManyNodes,
			"aliases expand the document to more than %d values (alias *%s); alias bombs (\"billion laughs\") are refused",
			b.lim.MaxNodes, b.aliasName)
		return
	}
	b.fatal(pos, CodeTooManyNodes, "the document holds more than %d values", b.lim.MaxNodes)
}

// alias builds a fresh copy of the anchored value. The copy's root takes the
// alias position, so a finding about the value points where it is used.
func (b *yamlBuilder) alias(y *yaml.Node, depth int) *Node {
	pos := ypos(y)
	t := y.Alias
	if t == nil {
		b.fatal(pos, CodeSyntax, "unknown anchor: *%s has no &%s before it", y.Value, y.Value)
		return nil
	}
	if b.active[t] {
		b.fatal(pos, CodeTooManyNodes,
			"alias *%s refers to a value that contains it, so it would expand forever", y.Value)
		return nil
	}
	outer := b.aliasAt == (Pos{})
	if outer {
		b.aliasAt, b.aliasName = pos, y.Value
		defer func() { b.aliasAt, b.aliasName = Pos{}, "" }()
	}
	n := b.value(t, depth)
	if n != nil {
		n.Pos, n.KeyPos = pos, pos
	}
	return n
}

func (b *yamlBuilder) scalar(y *yaml.Node, pos Pos) *Node {
	n := &Node{Pos: pos, KeyPos: pos}
	switch y.Tag {
	case "!!null":
		n.Kind = Null
	case "!!bool":
		v, ok := yamlBool(y.Value)
		if !ok {
			b.problem(pos, CodeSyntax, "%q is not a boolean; write true or false", y.Value)
		}
		n.Kind, n.Bool = Bool, v
	case "!!int", "!!float":
		lit, why := yamlNumber(y.Value)
		if why != "" {
			b.problem(pos, CodeNumber, "%s", why)
			n.Kind = Null
			break
		}
		n.Kind, n.Text = Number, lit
	case "!!str":
		// The parser leaves plain numbers too large for float64, such as
		// 1e400, as strings; YAML 1.2 and JSON both call them numbers.
		if y.Style == 0 && mayBeNumber(y.Value) && yamlFloatRE().MatchString(strings.ReplaceAll(y.Value, "_", "")) {
			if lit, why := yamlNumber(y.Value); why == "" {
				n.Kind, n.Text = Number, lit
				break
			}
		}
		n.Kind, n.Text = String, y.Value
	default:
		n.Kind, n.Text = String, y.Value
	}
	return n
}

// mayBeNumber is a cheap first look before the float pattern: a number
// starts with a sign, a digit, a dot or an underscore.
func mayBeNumber(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	return c == '-' || c == '+' || c == '.' || c == '_' || (c >= '0' && c <= '9')
}

func yamlBool(s string) (v, ok bool) {
	switch s {
	case "true", "True", "TRUE":
		return true, true
	case "false", "False", "FALSE":
		return false, true
	}
	return false, false
}

func (b *yamlBuilder) mapping(y *yaml.Node, pos Pos, depth int) *Node {
	n := &Node{Kind: Object, Pos: pos, KeyPos: pos}
	pairs := y.Content[:len(y.Content)&^1]

	// Keys written in this mapping win over merged ones wherever they stand.
	var written map[string]bool
	for i := 0; i < len(pairs); i += 2 {
		if isMergeKey(pairs[i]) {
			written = map[string]bool{}
			for j := 0; j < len(pairs); j += 2 {
				if k, ok := stringKey(pairs[j]); ok {
					written[k] = true
				}
			}
			break
		}
	}
	var index keyIndex
	var mergeAt Pos
	for i := 0; i < len(pairs); i += 2 {
		kn, vn := pairs[i], pairs[i+1]
		kpos := ypos(kn)
		b.checkTag(kn)
		if isMergeKey(kn) {
			if mergeAt != (Pos{}) {
				b.problem(kpos, CodeDuplicateKey, "duplicate merge key \"<<\": the first is at line %d", mergeAt.Line)
				continue
			}
			mergeAt = kpos
			if !b.merge(n, &index, vn, depth, written) {
				return nil
			}
			continue
		}
		if b.stop {
			return nil
		}
		key, ok := stringKey(kn)
		if !ok {
			msg := keyTypeMessage(kn)
			if i >= 2 {
				if m := splitPair(y, pairs[i-2], pairs[i-1], kn, vn); m != "" {
					msg = m
				}
			}
			b.problem(kpos, CodeKeyType, "%s", msg)
			continue
		}
		// Merged members never carry a written key, so a key found here
		// was written before.
		if at := index.find(n, key); at >= 0 {
			b.problem(kpos, CodeDuplicateKey, "%s", duplicateMessage(key, n.Fields[at].KeyPos, kpos))
			continue
		}
		v := b.value(vn, depth)
		if v == nil {
			return nil
		}
		v.KeyPos = kpos
		index.add(n, key, v)
	}
	return n
}

// merge adds the members of the mapping, or list of mappings, that a "<<" key
// names to n, unless n writes them itself or an earlier source gave them.
func (b *yamlBuilder) merge(n *Node, index *keyIndex, vn *yaml.Node, depth int, written map[string]bool) bool {
	src := b.value(vn, depth)
	if src == nil {
		return false
	}
	sources := []*Node{src}
	if src.Kind == Array {
		sources = src.Items
	}
	for _, s := range sources {
		if s.Kind != Object {
			b.problem(s.Pos, CodeSyntax, "the merge key \"<<\" takes a mapping or a list of mappings, not %s", kindPhrase(s.Kind))
			continue
		}
		for i, k := range s.Keys {
			if written[k] || index.find(n, k) >= 0 {
				continue
			}
			index.add(n, k, s.Fields[i])
		}
	}
	return true
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Tag == "!!merge"
}

// stringKey returns the text of a key that is a string, following an alias
// used as a key.
func stringKey(k *yaml.Node) (string, bool) {
	for i := 0; k.Kind == yaml.AliasNode && k.Alias != nil && i < 8; i++ {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		return "", false
	}
	switch k.Tag {
	case "!!int", "!!float", "!!bool", "!!null", "!!merge":
		return "", false
	}
	return k.Value, true
}

// splitPair words the usual slip behind a number key in a flow mapping:
// "{at: 3,4}" reads as at: 3 and a key 4 with no value, when a pair of
// coordinates was meant. It returns "" for any other key.
func splitPair(m, pk, pv, k, v *yaml.Node) string {
	num := func(n *yaml.Node) bool {
		return n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float")
	}
	if m.Style&yaml.FlowStyle == 0 || !num(k) || !num(pv) || v.Kind != yaml.ScalarNode || v.Tag != "!!null" || v.Value != "" {
		return ""
	}
	name, ok := stringKey(pk)
	if !ok {
		return ""
	}
	return fmt.Sprintf("'%s' wants a list: '%s: [%s, %s]' (in a {…} mapping the comma ends the value after %s)", name, name, pv.Value, k.Value, pv.Value)
}

func keyTypeMessage(k *yaml.Node) string {
	for i := 0; k.Kind == yaml.AliasNode && k.Alias != nil && i < 8; i++ {
		k = k.Alias
	}
	switch k.Kind {
	case yaml.SequenceNode:
		return "keys must be strings; a list cannot be a key"
	case yaml.MappingNode:
		return "keys must be strings; a mapping cannot be a key"
	case yaml.ScalarNode:
		if k.Tag == "!!null" && k.Value == "" {
			return "keys must be strings; this key is empty"
		}
		return fmt.Sprintf("keys must be strings; quote it: %q", k.Value)
	}
	return "keys must be strings"
}

func kindPhrase(k Kind) string {
	switch k {
	case Array:
		return "a list"
	case Object:
		return "a mapping"
	case String:
		return "a string"
	case Number:
		return "a number"
	case Bool:
		return "true or false"
	}
	return "null"
}
