// Package browsertest starts a headless Chrome, Chromium or Edge for tests
// that drive a page: found by CHROME or by the usual names and places,
// skipped when there is none unless ZMISSION_BROWSER_TESTS=1 makes that a
// failure.
package browsertest

import (
	"context"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path finds the browser (see Find), or skips the test; with
// ZMISSION_BROWSER_TESTS=1 (as .ci/run sets it) a missing browser fails it.
func Path(t testing.TB) string {
	if p, ok := Find(); ok {
		return p
	}
	why := "no Chrome, Chromium or Edge found (install one, or set CHROME to its path)"
	if c := os.Getenv("CHROME"); c != "" {
		why = "CHROME=" + c + " names no browser"
	}
	if os.Getenv("ZMISSION_BROWSER_TESTS") == "1" {
		t.Fatal(why)
	}
	t.Skip(why + "; set ZMISSION_BROWSER_TESTS=1 to make this a failure")
	return ""
}

// Start starts the browser exe headless with the profile folder given, a
// window of w×h pixels, and the flags this machine's closed network needs,
// then any more a test asks for (extra); stop ends it.
func Start(exe, profile string, w, h int, extra ...chromedp.ExecAllocatorOption) (ctx context.Context, stop func()) {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("allow-file-access-from-files", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(w, h),
		chromedp.WSURLReadTimeout(90 * time.Second), // a loaded machine starts browsers slowly
	}
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	// Chromium sends events this protocol version does not know (the
	// dialog's top layer); they are no error of the page.
	quiet := chromedp.WithErrorf(func(format string, args ...any) {
		if !strings.Contains(format, "unhandled") {
			log.Printf(format, args...)
		}
	})
	ctx, cancelB := chromedp.NewContext(actx, quiet)
	return ctx, func() { cancelB(); cancelA() }
}

// Tab starts a browser with a fresh profile for one test and returns a tab
// of it, w×h pixels; both end with the test.
func Tab(t testing.TB, w, h int) context.Context {
	exe := Path(t)
	// Not t.TempDir: the browser may still be writing its profile as it
	// exits, and the test's own clean-up would fail on a folder not empty.
	profile, err := os.MkdirTemp("", "zmission-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := Start(exe, profile, w, h)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelT()
		stop()
		RemoveProfile(profile)
	})
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// RemoveProfile removes a browser's profile folder once the browser is
// stopped, trying again while the exiting browser still writes to it.
func RemoveProfile(dir string) {
	for range 40 {
		if os.RemoveAll(dir) == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}
