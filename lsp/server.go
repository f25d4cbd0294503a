// Package lsp is `zmission lsp`: a Language Server Protocol server on
// standard input and output. It checks the editor's buffers with the same
// lint pipeline as the command line (lint.Bytes, the configuration the CLI
// finds), and answers hover, completion, code actions, formatting and go to
// definition from that same analysis. It reads no file outside the
// workspace, and no message, however malformed or large, stops it.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
)

// Options configure a server.
type Options struct {
	// MaxSize is the largest document checked, in bytes (--max-size).
	MaxSize int64
	// Debounce is how long the server waits after a change for the next
	// one before it checks the buffer.
	Debounce time.Duration
	// Root is the workspace when the client names none (the working folder).
	Root string
	// AllowOutside lets documents name tile sets outside the workspace.
	AllowOutside bool
	// Version is what serverInfo says.
	Version string
}

// DefaultDebounce: long enough to take a burst of changes as one, short
// enough that the 20 ms budget for a typical mission holds.
const DefaultDebounce = 8 * time.Millisecond

// Server is one connection.
type Server struct {
	opt Options
	in  *reader
	out *writer

	mu          sync.Mutex
	root        string // absolute, symbolic links resolved
	enc         encoding
	initialized bool
	shutdown    bool
	docs        map[string]*document
	dirty       map[string]bool
	timer       *time.Timer
	kick        chan struct{}
	configs     configCache
	watchDyn    bool            // the client registers watched files when asked
	nextReq     int             // the id of the server's last request to the client
	published   map[string]bool // documents with diagnostics on the client
}

// document is one open buffer.
type document struct {
	uri     string
	path    string // absolute; "" when the URI names no file
	version int
	data    []byte
	// the last analysis of this version, when there is one
	res     *lint.Result
	resVer  int
	resData []byte
	uses    []string // the files its last check read (tile set, collection)
}

// New makes a server reading from in and writing to out.
func New(in io.Reader, out io.Writer, o Options) *Server {
	if o.MaxSize <= 0 {
		o.MaxSize = source.DefaultLimits.MaxBytes
	}
	if o.Debounce < 0 {
		o.Debounce = 0
	}
	// A message holds a whole document, escaped as JSON (at worst six
	// bytes a character for control characters; two for the common quote
	// and backslash), plus its envelope.
	maxBody := 2*o.MaxSize + 1<<20
	return &Server{opt: o, in: newReader(in, maxBody), out: &writer{w: out}, docs: map[string]*document{},
		dirty: map[string]bool{}, kick: make(chan struct{}, 1), published: map[string]bool{}}
}

// ErrExit ends Run after an exit notification that came without shutdown.
var ErrExit = errors.New("exit before shutdown")

// Run serves until the client sends exit or closes the input. It returns
// nil after shutdown and exit, ErrExit after exit alone, and the input's
// error (io.EOF included) when it ends first.
func (s *Server) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	go func() { defer close(done); s.worker(ctx) }()
	defer func() { cancel(); <-done }()
	for {
		m, err := s.in.read()
		var bf *badFrame
		if errors.As(err, &bf) {
			id := json.RawMessage("null")
			if m != nil && len(m.ID) > 0 {
				id = m.ID
			}
			s.out.write(&message{ID: id, Error: bf.rpcError})
			continue
		}
		if err != nil {
			return err
		}
		if m.Method == "exit" {
			s.mu.Lock()
			down := s.shutdown
			s.mu.Unlock()
			if down {
				return nil
			}
			return ErrExit
		}
		s.handle(m)
	}
}

// handle answers one message; a panic in a handler is a bug, answered as an
// internal error, and the server goes on.
func (s *Server) handle(m *message) {
	defer func() {
		if r := recover(); r != nil {
			s.logf(1, "internal error in %s: %v\n%s", m.Method, r, debug.Stack())
			if m.isRequest() {
				s.out.write(&message{ID: m.ID, Error: errorf(codeInternalError, "internal error: %v", r)})
			}
		}
	}()
	if m.Method == "" {
		return // a response to a request of ours: nothing waits for it
	}
	result, err := s.dispatch(m)
	if !m.isRequest() {
		if err != nil && err.Code != codeMethodNotFound {
			s.logf(2, "%s: %s", m.Method, err.Message)
		}
		return
	}
	if err != nil {
		s.out.write(&message{ID: m.ID, Error: err})
		return
	}
	s.out.write(&message{ID: m.ID, Result: mustJSON(result)})
}

