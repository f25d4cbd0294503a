package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync"

	pat "github.com/zmission/zmission/internal/pattern"
	"github.com/zmission/zmission/source"
)

// Most files a CI run checks are valid, and for those the only answer
// needed is "valid". Valid gives it by walking the positioned tree against
// the schema document directly, about ten times faster than converting the
// tree and running the general validator, and without compiling the
// general validator's form of the schema at all. It knows the keywords our
// schemas use; when it meets another, or finds the document invalid, the
// caller asks Validate, which words every violation. Tests hold the two to
// the same answer on every example, the gallery and generated documents.

// Valid reports whether root certainly satisfies the named schema. false
// means "invalid, or not decided here": call Validate for the violations.
func Valid(name string, root *source.Node) bool {
	f, err := fastOf(name)
	if err != nil || !f.usable {
		return false
	}
	if !numbersReadable(root) {
		return false
	}
	return f.root.valid(root)
}

// numbersReadable tells whether every number of the tree has a value the
// walk can compare.
func numbersReadable(n *source.Node) bool {
	switch n.Kind {
	case source.Number:
		if plainInt(n.Text) {
			return true
		}
		_, ok := new(big.Rat).SetString(n.Text)
		return ok
	case source.Array:
		for _, it := range n.Items {
			if !numbersReadable(it) {
				return false
			}
		}
	case source.Object:
		for _, f := range n.Fields {
			if !numbersReadable(f) {
				return false
			}
		}
	}
	return true
}

// unreadableNumber returns the place of the first number whose literal
// cannot be read as a value, or nil; it is asked only about a document
// numbersReadable refused.
func unreadableNumber(n *source.Node, loc []string) []string {
	switch n.Kind {
	case source.Number:
		if plainInt(n.Text) {
			return nil
		}
		if _, ok := new(big.Rat).SetString(n.Text); !ok {
			return append(make([]string, 0, len(loc)), loc...)
		}
	case source.Array:
		for i, it := range n.Items {
			if at := unreadableNumber(it, append(loc, strconv.Itoa(i))); at != nil {
				return at
			}
		}
	case source.Object:
		for i, f := range n.Fields {
			if at := unreadableNumber(f, append(loc, n.Keys[i])); at != nil {
				return at
			}
		}
	}
	return nil
}

