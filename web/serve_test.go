package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/ours"
)

// The local server serves what a build wrote, with the module's type,
// compressed when the browser takes it, and nothing else.
func TestHandler(t *testing.T) {
	dir := t.TempDir()
	wasm := strings.Repeat("\x00asm module ", 1000)
	files := map[string]string{"index.html": "<!doctype html><title>x</title>", "zmission.wasm": wasm, ".zmission-web": "index.html\n"}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	get := func(p, enc string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+p, nil)
		req.Header.Set("Accept-Encoding", enc)
		r, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var body io.Reader = r.Body
		if r.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(r.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		b, _ := io.ReadAll(body)
		return r, string(b)
	}
	r, body := get("/zmission.wasm", "gzip")
	if r.Header.Get("Content-Type") != "application/wasm" || r.Header.Get("Content-Encoding") != "gzip" || body != wasm {
		t.Errorf("the module: %s, %s, %d bytes", r.Header.Get("Content-Type"), r.Header.Get("Content-Encoding"), len(body))
	}
	if r, body = get("/zmission.wasm", ""); r.Header.Get("Content-Encoding") != "" || body != wasm {
		t.Error("the module without compression")
	}
	r, _ = get("/", "")
	if r.StatusCode != 200 || !strings.Contains(r.Header.Get("Content-Security-Policy"), "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("the page: %d, CSP %q", r.StatusCode, r.Header.Get("Content-Security-Policy"))
	}
	for _, p := range []string{"/.zmission-web", "/../etc/passwd", "/nothing.js"} {
		if r, _ := get(p, ""); r.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, r.StatusCode)
		}
	}
}

// A build writes into an empty or new folder, or one it wrote, and
// refuses a folder holding anything else.
func TestBuildRefusesAForeignFolder(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "thesis.tex"), []byte("mine"), 0o644)
	if _, err := checkOut(dir); err == nil {
		t.Fatal("a folder of someone's files was accepted")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "thesis.tex")); string(b) != "mine" {
		t.Fatal("the file was touched")
	}
	if old, err := checkOut(filepath.Join(dir, "new")); err != nil || old != nil {
		t.Fatalf("a new folder: %v", err)
	}
}

// A second build into the same folder replaces its own files and removes
// those it no longer writes; anything else is never touched.
func TestRebuild(t *testing.T) {
	dir := t.TempDir()
	if err := write(dir, map[string][]byte{"index.html": []byte("1"), "assets/old.js": []byte("old")}, nil); err != nil {
		t.Fatal(err)
	}
	old, err := checkOut(dir)
	if err != nil || len(old) != 2 {
		t.Fatalf("the first build's files: %v %v", old, err)
	}
	if err := write(dir, map[string][]byte{"index.html": []byte("2")}, old); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "index.html")); string(b) != "2" {
		t.Error("index.html was not replaced")
	}
	if _, err := os.Stat(filepath.Join(dir, "assets/old.js")); err == nil {
		t.Error("a file the new build does not write was left")
	}
	// The site is marked as output: a folder walk of zmission passes over it.
	if _, err := os.Stat(filepath.Join(dir, ours.OutputMarker)); err != nil {
		t.Errorf("no output marker: %v", err)
	}
}
