package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
)

// Completion offers the values a key takes, from what the document can
// see: the faces of its tile set, the zone labels of its faces, its boxes,
// the facility's room catalogue, the colony's Locations, and every enum
// the game's schema declares for a key of that name (rulesets, token types
// and colours, door states…). Keys themselves are left to the schema the
// editor already has.

var (
	valueRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[{,\s])([A-Za-z_][\w-]*)["']?\s*:\s*(?:\[\s*(?:[^\[\]{}]*,\s*)?)?["']?([^\s,\[\]{}:"']*)$`)
	})
	itemRe   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*)-\s+([^\s,\[\]{}:]*)$`) })
	parentRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\s*)(?:-\s+)?([\w-]+):\s*(?:#.*)?$`) })
	topRe    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^(ruleset|tileset):[ \t]*["']?([^\s"'#]+)`) })
)

func (s *Server) completion(p positionParams) (any, *rpcError) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	data, path, enc := d.data, d.path, s.enc
	s.mu.Unlock()
	tx := newText(data)
	off, ok := tx.offset(p.Position, enc)
	if !ok {
		return nil, errorf(codeInvalidParams, "a position that lies nowhere")
	}
	key, partial := keyAt(data, off)
	list := CompletionList{Items: []CompletionItem{}}
	name := path
	if name == "" {
		name = d.uri
	}
	if key == "" || strings.HasPrefix(strings.TrimLeft(string(data[bytes.LastIndexAny(data[:off], "\n\r")+1:off]), " "), "- ") {
		// a key, or a list item that may be a value or a mapping's first key
		if items := s.keyCompletion(name, data, off, tx, enc); len(items) > 0 || key == "" {
			if items == nil {
				items = []CompletionItem{}
			}
			list.Items = items
			if key == "" {
				return list, nil
			}
		}
	}
	res, _ := s.result(d)
	edit := tx.rangeOf(off-len(partial), off, enc)
	seen := map[string]bool{}
	cands := s.candidates(key, path, data, res)
	if isConfigName(name) {
		cands = append(configValues(key), cands...)
	}
	if len(cands) > 0 {
		list.Items = list.Items[:0] // a value of a list of values: not a key
	}
	for _, c := range cands {
		if seen[c.label] || !strings.HasPrefix(strings.ToLower(c.label), strings.ToLower(partial)) {
			continue
		}
		seen[c.label] = true
		list.Items = append(list.Items, CompletionItem{Label: c.label, Kind: 12, Detail: c.detail, // Value
			TextEdit: &TextEdit{Range: edit, NewText: c.label}, SortText: fmt.Sprintf("%04d", len(list.Items))})
	}
	return list, nil
}

// keyAt finds the key whose value the cursor is typing, and what is typed
// of it so far: "face: 1" gives face and 1; "boxes: [a, b" gives boxes
// and b; a block list item "  - b" gives the key of its list.
func keyAt(data []byte, off int) (key, partial string) {
	ls := bytes.LastIndexAny(data[:off], "\n\r") + 1
	line := string(data[ls:off])
	if i := strings.Index(line, " #"); i >= 0 {
		return "", "" // in a comment
	}
	if m := valueRe().FindStringSubmatch(line); m != nil {
		return m[1], m[2]
	}
	m := itemRe().FindStringSubmatch(line)
	if m == nil {
		return "", ""
	}
	indent := len(m[1])
	// the list's key: the nearest line above that is less indented
	for end := ls - 1; end > 0; {
		start := bytes.LastIndexAny(data[:end], "\n\r") + 1
		above := string(data[start:end])
		if strings.TrimSpace(above) != "" {
			in := len(above) - len(strings.TrimLeft(above, " "))
			if in < indent || (in == indent && !strings.HasPrefix(strings.TrimLeft(above, " "), "-")) {
				if pm := parentRe().FindStringSubmatch(above); pm != nil {
					return pm[2], m[2]
				}
				return "", ""
			}
		}
		end = start - 1
	}
	return "", ""
}

type candidate struct{ label, detail string }

