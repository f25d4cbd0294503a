package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Keys: completion of the keys the document's schema allows where the
// cursor is (and not there already), each with its description, and hover
// on a key with the same description. Where the cursor is comes from the
// lines above it, by their indentation, so a half-typed key that breaks
// the document still completes.

// keyInfo is one key the schema allows.
type keyInfo struct {
	name, title, desc string
}

// schemaNode is a parsed JSON Schema document with its definitions.
type schemaNode struct {
	root map[string]any
	defs map[string]any
}

var missionKeyRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^(format|id):`) })

var schemaDocs sync.Map // name -> *schemaNode

func loadSchema(name string) *schemaNode {
	if v, ok := schemaDocs.Load(name); ok {
		return v.(*schemaNode)
	}
	sn := &schemaNode{root: map[string]any{}, defs: map[string]any{}}
	if src, ok := schema.Source(name); ok {
		var doc map[string]any
		if json.Unmarshal(src, &doc) == nil {
			sn.root = doc
			if d, ok := doc["$defs"].(map[string]any); ok {
				sn.defs = d
			}
		}
	}
	schemaDocs.Store(name, sn)
	return sn
}

// expand is a schema with what it stands for: its $ref's target and each
// alternative (oneOf, anyOf, allOf, then, else), recursively.
func (sn *schemaNode) expand(v any) []map[string]any {
	var out []map[string]any
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		m, ok := v.(map[string]any)
		if !ok || depth > 8 {
			return
		}
		out = append(out, m)
		if r, ok := m["$ref"].(string); ok && strings.HasPrefix(r, "#/$defs/") {
			walk(sn.defs[strings.TrimPrefix(r, "#/$defs/")], depth+1)
		}
		for _, alt := range []string{"oneOf", "anyOf", "allOf"} {
			if l, ok := m[alt].([]any); ok {
				for _, x := range l {
					walk(x, depth+1)
				}
			}
		}
		walk(m["then"], depth+1)
		walk(m["else"], depth+1)
	}
	walk(v, 0)
	return out
}

// at is the schemas of the value at path ("[]" for a list item).
func (sn *schemaNode) at(path []string) []map[string]any {
	cur := sn.expand(sn.root)
	for _, tok := range path {
		var next []map[string]any
		for _, m := range cur {
			if tok == "[]" {
				next = append(next, sn.expand(m["items"])...)
				continue
			}
			if props, ok := m["properties"].(map[string]any); ok {
				if p, ok := props[tok]; ok {
					next = append(next, sn.expand(p)...)
					continue
				}
			}
			next = append(next, sn.expand(m["additionalProperties"])...)
		}
		cur = next
	}
	return cur
}

// keys lists the properties the schemas at path declare, sorted by name.
func (sn *schemaNode) keys(path []string) []keyInfo {
	seen := map[string]int{}
	var out []keyInfo
	for _, m := range sn.at(path) {
		props, ok := m["properties"].(map[string]any)
		if !ok {
			continue
		}
		for k, p := range props {
			title, desc := describeSchema(sn.expand(p))
			if i, ok := seen[k]; ok {
				if out[i].desc == "" {
					out[i].title, out[i].desc = title, desc
				}
				continue
			}
			seen[k] = len(out)
			out = append(out, keyInfo{k, title, desc})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// describeSchema is the first title and description among alternatives,
// with the values an enum allows.
func describeSchema(ms []map[string]any) (title, desc string) {
	var enum []string
	for _, m := range ms {
		if t, ok := m["title"].(string); ok && title == "" {
			title = t
		}
		if d, ok := m["description"].(string); ok && desc == "" {
			desc = d
		}
		if e, ok := m["enum"].([]any); ok && enum == nil {
			for _, x := range e {
				enum = append(enum, fmt.Sprint(x))
			}
		}
	}
	if len(enum) > 0 && len(enum) <= 12 && !strings.Contains(desc, enum[0]) {
		if desc != "" {
			desc += " "
		}
		desc += "One of: " + strings.Join(enum, ", ") + "."
	}
	return title, desc
}

// keyContext is where a key is being typed at off: the path of the
// mapping it goes in ("[]" for a list item), the keys that mapping has
// already, and the part of the key typed so far. ok is false when off is
// not at a key (in a value, a comment, a flow collection).
func keyContext(data []byte, off int) (path []string, present map[string]bool, partial string, ok bool) {
	ls := bytes.LastIndexAny(data[:off], "\n\r") + 1
	prefix := string(data[ls:off])
	trimmed := strings.TrimLeft(prefix, " ")
	dash := -1 // the column of the item's dash, when the key opens a list item
	if strings.HasPrefix(trimmed, "- ") {
		dash = len(prefix) - len(trimmed)
		trimmed = strings.TrimLeft(trimmed[2:], " ")
	}
	for _, c := range trimmed {
		if !(c == '_' || c == '-' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return nil, nil, "", false
		}
	}
	if strings.Contains(prefix, "\t") {
		return nil, nil, "", false
	}
	partial = trimmed
	col := len(prefix) - len(partial)
	present = map[string]bool{}
	lines := splitLines(data)
	cur := 0
	for i, l := range lines {
		if l.start <= ls {
			cur = i
		}
	}
	// below: the keys of the same mapping after the cursor's line
	for i := cur + 1; i < len(lines) && dash < 0; i++ {
		in, isDash, content, key, _ := lineShape(lines[i].text)
		if content < 0 {
			continue
		}
		if in < col || isDash && in <= col-2 {
			break
		}
		if !isDash && in == col && key != "" {
			present[key] = true
		}
	}
	var rev []string
	mode, at := "object", col
	if dash >= 0 {
		rev = append(rev, "[]")
		mode, at = "list", dash
	}
	// parent steps out to the key on a less indented line that holds what
	// the cursor is in; false when that line holds no such key.
	parent := func(key string, empty, isDash bool, in int) bool {
		if key == "" || !empty {
			return false
		}
		rev = append(rev, key)
		mode, at = "object", in
		if isDash {
			rev = append(rev, "[]")
			mode = "list"
		}
		return true
	}
	for i := cur - 1; i >= 0; i-- {
		in, isDash, content, key, empty := lineShape(lines[i].text)
		if content < 0 {
			continue
		}
		if mode == "object" {
			switch {
			case isDash && content == at:
				if key != "" {
					present[key] = true
				}
				rev = append(rev, "[]")
				mode, at = "list", in
			case !isDash && in == at:
				if key != "" {
					present[key] = true
				}
			case content < at:
				if !parent(key, empty, isDash, in) {
					return nil, nil, "", false
				}
			}
			continue
		}
		// in a list whose dashes stand at column at: its items go by,
		// until the key that holds it
		if !(isDash && in == at || in > at) && !parent(key, empty, isDash, in) {
			return nil, nil, "", false
		}
	}
	if mode == "list" || at != 0 {
		return nil, nil, "", false // a list or an indented mapping with no key above
	}
	for i := len(rev) - 1; i >= 0; i-- {
		path = append(path, rev[i])
	}
	return path, present, partial, true
}

type line struct {
	start int
	text  string
}

func splitLines(data []byte) []line {
	var out []line
	t := newText(data)
	for i, st := range t.starts {
		out = append(out, line{st, string(data[st:t.lineEnd(i)])})
	}
	return out
}

// lineShape reads a block-style line: its indentation, whether it opens a
// list item, the column its content starts at (-1 for a blank or comment
// line), the key it starts with and whether that key's value is left for
// the lines below.
func lineShape(l string) (indent int, dash bool, content int, key string, empty bool) {
	t := strings.TrimLeft(l, " ")
	indent = len(l) - len(t)
	if strings.HasPrefix(t, "- ") || t == "-" {
		dash = true
		t2 := strings.TrimLeft(strings.TrimPrefix(t, "-"), " ")
		content = len(l) - len(t2)
		t = t2
	} else {
		content = indent
	}
	if t == "" || strings.HasPrefix(t, "#") {
		if dash {
			return indent, dash, content, "", false
		}
		return 0, false, -1, "", false
	}
	k, rest, found := strings.Cut(t, ":")
	if !found || strings.ContainsAny(k, "{}[],#") || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return indent, dash, content, "", false
	}
	k = strings.Trim(strings.TrimSpace(k), `"'`)
	rest = strings.TrimSpace(rest)
	empty = rest == "" || strings.HasPrefix(rest, "#") || rest == "|" || rest == ">"
	return indent, dash, content, k, empty
}

