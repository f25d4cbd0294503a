package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/source"
)

// References and rename follow the names a document declares and others
// use: a facility's slot and corridor numbers (within the mission), a tile
// set's face ids and zone labels (the tile-set file and the open missions
// that use it) and a colony collection's Location ids (the collection file
// and the open scenarios that name it). A name is renamed everywhere it
// stands or not at all; anything else — a built-in set's face, a base
// Location, a key of the format — is refused with the reason.

// name is one renameable name.
type name struct {
	kind  string // slot, corridor, face, zone, location
	value string
	face  string // a zone's face
	file  string // the tile set or collection declaring it; "" within one document
	doc   string // the document of a slot or corridor
}

// occurrence is where a name stands: a byte range of one file's text.
type occurrence struct {
	uri        string
	text       *text
	start, end int
	decl       bool
}

var (
	idRe       = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$`)
	locationRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
)

// refusal is the answer when nothing at the cursor can be renamed.
func refusal(format string, args ...any) *rpcError {
	return errorf(codeRequestFailed, format, args...)
}

// nameAt finds the name at a position of an open document, and the byte
// range of it under the cursor.
func (s *Server) nameAt(p positionParams) (name, *tree, int, int, encoding, *rpcError) {
	t, enc, err := s.treeOf(p.TextDocument.URI)
	if err != nil {
		return name{}, nil, 0, 0, 0, err
	}
	off, ok := t.text.offset(p.Position, enc)
	if !ok {
		return name{}, nil, 0, 0, 0, errorf(codeInvalidParams, "a position that lies nowhere")
	}
	if t.root == nil || t.root.Kind != source.Object {
		return name{}, nil, 0, 0, 0, refusal("the document does not read as YAML or JSON: fix it first")
	}
	sp := &spanner{data: t.data, root: t.root, lines: t.lines, text: t.text}
	pl, ok := sp.at(off)
	if !ok || len(pl.path) == 0 {
		return name{}, nil, 0, 0, 0, refusal("no name to rename here")
	}
	var path string
	s.mu.Lock()
	if d := s.docs[p.TextDocument.URI]; d != nil {
		path = d.path
	}
	s.mu.Unlock()
	a, b := t.span(pl.pointer(), pl.key)
	if a, b, ok = inner(t.data, a, b); !ok {
		return name{}, nil, 0, 0, 0, refusal("this value is written with escapes: rename it by hand")
	}
	word := string(t.data[a:b])
	ps := pl.path
	last := ps[len(ps)-1]
	match := func(pattern ...string) bool {
		if len(pattern) != len(ps) {
			return false
		}
		for i, x := range pattern {
			if x != "*" && x != "#" && x != ps[i] || x == "#" && atoiOr(ps[i]) < 0 {
				return false
			}
		}
		return true
	}
	switch schemaNameFor(path, t.data) {
	case "tileset":
		switch {
		case pl.key && match("faces", "*"):
			return name{kind: "face", value: last, file: path}, t, a, b, enc, nil
		case !pl.key && match("tiles", "#", "#"):
			return name{kind: "face", value: word, file: path}, t, a, b, enc, nil
		case pl.key && match("faces", "*", "zones", "*"):
			return name{kind: "zone", face: ps[1], value: last, file: path}, t, a, b, enc, nil
		case !pl.key && match("faces", "*", "grid", "#"):
			if wa, wb := wordAround(t.data, a, b, off); wb > wa {
				return name{kind: "zone", face: ps[1], value: string(t.data[wa:wb]), file: path}, t, wa, wb, enc, nil
			}
		}
	case "facility":
		switch {
		case pl.key:
		case match("slots", "#", "id"), match("rooms", "#", "slot"), match("corridors", "#", "between", "#"), match("corridors", "#", "door_at"), match("tokens", "#", "slot"):
			return name{kind: "slot", value: word, doc: p.TextDocument.URI}, t, a, b, enc, nil
		case match("corridors", "#", "id"), match("tokens", "#", "corridor"):
			return name{kind: "corridor", value: word, doc: p.TextDocument.URI}, t, a, b, enc, nil
		}
	case "colony-collection":
		if pl.key && match("locations", "*") {
			if slices.Contains(colony.BaseLocationIDs(), last) {
				return name{}, nil, 0, 0, 0, refusal("%s is a base Location: the game knows it by this id", last)
			}
			return name{kind: "location", value: last, file: path}, t, a, b, enc, nil
		}
	case "colony":
		if !pl.key && (match("locations", "#") || last == "at" || last == "location") {
			if slices.Contains(colony.BaseLocationIDs(), word) {
				return name{}, nil, 0, 0, 0, refusal("%s is a base Location: the game knows it by this id", word)
			}
			for _, f := range s.collectionFiles(path, t.root) {
				if ct := s.readTree(f); ct != nil && ct.root != nil && ct.root.Field("locations") != nil && ct.root.Field("locations").Field(word) != nil {
					return name{kind: "location", value: word, file: f}, t, a, b, enc, nil
				}
			}
			return name{}, nil, 0, 0, 0, refusal("%s is not a Location of a collection file in the workspace", word)
		}
	default: // a board game's mission
		file := s.tilesetFile(path, t.root)
		isFace := !pl.key && match("tiles", "#", "face")
		isIn := !pl.key && match("tokens", "#", "in")
		if !isFace && !isIn {
			break
		}
		if file == "" {
			return name{}, nil, 0, 0, 0, refusal("the faces of a built-in tile set cannot be renamed")
		}
		if isFace {
			return name{kind: "face", value: word, file: file}, t, a, b, enc, nil
		}
		slash := strings.IndexByte(word, '/')
		if slash < 0 {
			break
		}
		if off <= a+slash {
			return name{kind: "face", value: word[:slash], file: file}, t, a, a + slash, enc, nil
		}
		return name{kind: "zone", face: word[:slash], value: word[slash+1:], file: file}, t, a + slash + 1, b, enc, nil
	}
	return name{}, nil, 0, 0, 0, refusal("no name to rename here: a facility's slot or corridor, a tile set's face or zone label, or a collection's Location")
}

// inner is a scalar's range without its quotes; ok is false when the text
// there is not the value as written (escapes, a folded string).
func inner(data []byte, a, b int) (int, int, bool) {
	if b-a >= 2 && (data[a] == '"' || data[a] == '\'') && data[b-1] == data[a] {
		a, b = a+1, b-1
	}
	for _, c := range data[a:b] {
		if c == '\\' || c == '"' || c == '\'' || c == '\n' || c == '\r' {
			return a, b, false
		}
	}
	return a, b, true
}

// wordAround is the space-separated word of data[a:b] that covers off.
func wordAround(data []byte, a, b, off int) (int, int) {
	for i := a; i < b; {
		for i < b && data[i] == ' ' {
			i++
		}
		j := i
		for j < b && data[j] != ' ' {
			j++
		}
		if i <= off && off <= j {
			return i, j
		}
		i = j
	}
	return 0, 0
}

// tilesetFile is the tile-set file a mission names (absolute), or "" for a
// built-in set.
func (s *Server) tilesetFile(path string, root *source.Node) string {
	v := root.Field("tileset").Str()
	if v == "" || !strings.ContainsAny(v, `/\.`) || path == "" {
		return ""
	}
	return s.relFile(path, v)
}

// collectionFiles are the collection files a scenario names.
func (s *Server) collectionFiles(path string, root *source.Node) []string {
	c := root.Field("collection")
	if c == nil || path == "" {
		return nil
	}
	var out []string
	add := func(n *source.Node) {
		if n.Kind == source.String {
			if f := s.relFile(path, n.Text); f != "" {
				out = append(out, f)
			}
		}
	}
	add(c)
	for _, it := range c.Items {
		add(it)
	}
	return out
}

// relFile is the file a document names relative to its folder, when it is
// inside the workspace.
func (s *Server) relFile(doc, rel string) string {
	f := rel
	if !filepath.IsAbs(f) {
		f = filepath.Join(filepath.Dir(doc), rel)
	}
	f = filepath.Clean(f)
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	if !inside(f, root) {
		return ""
	}
	return f
}

// readTree reads a workspace file: its buffer when open, else the disk.
func (s *Server) readTree(path string) *tree {
	data, ok := s.buffer(path)
	if !ok {
		st, err := os.Stat(path)
		if err != nil || !st.Mode().IsRegular() || st.Size() > s.opt.MaxSize {
			return nil
		}
		if data, err = os.ReadFile(path); err != nil {
			return nil
		}
	}
	return parseTree(path, data, s.opt.MaxSize)
}

// occurrences finds every place the name stands.
func (s *Server) occurrences(n name) ([]occurrence, *rpcError) {
	var out []occurrence
	add := func(uri string, t *tree, ptr string, key bool, part func(a, b int) (int, int, bool), decl bool) {
		a, b := t.span(ptr, key)
		a, b, ok := inner(t.data, a, b)
		if !ok {
			return
		}
		if part != nil {
			if a, b, ok = part(a, b); !ok {
				return
			}
		}
		out = append(out, occurrence{uri: uri, text: t.text, start: a, end: b, decl: decl})
	}
	// the parts of a FACE/label value
	facePart := func(t *tree) func(a, b int) (int, int, bool) {
		return func(a, b int) (int, int, bool) {
			i := strings.IndexByte(string(t.data[a:b]), '/')
			return a, a + i, i >= 0 && string(t.data[a:a+i]) == n.value
		}
	}
	labelPart := func(t *tree) func(a, b int) (int, int, bool) {
		return func(a, b int) (int, int, bool) {
			v := string(t.data[a:b])
			i := strings.IndexByte(v, '/')
			return a + i + 1, b, i >= 0 && v[:i] == n.face && v[i+1:] == n.value
		}
	}
	switch n.kind {
	case "slot", "corridor":
		t, _, err := s.treeOf(n.doc)
		if err != nil {
			return nil, err
		}
		if t.root == nil {
			return nil, refusal("the document does not read as YAML or JSON: fix it first")
		}
		eq := func(x *source.Node) bool { return x != nil && x.Kind == source.Number && x.Text == n.value }
		list := func(k string) []*source.Node { return items(t.root.Field(k)) }
		if n.kind == "slot" {
			for i, it := range list("slots") {
				if eq(it.Field("id")) {
					add(n.doc, t, fmt.Sprintf("/slots/%d/id", i), false, nil, true)
				}
			}
			for i, it := range list("rooms") {
				if eq(it.Field("slot")) {
					add(n.doc, t, fmt.Sprintf("/rooms/%d/slot", i), false, nil, false)
				}
			}
			for i, it := range list("corridors") {
				for j, x := range items(it.Field("between")) {
					if eq(x) {
						add(n.doc, t, fmt.Sprintf("/corridors/%d/between/%d", i, j), false, nil, false)
					}
				}
				if eq(it.Field("door_at")) {
					add(n.doc, t, fmt.Sprintf("/corridors/%d/door_at", i), false, nil, false)
				}
			}
			for i, it := range list("tokens") {
				if eq(it.Field("slot")) {
					add(n.doc, t, fmt.Sprintf("/tokens/%d/slot", i), false, nil, false)
				}
			}
		} else {
			for i, it := range list("corridors") {
				if eq(it.Field("id")) {
					add(n.doc, t, fmt.Sprintf("/corridors/%d/id", i), false, nil, true)
				}
			}
			for i, it := range list("tokens") {
				if eq(it.Field("corridor")) {
					add(n.doc, t, fmt.Sprintf("/tokens/%d/corridor", i), false, nil, false)
				}
			}
		}
		return out, nil
	}
	// a name a file declares: the file first, then the open documents that use it
	ft := s.readTree(n.file)
	if ft == nil || ft.root == nil {
		return nil, refusal("%s cannot be read or does not parse: fix it first", nameOf(n.file))
	}
	furi := fileURI(n.file)
	switch n.kind {
	case "face":
		if ft.root.Field("faces").Field(n.value) != nil {
			add(furi, ft, "/faces/"+escape(n.value), true, nil, true)
		}
		for i, tile := range items(ft.root.Field("tiles")) {
			for j, f := range items(tile) {
				if f.Kind == source.String && f.Text == n.value {
					add(furi, ft, fmt.Sprintf("/tiles/%d/%d", i, j), false, nil, false)
				}
			}
		}
	case "zone":
		face := ft.root.Field("faces").Field(n.face)
		if face.Field("zones").Field(n.value) != nil {
			add(furi, ft, "/faces/"+escape(n.face)+"/zones/"+escape(n.value), true, nil, true)
		}
		for i, row := range items(face.Field("grid")) {
			a, b := ft.span(fmt.Sprintf("/faces/%s/grid/%d", escape(n.face), i), false)
			a, b, ok := inner(ft.data, a, b)
			for j := a; ok && j < b; {
				for j < b && ft.data[j] == ' ' {
					j++
				}
				k := j
				for k < b && ft.data[k] != ' ' {
					k++
				}
				if k > j && string(ft.data[j:k]) == n.value {
					out = append(out, occurrence{uri: furi, text: ft.text, start: j, end: k})
				}
				j = k
			}
			_ = row
		}
	case "location":
		if ft.root.Field("locations").Field(n.value) != nil {
			add(furi, ft, "/locations/"+escape(n.value), true, nil, true)
		}
	}
	for _, u := range s.openUsers(n.file) {
		t, _, err := s.treeOf(u)
		if err != nil || t.root == nil {
			continue
		}
		switch n.kind {
		case "face", "zone":
			for i, it := range items(t.root.Field("tiles")) {
				if f := it.Field("face"); n.kind == "face" && f != nil && f.Kind == source.String && f.Text == n.value {
					add(u, t, fmt.Sprintf("/tiles/%d/face", i), false, nil, false)
				}
			}
			for i, it := range items(t.root.Field("tokens")) {
				if in := it.Field("in"); in != nil && in.Kind == source.String {
					part := labelPart(t)
					if n.kind == "face" {
						part = facePart(t)
					}
					add(u, t, fmt.Sprintf("/tokens/%d/in", i), false, part, false)
				}
			}
		case "location":
			var walk func(x *source.Node, ptr string, key string)
			walk = func(x *source.Node, ptr string, key string) {
				if x.Kind == source.String && x.Text == n.value && (key == "at" || key == "location" || strings.HasPrefix(ptr, "/locations/") && strings.Count(ptr, "/") == 2) {
					add(u, t, ptr, false, nil, false)
				}
				for i, it := range x.Items {
					walk(it, ptr+"/"+itoa(i), key)
				}
				for i, f := range x.Fields {
					if x == t.root && x.Keys[i] == "collection" {
						continue
					}
					walk(f, ptr+"/"+escape(x.Keys[i]), x.Keys[i])
				}
			}
			walk(t.root, "", "")
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].uri != out[j].uri {
			return out[i].uri == furi || out[j].uri != furi && out[i].uri < out[j].uri
		}
		return out[i].start < out[j].start
	})
	return out, nil
}

// openUsers are the open documents (not the file itself) whose tile set
// or collection is file.
func (s *Server) openUsers(file string) []string {
	s.mu.Lock()
	type od struct{ uri, path string }
	var docs []od
	for u, d := range s.docs {
		if d.path != "" && d.path != file {
			docs = append(docs, od{u, d.path})
		}
	}
	s.mu.Unlock()
	var out []string
	for _, d := range docs {
		t, _, err := s.treeOf(d.uri)
		if err != nil || t.root == nil || t.root.Kind != source.Object {
			continue
		}
		if s.tilesetFile(d.path, t.root) == file || slices.Contains(s.collectionFiles(d.path, t.root), file) {
			out = append(out, d.uri)
		}
	}
	sort.Strings(out)
	return out
}

func (s *Server) references(p referenceParams) (any, *rpcError) {
	n, _, _, _, _, err := s.nameAt(p.positionParams)
	if err != nil {
		if err.Code == codeRequestFailed {
			return []Location{}, nil // nothing to follow here
		}
		return nil, err
	}
	occ, err := s.occurrences(n)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	out := []Location{}
	for _, o := range occ {
		if o.decl && !p.Context.IncludeDeclaration {
			continue
		}
		out = append(out, Location{URI: o.uri, Range: o.text.rangeOf(o.start, o.end, enc)})
	}
	return out, nil
}

func (s *Server) prepareRename(p positionParams) (any, *rpcError) {
	n, t, a, b, enc, err := s.nameAt(p)
	if err != nil {
		return nil, err
	}
	if _, err := s.occurrences(n); err != nil {
		return nil, err
	}
	return map[string]any{"range": t.text.rangeOf(a, b, enc), "placeholder": n.value}, nil
}

func (s *Server) rename(p renameParams) (any, *rpcError) {
	n, _, _, _, _, err := s.nameAt(p.positionParams)
	if err != nil {
		return nil, err
	}
	occ, err := s.occurrences(n)
	if err != nil {
		return nil, err
	}
	if err := s.checkNewName(n, p.NewName, occ); err != nil {
		return nil, err
	}
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	edit := WorkspaceEdit{Changes: map[string][]TextEdit{}}
	for _, o := range occ {
		edit.Changes[o.uri] = append(edit.Changes[o.uri], TextEdit{Range: o.text.rangeOf(o.start, o.end, enc), NewText: p.NewName})
	}
	return edit, nil
}

// checkNewName refuses a new name the format does not allow, or one that
// is taken: the renamed documents must mean what they meant.
func (s *Server) checkNewName(n name, newName string, occ []occurrence) *rpcError {
	if newName == n.value {
		return nil
	}
	taken := false
	switch n.kind {
	case "slot", "corridor":
		v, err := strconv.Atoi(newName)
		if err != nil || v < 1 || v > 9999 || strconv.Itoa(v) != newName {
			return refusal("a %s number is a whole number from 1 to 9999, not %q", n.kind, newName)
		}
		t, _, rerr := s.treeOf(n.doc)
		if rerr != nil {
			return rerr
		}
		if t.root == nil {
			return refusal("the document does not read as YAML or JSON: fix it first")
		}
		list, key := "slots", "id"
		if n.kind == "corridor" {
			list = "corridors"
		}
		for _, it := range items(t.root.Field(list)) {
			if f := it.Field(key); f != nil && f.Text == newName {
				taken = true
			}
		}
	case "face", "zone":
		if !idRe.MatchString(newName) {
			return refusal("a face id or zone label is 1 to 16 letters, digits, '_' or '-', starting with a letter or digit: not %q", newName)
		}
		ft := s.readTree(n.file)
		if ft == nil {
			return refusal("%s cannot be read", nameOf(n.file))
		}
		faces := ft.root.Field("faces")
		if n.kind == "face" {
			taken = faces.Field(newName) != nil
		} else {
			taken = faces.Field(n.face).Field("zones").Field(newName) != nil
		}
	case "location":
		if !locationRe.MatchString(newName) {
			return refusal("a Location id is lower-case letters, digits and dashes: not %q", newName)
		}
		if slices.Contains(colony.BaseLocationIDs(), newName) {
			return refusal("%s is a base Location's id", newName)
		}
		ft := s.readTree(n.file)
		if ft == nil {
			return refusal("%s cannot be read", nameOf(n.file))
		}
		taken = ft.root.Field("locations").Field(newName) != nil
	}
	if taken {
		return refusal("%s is taken already: the two would become one", newName)
	}
	return nil
}

// items are a list's items; none for anything else, nil included.
func items(n *source.Node) []*source.Node {
	if n == nil || n.Kind != source.Array {
		return nil
	}
	return n.Items
}
