// Package ours says which files zmission owns (a mission of any of the five games, a tile set,
// a colony collection, a .zmission.yaml configuration) and which folders a walk passes over.
//
// A mission repository also holds workflows, package.json, playbooks and
// the site zmission built. Every door (validate, fmt, site, watch, the
// language server, the editor's Open) asks this package, so that they all
// agree on what is checked, formatted or published and what is left alone.
// A file is claimed by its content, never by its folder or extension alone.
package ours

import (
	"path/filepath"
	"slices"

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

// missionKeys are keys only a mission has at its top: box files, CI
// settings and package manifests have a name, a title or tokens, never
// these. A ruleset: naming one of zmission's games claims a file too, unless
// the file has a name: (a box file, built in, has both).
var missionKeys = []string{"format", "id", "tiles", "objectives", "briefing"}

// Classify says what data, read from the file name, is. It parses the
// document under the default limits; a document that does not parse (a
// syntax error, a second YAML document, a file over the size limit) is
// judged by the top-level keys it shows (see sketch.go), so a
// half-written mission stays a mission with its error, and an empty,
// comment-only or foreign file is None.
func Classify(name string, data []byte) Kind {
	if isConfigName(name) {
		return Config
	}
	root, probs := source.Parse(name, data, source.Limits{})
	if len(probs) > 0 {
		root = sketch(name, data)
	}
	return ClassifyNode(name, root)
}

// ClassifyNode is Classify on a document already parsed; root may be nil
// (nothing could be read: None).
func ClassifyNode(name string, root *source.Node) Kind {
	if isConfigName(name) {
		return Config
	}
	if root == nil || root.Kind != source.Object {
		return None
	}
	if root.Field("faces") != nil && root.Field("ruleset") == nil {
		return Tileset
	}
	ruleset := root.Field("ruleset").Str()
	if g, ok := rules.LookupModel(ruleset).(rules.CompanionGame); ok {
		if _, _, ok := g.Companion(root); ok {
			return Collection
		}
	}
	for _, k := range missionKeys {
		if root.Field(k) != nil {
			return Mission
		}
	}
	// A box file has a ruleset too, but names itself (a mission has an id).
	if rules.KindOf(ruleset) != "" && root.Field("name") == nil {
		return Mission
	}
	return None
}

// isConfigName tells the configuration file by its base name.
func isConfigName(name string) bool {
	return slices.Contains(validate.ConfigNames, filepath.Base(name))
}