// plainInt reports whether a number literal is a decimal integer that
// fits an int64 without question (at most 18 digits), so that it can be
// compared without big numbers.
func plainInt(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || len(s) > 18 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// fastSchema is one schema document prepared for Valid.
type fastSchema struct {
	doc    map[string]any
	usable bool // every keyword is one Valid knows
	re     map[string]*pat.Pattern
	refs   map[string]any // each $ref resolved, once
	root   *fnode         // the schema compiled for the walk
	props  []string       // every property name the schema declares, for "did you mean"
}

var fastCache sync.Map // name -> *fastEntry

type fastEntry struct {
	once sync.Once
	f    *fastSchema
	err  error
}

func fastOf(name string) (*fastSchema, error) {
	v, _ := fastCache.LoadOrStore(name, &fastEntry{})
	e := v.(*fastEntry)
	e.once.Do(func() {
		src, ok := Source(name)
		if !ok {
			e.err = errNoSchema(name)
			return
		}
		// Read as encoding/json reads with UseNumber, through the fast reader.
		tree, probs := source.ParseJSON(src, source.Limits{})
		if len(probs) > 0 {
			e.err = fmt.Errorf("schema %s: %v", name, probs[0])
			return
		}
		doc, ok := source.ToValue(tree).(map[string]any)
		if !ok {
			e.err = fmt.Errorf("schema %s is not an object", name)
			return
		}
		f := &fastSchema{doc: doc, usable: true, re: map[string]*pat.Pattern{}, refs: map[string]any{}}
		f.prepare(doc)
		if f.usable {
			f.root = f.node(doc, map[string]*fnode{})
		}
		f.props = propertyNames(doc)
		e.f = f
	})
	return e.f, e.err
}

type errNoSchema string

func (e errNoSchema) Error() string { return "no schema named " + string(e) }

// Keywords Valid applies, and those that only annotate.
var (
	fastKeywords = map[string]bool{
		"type": true, "$ref": true, "properties": true, "additionalProperties": true, "patternProperties": true,
		"enum": true, "const": true, "items": true, "prefixItems": true, "maxLength": true, "minLength": true,
		"maxItems": true, "minItems": true, "pattern": true, "minimum": true, "maximum": true,
		"exclusiveMinimum": true, "exclusiveMaximum": true, "required": true, "if": true, "then": true,
		"else": true, "oneOf": true, "anyOf": true, "allOf": true, "not": true, "minProperties": true,
		"maxProperties": true, "propertyNames": true, "uniqueItems": true, "dependentRequired": true,
		"$defs": true,
	}
	annotations = map[string]bool{
		"description": true, "title": true, "$schema": true, "$id": true, "$comment": true, "default": true,
		"examples": true, "markdownDescription": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	}
)

// prepare checks every keyword of s and compiles its patterns.
func (f *fastSchema) prepare(s any) {
	m, ok := s.(map[string]any)
	if !ok {
		if _, isBool := s.(bool); !isBool {
			f.usable = false
		}
		return
	}
	for k, v := range m {
		switch {
		case annotations[k]:
			continue
		case !fastKeywords[k]:
			f.usable = false
			return
		}
		switch k {
		case "properties", "$defs", "patternProperties":
			sub, ok := v.(map[string]any)
			if !ok {
				f.usable = false
				return
			}
			for pk, x := range sub {
				if k == "patternProperties" && !f.compile(pk) {
					return
				}
				f.prepare(x)
			}
		case "items", "additionalProperties", "not", "if", "then", "else", "propertyNames":
			f.prepare(v)
		case "prefixItems", "oneOf", "anyOf", "allOf":
			list, ok := v.([]any)
			if !ok {
				f.usable = false
				return
			}
			for _, x := range list {
				f.prepare(x)
			}
		case "pattern":
			p, ok := v.(string)
			if !ok || !f.compile(p) {
				f.usable = false
				return
			}
		case "$ref":
			r, ok := v.(string)
			if !ok || (r != "#" && !strings.HasPrefix(r, "#/")) {
				f.usable = false
				return
			}
			target := f.resolve(r)
			if target == nil {
				f.usable = false
				return
			}
			f.refs[r] = target
		}
	}
}

func (f *fastSchema) compile(p string) bool {
	if _, ok := f.re[p]; !ok {
		// Compiled on first match, if at all: most are simple name
		// patterns matched without regexp.
		f.re[p] = pat.New(p)
	}
	return true
}

// resolve finds the schema a local $ref names, or nil.
func (f *fastSchema) resolve(ref string) any {
	var cur any = f.doc
	for _, p := range strings.Split(strings.TrimPrefix(ref, "#"), "/") {
		if p == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")]
	}
	return cur
}

// equal compares a schema value (decoded with UseNumber) with a node, as
// JSON Schema does: numbers by value, objects whatever their key order.
func equal(x any, n *source.Node) bool {
	switch t := x.(type) {
	case nil:
		return n.Kind == source.Null
	case bool:
		return n.Kind == source.Bool && n.Bool == t
	case string:
		return n.Kind == source.String && n.Text == t
	case json.Number:
		if n.Kind != source.Number {
			return false
		}
		if plainInt(string(t)) && plainInt(n.Text) {
			a, _ := strconv.ParseInt(string(t), 10, 64)
			b, _ := strconv.ParseInt(n.Text, 10, 64)
			return a == b
		}
		a, ok1 := new(big.Rat).SetString(t.String())
		b, ok2 := new(big.Rat).SetString(n.Text)
		return ok1 && ok2 && a.Cmp(b) == 0
	case []any:
		if n.Kind != source.Array || len(n.Items) != len(t) {
			return false
		}
		for i := range t {
			if !equal(t[i], n.Items[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		if n.Kind != source.Object || len(n.Keys) != len(t) {
			return false
		}
		for i, k := range n.Keys {
			y, ok := t[k]
			if !ok || !equal(y, n.Fields[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// canonical is a text equal for equal JSON values, for uniqueItems.
func canonical(n *source.Node) string {
	var b strings.Builder
	var walk func(n *source.Node)
	walk = func(n *source.Node) {
		switch n.Kind {
		case source.Null:
			b.WriteString("null")
		case source.Bool:
			if n.Bool {
				b.WriteString("true")
			} else {
				b.WriteString("false")
			}
		case source.Number:
			if r, ok := new(big.Rat).SetString(n.Text); ok {
				b.WriteString("n" + r.RatString())
			} else {
				b.WriteString("n" + n.Text)
			}
		case source.String:
			q, _ := json.Marshal(n.Text)
			b.Write(q)
		case source.Array:
			b.WriteByte('[')
			for _, it := range n.Items {
				walk(it)
				b.WriteByte(',')
			}
			b.WriteByte(']')
		case source.Object:
			idx := make([]int, len(n.Keys))
			for i := range idx {
				idx[i] = i
			}
			sortByKey(idx, n.Keys)
			b.WriteByte('{')
			for _, i := range idx {
				q, _ := json.Marshal(n.Keys[i])
				b.Write(q)
				b.WriteByte(':')
				walk(n.Fields[i])
				b.WriteByte(',')
			}
			b.WriteByte('}')
		}
	}
	walk(n)
	return b.String()
}

func sortByKey(idx []int, keys []string) {
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && keys[idx[j]] < keys[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
}
