package web

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zmission/zmission/internal/browsertest"
)

// press types keys, one after the other, as a keyboard does.
func press(t *testing.T, ctx context.Context, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if err := chromedp.Run(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
}

func focusNow(t *testing.T, ctx context.Context) browsertest.Focused {
	t.Helper()
	var f browsertest.Focused
	js(t, ctx, browsertest.FocusedJS, &f)
	return f
}

// tabTo presses Tab until the element id has the focus: round the page,
// past the palette's items, the map's tokens and tiles and the Issues.
func tabTo(t *testing.T, ctx context.Context, id string) browsertest.Focused {
	t.Helper()
	for range 400 {
		press(t, ctx, kb.Tab)
		if f := focusNow(t, ctx); f.ID == id {
			return f
		}
	}
	t.Fatalf("Tab does not reach #%s", id)
	return browsertest.Focused{}
}

// menuOpen is the condition that the menu of button id is open with the
// focus on its choice value.
func menuOpen(id, value string) string {
	return fmt.Sprintf(`document.querySelector('#%s').getAttribute('aria-expanded') === 'true' && !document.querySelector('#%s-menu').hidden && document.activeElement.dataset.value === %q`, id, id, value)
}

// The controls of the bar, as Tab reaches them.
var barControls = []string{"web-new", "web-examples", "web-recent", "web-open", "web-open-folder", "web-save", "web-print", "web-share"}

// TestBrowserKeyboard uses the web edition's bar as someone without a
// mouse would: Tab reaches every control of the files (New…, Examples…,
// Recent…, Open…, Folder…, Save, Download…, Link) in order, each with a focus ring
// that shows on the dark bar; a menu opens with Enter or ↓, its choices
// move with the arrows, Home and End, Escape closes it without choosing
// (an arrow key never chooses, as it does on a <select>), Enter chooses.
// Open…, Folder… and Save open the browser's file dialog (intercepted
// here through the DevTools protocol; Folder… is answered with a folder),
// Download… downloads, Link makes a link.
func TestBrowserKeyboard(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml' && document.querySelector('#web-saved').textContent`)
	choosers := make(chan *cdppage.EventFileChooserOpened, 4)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*cdppage.EventFileChooserOpened); ok {
			choosers <- e
		}
	})
	if err := chromedp.Run(ctx, cdppage.SetInterceptFileChooserDialog(true)); err != nil {
		t.Fatal(err)
	}
	chooser := func(what string) *cdppage.EventFileChooserOpened {
		t.Helper()
		select {
		case e := <-choosers:
			return e
		case <-time.After(30 * time.Second): // a guard against a hang, not a timing
			t.Fatalf("%s opened no file dialog", what)
			return nil
		}
	}

	// Tab, from the top of the page.
	var got []string
	for _, id := range barControls {
		f := focusNow(t, ctx)
		for range 3 {
			press(t, ctx, kb.Tab)
			if f = focusNow(t, ctx); f.ID == id || strings.HasPrefix(f.ID, "web-") {
				break
			}
		}
		got = append(got, f.ID)
		if !f.RingShows() {
			t.Errorf("#%s has the focus with no ring that shows (%s, contrast %.1f:1)", f.ID, f.Outline, f.Contrast)
		}
		if !f.InView {
			t.Errorf("#%s has the focus outside the window", f.ID)
		}
		if id == "web-new" {
			shot(t, ctx, "keyboard-focus.png")
		}
	}
	if strings.Join(got, " ") != strings.Join(barControls, " ") {
		t.Fatalf("Tab reaches %v, want %v", got, barControls)
	}
	before := work(t, ctx)

	// New…: an arrow key opens the menu and chooses nothing; Escape
	// closes it, back on its button.
	tabTo(t, ctx, "web-new")
	press(t, ctx, kb.ArrowDown)
	waitFor(t, ctx, "New… open on its first choice", menuOpen("web-new", "zombicide-invader"))
	press(t, ctx, kb.ArrowDown, kb.ArrowDown)
	waitFor(t, ctx, "the third choice", menuOpen("web-new", "facility"))
	f := focusNow(t, ctx)
	if !f.RingShows() {
		t.Errorf("a choice of New… has the focus with no ring that shows (%s, contrast %.1f:1)", f.Outline, f.Contrast)
	}
	shot(t, ctx, "keyboard-menu.png")
	press(t, ctx, kb.Escape)
	waitFor(t, ctx, "New… closed, the focus on it", `document.querySelector('#web-new-menu').hidden && document.activeElement.id === 'web-new'`)
	if after := work(t, ctx); after != before {
		t.Fatalf("the arrows and Escape in New… changed the work: %s", after.Name)
	}
	// Enter opens it; the facility template chosen with Enter.
	mark(t, ctx)
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "New… open", menuOpen("web-new", "zombicide-invader"))
	press(t, ctx, kb.End, kb.Home, kb.ArrowUp) // Home, then up: round to the last
	waitFor(t, ctx, "the last choice", menuOpen("web-new", "generate"))
	press(t, ctx, kb.ArrowDown, kb.ArrowDown, kb.ArrowDown, kb.Enter)
	reloaded(t, ctx, "the facility template")
	waitFor(t, ctx, "its canvas", `zmissionWeb.name === 'new-mission.yaml' && `+docHolds("ruleset: facility")+` && document.querySelector('#fac-svg')`)

	// Examples…: the first example.
	tabTo(t, ctx, "web-examples")
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "Examples… open", `document.activeElement.closest('#web-examples-menu')`)
	var first string
	js(t, ctx, `document.activeElement.dataset.value`, &first)
	mark(t, ctx)
	press(t, ctx, kb.Enter)
	reloaded(t, ctx, "the first example")
	waitFor(t, ctx, "its name", fmt.Sprintf(`zmissionWeb.name === %q`, filepath.Base(first)+".yaml"))
	name := filepath.Base(first) + ".yaml"

	// Download…: the mission file, as `zmission fmt` writes it.
	dir := downloads(t, ctx)
	tabTo(t, ctx, "web-print")
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "Download… open", menuOpen("web-print", "yaml"))
	press(t, ctx, kb.Enter)
	if got, want := downloaded(t, dir, name), fmtOf(t, name, []byte(work(t, ctx).Data)); string(got) != string(want) {
		t.Errorf("Download… gave:\n%s\nwant:\n%s", got, want)
	}
	waitFor(t, ctx, "the focus back on Download…", `document.activeElement.id === 'web-print'`)

	// Link.
	tabTo(t, ctx, "web-share")
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, "the link made", `zmissionWeb.lastLink && !document.querySelector('#banner').hidden`)

	// Open… and Save: the browser's file dialogs.
	tabTo(t, ctx, "web-open")
	press(t, ctx, kb.Enter)
	if e := chooser("Open…"); e.Mode != cdppage.FileChooserOpenedModeSelectMultiple {
		t.Errorf("Open… opened a dialog for %s", e.Mode)
	}
	tabTo(t, ctx, "web-save")
	press(t, ctx, kb.Enter)
	chooser("Save")

	// Folder…: the dialog answered with a folder, a mission and its tile set.
	folder := t.TempDir()
	copyFile(t, "../editor/testdata/own-tiles/tiles.yaml", folder, "tiles.yaml")
	copyFile(t, "../editor/testdata/own-tiles/mission.yaml", folder, "outpost.yaml")
	tabTo(t, ctx, "web-open-folder")
	mark(t, ctx)
	press(t, ctx, kb.Enter)
	e := chooser("Folder…")
	if err := chromedp.Run(ctx, dom.SetFileInputFiles([]string{folder}).WithBackendNodeID(e.BackendNodeID)); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the folder opened")
	waitFor(t, ctx, "the mission on its tiles", `zmissionWeb.name === 'outpost.yaml' && zmission.state.board.tiles.length === 2`)
}

