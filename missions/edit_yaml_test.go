package missions

import (
	"errors"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"go.yaml.in/yaml/v4"
)

// TestEditYAMLKeptTree: EditYAML starting from the tree it kept of the
// document it wrote last gives what it gives reading that document again,
// byte for byte (or the same error), through long runs of random edits of
// a commented mission: values changed, items copied and taken away, edits
// refused after they changed the tree, and other documents edited between.
func TestEditYAMLKeptTree(t *testing.T) {
	var srcs [][]byte
	for _, f := range []string{"../examples/invader/violet-lockdown.yaml", "../examples/invader/first-contact.yaml", "testdata/full.yaml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	r := rand.New(rand.NewPCG(3, 1))
	data := srcs[0]
	hits, applied := 0, 0
	for i := range 300 {
		if r.IntN(25) == 0 {
			data = srcs[r.IntN(len(srcs))] // another document: the kept tree is not its
		}
		pick, kind, value, refuse := r.IntN(1<<20), r.IntN(4), strconv.Itoa(r.IntN(9)), r.IntN(8) == 0
		edit := func(root *yaml.Node) error {
			var nodes []*yaml.Node
			var walk func(n *yaml.Node)
			walk = func(n *yaml.Node) {
				nodes = append(nodes, n)
				for _, c := range n.Content {
					walk(c)
				}
			}
			walk(root)
			n := nodes[pick%len(nodes)]
			switch {
			case n.Kind == yaml.ScalarNode && kind < 2:
				n.Value = value
			case n.Kind == yaml.SequenceNode && len(n.Content) > 0 && kind == 2:
				c := *n.Content[0]
				n.Content = append(n.Content, &c)
			case n.Kind == yaml.SequenceNode && len(n.Content) > 1:
				n.Content = n.Content[1:]
			}
			if refuse {
				return errRefused
			}
			return nil
		}
		// The reference: the document read again, the kept tree set aside.
		editTree.Lock()
		keptData, keptDocs := editTree.data, editTree.docs
		editTree.data, editTree.docs = nil, nil
		editTree.Unlock()
		want, werr := EditYAML(data, edit)
		keepTree(keptData, keptDocs)
		if keptDocs != nil && string(keptData) == string(data) {
			hits++
		}
		got, gerr := EditYAML(data, edit)
		if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() || string(got) != string(want) {
			t.Fatalf("edit %d: from the kept tree %q (%v), read again %q (%v)", i, got, gerr, want, werr)
		}
		if gerr == nil {
			applied++
			data = got
		}
	}
	if hits < 100 || applied < 100 {
		t.Fatalf("%d edits started from the kept tree, %d applied, of 300: the test reads too few", hits, applied)
	}
}

var errRefused = errors.New("refused")
