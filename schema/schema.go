// Package schema holds the embedded JSON Schemas (draft 2020-12) of every
// file zmission reads, compiles each once on first use, validates documents
// against them, and words what fails as a flat list of violations that point
// at one place each, for people who write files by hand.
package schema

import (
	"embed"
	"fmt"
	"sort"
	"strings"

	"github.com/zmission/zmission/source"
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
	Kind    string // "missing", "unknown", "key" (a key of the wrong form) or "value"
	Message string
	// Meant is the key an unknown key is a slip for ("tyep" for "type"),
	// when one is close enough to suggest: the value was meant for it.
	Meant string
}

// Validate checks a document against the named schema and words every
// violation. A nil result means valid. An error means the schema itself
// could not be prepared, which tests rule out for the embedded ones.
func Validate(name string, root *source.Node) ([]Violation, error) {
	f, err := fastOf(name)
	if err != nil {
		return nil, err
	}
	if !f.usable {
		return nil, fmt.Errorf("schema %s uses a keyword the validator does not know", name)
	}
	if !numbersReadable(root) {
		at := unreadableNumber(root, nil)
		return []Violation{{Path: pointer(at), Kind: "value", Message: "this number cannot be read"}}, nil
	}
	e := (&walker{}).check(f.root, root)
	if e == nil {
		return nil, nil
	}
	var out []Violation
	flatten(e, f.props, &out)
	return misspelt(dedupe(out)), nil
}
