// Package ours says which files zmission owns (a mission of any of the five games, a tile set,
// a colony collection, a .zmission.yaml configuration) and which folders a walk passes over.
//
// A mission repository also holds workflows, package.json, playbooks, a web
// app's manifest, Quarto or Jekyll settings, Tiled maps and the site
// zmission built. Every door (validate, fmt, site, watch, the language
// server, the editor's Open) asks this package, so that they all agree on
// what is checked, formatted or published and what is left alone. A file is
// claimed by content only ours has (a ruleset: key, a $schema naming one of
// our schemas, the tile-set and collection shapes), never by its folder or
// extension, nor by keys other formats use too (id:, format:, tiles:).
package ours

import (
	"bytes"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Kind is what a file is to zmission.
type Kind string

const (
	None       Kind = ""           // not one of ours: passed over in a walk
	Mission    Kind = "mission"    // a mission of any game, even a half-written one
	Tileset    Kind = "tileset"    // a tile set (faces: and no ruleset:)
	Collection Kind = "collection" // a colony collection (ruleset: colony, a name, no id or format)
	Config     Kind = "config"     // .zmission.yaml (or .zmission.yml), by its name
)

// schemaKinds are the JSON Schemas zmission ships (zmission schema NAME,
// schema/NAME.schema.json) and what a file naming one in its $schema is.
// The configuration's schema is left out: the configuration is told by
// its file name.
var schemaKinds = map[string]Kind{
	"mission.schema.json":            Mission,
	"facility.schema.json":           Mission,
	"colony.schema.json":             Mission,
	"survival-infection.schema.json": Mission,
	"tileset.schema.json":            Tileset,
	"colony-collection.schema.json":  Collection,
}

// SchemaFiles lists the schema file names a $schema may name to claim a
// file (a test holds it to the schemas zmission embeds).
func SchemaFiles() []string {
	var out []string
	for k := range schemaKinds {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// marks are the bytes one of our files cannot do without: a mission and a
// collection have a ruleset, a tile set has faces, and a file may claim
// itself by a $schema instead. A file holding none of them is not ours,
// told without parsing it (most of a repository's other YAML and JSON).
var marks = [][]byte{[]byte("ruleset"), []byte("faces"), []byte("$schema")}

// Classify says what data, read from the file name, is. A file without
// any of the marks above is None at once; the rest is parsed under the
// default limits, and a document that does not parse (a syntax error, a
// second YAML document, a file over the size limit) is judged by the
// top-level keys it shows (see sketch.go), so a half-written mission stays
// a mission with its error, and an empty, comment-only or foreign file is
// None.
func Classify(name string, data []byte) Kind {
	if isConfigName(name) {
		return Config
	}
	text := utf8Text(data)
	if !hasMark(text) {
		return None
	}
	root, probs := source.Parse(name, data, source.DefaultLimits)
	if len(probs) > 0 {
		root = sketch(name, data)
	}
	if k := ClassifyNode(name, root); k != None {
		return k
	}
	return modeline(name, text)
}

// hasMark tells whether data may be one of ours. JSON may spell a key
// with escapes (\u0072uleset), so a backslash-u sends the file to the
// parser too.
func hasMark(data []byte) bool {
	for _, m := range marks {
		if bytes.Contains(data, m) {
			return true
		}
	}
	return bytes.Contains(data, []byte(`\u`))
}

// ClassifyNode is Classify on a document already parsed; root may be nil
// (nothing could be read: None). A YAML file that claims itself only by
// its yaml-language-server comment is told by Classify, which has the
// text.
func ClassifyNode(name string, root *source.Node) Kind {
	if isConfigName(name) {
		return Config
	}
	if root == nil || root.Kind != source.Object {
		return None
	}
	if k := SchemaKind(root.Field("$schema").Str()); k != None {
		return k
	}
	if root.Field("ruleset") == nil {
		if root.Field("faces") != nil {
			return Tileset
		}
		return None
	}
	// Any ruleset claims the file, a misspelt one too, so that the typo is
	// reported rather than the mission passed over in silence.
	ruleset := root.Field("ruleset").Str()
	if g, ok := rules.LookupModel(ruleset).(rules.CompanionGame); ok {
		if _, _, ok := g.Companion(root); ok {
			return Collection
		}
	}
	// A box file (the games' own, built in) names itself and has a
	// ruleset, but neither the id nor the format every mission has.
	if root.Field("name") != nil && root.Field("id") == nil && root.Field("format") == nil {
		return None
	}
	return Mission
}

// SchemaKind tells what a file whose $schema is ref is: one of our schema
// files by name, as a relative path (../schema/mission.schema.json, what
// zmission new writes) or at zmission's address; None for any other
// schema (a draft-04 meta-schema, another tool's).
func SchemaKind(ref string) Kind {
	ref = strings.TrimSpace(ref)
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		ref = ref[:i]
	}
	if ref == "" {
		return None
	}
	k, ok := schemaKinds[path.Base(filepath.ToSlash(ref))]
	if !ok {
		return None
	}
	if strings.Contains(ref, "://") && !strings.Contains(ref, "zmission") {
		return None // someone else's schema of the same name
	}
	return k
}

// modelineMark is the comment editors read a YAML file's schema from.
const modelineMark = "yaml-language-server: $schema="

// modeline tells a YAML file that names one of our schemas in the
// comment "# yaml-language-server: $schema=..." on a line of its own.
func modeline(name string, text []byte) Kind {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return None
	}
	for rest := text; len(rest) > 0; {
		i := bytes.Index(rest, []byte(modelineMark))
		if i < 0 {
			return None
		}
		start := bytes.LastIndexByte(rest[:i], '\n') + 1
		line := bytes.TrimSpace(rest[start:i])
		rest = rest[i+len(modelineMark):]
		if !bytes.HasPrefix(line, []byte("#")) || len(bytes.Trim(line, "# \t")) != 0 {
			continue
		}
		end := bytes.IndexAny(rest, " \t\r\n")
		if end < 0 {
			end = len(rest)
		}
		if k := SchemaKind(string(rest[:end])); k != None {
			return k
		}
	}
	return None
}

// Unfinished tells a mapping that is not claimed but starts as every
// mission does, with format: 1 and an id: named on purpose (or open in an
// editor), it is checked as a mission, so that the ruleset it lacks is
// reported where it belongs; found by a walk it is passed over. A web
// app's manifest has an id, Quarto's settings a format (a mapping),
// Jekyll's data a format such as html: none has both, format 1.
func Unfinished(root *source.Node) bool {
	if root == nil || root.Kind != source.Object || root.Field("ruleset") != nil || root.Field("id") == nil {
		return false
	}
	f := root.Field("format")
	return f != nil && (f.Kind == source.Number || f.Kind == source.String) && strings.TrimSpace(f.Text) == "1"
}

// UnfinishedFile is Unfinished on a file's data; a document that does not
// parse is judged by the keys it shows, as Classify judges it.
func UnfinishedFile(name string, data []byte) bool {
	if !bytes.Contains(utf8Text(data), []byte("format")) {
		return false
	}
	root, probs := source.Parse(name, data, source.DefaultLimits)
	if len(probs) > 0 {
		root = sketch(name, data)
	}
	return Unfinished(root)
}

// isConfigName tells the configuration file by its base name.
func isConfigName(name string) bool {
	return slices.Contains(validate.ConfigNames, filepath.Base(name))
}
