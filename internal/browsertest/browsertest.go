// Package browsertest starts a headless Chromium for tests that drive a
// page: found by name (or ZMISSION_CHROMIUM), skipped when there is none
// unless ZMISSION_BROWSER_TESTS=1 makes that a failure.
package browsertest

import (
	"context"
	"log"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Path finds the browser, or skips (or fails) the test.
func Path(t testing.TB) string {
	for _, name := range []string{os.Getenv("ZMISSION_CHROMIUM"), os.Getenv("CHROME"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("ZMISSION_BROWSER_TESTS") == "1" {
		t.Fatal("no Chromium found (install Debian's chromium, or set ZMISSION_CHROMIUM)")
	}
	t.Skip("no Chromium found; set ZMISSION_BROWSER_TESTS=1 to make this a failure")
	return ""
}

// Tab starts a browser with a fresh profile for one test and returns a tab
// of it, w×h pixels; both end with the test.
func Tab(t testing.TB, w, h int) context.Context {
	exe := Path(t)
	profile := t.TempDir()
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
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	quiet := chromedp.WithErrorf(func(format string, args ...any) {
		if !strings.Contains(format, "unhandled") {
			log.Printf(format, args...)
		}
	})
	ctx, cancelB := chromedp.NewContext(actx, quiet)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() {
		cancelT()
		cancelB()
		cancelA()
	})
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}
