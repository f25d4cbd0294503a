package layout

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/zmission/zmission/source"
)

const tileSetSchemaID = "https://zmission.github.io/schema/v1/tileset.schema.json"

// tileSetSchema compiles schema/tileset.schema.json from disk, so the file
// editors load is the one under test.
func tileSetSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "schema", "tileset.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := doc.(map[string]any)["$id"].(string); id != tileSetSchemaID {
		t.Fatalf("$id = %q, want %q", id, tileSetSchemaID)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(tileSetSchemaID, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(tileSetSchemaID)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func readTree(t *testing.T, name string, data []byte) *source.Node {
	t.Helper()
	root, probs := source.Parse(name, data, source.Limits{})
	if len(probs) > 0 {
		t.Fatalf("%s: %v", name, probs)
	}
	return root
}

func TestSchemaAcceptsBuiltins(t *testing.T) {
	sch := tileSetSchema(t)
	for _, name := range BuiltinNames() {
		src, _ := BuiltinSource(name)
		if err := sch.Validate(source.ToValue(readTree(t, name+".yaml", src))); err != nil {
			t.Errorf("built-in %s: %v", name, err)
		}
	}
}

// Files named ok-* pass both the schema and the loader; bad-schema-* fail
// both (the loader checks everything the schema does); bad-loader-* pass the
// schema, which checks structure only, and fail the loader.
func TestSchemaAndLoaderAgree(t *testing.T) {
	sch := tileSetSchema(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "tilesets", "*.yaml"))
	if len(files) < 10 {
		t.Fatalf("only %d test files", len(files))
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		root := readTree(t, file, data)
		schemaErr := sch.Validate(source.ToValue(root))
		set, probs := ParseTileSet(file, root)
		base := filepath.Base(file)
		wantSchema := !strings.HasPrefix(base, "bad-schema-")
		wantLoader := strings.HasPrefix(base, "ok-")
		if (schemaErr == nil) != wantSchema {
			t.Errorf("%s: schema error %v, want valid=%v", base, schemaErr, wantSchema)
		}
		if (set != nil) != wantLoader {
			t.Errorf("%s: loader problems %v, want a set=%v", base, probs, wantLoader)
		}
		if wantLoader && len(probs) > 0 {
			t.Errorf("%s: %v", base, probs)
		}
	}
}

// The examples in docs/tilesets.md are real files: they load cleanly and
// follow the schema.
func TestDocExamples(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "docs", "tilesets.md"))
	if err != nil {
		t.Fatal(err)
	}
	sch := tileSetSchema(t)
	wholeSet := regexp.MustCompile(`(?m)^format: 1\b`)
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllSubmatch(raw, -1)
	n := 0
	for _, b := range blocks {
		if !wholeSet.Match(b[1]) {
			continue // a fragment, not a whole tile set
		}
		n++
		root := readTree(t, "doc.yaml", b[1])
		if err := sch.Validate(source.ToValue(root)); err != nil {
			t.Errorf("example %d: schema: %v", n, err)
		}
		if _, probs := ParseTileSet("doc.yaml", root); len(probs) > 0 {
			t.Errorf("example %d: %v", n, probs)
		}
	}
	if n == 0 {
		t.Error("no complete tile-set example in docs/tilesets.md")
	}
}
