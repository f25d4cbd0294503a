// Package source reads YAML and JSON documents into a positioned tree, so that
// every later step can point a diagnostic at the line and column it is about.
//
// YAML in the common form missions take is read directly from its bytes
// (yaml_fast.go); everything else, and every problem, goes through
// go.yaml.in/yaml/v4 nodes, and tests hold both readers to the same tree.
// JSON is read straight from its bytes once encoding/json has found it valid
// (the YAML parser mis-reads some valid JSON). All produce the same *Node
// tree. Hostile input is bounded by Limits and always answers with located
// Problems, never a panic.
package source

import "strconv"

// Pos is a 1-based line and column. The zero Pos means "unknown".
type Pos struct {
	Line int `json:"line"`
	Col  int `json:"col"`
}

// Kind is the JSON data model kind of a node.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// Node is one value of a document with its position.
//
// Bool sits beside Kind, where the padding would be: a node is 128 bytes,
// not 136 (a size class of 144), and a folder walk makes thousands.
type Node struct {
	Kind   Kind
	Bool   bool    // Bool: the value
	Pos    Pos     // where the value starts
	KeyPos Pos     // for an object member: where its key starts; otherwise Pos
	Text   string  // String: the value; Number: its literal text (e.g. "12", "1e3")
	Items  []*Node // Array items
	Keys   []string
	Fields []*Node // Object members, in document order, parallel to Keys
}

// Field returns the member named key of an object node, or nil.
func (n *Node) Field(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i, k := range n.Keys {
		if k == key {
			return n.Fields[i]
		}
	}
	return nil
}

// Str is the value of a string node; "" for any other node, or none. Games
// that read their documents after the schema has checked them use it.
func (n *Node) Str() string {
	if n == nil || n.Kind != String {
		return ""
	}
	return n.Text
}

// Int is the value of a number node that is a whole number (90, or 90.0
// written as a float) and fits an int; 0 for anything else, or none.
func (n *Node) Int() int {
	if n == nil || n.Kind != Number {
		return 0
	}
	lit, ok := WholeNumber(n.Text)
	if !ok {
		return 0
	}
	v, err := strconv.Atoi(lit)
	if err != nil {
		return 0
	}
	return v
}

// True tells whether n is the boolean true.
func (n *Node) True() bool { return n != nil && n.Kind == Bool && n.Bool }
