package lsp

import (
	"path/filepath"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/ours"
)

// formatting answers with what `zmission fmt` would write: one edit that
// replaces the whole text, or none when it is formatted already or is not
// a document fmt writes.
func (s *Server) formatting(uri string) (any, *rpcError) {
	d, err := s.doc(uri)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	data, path, enc := d.data, d.path, s.enc
	s.mu.Unlock()
	if path == "" {
		path = uri
	}
	// As fmt does: a document that is not a mission or a collection
	// (a workflow, a tile set) is left as it is: no edit.
	if k := ours.Classify(path, data); k != ours.Mission && k != ours.Collection {
		return []TextEdit{}, nil
	}
	out, ferr := missions.Format(data, strings.EqualFold(filepath.Ext(path), ".json"))
	if ferr != nil {
		return nil, errorf(codeRequestFailed, "cannot format: %v", ferr)
	}
	if string(out) == string(data) {
		return []TextEdit{}, nil
	}
	return []TextEdit{{Range: newText(data).whole(enc), NewText: string(out)}}, nil
}
