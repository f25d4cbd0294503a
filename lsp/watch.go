package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"

	"github.com/zmission/zmission/validate"
)

// Files change on the disk behind the editor (a git pull, a save from
// another program). The server asks the client to watch the files a
// mission leans on — tile sets, collections, configurations, all YAML or
// JSON — and re-checks the open documents that read a changed one.

// watchGlobs are the files the client is asked to watch.
var watchGlobs = []string{"**/*.{yaml,yml,json}", "**/.zmission.{yaml,yml}"}

// registerWatchers asks the client to send didChangeWatchedFiles, when it
// said it takes such a registration.
func (s *Server) registerWatchers() {
	s.mu.Lock()
	dyn := s.watchDyn
	s.nextReq++
	id := s.nextReq
	s.mu.Unlock()
	if !dyn {
		return // it watches nothing for us: a change shows at the next edit
	}
	var watchers []map[string]any
	for _, g := range watchGlobs {
		watchers = append(watchers, map[string]any{"globPattern": g})
	}
	params := map[string]any{"registrations": []map[string]any{{
		"id": "zmission-watched-files", "method": "workspace/didChangeWatchedFiles",
		"registerOptions": map[string]any{"watchers": watchers},
	}}}
	s.out.write(&message{ID: json.RawMessage(`"zmission-` + itoa(id) + `"`), Method: "client/registerCapability", Params: mustJSON(params)})
}

// watched re-checks what a change on the disk concerns: every open
// document when a configuration changed (it may be the one they find),
// else the open documents that read the changed file.
func (s *Server) watched(p didChangeWatchedFilesParams) {
	for _, c := range p.Changes {
		path, ok := s.pathOf(c.URI)
		if !ok {
			continue
		}
		if isConfigName(path) {
			s.recheckAll(path)
			continue
		}
		s.recheckUsers(path)
	}
}

func isConfigName(path string) bool {
	return slices.Contains(validate.ConfigNames, filepath.Base(path))
}

// recheckAll schedules every open document but the one at except.
func (s *Server) recheckAll(except string) {
	s.mu.Lock()
	var uris []string
	for u, d := range s.docs {
		if d.path != except || except == "" {
			uris = append(uris, u)
		}
	}
	s.mu.Unlock()
	for _, u := range uris {
		s.schedule(u)
	}
}
