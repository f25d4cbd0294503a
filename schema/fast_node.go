package schema

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"unicode/utf8"

	pat "github.com/zmission/zmission/internal/pattern"
	"github.com/zmission/zmission/source"
)

// fnode is one schema compiled for Valid: each keyword looked up once,
// when the schema is first used, rather than in a map at every value.
type fnode struct {
	always, never bool // the schemas true and false

	ref   *fnode
	types uint8 // bit per JSON Schema type; 0: any
	// const and enum, as schema values decoded with UseNumber.
	hasConst bool
	constV   any
	enum     []any
	// enumStrings is enum as a set when every value of it is a string (the
	// token types, the colours...): looked up, not compared one by one.
	enumStrings map[string]bool
	hasEnum     bool

	minLen, maxLen     int // -1: none
	pattern            *pat.Pattern
	minItems, maxItems int
	prefix             []*fnode
	items              *fnode
	unique             bool
	minProps, maxProps int
	required           []string
	depReq             map[string][]string
	depReqOrder        []string // the keys of depReq, sorted
	props              map[string]*fnode
	propNames          []string // the keys of props, sorted: "did you mean" candidates
	propList           []*fnode // the schemas of propNames, in their order
	patProps           []patProp
	addl               *fnode
	names              *fnode
	min, max           bound
	exMin, exMax       bound
	allOf, anyOf       []*fnode
	oneOf              []*fnode
	not, cond          *fnode
	then, els          *fnode
}

type patProp struct {
	re *pat.Pattern
	s  *fnode
}

// bound is a number bound, as a whole number where it is one.
type bound struct {
	text  string // as written in the schema
	set   bool
	isInt bool
	i     int64
	r     *big.Rat
}

const (
	tObject uint8 = 1 << iota
	tArray
	tString
	tBoolean
	tNull
	tNumber
	tInteger
)

var typeBits = map[string]uint8{"object": tObject, "array": tArray, "string": tString, "boolean": tBoolean, "null": tNull, "number": tNumber, "integer": tInteger}

// node compiles s; refs holds the nodes of $ref targets already begun, so
// a schema that refers to itself compiles to a loop, not forever.
func (f *fastSchema) node(s any, refs map[string]*fnode) *fnode {
	n := &fnode{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1}
	switch t := s.(type) {
	case bool:
		n.always, n.never = t, !t
		return n
	case map[string]any:
		f.fill(n, t, refs)
	}
	return n
}

func (f *fastSchema) fill(n *fnode, m map[string]any, refs map[string]*fnode) {
	sub := func(v any) *fnode { return f.node(v, refs) }
	list := func(v any) []*fnode {
		var out []*fnode
		for _, x := range v.([]any) {
			out = append(out, sub(x))
		}
		return out
	}
	num := func(v any) int { i, _ := v.(json.Number).Int64(); return int(i) }
	for k, v := range m {
		switch k {
		case "$ref":
			r := v.(string)
			if t, ok := refs[r]; ok {
				n.ref = t
				continue
			}
			t := &fnode{minLen: -1, maxLen: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1}
			refs[r] = t
			*t = *f.node(f.refs[r], refs)
			n.ref = t
		case "type":
			switch x := v.(type) {
			case string:
				n.types |= typeBits[x]
			case []any:
				for _, y := range x {
					n.types |= typeBits[y.(string)]
				}
			}
		case "const":
			n.hasConst, n.constV = true, v
		case "enum":
			n.hasEnum, n.enum = true, v.([]any)
			n.enumStrings = stringSet(n.enum)
		case "minLength":
			n.minLen = num(v)
		case "maxLength":
			n.maxLen = num(v)
		case "pattern":
			n.pattern = f.re[v.(string)]
		case "minItems":
			n.minItems = num(v)
		case "maxItems":
			n.maxItems = num(v)
		case "prefixItems":
			n.prefix = list(v)
		case "items":
			n.items = sub(v)
		case "uniqueItems":
			n.unique, _ = v.(bool)
		case "minProperties":
			n.minProps = num(v)
		case "maxProperties":
			n.maxProps = num(v)
		case "required":
			for _, r := range v.([]any) {
				n.required = append(n.required, r.(string))
			}
		case "dependentRequired":
			n.depReq = map[string][]string{}
			for dk, dv := range v.(map[string]any) {
				for _, r := range dv.([]any) {
					n.depReq[dk] = append(n.depReq[dk], r.(string))
				}
				n.depReqOrder = append(n.depReqOrder, dk)
			}
			sort.Strings(n.depReqOrder)
		case "properties":
			n.props = map[string]*fnode{}
			for pk, pv := range v.(map[string]any) {
				n.props[pk] = sub(pv)
				n.propNames = append(n.propNames, pk)
			}
			sort.Strings(n.propNames)
			for _, pk := range n.propNames {
				n.propList = append(n.propList, n.props[pk])
			}
		case "patternProperties":
			for pk, pv := range v.(map[string]any) {
				n.patProps = append(n.patProps, patProp{f.re[pk], sub(pv)})
			}
		case "additionalProperties":
			n.addl = sub(v)
		case "propertyNames":
			n.names = sub(v)
		case "minimum":
			n.min = boundOf(v)
		case "maximum":
			n.max = boundOf(v)
		case "exclusiveMinimum":
			n.exMin = boundOf(v)
		case "exclusiveMaximum":
			n.exMax = boundOf(v)
		case "allOf":
			n.allOf = list(v)
		case "anyOf":
			n.anyOf = list(v)
		case "oneOf":
			n.oneOf = list(v)
		case "not":
			n.not = sub(v)
		case "if":
			n.cond = sub(v)
		case "then":
			n.then = sub(v)
		case "else":
			n.els = sub(v)
		}
	}
}

