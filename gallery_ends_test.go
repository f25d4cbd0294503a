package zmission_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// TestGalleryEnds walks the broken-file gallery: every finding that starts
// at a key, a value or a list item of its file carries its end, in the JSON
// and in the SARIF output, so an editor or a code-scanning page underlines
// the whole of it. Where keys and values start is read with the YAML
// library, not with zmission's own reader, so zmission is not graded by
// itself. A finding at the document's first position is about the file,
// and a file the library cannot read has no places to check.
func TestGalleryEnds(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "broken", "*.out-json"))
	if len(files) < 100 {
		t.Fatalf("only %d gallery outputs", len(files))
	}
	checked := 0
	for _, out := range files {
		src := strings.TrimSuffix(out, ".out-json")
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		starts := nodeStarts(data)
		if starts == nil {
			continue
		}
		var js struct {
			Diagnostics []struct {
				Line, Col int
				EndLine   int    `json:"endLine"`
				Rule      string `json:"rule"`
			} `json:"diagnostics"`
		}
		jdata, _ := os.ReadFile(out)
		if err := json.Unmarshal(jdata, &js); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		var sarif struct {
			Runs []struct {
				Results []struct {
					Locations []struct {
						PhysicalLocation struct {
							Region struct{ StartLine, StartColumn, EndLine int } `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		sdata, _ := os.ReadFile(src + ".out-sarif")
		if err := json.Unmarshal(sdata, &sarif); err != nil {
			t.Fatalf("%s.out-sarif: %v", src, err)
		}
		sarifEnd := map[[2]int]bool{}
		for _, r := range sarif.Runs {
			for _, res := range r.Results {
				for _, l := range res.Locations {
					g := l.PhysicalLocation.Region
					if g.EndLine > 0 {
						sarifEnd[[2]int{g.StartLine, g.StartColumn}] = true
					}
				}
			}
		}
		for _, d := range js.Diagnostics {
			if !starts[[2]int{d.Line, d.Col}] {
				continue
			}
			checked++
			if d.EndLine == 0 {
				t.Errorf("%s:%d:%d: the %s finding starts at a key or value but has no end in JSON", src, d.Line, d.Col, d.Rule)
			}
			if !sarifEnd[[2]int{d.Line, d.Col}] {
				t.Errorf("%s:%d:%d: the %s finding starts at a key or value but has no end in SARIF", src, d.Line, d.Col, d.Rule)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d findings start at a key or value: the walk checks little", checked)
	}
}

// nodeStarts reads where every key and value of a YAML or JSON document
// starts (line and column, from 1), but the document's own start; nil when
// the YAML library cannot read it.
func nodeStarts(data []byte) map[[2]int]bool {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	out := map[[2]int]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n != root && n.Kind != yaml.AliasNode {
			out[[2]int{n.Line, n.Column}] = true
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	delete(out, [2]int{root.Line, root.Column})
	return out
}
