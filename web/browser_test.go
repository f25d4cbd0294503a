package web

// Browser tests of the web edition: the site built from this checkout,
// served on loopback, driven in a real Chromium over the DevTools
// protocol. They need a Chromium binary; when none is found they are
// skipped, unless ZMISSION_BROWSER_TESTS=1 (as .ci/run sets it) makes a
// missing browser a failure.

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

var updateShot = os.Getenv("ZMISSION_UPDATE_SCREENSHOT") != ""

// The site is built once for the package's tests.
var built struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
		browsertest.RemoveProfile(shared.profile)
	}
	if built.dir != "" && os.Getenv("ZMISSION_WEB_SITE") == "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// site builds the web edition (once) and serves it on loopback.
func site(t *testing.T) string { return siteServer(t).URL + "/" }

// siteServer is site's server, for a test that stops it (and for the
// benchmarks).
func siteServer(t testing.TB) *httptest.Server {
	t.Helper()
	browsertest.Path(t) // skips when no browser and none is required
	built.once.Do(func() {
		// ZMISSION_WEB_SITE serves a site built already (the benchmarks
		// compare two builds, one after the other, with it).
		if d := os.Getenv("ZMISSION_WEB_SITE"); d != "" {
			built.dir = d
			return
		}
		// ZMISSION_WEB_WASM builds the site around a module built already
		// (GOOS=js GOARCH=wasm go build -o FILE ./cmd/zmission-web/wasm):
		// the pages' tests without minutes of compiling each time.
		built.dir, built.err = os.MkdirTemp("", "zmission-web-site-")
		if built.err == nil {
			built.err = Build(BuildOptions{Out: built.dir, Log: os.Stderr, Wasm: os.Getenv("ZMISSION_WEB_WASM")})
		}
	})
	if built.err != nil {
		t.Fatalf("building the site: %v", built.err)
	}
	srv := httptest.NewServer(Handler(built.dir))
	t.Cleanup(srv.Close)
	return srv
}

// The browser is started once for the package's tests; each test gets a
// tab of its own, and a site on a loopback port of its own: an origin of
// its own, so no test sees another's storage or service worker.
var shared struct {
	once    sync.Once
	ctx     context.Context
	cancel  func()
	profile string
	err     error
}

// page opens a tab of the shared browser on url and returns it; console
// errors and uncaught exceptions of the page fail the test.
func page(t *testing.T, url string) context.Context {
	t.Helper()
	exe := browsertest.Path(t)
	shared.once.Do(func() {
		shared.profile, shared.err = os.MkdirTemp("", "zmission-chromium-")
		if shared.err != nil {
			return
		}
		shared.ctx, shared.cancel = browsertest.Start(exe, shared.profile, 1500, 950)
		shared.err = chromedp.Run(shared.ctx)
	})
	if shared.err != nil {
		t.Fatalf("starting Chromium: %v", shared.err)
	}
	return pageIn(t, shared.ctx, url)
}

// pageIn opens a tab of the browser ctx belongs to on url, as page does.
func pageIn(t *testing.T, browser context.Context, url string) context.Context {
	t.Helper()
	ctx, cancelTab := chromedp.NewContext(browser)
	ctx, cancelT := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelT(); cancelTab() })
	watch(t, ctx)
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1500, 950), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// The package's ways of driving the page are browsertest's.
var (
	js        = browsertest.Eval
	click     = browsertest.Click
	centreOf  = browsertest.CentreOf
	cellPoint = browsertest.CellPoint
	drag      = browsertest.Drag
	key       = browsertest.Key
)

type point = browsertest.Point

// waitFor polls a JavaScript condition until it holds.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	browsertest.WaitFor(t, ctx, what, cond, `(document.querySelector('#banner')||{}).textContent + ' | ' + (document.querySelector('#web-saved')||{}).textContent`)
}

func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	var buf []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("ZMISSION_SHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mapDrawn: the map is drawn and the module answers (the page may draw
// an example's first state before it does).
const mapDrawn = `window.zmission && zmission.state && document.querySelector('#canvas svg') && zmissionWeb.isLive`

// TestBrowserExample opens an example named in the address; the page
// fits the window (the bar takes two lines at this width, and the window
// does not scroll for it). Its screenshot is the README's.
func TestBrowserExample(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	var title string
	js(t, ctx, `zmission.state.file`, &title)
	if title != "violet-lockdown.yaml" {
		t.Errorf("the page shows %q, want violet-lockdown.yaml", title)
	}
	var fit struct{ Scroll, Window float64 }
	js(t, ctx, `({Scroll: document.documentElement.scrollHeight, Window: innerHeight})`, &fit)
	if fit.Scroll > fit.Window {
		t.Errorf("the page is %v px high in a window of %v", fit.Scroll, fit.Window)
	}
	shot(t, ctx, "web-example.png")
	if updateShot {
		// The first-time hint on the board would cover the components
		// list: the README's picture is of the page as it is once closed.
		waitFor(t, ctx, "the hint closed", `(() => { const b = document.querySelector('#board-hint-close'); if (b && !b.parentElement.hidden) b.click(); return !b || b.parentElement.hidden; })()`)
		var buf []byte
		if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../docs/web-edition.png", buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
