// Package editor is `zmission edit`: a local web page, served by the
// binary, that edits one mission (or one tile-set file) by operations
// written through the formatter, with the rules checked live on the map.
//
// The file on disk is the source of truth. The server reads it, lints it,
// and answers the page with the rendered map, the findings placed on the
// board and what the palette needs; the page sends operations made against
// a version (hash) of the file, which the server applies to the YAML node
// tree and writes atomically. Undo and redo live here, not in the page, so
// they survive a reload. Changes made in another editor reach the page by
// server-sent events.
//
// The shell (server, operations, undo, issues pane, live reload) knows no
// board kind; the grid kind (tiles on a cell grid: both Zombicide games)
// brings the palette and canvas. Other kinds plug in where kindState is
// chosen.
package editor

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Options configure a Server.
type Options struct {
	// Addr is where to listen; it must be a loopback address. Default
	// 127.0.0.1:0 (any free port).
	Addr string
	// Lint options (limits, check options from configuration).
	Lint lint.Options
	// Findings adjusts the findings (configuration: severities, ignores);
	// nil keeps them as they are.
	Findings func([]validate.Diagnostic) []validate.Diagnostic
	// Stamp tells a file's state cheaply (size and modification time);
	// when it changes, the file is read again. Default: os.Stat's size and
	// time.
	Stamp func(path string) any
	// Interval is how often the files are looked at (default 250ms).
	Interval time.Duration
}

// Server edits one file.
type Server struct {
	path  string
	token string
	o     Options

	mu      sync.Mutex
	cur     *snapshot // the file as last read
	good    *snapshot // the last version whose board could be built
	hist    history
	stamps  [2]any
	subs    map[chan string]bool
	allowed map[string]bool // Host values accepted
	origins map[string]bool // Origin values accepted
	ln      net.Listener
	rev     int              // counts the snapshots taken: a tile-set change keeps the mission's version
	codes   []openCode       // one-time addresses not yet used (opencode.go)
	now     func() time.Time // the clock of the one-time addresses
	// gone counts the looks in a row that found no file; missing is set
	// at the second (an editor that saves by renaming makes the file
	// vanish for a moment, never for two looks).
	gone    int
	missing bool
	// recheck: until then the file is read at every look, stamp or not. A
	// save from another program in the same clock tick as the editor's own
	// write, of the same size, has the same stamp; its content tells.
	recheck time.Time
}

// New opens path for editing: it must be a readable mission or tile-set
// file. Nothing listens yet; see Listen.
func New(path string, o Options) (*Server, error) {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.Interval <= 0 {
		o.Interval = 250 * time.Millisecond
	}
	if o.Stamp == nil {
		o.Stamp = statStamp
	}
	if o.Lint.Limits == (source.Limits{}) {
		o.Lint.Limits = source.DefaultLimits
	}
	tok := make([]byte, 24)
	if _, err := rand.Read(tok); err != nil {
		return nil, err
	}
	s := &Server{path: path, token: hex.EncodeToString(tok), o: o, subs: map[chan string]bool{}, now: time.Now}
	first := o.Stamp(path) // before reading: a save meanwhile is seen at the first look
	snap, err := s.read()
	if err != nil {
		return nil, err
	}
	if snap.kind == lint.KindOther {
		return nil, fmt.Errorf("%s is neither a mission nor a tile set", path)
	}
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	s.stamps = s.stampNow()
	s.stamps[0] = first
	return s, nil
}

func statStamp(path string) any {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return [2]int64{st.Size(), st.ModTime().UnixNano()}
}