// keyCompletion offers the keys allowed at off.
func (s *Server) keyCompletion(name string, data []byte, off int, tx *text, enc encoding) []CompletionItem {
	path, present, partial, ok := keyContext(data, off)
	if !ok {
		return nil
	}
	var cands []keyInfo
	if isConfigName(name) {
		cands = configKeys(path)
	}
	cands = append(cands, loadSchema(schemaNameFor(name, data)).keys(path)...)
	edit := tx.rangeOf(off-len(partial), off, enc)
	items := []CompletionItem{}
	seen := map[string]bool{}
	for _, k := range cands {
		if present[k.name] || seen[k.name] || !strings.HasPrefix(strings.ToLower(k.name), strings.ToLower(partial)) {
			continue
		}
		seen[k.name] = true
		items = append(items, CompletionItem{Label: k.name, Kind: 10, Detail: k.title, Documentation: k.desc, // Property
			TextEdit: &TextEdit{Range: edit, NewText: k.name + ": "}, FilterText: k.name, SortText: fmt.Sprintf("%04d", len(items))})
	}
	return items
}

// configKeys are the keys of a configuration no schema lists: the rule ids
// under rules, and a rule's options.
func configKeys(path []string) []keyInfo {
	var out []keyInfo
	switch {
	case len(path) == 1 && path[0] == "rules":
		for _, c := range validate.Checks() {
			out = append(out, keyInfo{c.ID, c.Title, "Default severity: " + c.Severity.String() + "."})
		}
	case len(path) == 2 && path[0] == "rules":
		c := validate.Lookup(path[1])
		if c == nil {
			break
		}
		out = append(out, keyInfo{"severity", "Severity", "off, info, warning or error (default " + c.Severity.String() + ")."})
		opts := make([]string, 0, len(c.Options))
		for k := range c.Options {
			opts = append(opts, k)
		}
		sort.Strings(opts)
		for _, k := range opts {
			out = append(out, keyInfo{k, "Option of " + c.ID, fmt.Sprintf("Default %v.", c.Options[k])})
		}
	}
	return out
}

