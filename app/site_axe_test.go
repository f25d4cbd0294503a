package app

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// TestSiteAxe: axe-core (WCAG 2 A and AA, and its best practices) finds
// nothing critical or serious on the pages `zmission site` writes: the
// index, a game's page, a clean mission's page, a page with findings and
// a tile set's page.
func TestSiteAxe(t *testing.T) {
	browsertest.AxeSource(t)
	col := t.TempDir()
	copyFile(t, "../examples/invader/violet-lockdown.yaml", filepath.Join(col, "invader/violet-lockdown.yaml"))
	copyFile(t, "../examples/facility/cold-landing.yaml", filepath.Join(col, "facility/cold-landing.yaml"))
	copyFile(t, "../testdata/broken/key-behind-lock.yaml", filepath.Join(col, "broken/key-behind-lock.yaml"))
	out := t.TempDir()
	if code, stdout, stderr := runSite(t, "-o", out, "--editor", "https://editor.example.org/", col); code != 1 {
		t.Fatalf("exit %d (want 1, for the broken file)\n%s%s", code, stdout, stderr)
	}
	var pages []string
	for name := range readTree(t, out) {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, name)
		}
	}
	sort.Strings(pages)
	for _, want := range []string{"index.html", "games/zombicide-invader/index.html", "invader/violet-lockdown/index.html", "broken/key-behind-lock/index.html", "tilesets/station/index.html"} {
		if sort.SearchStrings(pages, want) == len(pages) || pages[sort.SearchStrings(pages, want)] != want {
			t.Errorf("the site has no %s (it has %q)", want, pages)
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	ctx := browsertest.Tab(t, 1280, 900)
	for _, p := range pages {
		if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/"+p), chromedp.WaitReady("footer")); err != nil {
			t.Fatal(err)
		}
		for _, v := range browsertest.Axe(t, ctx) {
			t.Errorf("%s: %s", p, v)
		}
	}
}
