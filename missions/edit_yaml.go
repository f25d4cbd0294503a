package missions

import (
	"errors"
	"fmt"

	"go.yaml.in/yaml/v4"
)

// EditYAML changes a YAML mission in place and returns the file as fmt
// would write it. edit gets the root mapping of the document's node tree,
// comments attached: whatever it leaves alone keeps its comments, and the
// result goes through the formatter, so key order and layout are the
// canonical ones and every comment is checked to be still there. An error
// from edit is returned as it is and nothing is written.
func EditYAML(data []byte, edit func(root *yaml.Node) error) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("internal error while editing: %v", r)
		}
	}()
	docs, err := loadYAML(data)
	if err != nil {
		return nil, err
	}
	var doc *yaml.Node
	for _, d := range docs {
		if !blankDoc(d) {
			doc = d
			break
		}
	}
	if doc == nil {
		return nil, errors.New("the file holds no document")
	}
	if doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("a mission is a mapping of keys")
	}
	if err := edit(doc.Content[0]); err != nil {
		return nil, err
	}
	canon, err := writeCanonical(data, doc)
	if err != nil {
		return nil, err
	}
	return Format(canon, false)
}