// schemaNameFor is the schema a document is checked against, read from its
// text alone (for a document that may not parse while a key is typed).
func schemaNameFor(name string, data []byte) string {
	if isConfigName(name) {
		return "config"
	}
	top := map[string]string{}
	for _, m := range topRe().FindAllSubmatch(data, -1) {
		if _, ok := top[string(m[1])]; !ok {
			top[string(m[1])] = string(m[2])
		}
	}
	switch {
	case bytes.HasPrefix(data, []byte("faces:")) || bytes.Contains(data, []byte("\nfaces:")):
		if top["ruleset"] == "" {
			return "tileset"
		}
	case top["ruleset"] == "colony" && !missionKeyRe().Match(data):
		return "colony-collection"
	}
	return schemaName(name, top["ruleset"], nil)
}

// keyHover is the description of the key at path (list indices as "[]")
// in the document's schema.
func keyHover(name string, data []byte, path []string) string {
	if len(path) == 0 {
		return ""
	}
	last := path[len(path)-1]
	cands := loadSchema(schemaNameFor(name, data)).keys(path[:len(path)-1])
	if isConfigName(name) {
		cands = append(configKeys(path[:len(path)-1]), cands...)
	}
	for _, k := range cands {
		if k.name != last {
			continue
		}
		text := "**" + k.name + "**"
		if k.title != "" && !strings.EqualFold(k.title, k.name) {
			text += " — " + k.title
		}
		if k.desc != "" {
			text += "\n\n" + k.desc
		}
		return text
	}
	return ""
}

// schemaPath is a place's path with list indices written "[]".
func schemaPath(root *source.Node, path []string) []string {
	out := make([]string, len(path))
	n := root
	for i, p := range path {
		out[i] = p
		if n == nil {
			continue
		}
		if n.Kind == source.Array {
			out[i] = "[]"
			if k := atoiOr(p); k >= 0 && k < len(n.Items) {
				n = n.Items[k]
				continue
			}
			n = nil
			continue
		}
		n = n.Field(p)
	}
	return out
}

func atoiOr(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' || n > 1<<20 {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	if s == "" {
		return -1
	}
	return n
}