func (s *Server) candidates(key, path string, data []byte, res *lint.Result) []candidate {
	top := map[string]string{}
	for _, m := range topRe().FindAllSubmatch(data, -1) {
		if _, ok := top[string(m[1])]; !ok {
			top[string(m[1])] = string(m[2])
		}
	}
	ruleset := top["ruleset"]
	var out []candidate
	switch key {
	case "face", "in":
		set := s.tilesetFor(path, top["tileset"], ruleset)
		if set == nil {
			break
		}
		for _, f := range set.Faces {
			if key == "face" {
				out = append(out, candidate{f.ID, f.Title})
				continue
			}
			labels := make([]string, 0, len(f.Zones))
			for l := range f.Zones {
				labels = append(labels, l)
			}
			sort.Strings(labels)
			for _, l := range labels {
				out = append(out, candidate{f.ID + "/" + l, f.Zones[l].Kind})
			}
		}
	case "tileset":
		for _, n := range layout.BuiltinNames() {
			out = append(out, candidate{n, "built-in tile set"})
		}
	case "boxes":
		for _, n := range rules.BoxNames(ruleset) {
			out = append(out, candidate{n, "box"})
		}
	case "room":
		if f, ok := res.Model.(*facility.Facility); ok {
			ids := make([]string, 0, len(f.Cat))
			for id := range f.Cat {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				out = append(out, candidate{id, f.Cat[id].Name + " (" + f.Cat[id].Type + ")"})
			}
		}
	case "locations", "location", "at":
		if ruleset != "colony" {
			break
		}
		if key == "at" {
			out = append(out, candidate{"colony", "the Colony"})
		}
		if sc, ok := res.Model.(*colony.Scenario); ok {
			for _, l := range sc.Locations {
				out = append(out, candidate{l.ID, l.Name})
			}
		}
		for _, id := range colony.BaseLocationIDs() {
			out = append(out, candidate{id, "base game Location"})
		}
	}
	for _, v := range enums(schemaName(path, ruleset, res))[key] {
		out = append(out, candidate{v, "schema"})
	}
	return out
}

// tilesetFor reads the tile set a mission names (or its game's default),
// through the open buffers and inside the workspace, as its check does.
func (s *Server) tilesetFor(path, name, ruleset string) *layout.TileSet {
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	if path == "" {
		path = filepath.Join(root, "untitled.yaml")
	}
	o := lint.Options{Limits: source.DefaultLimits, Root: root, AllowOutside: s.opt.AllowOutside, Open: s.buffer}
	set, err := lint.TilesetWith(path, &missions.Mission{Tileset: name, Ruleset: ruleset}, o)
	if err != nil {
		return nil
	}
	return set
}

// schemaName is the schema a document is checked against.
func schemaName(path, ruleset string, res *lint.Result) string {
	switch {
	case res != nil && res.Kind == lint.KindTileset:
		return "tileset"
	case res != nil && res.Kind == lint.KindCompanion:
		return "colony-collection"
	case strings.HasPrefix(filepath.Base(path), ".zmission."):
		return "config"
	}
	if g := rules.LookupModel(ruleset); g != nil {
		return g.Schema()
	}
	return "mission"
}

var enumCache sync.Map // schema name -> map[key][]value

// enums lists, for every property name a schema declares, the values its
// enums and consts allow there (through $ref, items and alternatives).
func enums(name string) map[string][]string {
	if v, ok := enumCache.Load(name); ok {
		return v.(map[string][]string)
	}
	out := map[string][]string{}
	src, ok := schema.Source(name)
	var doc any
	if ok && json.Unmarshal(src, &doc) == nil {
		defs := map[string]any{}
		if m, ok := doc.(map[string]any); ok {
			if d, ok := m["$defs"].(map[string]any); ok {
				defs = d
			}
		}
		var values func(v any, depth int) []string
		values = func(v any, depth int) []string {
			m, ok := v.(map[string]any)
			if !ok || depth > 8 {
				return nil
			}
			var vs []string
			if e, ok := m["enum"].([]any); ok {
				for _, x := range e {
					vs = append(vs, fmt.Sprint(x))
				}
			}
			if c, ok := m["const"]; ok {
				vs = append(vs, fmt.Sprint(c))
			}
			if r, ok := m["$ref"].(string); ok {
				vs = append(vs, values(defs[strings.TrimPrefix(r, "#/$defs/")], depth+1)...)
			}
			vs = append(vs, values(m["items"], depth+1)...)
			for _, alt := range []string{"oneOf", "anyOf"} {
				if l, ok := m[alt].([]any); ok {
					for _, x := range l {
						vs = append(vs, values(x, depth+1)...)
					}
				}
			}
			return vs
		}
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k, p := range props {
						out[k] = append(out[k], values(p, 0)...)
					}
				}
				for _, c := range x {
					walk(c)
				}
			case []any:
				for _, c := range x {
					walk(c)
				}
			}
		}
		walk(doc)
		for k, vs := range out {
			sort.Strings(vs)
			out[k] = slicesCompact(vs)
		}
	}
	enumCache.Store(name, out)
	return out
}

func slicesCompact(vs []string) []string {
	var out []string
	for i, v := range vs {
		if i == 0 || v != vs[i-1] {
			out = append(out, v)
		}
	}
	return out
}
