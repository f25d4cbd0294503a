package missions

import (
	"github.com/zmission/zmission/source"
)

// CodeRootType is the problem code for a document whose root is not a
// mapping.
const CodeRootType = "root-type"

// Doc is a loaded mission document: its tree with source positions, before
// any schema validation.
type Doc struct {
	File string // the path as given by the user
	Root *source.Node
}

// Load parses a mission from data, YAML or JSON by the file name. It
// returns the document, or nil and the problems that prevent reading it.
func Load(file string, data []byte, lim source.Limits) (*Doc, []source.Problem) {
	root, probs := source.Parse(file, data, lim)
	if len(probs) > 0 {
		return nil, probs
	}
	return FromNode(file, root)
}

// FromNode makes a Doc of an already parsed tree, checking that its root is
// a mapping. Callers that look at the tree first (is it a mission or a tile
// set?) parse once and come here.
func FromNode(file string, root *source.Node) (*Doc, []source.Problem) {
	if root.Kind != source.Object {
		return nil, []source.Problem{{
			Pos:     root.Pos,
			Code:    CodeRootType,
			Message: "a mission is a mapping of keys; this file holds " + holds(root.Kind),
		}}
	}
	return &Doc{File: file, Root: root}, nil
}

// ReadFile reads and loads the mission at file.
func ReadFile(file string, lim source.Limits) (*Doc, []source.Problem) {
	data, p := source.ReadFile(file, lim)
	if p != nil {
		return nil, []source.Problem{*p}
	}
	return Load(file, data, lim)
}

// Pos returns the position of the value at the JSON Pointer ptr, or of its
// nearest existing ancestor.
func (d *Doc) Pos(ptr string) source.Pos {
	v, _ := source.Locate(d.Root, ptr)
	return v
}

// KeyPos returns the position of the key of the value at ptr, falling back
// as Pos does. Array items and the root have no key: their own position.
func (d *Doc) KeyPos(ptr string) source.Pos {
	_, k := source.Locate(d.Root, ptr)
	return k
}

// Decode returns the typed mission. Call it after schema validation passed:
// it reports type mismatches only as plain errors, without positions.
func (d *Doc) Decode() (*Mission, error) {
	var m Mission
	if err := source.Decode(d.Root, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func holds(k source.Kind) string {
	switch k {
	case source.Array:
		return "a list"
	case source.String:
		return "a string"
	case source.Number:
		return "a number"
	case source.Bool:
		return "true or false"
	}
	return "null"
}
