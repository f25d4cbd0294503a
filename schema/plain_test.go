package schema

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// kindKeyword is the schema keyword each kind of failure comes from.
var kindKeyword = map[errKind]string{
	kAnyOf: "anyOf", kOneOf: "oneOf", kFalse: "false", kType: "type", kConst: "const", kEnum: "enum",
	kRequired: "required", kDependentRequired: "dependentRequired", kAdditional: "additionalProperties",
	kPropertyNames: "propertyNames", kMinLength: "minLength", kMaxLength: "maxLength", kPattern: "pattern",
	kMinItems: "minItems", kMaxItems: "maxItems", kUnique: "uniqueItems", kMinProps: "minProperties",
	kMaxProps: "maxProperties", kMinimum: "minimum", kMaximum: "maximum", kExMinimum: "exclusiveMinimum",
	kExMaximum: "exclusiveMaximum", kNot: "not",
}

// composing keywords never fail on their own: what fails is a keyword of
// the schemas they hold or name.
var composing = map[string]bool{
	"$ref": true, "$defs": true, "properties": true, "patternProperties": true, "items": true,
	"prefixItems": true, "allOf": true, "if": true, "then": true, "else": true,
}

// keywordsUsed lists the keywords the embedded schemas use that can fail.
func keywordsUsed(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var walk func(s any)
	walk = func(s any) {
		switch s := s.(type) {
		case bool:
			if !s {
				seen["false"] = true
			}
		case map[string]any:
			for k, v := range s {
				if annotations[k] {
					continue
				}
				if !composing[k] {
					seen[k] = true
				}
				switch k {
				case "properties", "$defs", "patternProperties":
					for _, x := range v.(map[string]any) {
						walk(x)
					}
				case "items", "additionalProperties", "not", "then", "else", "propertyNames":
					walk(v)
				case "if":
					// a condition: what fails in it decides, and is never shown
				case "prefixItems", "oneOf", "anyOf", "allOf":
					for _, x := range v.([]any) {
						walk(x)
					}
				}
			}
		}
	}
	for _, name := range Names() {
		src, _ := Source(name)
		var doc any
		if err := json.Unmarshal(src, &doc); err != nil {
			t.Fatal(err)
		}
		walk(doc)
	}
	var out []string
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// programmerWords are the words a schema finding must not use: the
// validator's "got X, want Y", JSON's type names, a regular expression.
var programmerWords = regexp.MustCompile(`\b(got|want|integer|boolean|null|object|array|schema)\b|\^|\$$`)

// TestPlainWords walks every keyword the schemas use that can fail, by
// breaking the examples and templates one value at a time in every way
// below, and reads each finding: none speaks of "got" and "want" or of
// JSON's types. A keyword no breakage reaches fails the test, so a keyword
// added to a schema comes with its words.
func TestPlainWords(t *testing.T) {
	type doc struct {
		root   *source.Node
		schema string
	}
	var docs []doc
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*", "*.yaml"))
	tilesets, _ := filepath.Glob(filepath.Join("..", "layout", "*.yaml"))
	collections, _ := filepath.Glob(filepath.Join("..", "examples", "colony", "collections", "*.yaml"))
	for _, f := range append(append(files, tilesets...), collections...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		root, probs := source.Parse(f, data, source.DefaultLimits)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		name := schemaFor(root)
		if strings.Contains(f, "collections") {
			name = "colony-collection"
		}
		docs = append(docs, doc{root, name})
	}
	docs = append(docs, doc{value(t, `{"rules":{"mold-distance":{"threshold":3},"exit-unreachable":"warning"},"ignore":[{"rule":"exit-unreachable","files":["a/*.yaml"]}]}`), Config})
	if len(docs) < 15 {
		t.Fatalf("only %d documents to break", len(docs))
	}
	long := strings.Repeat("x", 20001)
	breakers := []func(n *source.Node) *source.Node{
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "-1"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "0"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "2"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "2.5"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "99999"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Number, Text: "-99999"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.String, Text: ""} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.String, Text: "Not An Id!"} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.String, Text: long} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Bool, Bool: true} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Null} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Array} },
		func(*source.Node) *source.Node { return &source.Node{Kind: source.Object} },
		func(n *source.Node) *source.Node { // every item twice, and many times over
			if n.Kind != source.Array || len(n.Items) == 0 {
				return nil
			}
			c := clone(n)
			for len(c.Items) < 300 {
				c.Items = append(c.Items, clone(n.Items[0]))
			}
			return c
		},
		func(n *source.Node) *source.Node { // many keys
			if n.Kind != source.Object || len(n.Fields) == 0 {
				return nil
			}
			c := clone(n)
			for i := 0; len(c.Keys) < 300; i++ {
				k := "k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26))
				c.Keys = append(c.Keys, k)
				c.Fields = append(c.Fields, clone(n.Fields[0]))
			}
			return c
		},
		func(n *source.Node) *source.Node { // a key with a space
			if n.Kind != source.Object {
				return nil
			}
			c := clone(n)
			c.Keys = append(c.Keys, "Bad Key")
			c.Fields = append(c.Fields, &source.Node{Kind: source.Number, Text: "1"})
			return c
		},
	}
	// Besides, each key is removed from its object, and each key of the
	// document added to every object that lacks it (a door's side on a
	// spawn): required, not and dependentRequired.
	reached := map[string]string{} // keyword -> one finding that shows its words
	bad := map[string]bool{}       // each wrong message once
	read := func(root *source.Node, name string) {
		f, err := fastOf(name)
		if err != nil {
			t.Fatal(err)
		}
		w := &walker{}
		tree := w.check(f.root, root)
		if tree == nil {
			return
		}
		var visit func(e *verr)
		visit = func(e *verr) {
			var vs []Violation
			flatten(e, f.props, &vs)
			if kw, ok := kindKeyword[e.kind]; ok && len(vs) > 0 {
				if _, done := reached[kw]; !done {
					reached[kw] = vs[0].Message
				}
			}
			for _, v := range vs {
				if m := programmerWords.FindString(v.Message); m != "" && !bad[v.Message] {
					bad[v.Message] = true
					t.Errorf("%s at %s (%s): %q speaks of %q", name, v.Path, kindKeyword[e.kind], v.Message, m)
				}
			}
			if e.kind == kPropertyNames {
				return // its causes are worded by it, at the key
			}
			for _, c := range e.causes {
				visit(c)
			}
		}
		visit(tree)
	}
	for _, d := range docs {
		all := allNodes(d.root)
		// every key of the document, with the first value it has
		keys := map[string]*source.Node{}
		var names []string
		for _, n := range all {
			for j, k := range n.Keys {
				if keys[k] == nil {
					keys[k] = n.Fields[j]
					names = append(names, k)
				}
			}
		}
		for _, n := range all {
			keep := *n
			for _, b := range breakers {
				if r := b(&keep); r != nil {
					*n = *r
					read(d.root, d.schema)
					*n = keep
				}
			}
			if n.Kind != source.Object {
				continue
			}
			for j := range keep.Keys {
				n.Keys = append(append([]string(nil), keep.Keys[:j]...), keep.Keys[j+1:]...)
				n.Fields = append(append([]*source.Node(nil), keep.Fields[:j]...), keep.Fields[j+1:]...)
				read(d.root, d.schema)
				*n = keep
			}
			for _, k := range names {
				if keep.Field(k) == nil {
					v := clone(keys[k]) // before n changes: it may lie inside n
					n.Keys = append(append([]string(nil), keep.Keys...), k)
					n.Fields = append(append([]*source.Node(nil), keep.Fields...), v)
					read(d.root, d.schema)
					*n = keep
				}
			}
		}
	}
	for _, kw := range keywordsUsed(t) {
		msg, ok := reached[kw]
		if !ok {
			t.Errorf("no breakage reaches the keyword %q, which the schemas use: its words are never read", kw)
			continue
		}
		t.Logf("%-20s %s", kw, msg)
	}
}
