package schema

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// docs lists the documents the two validators are compared on: every
// example and template, every file of the broken gallery and of the test
// data that parses, as (schema name, path).
func agreementDocs(t *testing.T) [][2]string {
	var out [][2]string
	for _, dir := range []string{"../examples", "../testdata", "../layout/testdata", "../missions/testdata", "../lint/testdata", "../app/testdata"} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			ext := filepath.Ext(p)
			if ext != ".yaml" && ext != ".yml" && ext != ".json" {
				return nil
			}
			out = append(out, [2]string{"", p})
			return nil
		})
	}
	if len(out) < 50 {
		t.Fatalf("only %d documents found", len(out))
	}
	return out
}

// schemaFor picks the schema a file is checked against, as lint does.
func schemaFor(root *source.Node) string {
	if root.Kind != source.Object {
		return Mission
	}
	if root.Field("faces") != nil && root.Field("ruleset") == nil {
		return Tileset
	}
	if r := root.Field("ruleset"); r != nil && r.Kind == source.String {
		if _, ok := Source(r.Text); ok {
			return r.Text
		}
	}
	return Mission
}

// agree fails when Valid, Validate and the reference validator do not all
// give the same answer on a document.
func agree(t *testing.T, what string, name string, root *source.Node) (decided bool) {
	t.Helper()
	fast := Valid(name, root)
	valid := sameAsReference(t, what, name, root)
	if fast != valid {
		t.Errorf("%s: the fast check says valid=%v, the reference %v", what, fast, valid)
	}
	return fast
}

func TestFastAgreesOnFiles(t *testing.T) {
	valid := 0
	for _, d := range agreementDocs(t) {
		data, err := os.ReadFile(d[1])
		if err != nil {
			t.Fatal(err)
		}
		root, probs := source.Parse(d[1], data, source.DefaultLimits)
		if len(probs) > 0 {
			continue
		}
		if agree(t, d[1], schemaFor(root), root) {
			valid++
		}
	}
	if valid < 10 {
		t.Errorf("only %d documents were valid: the comparison shows little", valid)
	}
}

// TestFastAgreesOnMutations changes the examples at random, a value at a
// time (a number, a string, a removed key, a wrong type), and compares.
func TestFastAgreesOnMutations(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var roots []*source.Node
	for _, d := range agreementDocs(t) {
		if !strings.Contains(d[1], "examples") {
			continue
		}
		data, _ := os.ReadFile(d[1])
		root, probs := source.Parse(d[1], data, source.DefaultLimits)
		if len(probs) == 0 {
			roots = append(roots, root)
		}
	}
	values := []*source.Node{
		{Kind: source.Number, Text: "0"}, {Kind: source.Number, Text: "-1"}, {Kind: source.Number, Text: "90.0"},
		{Kind: source.Number, Text: "1e400"}, {Kind: source.Number, Text: "2.5"}, {Kind: source.String, Text: ""},
		{Kind: source.String, Text: "red"}, {Kind: source.String, Text: "1A/c"}, {Kind: source.String, Text: strings.Repeat("x", 300)},
		{Kind: source.Bool, Bool: true}, {Kind: source.Null}, {Kind: source.Array}, {Kind: source.Object},
	}
	valid := 0
	for i := 0; i < 3000; i++ {
		root := clone(roots[r.IntN(len(roots))])
		all := allNodes(root)
		for k := 0; k <= r.IntN(2); k++ {
			n := all[1+r.IntN(len(all)-1)]
			switch r.IntN(3) {
			case 0:
				*n = *clone(values[r.IntN(len(values))])
			case 1:
				if n.Kind == source.Object && len(n.Keys) > 0 {
					j := r.IntN(len(n.Keys))
					n.Keys = append(n.Keys[:j:j], n.Keys[j+1:]...)
					n.Fields = append(n.Fields[:j:j], n.Fields[j+1:]...)
				}
			case 2:
				// A key added twice is a parse error, never seen by a schema.
				if k := []string{"typ", "extra", "color", "rot", "Bad Key"}[r.IntN(5)]; n.Kind == source.Object && n.Field(k) == nil {
					n.Keys = append(n.Keys, k)
					n.Fields = append(n.Fields, clone(values[r.IntN(len(values))]))
				}
			}
		}
		if agree(t, fmt.Sprintf("mutation %d", i), schemaFor(root), root) {
			valid++
		}
	}
	// Both answers must be well represented for the comparison to mean much.
	if valid < 300 || valid > 2700 {
		t.Errorf("%d of 3000 mutations valid: the mix does not test both answers", valid)
	}
	t.Logf("%d of 3000 mutations valid", valid)
}

// allNodes lists a document's values, depth first.
func allNodes(n *source.Node) []*source.Node {
	all := []*source.Node{n}
	for _, c := range n.Items {
		all = append(all, allNodes(c)...)
	}
	for _, c := range n.Fields {
		all = append(all, allNodes(c)...)
	}
	return all
}

func clone(n *source.Node) *source.Node {
	c := *n
	c.Items = nil
	c.Fields = nil
	c.Keys = append([]string(nil), n.Keys...)
	for _, it := range n.Items {
		c.Items = append(c.Items, clone(it))
	}
	for _, f := range n.Fields {
		c.Fields = append(c.Fields, clone(f))
	}
	return &c
}

// TestFastUsable: every embedded schema uses only keywords the fast check
// knows, so valid files never pay for the general validator.
func TestFastUsable(t *testing.T) {
	for _, name := range Names() {
		f, err := fastOf(name)
		if err != nil {
			t.Fatal(err)
		}
		if !f.usable {
			t.Errorf("schema %s uses a keyword or $ref the fast check does not know", name)
		}
		// Patterns are compiled when first matched: each must compile.
		for src := range f.re {
			if _, err := regexp.Compile(src); err != nil {
				t.Errorf("schema %s: pattern %q: %v", name, src, err)
			}
		}
	}
}
