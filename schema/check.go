package schema

import (
	"strconv"
	"unicode/utf8"

	"github.com/zmission/zmission/source"
)

// The violation walk: for a document Valid does not pass, check builds the
// tree of what failed where, keyword by keyword in the order the JSON
// Schema reference validator reports them (a failed type, const or enum
// ends a schema's checks; the branches of a failed oneOf or anyOf are kept
// as causes), and words.go flattens that tree into violations. Tests hold
// it to the reference validator's verdicts on every example, the gallery,
// mutated documents and the fuzz seeds.

// errKind names what a schema keyword found wrong.
type errKind uint8

const (
	kGroup errKind = iota // several errors of one schema at one place
	kRef                  // the schema a $ref names failed
	kAllOf
	kAnyOf
	kOneOf // with no causes: more than one branch matched
	kFalse // the schema false
	kType
	kConst
	kEnum
	kRequired
	kDependentRequired
	kAdditional
	kPropertyNames
	kMinLength
	kMaxLength
	kPattern
	kMinItems
	kMaxItems
	kUnique
	kMinProps
	kMaxProps
	kMinimum
	kMaximum
	kExMinimum
	kExMaximum
	kNot
)

// verr is one node of the tree: what failed (kind and its figures), at
// which place of the document (loc), and the errors it is made of.
type verr struct {
	kind     errKind
	loc      []string
	got      *source.Node // the value, for type, const, enum, pattern and bounds
	want     []any        // const (one value) and enum values, as in the schema
	types    []string     // type: the types allowed
	names    []string     // required, dependentRequired: missing keys; additionalProperties: unknown keys
	prop     string       // dependentRequired: the key that needs others; propertyNames: the key
	pattern  string       // pattern: the expression
	n, limit int          // sizes: what the value has, and the bound; unique: the two equal items
	bound    string       // number bounds, as written in the schema
	siblings []string     // additionalProperties: the keys the object schema declares (nil: unknown)
	causes   []*verr
}

// walker carries the place in the document as a stack of tokens; each
// error copies it.
type walker struct{ loc []string }

func (w *walker) at(k errKind) *verr {
	return &verr{kind: k, loc: append([]string(nil), w.loc...)}
}

// check returns what n finds wrong with x, or nil.
func (w *walker) check(n *fnode, x *source.Node) *verr {
	if n.valid(x) {
		return nil
	}
	if n.never {
		return w.at(kFalse)
	}
	if n.types != 0 && !n.typeOK(x) {
		e := w.at(kType)
		e.got, e.types = x, typeNames(n.types)
		return e
	}
	if n.hasConst && !equal(n.constV, x) {
		e := w.at(kConst)
		e.got, e.want = x, []any{n.constV}
		return e
	}
	if n.hasEnum && !n.inEnum(x) {
		e := w.at(kEnum)
		e.got, e.want = x, n.enum
		return e
	}
	var errs []*verr
	add := func(e *verr) {
		if e != nil {
			errs = append(errs, e)
		}
	}
	if n.ref != nil {
		if e := w.check(n.ref, x); e != nil {
			r := w.at(kRef)
			if e.kind == kGroup {
				r.causes = e.causes
			} else {
				r.causes = []*verr{e}
			}
			errs = append(errs, r)
		}
	}
	switch x.Kind {
	case source.Object:
		w.object(n, x, add)
	case source.Array:
		w.array(n, x, add)
	case source.String:
		w.str(n, x, add)
	case source.Number:
		w.number(n, x, add)
	}
	w.conditions(n, x, add)
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	g := w.at(kGroup)
	g.causes = errs
	return g
}

func (w *walker) sized(k errKind, n, limit int) *verr {
	e := w.at(k)
	e.n, e.limit = n, limit
	return e
}

func (w *walker) object(n *fnode, x *source.Node, add func(*verr)) {
	if n.minProps >= 0 && len(x.Keys) < n.minProps {
		add(w.sized(kMinProps, len(x.Keys), n.minProps))
	}
	if n.maxProps >= 0 && len(x.Keys) > n.maxProps {
		add(w.sized(kMaxProps, len(x.Keys), n.maxProps))
	}
	if missing := missingKeys(x, n.required); len(missing) > 0 {
		e := w.at(kRequired)
		e.names = missing
		add(e)
	}
	var unknown []string
	for i, k := range x.Keys {
		val := x.Fields[i]
		evaluated := false
		w.loc = append(w.loc, k)
		if p, ok := n.props[k]; ok {
			evaluated = true
			add(w.check(p, val))
		}
		for _, pp := range n.patProps {
			if pp.re.MatchString(k) {
				evaluated = true
				add(w.check(pp.s, val))
			}
		}
		if !evaluated && n.addl != nil {
			if n.addl.never {
				unknown = append(unknown, k)
			} else {
				add(w.check(n.addl, val))
			}
		}
		w.loc = w.loc[:len(w.loc)-1]
	}
	if len(unknown) > 0 {
		e := w.at(kAdditional)
		e.names, e.siblings = unknown, n.propNames
		add(e)
	}
	if n.names != nil {
		for _, k := range x.Keys {
			key := &source.Node{Kind: source.String, Text: k}
			sub := &walker{}
			if c := sub.check(n.names, key); c != nil {
				e := w.at(kPropertyNames)
				e.prop = k
				if c.kind == kGroup {
					e.causes = c.causes
				} else {
					e.causes = []*verr{c}
				}
				add(e)
			}
		}
	}
	for _, k := range n.depReqOrder {
		if x.Field(k) == nil {
			continue
		}
		if missing := missingKeys(x, n.depReq[k]); len(missing) > 0 {
			e := w.at(kDependentRequired)
			e.prop, e.names = k, missing
			add(e)
		}
	}
}

