package web

// The board from the keyboard, a narrow window, printing, and a clean
// console on every example and template.

import (
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/chromedp"
	kb "github.com/chromedp/chromedp/kb"
	"github.com/zmission/zmission/examples"
)

// TestBrowserBoardKeys: Tab, from the page's top, reaches a token of the
// map, which shows the focus and is not selected (R and the arrows leave
// it be) until Enter; an arrow then moves it in the document, as a drag
// does, and it keeps the focus; Delete removes it. A palette item put on
// the board with Enter is focused there; an Issues item is reached with
// Tab and picked with Enter.
func TestBrowserBoardKeys(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && document.querySelector('#map .ed-keys .ed-key')`)
	var reached bool
	for range 200 {
		press(t, ctx, kb.Tab)
		js(t, ctx, `(document.activeElement.dataset.key || '').startsWith('token:')`, &reached)
		if reached {
			break
		}
	}
	if !reached {
		t.Fatal("Tab does not reach a token of the map")
	}
	type tok struct {
		Index, X, Y int
		Stroke      string
		Sel         bool
	}
	focused := func() tok {
		var k tok
		js(t, ctx, `(() => { const e = document.activeElement, i = +e.dataset.key.split(':')[1], t = zmission.state.board.tokens.find(t => t.index === i);
			return {Index: i, X: t.x, Y: t.y, Stroke: getComputedStyle(e).stroke, Sel: !!zmission.sel && zmission.sel.kind === 'token' && zmission.sel.index === i}; })()`, &k)
		return k
	}
	k := focused()
	if k.Stroke != "rgb(255, 213, 74)" || k.Sel {
		t.Errorf("the focused token shows %q and is selected: %v; want the ring, and no selection before Enter", k.Stroke, k.Sel)
	}
	// Passed over, it is not turned nor moved: the keys wait for Enter.
	before := work(t, ctx).Data
	press(t, ctx, kb.ArrowRight)
	press(t, ctx, "r")
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "the token selected with Enter", `zmission.sel && zmission.sel.kind === 'token' && zmission.sel.index === `+itoa(k.Index))
	if work(t, ctx).Data != before {
		t.Error("keys pressed on a token only passed over changed the document")
	}
	press(t, ctx, kb.ArrowRight)
	waitFor(t, ctx, "the token moved, still focused", `(() => { const t = zmission.state.board.tokens.find(t => t.index === `+itoa(k.Index)+`);
		return t && t.x === `+itoa(k.X+1)+` && document.activeElement.dataset.key === 'token:`+itoa(k.Index)+`'; })()`)
	if work(t, ctx).Data == before {
		t.Error("the arrow left the document as it was")
	}
	n := 0
	js(t, ctx, `zmission.state.board.tokens.length`, &n)
	press(t, ctx, kb.Delete)
	waitFor(t, ctx, "the token removed", `zmission.state.board.tokens.length === `+itoa(n-1))

	// A palette token put on the board from the keyboard.
	js(t, ctx, `(() => { document.querySelector('#palette .tok').focus(); return true; })()`, new(bool))
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "a token put on the board, focused", `zmission.state.board.tokens.length === `+itoa(n)+` && (document.activeElement.dataset.key || '').startsWith('token:')`)

	// An Issues item.
	js(t, ctx, `(() => { document.querySelector('#tabs button[data-tab="issues"]').click(); return document.querySelector('#issues li').tabIndex === 0; })()`, &reached)
	if !reached {
		t.Error("an Issues item is not reached with Tab")
	}
	js(t, ctx, `(() => { document.querySelector('#issues li[data-index]').focus(); return true; })()`, new(bool))
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "the finding picked", `document.querySelector('#issues li.on')`)
}

// TestBrowserNarrow: at 800 px the Issues pane is a drawer opened from the
// bar, the palette stays beside the map (no button hides it), and the map
// has at least half the window; the board fits the
// window again as it is resized, until the author zooms.
func TestBrowserNarrow(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn)
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(800, 900)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map at least half the window", `document.querySelector('#canvas-wrap').getBoundingClientRect().width >= innerWidth / 2 && innerWidth === 800`)
	var z800 float64
	waitFor(t, ctx, "the board fitted to the window", `zmission.zoom < 1`)
	js(t, ctx, `zmission.zoom`, &z800)
	waitFor(t, ctx, "the palette beside the map, with no button to hide it", `!document.querySelector('#web-show-palette') && getComputedStyle(document.querySelector('#web-show-side')).display !== 'none' && document.querySelector('#palette').getBoundingClientRect().right <= document.querySelector('#canvas-wrap').getBoundingClientRect().left + 1`)
	click(t, ctx, "#web-show-side")
	waitFor(t, ctx, "the Issues pane over the map", `getComputedStyle(document.querySelector('#side')).display !== 'none' && document.querySelector('#side').getBoundingClientRect().width > 200`)
	click(t, ctx, "#web-show-side")
	waitFor(t, ctx, "the pane closed", `getComputedStyle(document.querySelector('#side')).display === 'none'`)

	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1400, 950)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the board fitted again, larger", `zmission.zoom > `+ftoa(z800))
	press(t, ctx, "-") // the author zooms: the view is theirs now
	var z float64
	js(t, ctx, `zmission.zoom`, &z)
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(900, 950)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the window narrower", `innerWidth === 900`)
	var after float64
	js(t, ctx, `new Promise(ok => requestAnimationFrame(() => setTimeout(() => ok(zmission.zoom), 100)))`, &after)
	if after != z {
		t.Errorf("the zoom the author chose (%v) changed to %v with the window", z, after)
	}
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// TestBrowserPrint: Print (in Download…, and Ctrl+P) prints the printout,
// not the editor: the print media shows only the printout's picture.
func TestBrowserPrint(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn)
	js(t, ctx, `(() => { window.print = () => { window.zmissionPrinted = (window.zmissionPrinted || 0) + 1; }; return true; })()`, new(bool))
	choose(t, ctx, "#web-print", "print")
	waitFor(t, ctx, "the printout made and printed", `window.zmissionPrinted === 1 && document.querySelector('#web-print-out').naturalWidth > 0`)
	if err := chromedp.Run(ctx, chromedp.KeyEvent("p", chromedp.KeyModifiers(input.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "Ctrl+P prints it too", `window.zmissionPrinted === 2`)
	if err := chromedp.Run(ctx, emulation.SetEmulatedMedia().WithMedia("print")); err != nil {
		t.Fatal(err)
	}
	var shown map[string]string
	js(t, ctx, `Object.fromEntries(['#bar', '#palette', '#side', 'main', '#web-print-out'].map(s => [s, getComputedStyle(document.querySelector(s)).display]))`, &shown)
	for s, d := range shown {
		if (s == "#web-print-out") != (d != "none") {
			t.Errorf("printed, %s is displayed as %s", s, d)
		}
	}
}

// TestBrowserConsoleClean opens every example and template the site
// ships, in one tab, one after the other: no console error (the page's
// own, or the browser's: an invalid pattern, a file not found) on any.
func TestBrowserConsoleClean(t *testing.T) {
	var addrs []string
	fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".yaml" {
			addrs = append(addrs, "example="+strings.TrimSuffix(p, ".yaml"))
		}
		return nil
	})
	for _, g := range examples.Templates() {
		addrs = append(addrs, "template="+g)
	}
	ctx := page(t, site(t)+"#"+addrs[0])
	var mu sync.Mutex
	var logged []string
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*log.EventEntryAdded); ok && e.Entry.Level == log.LevelError {
			mu.Lock()
			logged = append(logged, e.Entry.Text+" "+e.Entry.URL)
			mu.Unlock()
		}
	})
	if err := chromedp.Run(ctx, log.Enable()); err != nil {
		t.Fatal(err)
	}
	for i, a := range addrs {
		if i > 0 {
			mark(t, ctx)
			js(t, ctx, `(() => { location.hash = `+jsString(a)+`; return true; })()`, new(bool))
			reloaded(t, ctx, a)
		}
		waitFor(t, ctx, a+" drawn", mapDrawn)
		// The form of a sheet game: every field shown and checked.
		js(t, ctx, `(() => { const b = document.querySelector('#tabs button[data-tab="mission"]'); if (b) b.click();
			for (const e of document.querySelectorAll('input[pattern]')) e.checkValidity(); return true; })()`, new(bool))
		mu.Lock()
		for _, l := range logged {
			t.Errorf("%s: the browser logged: %s", a, l)
		}
		logged = nil
		mu.Unlock()
	}
}

// TestBrowserWording: the status names the findings and no hash; the
// Examples menu names games as New… does; the facility canvas writes what
// stands on a corridor ("intruder adult") whole, over the rooms' boxes.
func TestBrowserWording(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && document.querySelector('#status').textContent`)
	var status string
	js(t, ctx, `document.querySelector('#status').textContent`, &status)
	if strings.Contains(status, "version") {
		t.Errorf("the status says %q", status)
	}
	click(t, ctx, "#web-examples")
	waitFor(t, ctx, "the examples listed", `document.querySelector('#web-examples-menu [data-value^="survival-infection/"]')`)
	var names []string
	js(t, ctx, `[...document.querySelectorAll('#web-examples-menu button')].map(b => b.textContent)`, &names)
	for _, n := range names {
		if strings.Contains(n, "(survival-infection)") || strings.Contains(n, "(zombicide-") || !strings.HasSuffix(n, ")") {
			t.Errorf("the Examples menu says %q", n)
		}
	}

	mark(t, ctx)
	js(t, ctx, `(() => { location.hash = '#example=facility/breach-wing'; return true; })()`, new(bool))
	reloaded(t, ctx, "the facility example")
	waitFor(t, ctx, "its canvas", `document.querySelector('#fac-svg .cor-tokens text')`)
	var on struct {
		Texts []string
		Over  bool
	}
	js(t, ctx, `(() => { const g = document.querySelector('#fac-svg .cor-tokens'), s = document.querySelector('#fac-svg .slots');
		return {Texts: [...g.querySelectorAll('text')].map(t => t.textContent), Over: !!(s.compareDocumentPosition(g) & Node.DOCUMENT_POSITION_FOLLOWING)}; })()`, &on)
	if !on.Over {
		t.Error("what stands on the corridors is drawn under the rooms' boxes")
	}
	if !slices.ContainsFunc(on.Texts, func(s string) bool { return strings.Contains(s, "intruder adult") }) {
		t.Errorf("the corridors' labels are %q, want intruder adult among them", on.Texts)
	}
}
