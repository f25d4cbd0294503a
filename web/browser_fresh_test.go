package web

// The site a returning visitor gets after a deploy, and what a first visit
// costs: a new build reaches the page (which says so) even from a host
// whose files the browser may keep for ten minutes; a first visit on a
// host that does not compress stays under 6 MB, every request answered;
// the manifest and its icons load.

import (
	"context"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// copySite copies the site built for the tests into a folder of the
// test's own, which it may change.
func copySite(t *testing.T) string {
	t.Helper()
	siteServer(t) // builds the site
	dir := t.TempDir()
	err := filepath.WalkDir(built.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(built.dir, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// redeploy writes the site in dir again as a build with one file changed
// writes it: that file and the service worker (its list of digests, its
// version). Their times move on, as a deploy's do.
func redeploy(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	files := map[string][]byte{}
	for _, n := range strings.Fields(string(readFile(t, filepath.Join(dir, marker)))) {
		files[n] = readFile(t, filepath.Join(dir, filepath.FromSlash(n)))
	}
	files[name] = data
	tpl, err := assetFS.ReadFile("assets/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	files["sw.js"] = serviceWorker(tpl, files)
	later := time.Now().Add(5 * time.Second)
	for _, n := range []string{name, "sw.js"} {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
	}
}

// kept serves as GitHub Pages does: every file may be kept by the browser
// for ten minutes without asking.
type kept struct{ http.ResponseWriter }

func (k kept) WriteHeader(code int) {
	k.Header().Set("Cache-Control", "max-age=600")
	k.ResponseWriter.WriteHeader(code)
}

func (k kept) Write(b []byte) (int, error) {
	if k.Header().Get("Cache-Control") != "max-age=600" {
		k.WriteHeader(http.StatusOK)
	}
	return k.ResponseWriter.Write(b)
}

// swReady: the service worker controls the page and has every file.
const swReady = `navigator.serviceWorker.controller && navigator.serviceWorker.ready.then(r => !!r.active && r.active.state === 'activated')`

// TestBrowserFreshAfterDeploy: a visitor comes back after a deploy that
// changed a stylesheet, to a host whose files the browser may keep for
// ten minutes. At the first reload the page says a new version is ready;
// its button reloads with it, the work kept.
func TestBrowserFreshAfterDeploy(t *testing.T) {
	dir := copySite(t)
	h := Handler(dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(kept{w}, r) }))
	t.Cleanup(srv.Close)
	ctx := page(t, srv.URL+"/#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map, the service worker in control", mapDrawn+` && `+swReady)
	retitle(t, ctx, "Kept Across a Deploy")

	css := append(readFile(t, filepath.Join(dir, "assets", "web.css")), "\n:root { --zmission-build: 2; }\n"...)
	redeploy(t, dir, "assets/web.css", css)
	const newCSS = `getComputedStyle(document.documentElement).getPropertyValue('--zmission-build').trim() === '2'`

	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the page again (the first reload)")
	waitFor(t, ctx, "the page says a new version is ready", `!document.querySelector('#web-update').hidden`)
	var early bool
	js(t, ctx, newCSS, &early)
	if early {
		t.Error("the new stylesheet came before the page said so: a mix of two builds")
	}
	mark(t, ctx)
	click(t, ctx, "#web-update")
	reloaded(t, ctx, "the page with the new version (the second reload)")
	waitFor(t, ctx, "the new stylesheet, the work kept", newCSS+` && `+docHolds("title: Kept Across a Deploy\n"))
}

// TestBuildReproducible: two builds of the same checkout are the same
// files, byte for byte (the module is Go's, built with -trimpath and no
// build id); so a deploy that changed nothing changes no version, and no
// returning visitor fetches anything again.
func TestBuildReproducible(t *testing.T) {
	wasm := filepath.Join(t.TempDir(), "zmission.wasm")
	if err := os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00 a module"), 0o644); err != nil {
		t.Fatal(err)
	}
	var sites [2]map[string][]byte
	for i := range sites {
		files, err := Files(BuildOptions{Wasm: wasm})
		if err != nil {
			t.Fatal(err)
		}
		sites[i] = files
	}
	for n, b := range sites[0] {
		if c, ok := sites[1][n]; !ok || string(c) != string(b) {
			t.Errorf("%s differs between two builds", n)
		}
	}
	if len(sites[0]) != len(sites[1]) {
		t.Errorf("two builds wrote %d and %d files", len(sites[0]), len(sites[1]))
	}
}

// TestBrowserFirstVisit: a first visit to the site from a host that does
// not compress (a bucket, python3 -m http.server) downloads at most 6 MB,
// the service worker's copy of the site included, and no request of it
// is refused (a favicon, a manifest's icon). The manifest loads, with no
// error, and so do its icons.
func TestBrowserFirstVisit(t *testing.T) {
	srv, served := countingServer(t, false)
	ctx := page(t, srv.URL+"/")
	waitFor(t, ctx, "the map, the service worker in control with every file", mapDrawn+` && `+swReady)

	var url string
	var errs []*cdppage.AppManifestError
	var data string
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(c context.Context) (err error) {
		url, errs, data, _, err = cdppage.GetAppManifest().Do(c)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(url, "/"+manifestName) || data == "" {
		t.Errorf("the page's manifest is %q (%d bytes)", url, len(data))
	}
	for _, e := range errs {
		t.Errorf("the manifest: %s (line %d)", e.Message, e.Line)
	}
	var icons []string
	js(t, ctx, `fetch('`+manifestName+`').then(r => r.json()).then(m => Promise.all(m.icons.map(async i => {
		const img = new Image(); img.src = i.src; await img.decode(); return i.src + ' ' + img.naturalWidth + 'x' + img.naturalHeight; })))`, &icons)
	if !slices.Contains(icons, "icon-192.png 192x192") || !slices.Contains(icons, "icon-512.png 512x512") {
		t.Errorf("the manifest's icons load as %v", icons)
	}

	total, got, refused := served()
	for _, r := range refused {
		t.Errorf("a first visit's request refused: %s", r)
	}
	t.Logf("%d requests, %.2f MB: %v", len(got), float64(total)/1e6, got)
	if total > 6e6 {
		t.Errorf("a first visit downloads %.2f MB, over 6 MB", float64(total)/1e6)
	}
}

// countingServer serves the site built for the tests, compressing what
// the browser takes or nothing (gzip false, as a bucket or
// python3 -m http.server); served tells the bytes sent so far, the
// requests and those refused.
func countingServer(tb testing.TB, gzip bool) (srv *httptest.Server, served func() (total int64, got, refused []string)) {
	siteServer(tb)
	h := Handler(built.dir)
	var mu sync.Mutex
	var total int64
	var got, refused []string
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !gzip {
			r.Header.Del("Accept-Encoding")
		}
		cw := &counting{ResponseWriter: w, code: 200}
		h.ServeHTTP(cw, r)
		mu.Lock()
		defer mu.Unlock()
		total += cw.n
		got = append(got, r.URL.Path+" "+strconv.Itoa(cw.code))
		if cw.code >= 400 {
			refused = append(refused, r.URL.Path+" "+strconv.Itoa(cw.code))
		}
	}))
	tb.Cleanup(srv.Close)
	return srv, func() (int64, []string, []string) {
		mu.Lock()
		defer mu.Unlock()
		g := slices.Clone(got)
		slices.Sort(g)
		return total, g, slices.Clone(refused)
	}
}

// counting counts the bytes of a response's body and keeps its status.
type counting struct {
	http.ResponseWriter
	n    int64
	code int
}

func (c *counting) WriteHeader(code int) { c.code = code; c.ResponseWriter.WriteHeader(code) }
func (c *counting) Write(b []byte) (int, error) {
	n, err := c.ResponseWriter.Write(b)
	c.n += int64(n)
	return n, err
}
