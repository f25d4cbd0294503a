package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"strings"
	"sync"
	"time"
)

// Handler serves a built site from dir: each file with its type
// (application/wasm for the module), gzip-compressed when the browser
// takes it, with the page's security headers. Files are compressed once
// (again when they change); the compressing starts at once, in the
// background, so the first visit does not wait for the module's.
func Handler(dir string) http.Handler {
	root := os.DirFS(dir)
	gz := &gzCache{m: map[string]*gzEntry{}}
	go fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasPrefix(d.Name(), ".") {
			if st, err := d.Info(); err == nil {
				gz.get(root, p, st)
			}
		}
		return nil
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", CSP+"; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if strings.HasPrefix(path.Base(name), ".") || !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		st, err := fs.Stat(root, name)
		if err != nil || !st.Mode().IsRegular() {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", contentType(name))
		h.Set("Vary", "Accept-Encoding")
		var data []byte
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			if data = gz.get(root, name, st); data != nil {
				h.Set("Content-Encoding", "gzip")
			}
		}
		if data == nil {
			if data, err = fs.ReadFile(root, name); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		}
		http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
	})
}

// gzCache holds each file compressed, by name, size and time.
type gzCache struct {
	mu sync.Mutex
	m  map[string]*gzEntry
}

type gzEntry struct {
	once sync.Once
	data []byte // nil: not worth compressing, or unreadable
}

func (c *gzCache) get(root fs.FS, name string, st fs.FileInfo) []byte {
	if st.Size() <= 1024 || strings.HasSuffix(name, ".gz") {
		return nil
	}
	key := fmt.Sprintf("%s\x00%d\x00%d", name, st.Size(), st.ModTime().UnixNano())
	c.mu.Lock()
	e := c.m[key]
	if e == nil {
		e = &gzEntry{}
		c.m[key] = e
	}
	c.mu.Unlock()
	e.once.Do(func() {
		data, err := fs.ReadFile(root, name)
		if err != nil {
			return
		}
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
		zw.Write(data)
		zw.Close()
		e.data = b.Bytes()
	})
	return e.data
}

// Serve serves dir on addr, which must be loopback, until ctx is done;
// ready (when set) is told the site's address.
func Serve(ctx context.Context, dir, addr string, ready func(url string)) error {
	if _, err := os.Stat(dir + "/index.html"); err != nil {
		return fmt.Errorf("%s holds no built site: run 'go run ./cmd/zmission-web build -o %s' first", dir, dir)
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: %v (use 127.0.0.1:PORT)", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("--addr %q: this server is for trying the site on this machine; it listens on loopback only", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/")
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	sctx, stop := context.WithTimeout(context.Background(), time.Second)
	defer stop()
	return hs.Shutdown(sctx)
}
