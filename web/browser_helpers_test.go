package web

// Ways of driving the page the tests share: the editor's own (click, key,
// drag, the form's fields, a point of the board), and the web edition's
// (a tab of the same browser, files picked, downloads).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// watch makes console errors and uncaught exceptions of a tab fail the
// test, and logs what else the page writes to its console.
func watch(t *testing.T, ctx context.Context) {
	var mu sync.Mutex
	var errs []string
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			mu.Lock()
			errs = append(errs, e.ExceptionDetails.Error())
			mu.Unlock()
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			if e.Type != runtime.APITypeError {
				t.Logf("console: %s", strings.Join(parts, " "))
				return
			}
			mu.Lock()
			errs = append(errs, strings.Join(parts, " "))
			mu.Unlock()
		}
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("the page reported: %s", e)
		}
	})
}

// newTab opens another tab of the browser ctx belongs to (the same
// profile: its storage, its service worker) on url; close ends it.
func newTab(t *testing.T, ctx context.Context, url string) (tab context.Context, close func()) {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	watch(t, tab)
	if err := chromedp.Run(tab, chromedp.EmulateViewport(1500, 950), chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	return tab, cancel
}

// mark leaves a mark on the page as it is now; reloaded waits for a page
// without it (the page opened again), with the map drawn.
func mark(t *testing.T, ctx context.Context) {
	t.Helper()
	js(t, ctx, `window.zmissionTestMark = true`, new(bool))
}

func reloaded(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	waitFor(t, ctx, what, `!window.zmissionTestMark && document.readyState === 'complete' && `+mapDrawn)
}

// choose picks a choice of a menu of the bar (its button sel) with
// clicks: the button opens the menu, the choice of value is clicked.
func choose(t *testing.T, ctx context.Context, sel, value string) {
	t.Helper()
	var ok bool
	js(t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector(%q); if (b.getAttribute('aria-expanded') !== 'true') b.click();
		const c = document.querySelector(%q + '-menu [data-value="' + %q + '"]'); if (!c) return false; c.click(); return true; })()`, sel, sel, value), &ok)
	if !ok {
		t.Fatalf("the menu %s has no choice %q", sel, value)
	}
}

// pick hands files to a file input as the file dialog does (the browser
// fires its change event).
func pick(t *testing.T, ctx context.Context, sel string, files ...string) {
	t.Helper()
	for i, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = abs
	}
	if err := chromedp.Run(ctx, chromedp.SetUploadFiles(sel, files, chromedp.ByQuery)); err != nil {
		t.Fatalf("picking %v in %s: %v", files, sel, err)
	}
}

// downloads lets the tab download into a new folder, and returns it.
func downloads(t *testing.T, ctx context.Context) string {
	t.Helper()
	dir := t.TempDir()
	d := &downloadWatch{names: map[string]string{}, done: map[string]bool{}}
	dlWatches.Store(dir, d)
	t.Cleanup(func() { dlWatches.Delete(dir) })
	chromedp.ListenTarget(ctx, func(ev any) {
		d.mu.Lock()
		defer d.mu.Unlock()
		switch e := ev.(type) {
		case *browser.EventDownloadWillBegin:
			d.names[e.GUID] = e.SuggestedFilename
		case *browser.EventDownloadProgress:
			if e.State == browser.DownloadProgressStateCompleted {
				d.done[d.names[e.GUID]] = true
			}
		}
	})
	if err := chromedp.Run(ctx, browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dir).WithEventsEnabled(true)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// downloadWatch is what the browser said of the downloads into one
// folder: each download's file name, and those it finished.
type downloadWatch struct {
	mu    sync.Mutex
	names map[string]string // by the download's GUID
	done  map[string]bool   // by file name
}

var dlWatches sync.Map // folder → *downloadWatch

// downloaded waits for the browser to say the download of name into dir
// finished, and returns its bytes. The file is there before that: Chromium
// puts an empty file in its place while it writes NAME.crdownload, and
// renames that over it when done, so the file's presence says nothing.
func downloaded(t *testing.T, dir, name string) []byte {
	t.Helper()
	v, ok := dlWatches.Load(dir)
	if !ok {
		t.Fatalf("%s is not a folder downloads() made", dir)
	}
	d := v.(*downloadWatch)
	deadline := time.Now().Add(60 * time.Second) // a guard against a hang, not a timing
	for {
		d.mu.Lock()
		done := d.done[name]
		d.mu.Unlock()
		if done {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
		if time.Now().After(deadline) {
			var got []string
			es, _ := os.ReadDir(dir)
			for _, e := range es {
				got = append(got, e.Name())
			}
			t.Fatalf("no download %s finished; the folder holds %q", name, got)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fetchDownload chooses what in the Download… menu and returns the file
// the browser saved, by name.
func fetchDownload(t *testing.T, ctx context.Context, what, name string) []byte {
	t.Helper()
	dir := downloads(t, ctx)
	choose(t, ctx, "#web-print", what)
	return downloaded(t, dir, name)
}

// clickUntil clicks sel until cond holds: a click that lands while the
// page redraws is lost, and clicking again does no harm.
func clickUntil(t *testing.T, ctx context.Context, sel, what, cond string) {
	t.Helper()
	if !browsertest.Retry(t, ctx, what, cond, func() { click(t, ctx, sel) }) {
		waitFor(t, ctx, what, cond)
	}
}

// clickAtUntil clicks a screen point until cond holds.
func clickAtUntil(t *testing.T, ctx context.Context, p point, what, cond string) {
	t.Helper()
	if !browsertest.Retry(t, ctx, what, cond, func() { browsertest.ClickAt(t, ctx, p) }) {
		waitFor(t, ctx, what, cond)
	}
}

// dropFiles drags files from outside the browser and drops them on the
// middle of the page, as a file manager does: Chromium makes of them the
// drop's files and, through the File System Access API, their handles.
func dropFiles(t *testing.T, ctx context.Context, files ...string) {
	t.Helper()
	abs := make([]string, len(files))
	for i, f := range files {
		a, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		abs[i] = a
	}
	var mid point
	js(t, ctx, `({X: innerWidth / 2, Y: innerHeight / 2})`, &mid)
	data := &input.DragData{Items: []*input.DragDataItem{}, Files: abs, DragOperationsMask: 1}
	for _, ev := range []input.DispatchDragEventType{input.DragEnter, input.DragOver, input.Drop} {
		if err := chromedp.Run(ctx, input.DispatchDragEvent(ev, mid.X, mid.Y, data)); err != nil {
			t.Fatalf("dropping %v: %v", files, err)
		}
	}
}

// formInput sets a form field's value as typing would, then fires ev.
func formInput(t *testing.T, ctx context.Context, ptr, value, ev string) {
	t.Helper()
	js(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector('#schema-form [data-pointer=%q]:is(input, select, textarea)');
		e.focus(); e.value = %q; e.dispatchEvent(new Event(%q, {bubbles: true})); return true; })()`, ptr, value, ev), new(bool))
}

// fieldShows is the condition that the field of ptr shows a finding of rule.
func fieldShows(ptr, rule string) string {
	return fmt.Sprintf(`(() => { const el = document.querySelector('#schema-form .sf-field[data-pointer=%q]');
		if (!el || !el.classList.contains('sf-bad')) return false;
		const i = zmission.state.findings.findIndex(f => f.rule === %q);
		return i >= 0 && el.querySelector(':scope > .sf-finding[data-finding="' + i + '"]') !== null; })()`, ptr, rule)
}

// has is the condition that the current work's finding of rule is listed.
func has(rule string) string {
	return fmt.Sprintf(`zmission.state.findings.some(f => f.rule === %q)`, rule)
}

// docHolds is the condition that the document (as the page's module
// holds it) contains s.
func docHolds(s string) string {
	return fmt.Sprintf(`JSON.parse(zmissionGo.exportWork('x')).data.includes(%q)`, s)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
