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
// takes it, with the page's security headers. Only the files a build wrote
// are served.
func Handler(dir string) http.Handler {
	var mu sync.Mutex
	gz := map[string][]byte{} // compressed once, by path and modification time
	root := os.DirFS(dir)
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
		data, err := fs.ReadFile(root, name)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", contentType(name))
		h.Set("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && len(data) > 1024 {
			key := fmt.Sprintf("%s\x00%d", name, st.ModTime().UnixNano())
			mu.Lock()
			z, ok := gz[key]
			mu.Unlock()
			if !ok {
				var b bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
				zw.Write(data)
				zw.Close()
				z = b.Bytes()
				mu.Lock()
				gz[key] = z
				mu.Unlock()
			}
			h.Set("Content-Encoding", "gzip")
			data = z
		}
		http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
	})
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
