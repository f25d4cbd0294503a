package source

import (
	"bytes"
	"encoding/json"
	"errors"
)

// ToValue converts a tree to the plain values encoding/json produces with
// UseNumber: map[string]any, []any, json.Number, string, bool and nil. This
// is the shape github.com/santhosh-tekuri/jsonschema/v6 validates.
func ToValue(n *Node) any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Bool:
		return n.Bool
	case Number:
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		items := make([]any, len(n.Items))
		for i, it := range n.Items {
			items[i] = ToValue(it)
		}
		return items
	case Object:
		m := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			m[k] = ToValue(n.Fields[i])
		}
		return m
	}
	return nil
}

// Decode stores the tree in v through encoding/json, so v's json tags and
// UnmarshalJSON methods apply. Numbers decoded into interfaces stay
// json.Number.
func Decode(n *Node, v any) error {
	if n == nil {
		return errors.New("source: no document to decode")
	}
	b, err := appendJSON(nil, n)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}