// barCutJS lists what of the bar is cut off: a control outside the
// window, or covered, once scrolled to; and what makes the page wider
// than the window.
const barCutJS = `(() => {
  const d = document.documentElement, w = d.clientWidth, h = innerHeight, cut = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.textContent ? ' "' + e.textContent.trim().slice(0, 20) + '"' : '');
  for (const e of document.querySelectorAll('#bar button, #bar label, #web-saved, #banner button, #banner')) {
    if (e.closest('[hidden]') || !e.getClientRects().length) continue;
    e.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = e.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.left < -1 || r.right > w + 1 || r.top < -1 || r.bottom > h + 1 || !at || !(at === e || e.contains(at)))
      cut.push(name(e) + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + (at ? ' under ' + name(at) : ''));
  }
  const wide = [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest('#canvas'))
    .map(e => name(e) + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 6);
  return {Scroll: d.scrollWidth, Client: w, Cut: cut, Wide: wide};
})()`

// TestBrowserZoom200And400 reads the page at 200 % and at 400 % (a
// 1,280-pixel window at twice and four times the size: 640 and 320 CSS
// pixels): nothing of the bar is cut off or covered, the page does not
// scroll sideways (the map scrolls in its own frame), and a menu's long
// list fits in the window and scrolls to its last choice.
func TestBrowserZoom200And400(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	for _, z := range []struct {
		w, h  int64
		scale float64
		name  string
	}{{640, 450, 2, "200"}, {320, 225, 4, "400"}} {
		t.Run(z.name, func(t *testing.T) {
			if err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(z.w, z.h, z.scale, false)); err != nil {
				t.Fatal(err)
			}
			mark(t, ctx)
			if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			reloaded(t, ctx, "the page at "+z.name+" %")
			js(t, ctx, `(() => { const b = document.querySelector('#banner'); b.hidden = false; b.className = 'info'; b.textContent = 'A long message of the page, as the files give them: this mission reads collections/shelf.yaml beside it. '; const x = document.createElement('button'); x.textContent = 'Add them'; b.append(x); return true; })()`, new(bool))
			var r struct {
				Scroll, Client int
				Cut, Wide      []string
			}
			js(t, ctx, barCutJS, &r)
			if len(r.Cut) > 0 {
				t.Errorf("at %s %% cut off or covered: %s", z.name, strings.Join(r.Cut, "; "))
			}
			if r.Scroll > r.Client {
				t.Errorf("at %s %% the page is %d pixels wide in a window of %d: %v", z.name, r.Scroll, r.Client, r.Wide)
			}
			shot(t, ctx, "zoom-"+z.name+".png")

			// The map and the issues, scrolled to: most of the window's
			// width each, the map most of its height.
			for _, pane := range []struct {
				sel  string
				high float64
			}{{"#canvas", 0.5}, {"#side", 0}} {
				var b struct{ W, H, WinW, WinH float64 }
				js(t, ctx, `(() => { const e = document.querySelector('`+pane.sel+`'); e.scrollIntoView({block: 'start'}); const r = e.getBoundingClientRect();
					return {W: r.width, H: Math.min(r.bottom, innerHeight) - Math.max(r.top, 0), WinW: document.documentElement.clientWidth, WinH: innerHeight}; })()`, &b)
				if b.W < 0.8*b.WinW || b.H < pane.high*b.WinH || b.H <= 0 {
					t.Errorf("at %s %% %s shows %.0f×%.0f of a window of %.0f×%.0f", z.name, pane.sel, b.W, b.H, b.WinW, b.WinH)
				}
			}
			shot(t, ctx, "zoom-"+z.name+"-map.png")

			// The longest menu, with the keyboard: inside the window, its
			// last choice shown when reached.
			js(t, ctx, `(() => { document.querySelector('#banner').hidden = true; scrollTo(0, 0); document.activeElement.blur(); return true; })()`, new(bool))
			tabTo(t, ctx, "web-examples")
			press(t, ctx, kb.Enter)
			waitFor(t, ctx, "Examples… open", `document.activeElement.closest('#web-examples-menu')`)
			press(t, ctx, kb.End)
			var m struct {
				In, LastShown bool
				Box           []float64
			}
			js(t, ctx, `(() => { const l = document.querySelector('#web-examples-menu'), r = l.getBoundingClientRect(), e = document.activeElement, q = e.getBoundingClientRect();
				const at = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
				return {In: r.left >= 0 && r.top >= 0 && r.right <= document.documentElement.clientWidth && r.bottom <= innerHeight, LastShown: e === l.lastElementChild && at === e, Box: [r.left, r.top, r.right, r.bottom]}; })()`, &m)
			if !m.In || !m.LastShown {
				t.Errorf("at %s %% the open menu is at %v (inside the window: %v), its last choice shown: %v", z.name, m.Box, m.In, m.LastShown)
			}
			shot(t, ctx, "zoom-"+z.name+"-menu.png")
			press(t, ctx, kb.Escape)
		})
	}
}
