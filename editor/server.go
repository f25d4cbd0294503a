//go:build !js

package editor

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Server is the local door to a Session: `zmission edit`'s HTTP server on
// loopback, behind a secret token, with server-sent change events.
type Server struct {
	*Session
	token string

	smu     sync.Mutex
	subs    map[chan string]bool
	allowed map[string]bool // Host values accepted
	origins map[string]bool // Origin values accepted
	ln      net.Listener
	sockets map[net.Conn]bool // the pages' open sockets (socket.go)
	stopped bool
	codes   []openCode       // one-time addresses not yet used (opencode.go)
	now     func() time.Time // the clock of the one-time addresses
}

// New opens path for editing: it must be a readable mission or tile-set
// file. Nothing listens yet; see Listen.
func New(path string, o Options) (*Server, error) {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	tok := make([]byte, 24)
	if _, err := rand.Read(tok); err != nil {
		return nil, err
	}
	sess, err := NewSession(path, o)
	if err != nil {
		return nil, err
	}
	s := &Server{Session: sess, token: hex.EncodeToString(tok), subs: map[chan string]bool{}, now: time.Now}
	sess.notify = s.notifyPages
	return s, nil
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
	s.closeSockets()
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
	mux.HandleFunc("GET /api/events", s.events)
	mux.HandleFunc("GET /api/socket", s.socket)
	mux.HandleFunc("GET /api/{call}", s.api)
	mux.HandleFunc("POST /api/{call}", s.api)
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
			r.Body = http.MaxBytesReader(w, r.Body, MaxRequestBody)
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
		s.Poll()
	}
}

func (s *Server) notifyPages(version string) {
	s.smu.Lock()
	defer s.smu.Unlock()
	for c := range s.subs {
		select {
		case c <- version:
		default: // a slow page gets the next one
		}
	}
}

func (s *Server) closeSubs() {
	s.smu.Lock()
	defer s.smu.Unlock()
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
	v := s.Revision()
	s.smu.Lock()
	s.subs[c] = true
	s.smu.Unlock()
	defer func() {
		s.smu.Lock()
		if s.subs[c] {
			delete(s.subs, c)
		}
		s.smu.Unlock()
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