// Listen binds the address, which must be loopback: the editor writes the
// user's files and is never offered to the network.
func (s *Server) Listen() error {
	host, port, err := net.SplitHostPort(s.o.Addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v (use 127.0.0.1:PORT)", s.o.Addr, err)
	}
	if !loopback(host) {
		return fmt.Errorf("--addr %q: the editor listens on loopback only (127.0.0.1, ::1 or localhost)", s.o.Addr)
	}
	if host == "localhost" {
		host = "127.0.0.1"
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return err
	}
	s.ln = ln
	_, p, _ := net.SplitHostPort(ln.Addr().String())
	s.allowed = map[string]bool{}
	s.origins = map[string]bool{}
	for _, h := range []string{"127.0.0.1", "localhost", "[::1]"} {
		s.allowed[h+":"+p] = true
		s.origins["http://"+h+":"+p] = true
	}
	return nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// URL is the page's address, token included.
func (s *Server) URL() string {
	return "http://" + s.ln.Addr().String() + "/" + s.token + "/"
}

// Serve answers until ctx is done, then shuts down: open event streams are
// closed and requests in flight get a second to finish.
func (s *Server) Serve(ctx context.Context) error {
	if s.ln == nil {
		if err := s.Listen(); err != nil {
			return err
		}
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.watch(ctx)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(s.ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.closeSubs()
	sctx, stop := context.WithTimeout(context.Background(), time.Second)
	defer stop()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	return nil
}

// Handler is the whole site, behind the security checks; it answers only
// once Listen has bound the address it checks requests against.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /assets/{name}", s.asset)
	mux.HandleFunc("GET /api/state", s.getState)
	mux.HandleFunc("GET /api/svg", s.getSVG)
	mux.HandleFunc("GET /api/los", s.getLOS)
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("POST /api/op", s.postOp)
	mux.HandleFunc("POST /api/undo", s.postUndo)
	mux.HandleFunc("POST /api/redo", s.postRedo)
	return s.guard(mux)
}

// guard refuses every request that does not come from the page this
// server handed out: the Host must be this loopback address (a DNS
// rebinding attack sends another name), the path must start with the
// secret token, and a write must come from the page's own origin as JSON,
// which a cross-site form cannot send without a preflight.
func (s *Server) guard(next http.Handler) http.Handler {
	prefix := "/" + s.token
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		h.Set("Referrer-Policy", "no-referrer") // the token is in the URL
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
		if !s.allowed[r.Host] { // nil before Listen: nothing is answered
			forbid(w, "this editor answers only at its loopback address")
			return
		}
		p := r.URL.Path
		if strings.HasPrefix(p, openPrefix) {
			s.openPage(w, r)
			return
		}
		if len(p) < len(prefix) || subtle.ConstantTimeCompare([]byte(p[:len(prefix)]), []byte(prefix)) != 1 ||
			(len(p) > len(prefix) && p[len(prefix)] != '/') {
			forbid(w, "the address lacks this editor's token: open the URL zmission printed")
			return
		}
		rest := p[len(prefix):]
		if rest == "" {
			http.Redirect(w, r, prefix+"/", http.StatusFound)
			return
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
		case http.MethodPost:
			if o := r.Header.Get("Origin"); o != "" && !s.origins[o] {
				forbid(w, "writes are accepted from the editor's own page only")
				return
			}
			if sf := r.Header.Get("Sec-Fetch-Site"); sf != "" && sf != "same-origin" {
				forbid(w, "writes are accepted from the editor's own page only")
				return
			}
			if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				http.Error(w, "send JSON", http.StatusUnsupportedMediaType)
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
		default:
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		r2 := r.Clone(r.Context())
		r2.URL.Path = rest
		r2.URL.RawPath = ""
		next.ServeHTTP(w, r2)
	})
}

func forbid(w http.ResponseWriter, msg string) {
	http.Error(w, msg, http.StatusForbidden)
}

// read reads and lints the file.
func (s *Server) read() (*snapshot, error) {
	data, p := source.ReadFile(s.path, s.o.Lint.Limits)
	if p != nil {
		return nil, errors.New(p.Message)
	}
	return s.snapshotOf(data), nil
}

// watch follows the file (and its tile-set file) and tells the pages when
// it changed.
func (s *Server) watch(ctx context.Context) {
	t := time.NewTicker(s.o.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s.poll()
	}
}

func (s *Server) stampNow() [2]any {
	ts := ""
	if s.cur != nil {
		ts = s.cur.tilesetFile
	}
	var st [2]any
	st[0] = s.o.Stamp(s.path)
	if ts != "" {
		st[1] = s.o.Stamp(ts)
	}
	return st
}

// poll reads the file again when its stamp changed, and tells the pages
// when its content differs from what they have.
func (s *Server) poll() {
	s.mu.Lock()
	now := s.stampNow()
	if now == s.stamps && !time.Now().Before(s.recheck) {
		s.mu.Unlock()
		return
	}
	// The stamps are taken before reading: a save made while this one is
	// read and checked changes them again, and is seen at the next look.
	tilesChanged := now[1] != s.stamps[1]
	s.stamps = now
	before := s.cur
	data, p := s.settledRead()
	if p != nil {
		// Editors that save by renaming make the file vanish for a moment;
		// the next look sees it back. Gone at two looks, it is reported.
		if _, err := os.Stat(s.path); errors.Is(err, fs.ErrNotExist) {
			s.gone++
			s.stamps = [2]any{reread{}, s.stamps[1]} // look again until it is back
			if s.gone >= 2 && !s.missing {
				s.missing = true
				s.rev++
				s.cur.rev = s.rev
				s.mu.Unlock()
				s.notify(before.revision())
				return
			}
		}
		s.mu.Unlock()
		return
	}
	s.gone = 0
	if s.missing {
		// Back: the page is told even when it is as it was.
		s.missing = false
		tilesChanged = true
	}
	if Version(data) == before.version && !tilesChanged {
		s.mu.Unlock()
		return
	}
	snap := s.snapshotOf(data)
	s.rev++
	snap.rev = s.rev
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	// A save from another program is a step of the history: undone like
	// any other, and the edits before it can still be undone around it.
	if snap.version != before.version {
		s.hist.push(before.data, data, outside)
	}
	s.mu.Unlock()
	s.notify(snap.revision())
}

// settleDelay is how long a read waits to read again when the file
// changed: long enough for a program's truncate-then-write save to finish.
const settleDelay = 15 * time.Millisecond

// settledRead reads the file; when it differs from the current version it
// reads again a moment later, until two reads agree. Many programs save by
// truncating the file and then writing it: a read between the two took an
// empty file for a save, a step of the history that an undo then wrote
// back. Callers hold s.mu.
func (s *Server) settledRead() ([]byte, *source.Problem) {
	data, p := source.ReadFile(s.path, s.o.Lint.Limits)
	for i := 0; i < 20 && p == nil && Version(data) != s.cur.version; i++ {
		time.Sleep(settleDelay)
		again, q := source.ReadFile(s.path, s.o.Lint.Limits)
		if q != nil || bytes.Equal(again, data) {
			return again, q
		}
		data = again
	}
	return data, p
}

// reread is a stamp no file has: after the editor writes the file, the
// next look reads it again and compares contents, so a save from outside
// made right after the editor's own is not taken for it.
type reread struct{}

func (s *Server) notify(version string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.subs {
		select {
		case c <- version:
		default: // a slow page gets the next one
		}
	}
}

func (s *Server) closeSubs() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.subs {
		close(c)
		delete(s.subs, c)
	}
}

// events streams "change" events, each carrying the new revision:
// "VERSION.REV", the file's version and the count of snapshots, which also
// changes when only the tile-set file the mission uses changed.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c := make(chan string, 1)
	s.mu.Lock()
	s.subs[c] = true
	v := s.cur.revision()
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.subs[c] {
			delete(s.subs, c)
		}
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "retry: 1000\nevent: hello\ndata: %s\n\n", v)
	fl.Flush()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case v, ok := <-c:
			if !ok {
				return
			}
			fmt.Fprintf(w, "event: change\ndata: %s\n\n", v)
		case <-keep.C:
			io.WriteString(w, ": keep-alive\n\n")
		}
		fl.Flush()
	}
}
