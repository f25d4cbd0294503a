// Package schema holds the embedded JSON Schemas (draft 2020-12) for missions
// and tile sets, compiles each once, validates documents against them, and
// turns the validator's error tree into a flat list of violations that point
// at one instance location each, worded for people who write files by hand.
package schema

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

//go:embed *.schema.json
var files embed.FS

// Base is the URL prefix of every published schema's $id.
const Base = "https://zmission.github.io/schema/v1/"

// Names of the embedded schemas.
const (
	Mission = "mission"
	Tileset = "tileset"
	Config  = "config" // for editors: the configuration reader reports its own located errors
)

// Source returns the embedded schema file for a name.
func Source(name string) ([]byte, bool) {
	b, err := files.ReadFile(name + ".schema.json")
	return b, err == nil
}

// Names lists the embedded schemas, sorted.
func Names() []string {
	ents, _ := files.ReadDir(".")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".schema.json"))
	}
	sort.Strings(out)
	return out
}

type compiled struct {
	once  sync.Once
	sch   *jsonschema.Schema
	props []string // every property name the schema declares, for "did you mean"
	doc   any      // the schema document, to find the properties of one object
	err   error
}

var cache sync.Map // name -> *compiled

func get(name string) (*compiled, error) {
	v, _ := cache.LoadOrStore(name, &compiled{})
	c := v.(*compiled)
	c.once.Do(func() {
		src, ok := Source(name)
		if !ok {
			c.err = fmt.Errorf("no schema named %q", name)
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			c.err = fmt.Errorf("schema %s: %w", name, err)
			return
		}
		id := Base + name + ".schema.json"
		comp := jsonschema.NewCompiler()
		if err := comp.AddResource(id, doc); err != nil {
			c.err = fmt.Errorf("schema %s: %w", name, err)
			return
		}
		c.sch, c.err = comp.Compile(id)
		c.props = propertyNames(doc)
		c.doc = doc
	})
	return c, c.err
}

// propertyNames collects every key of every "properties" object in a schema.
func propertyNames(v any) []string {
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			if p, ok := t["properties"].(map[string]any); ok {
				for k := range p {
					seen[k] = true
				}
			}
			for _, c := range t {
				walk(c)
			}
		case []any:
			for _, c := range t {
				walk(c)
			}
		}
	}
	walk(v)
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Violation is one schema error at one place of the instance.
type Violation struct {
	Path    string // JSON Pointer of the value it is about
	Key     string // missing or unknown property name ("" otherwise)
	Kind    string // "missing", "unknown" or "value"
	Message string
}

// Validate checks a value (as produced by source.ToValue) against the named
// schema. A nil result means valid. An error means the schema itself could not
// be compiled, which tests rule out for the embedded ones.
func Validate(name string, v any) ([]Violation, error) {
	c, err := get(name)
	if err != nil {
		return nil, err
	}
	err = c.sch.Validate(v)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []Violation
	flatten(ve, c, &out)
	return misspelt(dedupe(out)), nil
}

// siblings lists the properties the object schema at a location declares
// (".../x.schema.json#/$defs/tile" -> the keys of $defs/tile/properties), or
// every property name when it cannot tell.
func (c *compiled) siblings(schemaURL string) []string {
	_, frag, ok := strings.Cut(schemaURL, "#")
	if !ok {
		return c.props
	}
	var cur any = c.doc
	for _, p := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if p == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return c.props
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")]
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return c.props
	}
	props, ok := m["properties"].(map[string]any)
	if !ok || len(props) == 0 {
		return c.props
	}
	out := make([]string, 0, len(props))
	for k := range props {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
