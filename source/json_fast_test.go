package source

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// jsonDocs are the JSON texts the fast reader is compared on: every JSON
// file of the repository, and every YAML example written as JSON, compact
// and indented.
func jsonDocs(t *testing.T) map[string][]byte {
	docs := map[string][]byte{}
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".json":
			if data, err := os.ReadFile(p); err == nil {
				docs[p] = data
			}
		case ".yaml":
			if !strings.Contains(p, "examples") {
				return nil
			}
			data, _ := os.ReadFile(p)
			root, probs := Parse(p, data, DefaultLimits)
			if len(probs) > 0 {
				return nil
			}
			compact, _ := json.Marshal(ToValue(root))
			indented, _ := json.MarshalIndent(ToValue(root), "", "\t")
			docs[p+" compact"] = compact
			docs[p+" indented"] = indented
		}
		return nil
	})
	if len(docs) < 20 {
		t.Fatalf("only %d JSON documents", len(docs))
	}
	return docs
}

// TestFastJSONAsWalker: the direct reader gives the token walker's tree,
// positions included, or leaves the document to it.
func TestFastJSONAsWalker(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	n := 0
	for name, data := range jsonDocs(t) {
		variants := [][]byte{data,
			[]byte(strings.ReplaceAll(string(data), `"`, `"é`)),                              // non-ASCII text
			[]byte(strings.Replace(string(data), `"title": "`, `"title": "a\u00e9\n\"b`, 1)), // escapes
			[]byte(" \r\n" + string(data) + "\n\n"),
		}
		// A duplicate key, which only the walker reports.
		if i := strings.Index(string(data), `"id":`); i >= 0 {
			variants = append(variants, []byte(string(data[:i])+`"id": 1, `+string(data[i:])))
		}
		for k := 0; k < 5; k++ {
			b := []byte(string(data))
			b = append(b[:0:0], b...)
			if len(b) > 0 {
				i := r.IntN(len(b))
				b[i] = "0123 \"{}[],:\\é"[r.IntN(15)]
			}
			variants = append(variants, b)
		}
		for v, doc := range variants {
			if !json.Valid(doc) {
				continue
			}
			what := fmt.Sprintf("%s variant %d", name, v)
			// The count of values sizes the nodes' block; a count too small
			// (every other variant) only makes more blocks.
			values := scanJSON(doc, DefaultLimits.orDefaults().MaxDepth).values
			if v%2 == 1 {
				values = 1
			}
			fast, ok := fastJSON(doc, values, DefaultLimits.orDefaults())
			slow, probs := walkJSON(doc, DefaultLimits.orDefaults())
			if !ok {
				continue
			}
			n++
			if len(probs) > 0 {
				t.Errorf("%s: the fast reader accepted what the walker reports: %v", what, probs[0])
				continue
			}
			if !reflect.DeepEqual(fast, slow) {
				t.Errorf("%s: the trees differ", what)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d documents compared", n)
	}
}

// TestFastJSONLeavesDuplicates: a duplicate key goes to the walker, whose
// problem names both places.
func TestFastJSONLeavesDuplicates(t *testing.T) {
	_, probs := ParseJSON([]byte("{\"a\": 1,\n \"a\": 2}"), DefaultLimits)
	if len(probs) != 1 || probs[0].Code != CodeDuplicateKey || probs[0].Pos.Line != 2 {
		t.Fatalf("got %v", probs)
	}
}
