package editor

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// noRedirect is a client that shows redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func openGet(t *testing.T, url string, host string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 512)
	n, _ := resp.Body.Read(buf)
	b.Write(buf[:n])
	return resp.StatusCode, resp.Header.Get("Location"), b.String()
}

// The address 'edit --open' hands the browser carries a one-time code, not
// the token: the code leads to the page once, for a short while, and then
// never again.
func TestOpenURL(t *testing.T) {
	s, _ := serve(t, template)
	var mu sync.Mutex
	now := time.Now()
	s.smu.Lock()
	s.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s.smu.Unlock()
	tick := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }

	open := s.OpenURL()
	if strings.Contains(open, s.token) {
		t.Fatalf("the one-time address %s carries the token", open)
	}
	page := "/" + s.token + "/"

	t.Run("a wrong code is refused", func(t *testing.T) {
		code, loc, _ := openGet(t, open[:len(open)-1]+"x", "")
		if code != http.StatusForbidden || loc != "" {
			t.Errorf("got %d %q", code, loc)
		}
		code, _, _ = openGet(t, strings.TrimSuffix(open, open[strings.LastIndex(open, "/")+1:]), "")
		if code != http.StatusForbidden {
			t.Errorf("no code: got %d", code)
		}
	})
	t.Run("another Host is refused, and the code stays good", func(t *testing.T) {
		code, loc, _ := openGet(t, open, "evil.example")
		if code != http.StatusForbidden || loc != "" {
			t.Errorf("got %d %q", code, loc)
		}
	})
	t.Run("the code leads to the page once", func(t *testing.T) {
		code, loc, _ := openGet(t, open, "")
		if code != http.StatusSeeOther || loc != page {
			t.Fatalf("got %d %q, want 303 to %s", code, loc, page)
		}
		base := open[:strings.Index(open, "/open/")]
		if code, _, _ := openGet(t, base+loc, ""); code != http.StatusOK {
			t.Errorf("the page it leads to answers %d", code)
		}
		code, loc, body := openGet(t, open, "")
		if code != http.StatusForbidden || loc != "" || !strings.Contains(body, "already used") {
			t.Errorf("the second use: got %d %q %q", code, loc, body)
		}
	})
	t.Run("a code expires", func(t *testing.T) {
		late := s.OpenURL()
		tick(OpenCodeTTL)
		if code, loc, _ := openGet(t, late, ""); code != http.StatusForbidden || loc != "" {
			t.Errorf("an expired code: got %d %q", code, loc)
		}
		fresh := s.OpenURL()
		tick(OpenCodeTTL - time.Second)
		if code, loc, _ := openGet(t, fresh, ""); code != http.StatusSeeOther || loc != page {
			t.Errorf("a code just before it expires: got %d %q", code, loc)
		}
	})
	t.Run("codes are not guessable from each other", func(t *testing.T) {
		a, b := s.OpenURL(), s.OpenURL()
		if a == b || len(a[strings.LastIndex(a, "/")+1:]) != 32 {
			t.Errorf("codes %s and %s", a, b)
		}
	})
}

// In a real browser the one-time address opens the editor, and what stays
// in the address bar and the history is the page, not the spent code.
func TestBrowserOpenURL(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, template)
	open := s.OpenURL()
	if err := chromedp.Run(ctx, chromedp.Navigate(open)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board')`)
	var href string
	js(t, ctx, `location.href`, &href)
	if href != s.URL() {
		t.Errorf("the address bar holds %s, want %s", href, s.URL())
	}
	var entries []*page.NavigationEntry
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) (err error) {
		_, entries, err = page.GetNavigationHistory().Do(ctx)
		return err
	})); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.URL, openPrefix) {
			t.Errorf("the history keeps the one-time address %s", e.URL)
		}
	}
	// A second tab with the same address gets nothing.
	ctx2, cancel := chromedp.NewContext(ctx)
	defer cancel()
	var text string
	if err := chromedp.Run(ctx2, chromedp.Navigate(open), chromedp.Evaluate(`document.body.innerText`, &text)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "already used") {
		t.Errorf("the spent address shows %q", text)
	}
}