func boundOf(v any) bound {
	num, _ := v.(json.Number)
	b := bound{set: true, text: num.String()}
	if i, err := num.Int64(); err == nil {
		b.isInt, b.i = true, i
	}
	b.r, _ = new(big.Rat).SetString(num.String())
	if b.r == nil {
		b.r = new(big.Rat)
	}
	return b
}

// cmp compares a number with the bound: -1, 0 or 1.
func (b bound) cmp(text string, i int64, isInt bool) int {
	if isInt && b.isInt {
		switch {
		case i < b.i:
			return -1
		case i > b.i:
			return 1
		}
		return 0
	}
	r, _ := new(big.Rat).SetString(text)
	return r.Cmp(b.r)
}

func (n *fnode) valid(x *source.Node) bool {
	switch {
	case n.always:
		return true
	case n.never:
		return false
	}
	if n.ref != nil && !n.ref.valid(x) {
		return false
	}
	if n.types != 0 && !n.typeOK(x) {
		return false
	}
	if n.hasConst && !equal(n.constV, x) {
		return false
	}
	if n.enumStrings != nil {
		if x.Kind != source.String || !n.enumStrings[x.Text] {
			return false
		}
	} else if n.hasEnum {
		found := false
		for _, e := range n.enum {
			if equal(e, x) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	switch x.Kind {
	case source.String:
		if n.minLen >= 0 || n.maxLen >= 0 {
			l := utf8.RuneCountInString(x.Text)
			if (n.maxLen >= 0 && l > n.maxLen) || (n.minLen >= 0 && l < n.minLen) {
				return false
			}
		}
		if n.pattern != nil && !n.pattern.MatchString(x.Text) {
			return false
		}
	case source.Number:
		if !n.numberOK(x.Text) {
			return false
		}
	case source.Array:
		if !n.arrayOK(x) {
			return false
		}
	case source.Object:
		if !n.objectOK(x) {
			return false
		}
	}
	for _, s := range n.allOf {
		if !s.valid(x) {
			return false
		}
	}
	if n.anyOf != nil {
		found := false
		for _, s := range n.anyOf {
			if s.valid(x) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if n.oneOf != nil {
		count := 0
		for _, s := range n.oneOf {
			if s.valid(x) {
				count++
			}
		}
		if count != 1 {
			return false
		}
	}
	if n.not != nil && n.not.valid(x) {
		return false
	}
	if n.cond != nil {
		if n.cond.valid(x) {
			if n.then != nil && !n.then.valid(x) {
				return false
			}
		} else if n.els != nil && !n.els.valid(x) {
			return false
		}
	}
	return true
}

func (n *fnode) typeOK(x *source.Node) bool {
	switch x.Kind {
	case source.Object:
		return n.types&tObject != 0
	case source.Array:
		return n.types&tArray != 0
	case source.String:
		return n.types&tString != 0
	case source.Bool:
		return n.types&tBoolean != 0
	case source.Null:
		return n.types&tNull != 0
	case source.Number:
		if n.types&tNumber != 0 {
			return true
		}
		if n.types&tInteger == 0 {
			return false
		}
		if _, err := strconv.ParseInt(x.Text, 10, 64); err == nil {
			return true
		}
		r, ok := new(big.Rat).SetString(x.Text)
		return ok && r.IsInt()
	}
	return false
}

func (n *fnode) numberOK(text string) bool {
	if !n.min.set && !n.max.set && !n.exMin.set && !n.exMax.set {
		return true
	}
	i, err := strconv.ParseInt(text, 10, 64)
	isInt := err == nil
	if n.min.set && n.min.cmp(text, i, isInt) < 0 {
		return false
	}
	if n.max.set && n.max.cmp(text, i, isInt) > 0 {
		return false
	}
	if n.exMin.set && n.exMin.cmp(text, i, isInt) <= 0 {
		return false
	}
	if n.exMax.set && n.exMax.cmp(text, i, isInt) >= 0 {
		return false
	}
	return true
}

func (n *fnode) arrayOK(x *source.Node) bool {
	if (n.maxItems >= 0 && len(x.Items) > n.maxItems) || (n.minItems >= 0 && len(x.Items) < n.minItems) {
		return false
	}
	for i, s := range n.prefix {
		if i < len(x.Items) && !s.valid(x.Items[i]) {
			return false
		}
	}
	if n.items != nil {
		for i := len(n.prefix); i < len(x.Items); i++ {
			if !n.items.valid(x.Items[i]) {
				return false
			}
		}
	}
	if n.unique {
		seen := map[string]bool{}
		for _, it := range x.Items {
			k := canonical(it)
			if seen[k] {
				return false
			}
			seen[k] = true
		}
	}
	return true
}

func (n *fnode) objectOK(x *source.Node) bool {
	if (n.maxProps >= 0 && len(x.Keys) > n.maxProps) || (n.minProps >= 0 && len(x.Keys) < n.minProps) {
		return false
	}
	for _, r := range n.required {
		if x.Field(r) == nil {
			return false
		}
	}
	for _, k := range n.depReqOrder { // not the map: ranging over one costs more than the look-ups
		if x.Field(k) == nil {
			continue
		}
		for _, r := range n.depReq[k] {
			if x.Field(r) == nil {
				return false
			}
		}
	}
	if n.addl == nil && n.patProps == nil && n.names == nil && len(n.propList) < len(x.Keys) {
		// Only the members properties names are checked: looked up by
		// name, fewer than the members (an if: of a token reads its type:
		// alone, eight times a token).
		for i, p := range n.propList {
			if v := x.Field(n.propNames[i]); v != nil && !p.valid(v) {
				return false
			}
		}
		return true
	}
	var name source.Node // each key as a string value, for propertyNames
	for i, k := range x.Keys {
		val := x.Fields[i]
		if n.names != nil {
			name = source.Node{Kind: source.String, Text: k}
			if !n.names.valid(&name) {
				return false
			}
		}
		matched := false
		if p, ok := n.props[k]; ok {
			matched = true
			if !p.valid(val) {
				return false
			}
		}
		for _, pp := range n.patProps {
			if pp.re.MatchString(k) {
				matched = true
				if !pp.s.valid(val) {
					return false
				}
			}
		}
		if !matched && n.addl != nil && !n.addl.valid(val) {
			return false
		}
	}
	return true
}

// stringSet is the set of vs when every one is a string, else nil.
func stringSet(vs []any) map[string]bool {
	if len(vs) == 0 {
		return nil
	}
	set := make(map[string]bool, len(vs))
	for _, v := range vs {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		set[s] = true
	}
	return set
}
