package source

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// decodeFast stores the tree in a fresh value of v's type straight from
// the nodes, as encoding/json would from the tree's JSON, and reports
// whether it could. It takes no decision of its own: a null, a key that
// matches a field only without regard to case, a value that does not fit,
// or a type it does not handle (embedded structs, the ",string" option,
// text unmarshalers, non-string map keys, non-empty interfaces) make it
// give up, and Decode takes the general path, which words the error. Tests
// hold both paths to the same values on every example and test file.
func decodeFast(n *Node, v any) bool {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || !rv.Elem().IsZero() {
		return false
	}
	fresh := reflect.New(rv.Elem().Type()).Elem()
	if !storeNode(n, fresh) {
		return false
	}
	rv.Elem().Set(fresh)
	return true
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonNumber      = reflect.TypeFor[json.Number]()
)

// How a type's pointer reads itself: by its own UnmarshalJSON, by its
// UnmarshalText, or neither.
const (
	byFields = iota + 1
	byJSON
	byText
)

// unmarshalers caches unmarshalerOf's answer by type: asking reflect each
// time a value is stored was a sixth of the decoding.
var unmarshalers sync.Map // reflect.Type -> int

func unmarshalerOf(t reflect.Type) int {
	if u, ok := unmarshalers.Load(t); ok {
		return u.(int)
	}
	u := byFields
	switch p := reflect.PointerTo(t); {
	case p.Implements(jsonUnmarshaler):
		u = byJSON
	case p.Implements(textUnmarshaler):
		u = byText
	}
	unmarshalers.Store(t, u)
	return u
}

// storeNode stores n in the addressable value v.
func storeNode(n *Node, v reflect.Value) bool {
	if n.Kind == Null {
		return false
	}
	t := v.Type()
	switch unmarshalerOf(t) {
	case byJSON:
		b, err := appendJSON(nil, n)
		if err != nil {
			return false
		}
		return v.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(b) == nil
	case byText:
		return false
	}
	switch t.Kind() {
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		if !storeNode(n, p.Elem()) {
			return false
		}
		v.Set(p)
		return true
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return false
		}
		x, ok := plainValue(n)
		if !ok {
			return false
		}
		if x != nil {
			v.Set(reflect.ValueOf(x))
		}
		return true
	case reflect.Struct:
		if n.Kind != Object {
			return false
		}
		fs := fieldsOf(t)
		if fs == nil {
			return false
		}
		for i, k := range n.Keys {
			f, ok := fs.byName[k]
			if !ok {
				if fs.folded(k) {
					return false // encoding/json would match it regardless of case
				}
				continue
			}
			if !storeNode(n.Fields[i], v.Field(f)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if n.Kind != Object || t.Key().Kind() != reflect.String || t.Key() != reflect.TypeFor[string]() {
			return false
		}
		m := reflect.MakeMapWithSize(t, len(n.Keys))
		for i, k := range n.Keys {
			if !utf8.ValidString(k) {
				return false
			}
			e := reflect.New(t.Elem()).Elem()
			if !storeNode(n.Fields[i], e) {
				return false
			}
			m.SetMapIndex(reflect.ValueOf(k), e)
		}
		v.Set(m)
		return true
	case reflect.Slice:
		if n.Kind != Array {
			return false
		}
		s := reflect.MakeSlice(t, len(n.Items), len(n.Items))
		for i, it := range n.Items {
			if !storeNode(it, s.Index(i)) {
				return false
			}
		}
		v.Set(s)
		return true
	case reflect.Array:
		if n.Kind != Array {
			return false
		}
		for i, it := range n.Items {
			if i >= v.Len() {
				break
			}
			if !storeNode(it, v.Index(i)) {
				return false
			}
		}
		return true
	case reflect.String:
		switch {
		case n.Kind == String && t != jsonNumber && utf8.ValidString(n.Text):
			v.SetString(n.Text)
			return true
		case n.Kind == Number && t == jsonNumber:
			lit, ok := numberLiteral(n.Text)
			if !ok {
				return false
			}
			v.SetString(lit)
			return true
		}
		return false
	case reflect.Bool:
		if n.Kind != Bool {
			return false
		}
		v.SetBool(n.Bool)
		return true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lit, ok := numberLiteral(n.Text)
		if n.Kind != Number || !ok {
			return false
		}
		i, err := strconv.ParseInt(lit, 10, 64)
		if err != nil || v.OverflowInt(i) {
			return false
		}
		v.SetInt(i)
		return true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		lit, ok := numberLiteral(n.Text)
		if n.Kind != Number || !ok {
			return false
		}
		u, err := strconv.ParseUint(lit, 10, 64)
		if err != nil || v.OverflowUint(u) {
			return false
		}
		v.SetUint(u)
		return true
	case reflect.Float32, reflect.Float64:
		lit, ok := numberLiteral(n.Text)
		if n.Kind != Number || !ok {
			return false
		}
		f, err := strconv.ParseFloat(lit, t.Bits())
		if err != nil || v.OverflowFloat(f) {
			return false
		}
		v.SetFloat(f)
		return true
	}
	return false
}

// numberLiteral is the literal appendJSON writes for a number: a whole
// number written as a float becomes the integer it is.
func numberLiteral(text string) (string, bool) {
	if lit, ok := WholeNumber(text); ok && validNumber(lit) {
		return lit, true
	}
	return text, validNumber(text)
}

// plainValue is the value encoding/json stores in an empty interface, with
// UseNumber.
func plainValue(n *Node) (any, bool) {
	switch n.Kind {
	case Null:
		return nil, true
	case Bool:
		return n.Bool, true
	case Number:
		lit, ok := numberLiteral(n.Text)
		return json.Number(lit), ok
	case String:
		return n.Text, utf8.ValidString(n.Text)
	case Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			x, ok := plainValue(it)
			if !ok {
				return nil, false
			}
			out[i] = x
		}
		return out, true
	case Object:
		out := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			x, ok := plainValue(n.Fields[i])
			if !ok || !utf8.ValidString(k) {
				return nil, false
			}
			out[k] = x
		}
		return out, true
	}
	return nil, false
}

// structFields maps a struct's JSON names to its field indexes.
type structFields struct {
	byName map[string]int
	lower  map[string]bool // the names, lower-cased
}

// folded reports whether encoding/json would take key for a field by
// case-insensitive matching.
func (fs *structFields) folded(key string) bool { return fs.lower[strings.ToLower(key)] }

var fieldCache sync.Map // reflect.Type -> *structFields (nil: not handled)

// fieldsOf returns the JSON fields of struct type t, or nil when t has a
// field this path does not handle.
func fieldsOf(t reflect.Type) *structFields {
	if c, ok := fieldCache.Load(t); ok {
		return c.(*structFields)
	}
	fs := &structFields{byName: map[string]int{}, lower: map[string]bool{}}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			fs = nil
			break
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(","+opts+",", ",string,") {
			fs = nil
			break
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := fs.byName[name]; dup {
			fs = nil // encoding/json's rules for clashing names are not repeated here
			break
		}
		fs.byName[name] = i
		fs.lower[strings.ToLower(name)] = true
	}
	fieldCache.Store(t, fs)
	return fs
}
