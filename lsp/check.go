package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Diagnostics come from the buffer: a change marks its document dirty and
// (re)starts a short timer; when it fires, the worker checks every dirty
// document's newest text, and a result whose version is no longer the
// newest when it is done is dropped, never published.

func (s *Server) schedule(uri string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dirty[uri] = true
	if s.opt.Debounce == 0 {
		s.fire()
		return
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(s.opt.Debounce, s.fire)
	} else {
		s.timer.Reset(s.opt.Debounce)
	}
}

func (s *Server) fire() {
	select {
	case s.kick <- struct{}{}:
	default: // a round is already due
	}
}

func (s *Server) worker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			s.mu.Lock()
			if s.timer != nil {
				s.timer.Stop()
			}
			s.mu.Unlock()
			return
		case <-s.kick:
		}
		s.mu.Lock()
		var uris []string
		for u := range s.dirty {
			uris = append(uris, u)
		}
		clear(s.dirty)
		s.mu.Unlock()
		for _, u := range uris {
			if ctx.Err() != nil {
				return
			}
			s.checkAndPublish(u)
		}
	}
}

// checkAndPublish checks one document's newest text and publishes its
// diagnostics, unless a newer version arrived meanwhile.
func (s *Server) checkAndPublish(uri string) {
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return
	}
	version, data, path := d.version, d.data, d.path
	s.mu.Unlock()
	res, uses := s.analyse(uri, path, data)
	s.mu.Lock()
	d = s.docs[uri]
	if d == nil || d.version != version || string(d.data) != string(data) {
		s.mu.Unlock()
		return // stale: the newer version has its own round coming
	}
	d.res, d.resVer, d.resData, d.uses = res, version, data, uses
	s.published[uri] = true
	enc := s.enc
	s.mu.Unlock()
	s.publish(uri, &version, s.diagnostics(uri, data, res, enc))
}

// result is the analysis of a document's current text, made now when the
// worker has not made it yet.
func (s *Server) result(d *document) (*lint.Result, []byte) {
	s.mu.Lock()
	if d.res != nil && d.resVer == d.version && string(d.resData) == string(d.data) {
		r, data := d.res, d.resData
		s.mu.Unlock()
		return r, data
	}
	uri, path, data := d.uri, d.path, d.data
	s.mu.Unlock()
	r, _ := s.analyse(uri, path, data)
	return r, data
}

// analyse lints data as the document at path (a name for a document that
// is no file), with the configuration the CLI would find for it, other
// open documents read from their buffers. uses lists the files it read.
func (s *Server) analyse(uri, path string, data []byte) (r *lint.Result, uses []string) {
	// A panic in a check is a bug; it is shown as the CLI shows it, and the
	// server goes on.
	defer func() {
		if p := recover(); p != nil {
			r = &lint.Result{File: path, Kind: lint.KindMission, Diags: []validate.Diagnostic{{File: path, Line: 1, Col: 1, Severity: validate.Error, Rule: "internal",
				Message: fmt.Sprintf("internal error: %v", p), Hint: "this is a bug in zmission; please report it with this file"}}}
		}
	}()
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	name := path
	if name == "" {
		name = filepath.Join(root, filepath.Base(strings.TrimRight(uri, "/")))
	}
	if isConfigName(name) {
		return s.analyseConfig(name, data), nil
	}
	cfg := s.configs.forFile(name, root, s.buffer)
	var mu sync.Mutex
	lim := source.DefaultLimits
	lim.MaxBytes = s.opt.MaxSize
	o := lint.Options{Limits: lim, Rules: cfg, Root: root, AllowOutside: s.opt.AllowOutside, Config: cfg,
		Open: func(abs string) ([]byte, bool) {
			mu.Lock()
			uses = append(uses, abs)
			mu.Unlock()
			return s.buffer(abs)
		}}
	r = lint.Bytes(name, data, o)
	var kind ours.Kind
	if r.Doc != nil {
		kind = ours.ClassifyNode(name, r.Doc.Root)
	} else {
		kind = ours.Classify(name, data)
	}
	if kind == ours.None && !ours.UnfinishedFile(name, data) && !cfg.IncludesFile(name) {
		// A playbook, a workflow, an empty file, a web app's manifest: not
		// ours to judge, as a folder walk of validate passes over it. A
		// mission with its format and id and no ruleset yet is one being
		// written: the editor says what it lacks.
		r.Kind, r.Diags = lint.KindOther, nil
	}
	r.Diags = cfg.Apply(r.Diags)
	return r, uses
}

// buffer is the text of the open document at abs, if there is one.
func (s *Server) buffer(abs string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		if d.path == abs {
			return d.data, true
		}
	}
	return nil, false
}

// recheckUsers schedules every open document that read the file at path
// (its tile set, its collection) in its last check.
func (s *Server) recheckUsers(path string) {
	s.mu.Lock()
	var users []string
	for u, d := range s.docs {
		for _, p := range d.uses {
			if p == path && d.path != path {
				users = append(users, u)
				break
			}
		}
	}
	s.mu.Unlock()
	for _, u := range users {
		s.schedule(u)
	}
}

func (s *Server) publish(uri string, version *int, ds []Diagnostic) {
	if ds == nil {
		ds = []Diagnostic{}
	}
	s.out.write(&message{Method: "textDocument/publishDiagnostics", Params: mustJSON(publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: ds})})
}

// configCache finds .zmission.yaml as the CLI does (from the file's folder
// upward, to the repository's root) but never outside the workspace, and
// reads it again when it changes on the disk.
type configCache struct {
	mu      sync.Mutex
	entries map[string]configEntry
}

type configEntry struct {
	size, mod int64
	cfg       *validate.Config
}

func (c *configCache) forFile(file, root string, open func(string) ([]byte, bool)) *validate.Config {
	p := validate.FindConfig(filepath.Dir(file))
	if p == "" {
		return nil
	}
	abs, err := filepath.Abs(p)
	if err != nil || !inside(abs, root) {
		return nil
	}
	if data, ok := open(abs); ok {
		cfg, _ := validate.ParseConfig(abs, data) // the editor's buffer, saved or not
		return cfg
	}
	st, err := os.Stat(p)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[p]; ok && e.size == st.Size() && e.mod == st.ModTime().UnixNano() {
		return e.cfg
	}
	cfg, _ := validate.LoadConfig(p) // its own problems show when the file itself is checked
	if c.entries == nil {
		c.entries = map[string]configEntry{}
	}
	c.entries[p] = configEntry{st.Size(), st.ModTime().UnixNano(), cfg}
	return cfg
}