func missingKeys(x *source.Node, keys []string) []string {
	var out []string
	for _, k := range keys {
		if x.Field(k) == nil {
			out = append(out, k)
		}
	}
	return out
}

func (w *walker) array(n *fnode, x *source.Node, add func(*verr)) {
	if n.minItems >= 0 && len(x.Items) < n.minItems {
		add(w.sized(kMinItems, len(x.Items), n.minItems))
	}
	if n.maxItems >= 0 && len(x.Items) > n.maxItems {
		add(w.sized(kMaxItems, len(x.Items), n.maxItems))
	}
	if n.unique && len(x.Items) > 1 {
		if i, j, ok := firstDuplicate(x.Items); ok {
			e := w.sized(kUnique, i, j)
			add(e)
		}
	}
	for i, it := range x.Items {
		var s *fnode
		switch {
		case i < len(n.prefix):
			s = n.prefix[i]
		case n.items != nil:
			s = n.items
		default:
			continue
		}
		w.loc = append(w.loc, strconv.Itoa(i))
		add(w.check(s, it))
		w.loc = w.loc[:len(w.loc)-1]
	}
}

// firstDuplicate finds the first item equal to an earlier one: (earlier,
// later), scanning later items in order.
func firstDuplicate(items []*source.Node) (int, int, bool) {
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := canonical(it)
		if j, ok := seen[k]; ok {
			return j, i, true
		}
		seen[k] = i
	}
	return 0, 0, false
}

func (w *walker) str(n *fnode, x *source.Node, add func(*verr)) {
	if n.minLen >= 0 || n.maxLen >= 0 {
		l := utf8.RuneCountInString(x.Text)
		if n.minLen >= 0 && l < n.minLen {
			add(w.sized(kMinLength, l, n.minLen))
		}
		if n.maxLen >= 0 && l > n.maxLen {
			add(w.sized(kMaxLength, l, n.maxLen))
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(x.Text) {
		e := w.at(kPattern)
		e.got, e.pattern = x, n.pattern.String()
		add(e)
	}
}

func (w *walker) number(n *fnode, x *source.Node, add func(*verr)) {
	i, err := strconv.ParseInt(x.Text, 10, 64)
	isInt := err == nil
	bad := func(k errKind, b bound) {
		e := w.at(k)
		e.got, e.bound = x, b.text
		add(e)
	}
	if n.min.set && n.min.cmp(x.Text, i, isInt) < 0 {
		bad(kMinimum, n.min)
	}
	if n.max.set && n.max.cmp(x.Text, i, isInt) > 0 {
		bad(kMaximum, n.max)
	}
	if n.exMin.set && n.exMin.cmp(x.Text, i, isInt) <= 0 {
		bad(kExMinimum, n.exMin)
	}
	if n.exMax.set && n.exMax.cmp(x.Text, i, isInt) >= 0 {
		bad(kExMaximum, n.exMax)
	}
}

// conditions checks not, allOf, anyOf, oneOf and if/then/else. Branches
// that pass add nothing, so only failing ones are walked.
func (w *walker) conditions(n *fnode, x *source.Node, add func(*verr)) {
	if n.not != nil && n.not.valid(x) {
		add(w.at(kNot))
	}
	if len(n.allOf) > 0 {
		var causes []*verr
		for _, s := range n.allOf {
			if e := w.check(s, x); e != nil {
				causes = append(causes, e)
			}
		}
		if len(causes) > 0 {
			e := w.at(kAllOf)
			e.causes = causes
			add(e)
		}
	}
	if len(n.anyOf) > 0 {
		var causes []*verr
		matched := false
		for _, s := range n.anyOf {
			e := w.check(s, x)
			if e == nil {
				matched = true
				break
			}
			causes = append(causes, e)
		}
		if !matched {
			e := w.at(kAnyOf)
			e.causes = causes
			add(e)
		}
	}
	if len(n.oneOf) > 0 {
		matched := -1
		var causes []*verr
		for i, s := range n.oneOf {
			if matched != -1 {
				if s.valid(x) {
					e := w.at(kOneOf)
					e.n, e.limit = matched, i
					add(e)
					break
				}
				continue
			}
			if e := w.check(s, x); e != nil {
				causes = append(causes, e)
			} else {
				matched = i
			}
		}
		if matched == -1 {
			e := w.at(kOneOf)
			e.causes = causes
			add(e)
		}
	}
	if n.cond != nil {
		if n.cond.valid(x) {
			if n.then != nil {
				add(w.check(n.then, x))
			}
		} else if n.els != nil {
			add(w.check(n.els, x))
		}
	}
}

func (n *fnode) inEnum(x *source.Node) bool {
	for _, e := range n.enum {
		if equal(e, x) {
			return true
		}
	}
	return false
}

// typeNames lists the types of a type set, in the order JSON Schema
// names them.
func typeNames(bits uint8) []string {
	var out []string
	for _, t := range []struct {
		bit  uint8
		name string
	}{{tNull, "null"}, {tBoolean, "boolean"}, {tNumber, "number"}, {tInteger, "integer"}, {tString, "string"}, {tArray, "array"}, {tObject, "object"}} {
		if bits&t.bit != 0 {
			out = append(out, t.name)
		}
	}
	return out
}

// typeName is the JSON type of a value, as a type error words it.
func typeName(x *source.Node) string {
	switch x.Kind {
	case source.Object:
		return "object"
	case source.Array:
		return "array"
	case source.String:
		return "string"
	case source.Bool:
		return "boolean"
	case source.Null:
		return "null"
	}
	return "number"
}