func (s *Server) dispatch(m *message) (any, *rpcError) {
	s.mu.Lock()
	ready, down := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case m.Method == "initialize":
		if ready {
			return nil, errorf(codeInvalidRequest, "initialize was already sent")
		}
		return s.initialize(m.Params)
	case !ready:
		if m.isRequest() {
			return nil, errorf(codeNotInitialized, "the server is not initialized")
		}
		return nil, nil
	case down && m.isRequest():
		return nil, errorf(codeInvalidRequest, "the server is shut down")
	}
	switch m.Method {
	case "initialized":
		s.registerWatchers()
		return nil, nil
	case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave":
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return nil, s.open(p.TextDocument)
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return nil, s.change(p)
	case "textDocument/didClose":
		var p didCloseParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		s.close(p.TextDocument.URI)
		return nil, nil
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		s.watched(p)
		return nil, nil
	case "textDocument/formatting":
		var p documentParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.formatting(p.TextDocument.URI)
	case "textDocument/hover":
		var p positionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.hover(p)
	case "textDocument/completion":
		var p positionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.completion(p)
	case "textDocument/codeAction":
		var p codeActionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p)
	case "textDocument/documentSymbol":
		var p documentParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.documentSymbols(p.TextDocument.URI)
	case "textDocument/foldingRange":
		var p documentParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.foldingRanges(p.TextDocument.URI)
	case "textDocument/references":
		var p referenceParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.references(p)
	case "textDocument/prepareRename":
		var p positionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.prepareRename(p)
	case "textDocument/rename":
		var p renameParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.rename(p)
	case "textDocument/definition":
		var p positionParams
		if err := decode(m.Params, &p); err != nil {
			return nil, err
		}
		return s.definition(p)
	}
	if m.isRequest() {
		return nil, errorf(codeMethodNotFound, "no method %s", m.Method)
	}
	return nil, errorf(codeMethodNotFound, "")
}

func decode(raw json.RawMessage, v any) *rpcError {
	if len(raw) == 0 {
		return errorf(codeInvalidParams, "no params")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return errorf(codeInvalidParams, "bad params: %v", err)
	}
	return nil
}

func (s *Server) initialize(raw json.RawMessage) (any, *rpcError) {
	var p initializeParams
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, errorf(codeInvalidParams, "bad params: %v", err)
		}
	}
	root := s.opt.Root
	for _, u := range append([]string{firstFolder(p.WorkspaceFolders)}, p.RootURI) {
		if path, ok := filePath(u); ok {
			root = path
			break
		}
	}
	if root == "" && p.RootPath != "" {
		root = p.RootPath
	}
	if root == "" {
		root, _ = os.Getwd()
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, errorf(codeInvalidParams, "the workspace %q: %v", root, err)
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	s.mu.Lock()
	s.root = root
	s.enc = chooseEncoding(p.Capabilities.General.PositionEncodings)
	s.watchDyn = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.initialized = true
	enc := s.enc.String()
	s.mu.Unlock()
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding":           enc,
			"textDocumentSync":           map[string]any{"openClose": true, "change": 1, "save": false},
			"hoverProvider":              true,
			"completionProvider":         map[string]any{"triggerCharacters": []string{":", " ", "[", ","}},
			"codeActionProvider":         map[string]any{"codeActionKinds": []string{"quickfix"}},
			"documentFormattingProvider": true,
			"definitionProvider":         true,
			"documentSymbolProvider":     true,
			"foldingRangeProvider":       true,
			"referencesProvider":         true,
			"renameProvider":             map[string]any{"prepareProvider": true},
		},
		"serverInfo": map[string]any{"name": "zmission", "version": s.opt.Version},
	}, nil
}

