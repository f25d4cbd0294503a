package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
)

// ToValue converts a tree to the plain values encoding/json produces with
// UseNumber: map[string]any, []any, json.Number, string, bool and nil. This
// is the shape github.com/santhosh-tekuri/jsonschema/v6 validates.
func ToValue(n *Node) any {
	return toValue(n, false)
}

// toValue converts a tree; with whole true, numbers written as floats whose
// value is a whole number (90.0, 1e0, -0.0) become integer literals, so a
// Go int field takes them.
func toValue(n *Node, whole bool) any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Bool:
		return n.Bool
	case Number:
		if whole {
			if lit, ok := WholeNumber(n.Text); ok {
				return json.Number(lit)
			}
		}
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		items := make([]any, len(n.Items))
		for i, it := range n.Items {
			items[i] = toValue(it, whole)
		}
		return items
	case Object:
		m := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			m[k] = toValue(n.Fields[i], whole)
		}
		return m
	}
	return nil
}

// maxWholeExponent bounds the exponents WholeNumber expands: 1e400 is a
// whole number, but no field holds it, and 1e100000000 would cost memory.
const maxWholeExponent = 30

// WholeNumber returns the integer literal of a JSON number literal whose
// value is a whole number of at most 30 digits (written with at most 120
// digits and an exponent of at most 120): "90.0" gives "90", "1e0"
// "1", "-0.0" "0", "2.50e1" "25". Integer literals are returned as they are.
func WholeNumber(lit string) (string, bool) {
	if !strings.ContainsAny(lit, ".eE") {
		if lit == "-0" {
			return "0", true
		}
		return lit, true
	}
	mant, exp := lit, 0
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.Atoi(lit[i+1:])
		if err != nil || absInt(e) > 4*maxWholeExponent {
			return "", false
		}
		mant, exp = lit[:i], e
	}
	if len(mant) > 4*maxWholeExponent {
		return "", false // so many digits make no whole number a field holds
	}
	r, ok := new(big.Rat).SetString(mant)
	if !ok {
		return "", false
	}
	if exp != 0 {
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(absInt(exp))), nil)
		if exp > 0 {
			r.Mul(r, new(big.Rat).SetInt(p))
		} else {
			r.Quo(r, new(big.Rat).SetInt(p))
		}
	}
	if !r.IsInt() || len(r.Num().String()) > maxWholeExponent {
		return "", false
	}
	return r.Num().String(), true
}

// tooLargeWhole tells a whole number too large for any field (1e400,
// 99999999999999999999) from a number that is not whole (2.5).
func tooLargeWhole(lit string) bool {
	if _, ok := WholeNumber(lit); ok {
		return true
	}
	f, err := strconv.ParseFloat(lit, 64)
	return err != nil || math.Abs(f) >= 1<<63
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// DecodeError is a value of the wrong type for the Go field it was decoded
// into, located and worded for the author.
type DecodeError struct {
	Pos     Pos
	Path    string // where, as an author reads it, items counted from 1: tiles #1.rot
	Message string
}

func (e *DecodeError) Error() string { return e.Message }

// Decode stores the tree in v through encoding/json, so v's json tags and
// UnmarshalJSON methods apply. Numbers decoded into interfaces stay
// json.Number; numbers written as floats with a whole value decode into
// integer fields. A value that does not fit its field is a *DecodeError,
// never a message of the Go decoder.
func Decode(n *Node, v any) error {
	if n == nil {
		return errors.New("source: no document to decode")
	}
	if decodeFast(n, v) {
		return nil
	}
	return decodeGeneral(n, v)
}

// decodeGeneral is Decode through encoding/json: every value, and the
// error of one that does not fit.
func decodeGeneral(n *Node, v any) error {
	b, err := appendJSON(nil, n)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return typeError(n, te)
		}
		return err
	}
	return nil
}

// typeError locates a value the decoder could not store: the first value
// along the field path the decoder names that does not fit the Go type.
func typeError(root *Node, te *json.UnmarshalTypeError) *DecodeError {
	want := goTypeWord(te.Type)
	var fields []string
	if te.Field != "" {
		fields = strings.Split(te.Field, ".")
	}
	at, path := findMisfit(root, fields, "", te.Type)
	if at == nil {
		return &DecodeError{Pos: root.Pos, Path: te.Field, Message: fmt.Sprintf("%s wants %s", te.Field, want)}
	}
	got := kindPhrase(at.Kind)
	if at.Kind == Number {
		got = at.Text
		if want == "a whole number" {
			if tooLargeWhole(at.Text) {
				return &DecodeError{Pos: at.Pos, Path: path, Message: fmt.Sprintf("%s wants a whole number that fits: %s is too large", path, Shorten(at.Text))}
			}
			return &DecodeError{Pos: at.Pos, Path: path, Message: fmt.Sprintf("%s wants a whole number: %s", path, Shorten(at.Text))}
		}
	}
	return &DecodeError{Pos: at.Pos, Path: path, Message: fmt.Sprintf("%s wants %s, not %s", path, want, got)}
}

// findMisfit walks the named fields (array items are walked through, as the
// decoder does not name their indices) and returns the first scalar there
// whose kind or size does not fit t.
func findMisfit(n *Node, fields []string, path string, t reflect.Type) (*Node, string) {
	if n == nil {
		return nil, ""
	}
	switch n.Kind {
	case Array:
		for i, it := range n.Items {
			if at, p := findMisfit(it, fields, fmt.Sprintf("%s #%d", path, i+1), t); at != nil {
				return at, p
			}
		}
		return nil, ""
	case Object:
		if len(fields) == 0 {
			if !fits(n, t) {
				return n, path
			}
			return nil, ""
		}
		for i, k := range n.Keys {
			if k == fields[0] {
				p := k
				if path != "" {
					p = path + "." + k
				}
				return findMisfit(n.Fields[i], fields[1:], p, t)
			}
		}
		return nil, ""
	}
	if len(fields) == 0 && !fits(n, t) {
		return n, path
	}
	return nil, ""
}

// fits tells whether a value could be stored in a Go value of type t.
func fits(n *Node, t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return true
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n.Kind != Number {
			return false
		}
		lit, ok := WholeNumber(n.Text)
		if !ok {
			return false
		}
		_, err := strconv.ParseInt(lit, 10, t.Bits())
		return err == nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Kind != Number {
			return false
		}
		lit, ok := WholeNumber(n.Text)
		if !ok {
			return false
		}
		_, err := strconv.ParseUint(lit, 10, t.Bits())
		return err == nil
	case reflect.Float32, reflect.Float64:
		return n.Kind == Number
	case reflect.String:
		return n.Kind == String
	case reflect.Bool:
		return n.Kind == Bool
	case reflect.Slice, reflect.Array:
		return n.Kind == Array || n.Kind == Null
	case reflect.Map, reflect.Struct:
		return n.Kind == Object || n.Kind == Null
	}
	return true
}

// goTypeWord names a Go type the way a YAML author thinks of values.
func goTypeWord(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	}
	return "another kind of value"
}
