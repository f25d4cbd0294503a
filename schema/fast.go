package schema

import (
	"encoding/json"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

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
	v := &fastVal{f: f}
	return v.valid(f.doc, root) && !v.unsure
}

// numbersReadable tells whether every number of the tree has a value Valid
// can compare; a literal it cannot read is left to Validate.
func numbersReadable(n *source.Node) bool {
	switch n.Kind {
	case source.Number:
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

// fastSchema is one schema document prepared for Valid.
type fastSchema struct {
	doc    map[string]any
	usable bool // every keyword is one Valid knows
	re     map[string]*regexp.Regexp
	refs   map[string]any // each $ref resolved, once
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
		var doc map[string]any
		dec := json.NewDecoder(strings.NewReader(string(src)))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			e.err = err
			return
		}
		f := &fastSchema{doc: doc, usable: true, re: map[string]*regexp.Regexp{}, refs: map[string]any{}}
		f.prepare(doc)
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
	if _, ok := f.re[p]; ok {
		return true
	}
	re, err := regexp.Compile(p)
	if err != nil {
		f.usable = false
		return false
	}
	f.re[p] = re
	return true
}

// fastVal is one run of Valid; unsure is set when something could not be
// decided (a $ref that leads nowhere).
type fastVal struct {
	f      *fastSchema
	unsure bool
}

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

func (v *fastVal) valid(s any, n *source.Node) bool {
	if v.unsure {
		return false
	}
	switch t := s.(type) {
	case bool:
		return t
	case map[string]any:
		return v.object(t, n)
	}
	v.unsure = true
	return false
}

func (v *fastVal) object(s map[string]any, n *source.Node) bool {
	if r, ok := s["$ref"].(string); ok {
		target := v.f.refs[r]
		if target == nil {
			v.unsure = true
			return false
		}
		if !v.valid(target, n) {
			return false
		}
	}
	if t, ok := s["type"]; ok && !typeOK(t, n) {
		return false
	}
	if c, ok := s["const"]; ok && !equal(c, n) {
		return false
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, x := range e {
			if equal(x, n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	switch n.Kind {
	case source.String:
		if !v.str(s, n.Text) {
			return false
		}
	case source.Number:
		if !numberOK(s, n.Text) {
			return false
		}
	case source.Array:
		if !v.array(s, n) {
			return false
		}
	case source.Object:
		if !v.members(s, n) {
			return false
		}
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, x := range all {
			if !v.valid(x, n) {
				return false
			}
		}
	}
	if any_, ok := s["anyOf"].([]any); ok {
		found := false
		for _, x := range any_ {
			if v.valid(x, n) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if one, ok := s["oneOf"].([]any); ok {
		count := 0
		for _, x := range one {
			if v.valid(x, n) {
				count++
			}
		}
		if count != 1 {
			return false
		}
	}
	if not, ok := s["not"]; ok && v.valid(not, n) {
		return false
	}
	if cond, ok := s["if"]; ok {
		if v.valid(cond, n) {
			if then, ok := s["then"]; ok && !v.valid(then, n) {
				return false
			}
		} else if els, ok := s["else"]; ok && !v.valid(els, n) {
			return false
		}
	}
	return !v.unsure
}

func (v *fastVal) str(s map[string]any, text string) bool {
	l := utf8.RuneCountInString(text)
	if m, ok := intOf(s["maxLength"]); ok && l > m {
		return false
	}
	if m, ok := intOf(s["minLength"]); ok && l < m {
		return false
	}
	if p, ok := s["pattern"].(string); ok && !v.f.re[p].MatchString(text) {
		return false
	}
	return true
}

func (v *fastVal) array(s map[string]any, n *source.Node) bool {
	if m, ok := intOf(s["maxItems"]); ok && len(n.Items) > m {
		return false
	}
	if m, ok := intOf(s["minItems"]); ok && len(n.Items) < m {
		return false
	}
	rest := 0
	if pre, ok := s["prefixItems"].([]any); ok {
		for i, x := range pre {
			if i < len(n.Items) && !v.valid(x, n.Items[i]) {
				return false
			}
		}
		rest = len(pre)
	}
	if it, ok := s["items"]; ok {
		for i := rest; i < len(n.Items); i++ {
			if !v.valid(it, n.Items[i]) {
				return false
			}
		}
	}
	if u, ok := s["uniqueItems"].(bool); ok && u {
		seen := map[string]bool{}
		for _, it := range n.Items {
			k := canonical(it)
			if seen[k] {
				return false
			}
			seen[k] = true
		}
	}
	return true
}

func (v *fastVal) members(s map[string]any, n *source.Node) bool {
	if m, ok := intOf(s["maxProperties"]); ok && len(n.Keys) > m {
		return false
	}
	if m, ok := intOf(s["minProperties"]); ok && len(n.Keys) < m {
		return false
	}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if k, ok := r.(string); ok && n.Field(k) == nil {
				return false
			}
		}
	}
	if dr, ok := s["dependentRequired"].(map[string]any); ok {
		for k, need := range dr {
			if n.Field(k) == nil {
				continue
			}
			list, _ := need.([]any)
			for _, r := range list {
				if x, ok := r.(string); ok && n.Field(x) == nil {
					return false
				}
			}
		}
	}
	props, _ := s["properties"].(map[string]any)
	pats, _ := s["patternProperties"].(map[string]any)
	addl, hasAddl := s["additionalProperties"]
	names, hasNames := s["propertyNames"]
	for i, k := range n.Keys {
		val := n.Fields[i]
		if hasNames && !v.valid(names, &source.Node{Kind: source.String, Text: k}) {
			return false
		}
		matched := false
		if p, ok := props[k]; ok {
			matched = true
			if !v.valid(p, val) {
				return false
			}
		}
		for pat, ps := range pats {
			if v.f.re[pat].MatchString(k) {
				matched = true
				if !v.valid(ps, val) {
					return false
				}
			}
		}
		if !matched && hasAddl && !v.valid(addl, val) {
			return false
		}
	}
	return true
}

// typeOK tells whether n is of the JSON Schema type (or any of the types).
func typeOK(t any, n *source.Node) bool {
	is := func(name string) bool {
		switch name {
		case "object":
			return n.Kind == source.Object
		case "array":
			return n.Kind == source.Array
		case "string":
			return n.Kind == source.String
		case "boolean":
			return n.Kind == source.Bool
		case "null":
			return n.Kind == source.Null
		case "number":
			return n.Kind == source.Number
		case "integer":
			if n.Kind != source.Number {
				return false
			}
			if _, err := strconv.ParseInt(n.Text, 10, 64); err == nil {
				return true
			}
			r, ok := new(big.Rat).SetString(n.Text)
			return ok && r.IsInt()
		}
		return false
	}
	switch x := t.(type) {
	case string:
		return is(x)
	case []any:
		for _, y := range x {
			if s, ok := y.(string); ok && is(s) {
				return true
			}
		}
	}
	return false
}

func numberOK(s map[string]any, text string) bool {
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		if ok, decided := intBounds(s, i); decided {
			return ok
		}
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return false
	}
	bound := func(key string) (*big.Rat, bool) {
		num, ok := s[key].(json.Number)
		if !ok {
			return nil, false
		}
		b, ok := new(big.Rat).SetString(num.String())
		return b, ok
	}
	if b, ok := bound("minimum"); ok && r.Cmp(b) < 0 {
		return false
	}
	if b, ok := bound("maximum"); ok && r.Cmp(b) > 0 {
		return false
	}
	if b, ok := bound("exclusiveMinimum"); ok && r.Cmp(b) <= 0 {
		return false
	}
	if b, ok := bound("exclusiveMaximum"); ok && r.Cmp(b) >= 0 {
		return false
	}
	return true
}

// intBounds checks a whole number against whole-number bounds without
// big.Rat; decided is false when a bound is not a whole number.
func intBounds(s map[string]any, i int64) (ok, decided bool) {
	for _, key := range [...]string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		num, has := s[key].(json.Number)
		if !has {
			continue
		}
		b, err := num.Int64()
		if err != nil {
			return false, false
		}
		switch key {
		case "minimum":
			ok = i >= b
		case "maximum":
			ok = i <= b
		case "exclusiveMinimum":
			ok = i > b
		case "exclusiveMaximum":
			ok = i < b
		}
		if !ok {
			return false, true
		}
	}
	return true, true
}

func intOf(v any) (int, bool) {
	num, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := num.Int64()
	return int(i), err == nil
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
