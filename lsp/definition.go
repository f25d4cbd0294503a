package lsp

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/zmission/zmission/source"
)

// Go to definition leads from a tileset: value to the tile-set file, from
// a face: value to that face in it, and from a collection: value to the
// collection file; never to a file outside the workspace.

func (s *Server) definition(p positionParams) (any, *rpcError) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	res, data := s.result(d)
	s.mu.Lock()
	enc, path, root := s.enc, d.path, s.root
	s.mu.Unlock()
	sp := newSpanner(data, res)
	off, ok := sp.text.offset(p.Position, enc)
	if !ok {
		return nil, errorf(codeInvalidParams, "a position that lies nowhere")
	}
	pl, ok := sp.at(off)
	if !ok || len(pl.path) == 0 || pl.node.Kind != source.String || path == "" {
		return nil, nil
	}
	top := map[string]string{}
	for _, m := range topRe().FindAllSubmatch(data, -1) {
		top[string(m[1])] = string(m[2])
	}
	last := pl.path[len(pl.path)-1]
	var file, face string
	switch {
	case len(pl.path) == 1 && last == "tileset":
		file = pl.node.Text
	case last == "face" && pl.path[0] == "tiles":
		file, face = top["tileset"], pl.node.Text
	case last == "collection":
		file = pl.node.Text
	default:
		return nil, nil
	}
	if !strings.ContainsAny(file, `/\.`) {
		return nil, nil // a built-in set: no file to open
	}
	target := file
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(path), file)
	}
	target = filepath.Clean(target)
	if !inside(target, root) {
		return nil, errorf(codeInvalidParams, "%s is outside the workspace", file)
	}
	loc := Location{URI: fileURI(target)}
	if face == "" {
		return loc, nil
	}
	// the face's place in the tile-set file: its buffer, else the disk
	text, open := s.buffer(target)
	if !open {
		st, err := os.Stat(target)
		if err != nil || !st.Mode().IsRegular() || st.Size() > s.opt.MaxSize {
			return loc, nil
		}
		if text, err = os.ReadFile(target); err != nil {
			return loc, nil
		}
	}
	troot, probs := source.Parse(target, text, source.DefaultLimits)
	if len(probs) > 0 {
		return loc, nil
	}
	lines := source.NewLines(text)
	ptr := "/faces/" + escape(face)
	if troot.Lookup(ptr) == nil {
		return loc, nil
	}
	a, b := lines.Span(troot, ptr, true)
	loc.Range = newText(text).rangeOf(lines.Offset(a), lines.Offset(b), enc)
	return loc, nil
}