func firstFolder(fs []struct {
	URI string `json:"uri"`
}) string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].URI
}

// filePath is the path a file: URI names.
func filePath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	return filepath.FromSlash(u.Path), true
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// pathOf is the absolute path of a file: URI inside the workspace; ok is
// false for any other (no file, or outside the workspace).
func (s *Server) pathOf(uri string) (string, bool) {
	p, ok := filePath(uri)
	if !ok {
		return "", false
	}
	p = filepath.Clean(p)
	s.mu.Lock()
	root := s.root
	s.mu.Unlock()
	return p, inside(p, root)
}

// inside tells whether path lies in root, symbolic links followed as far as
// they exist (a file not yet saved has none of its own).
func inside(path, root string) bool {
	if !filepath.IsAbs(path) {
		return false
	}
	real := path
	for dir, rest := path, ""; ; {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			real = filepath.Join(r, rest)
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
	rel, err := filepath.Rel(root, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// doc returns the open document of a request, or the error to answer.
func (s *Server) doc(uri string) (*document, *rpcError) {
	if _, ok := filePath(uri); ok {
		if _, in := s.pathOf(uri); !in {
			return nil, errorf(codeInvalidParams, "%s is outside the workspace", uri)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		return nil, errorf(codeInvalidParams, "%s is not open", uri)
	}
	if int64(len(d.data)) > s.opt.MaxSize {
		return nil, errorf(codeRequestFailed, "%s is %d bytes, over the limit of %d (--max-size)", uri, len(d.data), s.opt.MaxSize)
	}
	return d, nil
}

func (s *Server) open(item textDocumentItem) *rpcError {
	path, in := s.pathOf(item.URI)
	if _, isFile := filePath(item.URI); isFile && !in {
		s.logf(2, "%s is outside the workspace: not checked", item.URI)
		return errorf(codeInvalidParams, "%s is outside the workspace", item.URI)
	}
	s.mu.Lock()
	s.docs[item.URI] = &document{uri: item.URI, path: path, version: item.Version, data: []byte(item.Text), resVer: -1}
	s.mu.Unlock()
	s.schedule(item.URI)
	return nil
}

func (s *Server) change(p didChangeParams) *rpcError {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return errorf(codeInvalidParams, "%s is not open", p.TextDocument.URI)
	}
	data := d.data
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			data = []byte(c.Text)
			continue
		}
		// A client that sends ranges though full sync was offered.
		t := newText(data)
		a, ok1 := t.offset(c.Range.Start, s.enc)
		b, ok2 := t.offset(c.Range.End, s.enc)
		if !ok1 || !ok2 || b < a {
			s.mu.Unlock()
			return errorf(codeInvalidParams, "a change with a range that lies nowhere")
		}
		data = append(append(append([]byte{}, data[:a]...), c.Text...), data[b:]...)
	}
	d.data, d.version = data, p.TextDocument.Version
	path := d.path
	s.mu.Unlock()
	s.schedule(p.TextDocument.URI)
	switch {
	case path != "" && isConfigName(path):
		s.recheckAll(path)
	case path != "":
		s.recheckUsers(path)
	}
	return nil
}

func (s *Server) close(uri string) {
	s.mu.Lock()
	d := s.docs[uri]
	delete(s.docs, uri)
	delete(s.dirty, uri)
	had := s.published[uri]
	delete(s.published, uri)
	s.mu.Unlock()
	if had {
		s.publish(uri, nil, nil)
	}
	switch {
	case d != nil && d.path != "" && isConfigName(d.path):
		s.recheckAll(d.path) // they read the disk's copy again
	case d != nil && d.path != "":
		s.recheckUsers(d.path)
	}
}

// logf sends a window/logMessage (1 error, 2 warning, 3 info, 4 log).
func (s *Server) logf(typ int, format string, args ...any) {
	s.out.write(&message{Method: "window/logMessage", Params: mustJSON(logMessageParams{Type: typ, Message: fmt.Sprintf(format, args...)})})
}
