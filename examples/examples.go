// Package examples holds the example missions, one folder per game, and the
// templates 'zmission new' starts from. Every file here is a valid mission:
// 'zmission validate examples' must stay clean.
package examples

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed */*.yaml
var files embed.FS

// FS holds every example and template, by path ("invader/first-contact.yaml").
var FS fs.FS = files

//go:embed colony/collections/*.yaml
var companions embed.FS

// Companions holds the files examples name beside themselves (a colony
// scenario's collections), by path ("colony/collections/shelf.yaml").
var Companions fs.FS = companions

// Template returns the starting mission for a ruleset.
func Template(ruleset string) ([]byte, bool) {
	b, err := files.ReadFile("templates/" + ruleset + ".yaml")
	return b, err == nil
}

// Templates lists the rulesets that have a template, sorted.
func Templates() []string {
	ents, _ := files.ReadDir("templates")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(out)
	return out
}
