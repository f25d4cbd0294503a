package missions

import (
	"bytes"
	"errors"
	"fmt"
	"sync"

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
	// base, data's tree as go-yaml read it, stays as read; the edit gets
	// its own copy, and base becomes the written document's tree where
	// only lines of one shape changed (patchTree).
	base := takeTree(data)
	docs := cloneDocs(base)
	if docs == nil {
		base = nil
		if docs, err = loadYAML(data); err != nil {
			return nil, err
		}
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
	var read []*yaml.Node
	if base != nil {
		read = patchTree(data, base, canon)
	}
	out, tree, err := format(canon, false, read)
	if err == nil && tree != nil {
		keepTree(out, tree)
	}
	return out, err
}

// editTree is the node tree of the document EditYAML wrote last, as the
// formatter's own check read it: the next edit of that document (the
// editor's next key) starts from it instead of reading the document
// again, a third of an edit's YAML work on a big board. A tree is taken
// out to be edited, never shared, and only for the same bytes.
var editTree struct {
	sync.Mutex
	data []byte
	docs []*yaml.Node
}

func keepTree(data []byte, docs []*yaml.Node) {
	editTree.Lock()
	editTree.data, editTree.docs = data, docs
	editTree.Unlock()
}

// takeTree gives the kept tree when it was read from data, and keeps it
// no longer; nil otherwise.
func takeTree(data []byte) []*yaml.Node {
	editTree.Lock()
	defer editTree.Unlock()
	docs := editTree.docs
	if docs == nil || !bytes.Equal(editTree.data, data) {
		return nil
	}
	editTree.data, editTree.docs = nil, nil
	return docs
}
