package web

// The work kept in the browser is never out of reach: Recent… brings it
// back, nothing replaces work with changes no file holds without asking,
// a link pasted into an open page opens behind the same question, and two
// tabs keep two pieces of work.

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// retitle changes the mission's title through the Mission tab's form, as
// an author types it.
func retitle(t *testing.T, ctx context.Context, title string) {
	t.Helper()
	js(t, ctx, `(() => { document.querySelector('#tabs button[data-tab="mission"]').click(); return true; })()`, new(bool))
	waitFor(t, ctx, "the title field", `document.querySelector('#mission-head input[data-pointer="/title"]')`)
	js(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector('#mission-head input[data-pointer="/title"]'); e.focus(); e.value = %q; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, title), new(bool))
	waitFor(t, ctx, "the title in the document and kept", docHolds("title: "+title+"\n")+` && zmissionWeb.record && zmissionWeb.record.data.includes(`+jsString("title: "+title+"\n")+`)`)
}

// guardAsks is the condition that the page asks before replacing the work.
const guardAsks = `document.querySelector('#web-guard') && document.querySelector('#web-guard').open`

// records is what the browser keeps, by id: title and game.
func records(t *testing.T, ctx context.Context) map[string]struct{ Title, Game, Data string } {
	t.Helper()
	var out map[string]struct{ Title, Game, Data string }
	js(t, ctx, `new Promise((ok, no) => { const r = indexedDB.open('zmission-web'); r.onerror = () => no(r.error); r.onsuccess = () => {
		const q = r.result.transaction('work').objectStore('work').getAll();
		q.onsuccess = () => { const m = {}; for (const x of q.result) m[x.id] = {Title: x.title || '', Game: x.game || '', Data: x.data}; r.result.close(); ok(m); }; }; })`, &out)
	return out
}

// TestBrowserRecent: an edited example, then another example opened from
// Examples…: the page asks first ("Cancel" keeps the work; "Open it here"
// opens the other), and Recent… brings the edit back, with its title and
// game; × removes a piece of work from the browser. The storage stays
// bounded: past KEPT pieces of work the oldest go, never the current one.
func TestBrowserRecent(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	waitFor(t, ctx, "an untouched example said so", `document.querySelector('#web-saved').textContent === 'not changed'`)
	retitle(t, ctx, "Kept in Recent")
	waitFor(t, ctx, "the bar says the work is in no file", `document.querySelector('#web-saved').textContent === 'not saved to a file'`)
	edited := work(t, ctx)

	choose(t, ctx, "#web-examples", "facility/breach-wing")
	waitFor(t, ctx, "the page asks", guardAsks)
	click(t, ctx, `#web-guard button[value=""]`)
	waitFor(t, ctx, "the question gone, the work as it was", `!(`+guardAsks+`) && `+docHolds("title: Kept in Recent\n"))

	// Cancel, and the example chosen again in the same instant: the first
	// question's close event is still on its way when the second opens,
	// and must not answer it.
	choose(t, ctx, "#web-examples", "facility/breach-wing")
	waitFor(t, ctx, "the page asks a second time", guardAsks)
	var again bool
	js(t, ctx, `(() => { document.querySelector('#web-guard button[value=""]').click();
		const b = document.querySelector('#web-examples'); if (b.getAttribute('aria-expanded') !== 'true') b.click();
		document.querySelector('#web-examples-menu [data-value="facility/breach-wing"]').click(); return true; })()`, &again)
	mark(t, ctx)
	waitFor(t, ctx, "the page asks again", guardAsks)
	click(t, ctx, `#web-guard button[value="here"]`)
	reloaded(t, ctx, "the other example")
	waitFor(t, ctx, "its name", `zmissionWeb.name === 'breach-wing.yaml'`)

	click(t, ctx, "#web-recent")
	item := fmt.Sprintf(`#web-recent-menu [data-value=%q]`, edited.ID)
	waitFor(t, ctx, "the edit in Recent, by its title and game", `document.querySelector('`+item+`') && document.querySelector('`+item+`').textContent.startsWith('Kept in Recent — Zombicide: Invader')`)
	mark(t, ctx)
	click(t, ctx, item) // the example is untouched: nothing to ask
	reloaded(t, ctx, "the edit again")
	waitFor(t, ctx, "the edit back", docHolds("title: Kept in Recent\n")+fmt.Sprintf(` && zmissionWeb.id === %q`, edited.ID))

	// × removes the example's work, and the list says so at once.
	var other string
	for id := range records(t, ctx) {
		if id != edited.ID {
			other = id
		}
	}
	if other == "" {
		t.Fatal("the browser does not keep the example opened meanwhile")
	}
	click(t, ctx, "#web-recent")
	rm := fmt.Sprintf(`#web-recent-menu [data-remove=%q]`, other)
	waitFor(t, ctx, "its remove button", `document.querySelector('`+rm+`')`)
	click(t, ctx, rm)
	waitFor(t, ctx, "it gone from the list", `!document.querySelector('`+rm+`')`)
	if _, ok := records(t, ctx)[other]; ok {
		t.Error("× left the work in the browser's storage")
	}

	// Thirty old pieces of work, then an edit: the twenty latest stay
	// beside the current one.
	js(t, ctx, `new Promise(ok => { const r = indexedDB.open('zmission-web'); r.onsuccess = () => {
		const tx = r.result.transaction('work', 'readwrite'), s = tx.objectStore('work');
		for (let i = 1; i <= 30; i++) s.put({id: 'old' + i, name: 'old.yaml', data: 'x', updated: i});
		tx.oncomplete = () => { r.result.close(); ok(true); }; }; })`, new(bool))
	retitle(t, ctx, "Kept Past Thirty")
	var recs map[string]struct{ Title, Game, Data string }
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(200 * time.Millisecond) { // a guard against a hang, not a timing
		if recs = records(t, ctx); len(recs) == 21 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the browser keeps %d pieces of work, want the 20 latest and the current one", len(recs))
		}
	}
	if _, ok := recs[edited.ID]; !ok {
		t.Error("the current work was removed")
	}
	for i := 1; i <= 10; i++ {
		if _, ok := recs[fmt.Sprint("old", i)]; ok {
			var ids []string
			for id := range recs {
				ids = append(ids, id)
			}
			t.Fatalf("old%d, among the oldest, is still kept; kept: %v", i, ids)
		}
	}
	if _, ok := recs["old30"]; !ok {
		t.Error("old30, the latest of them, was removed")
	}
}

// TestBrowserHashOpens: a link's address set on an open page (pasted into
// its address bar) opens it in place; with changes no file holds, only
// once the author says so.
func TestBrowserHashOpens(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	retitle(t, ctx, "Not Lost to a Link")
	js(t, ctx, `(() => { location.hash = '#example=facility/breach-wing'; return true; })()`, new(bool))
	waitFor(t, ctx, "the page asks", guardAsks)
	click(t, ctx, `#web-guard button[value=""]`)
	waitFor(t, ctx, "the work kept, the address clean", `!(`+guardAsks+`) && location.hash === '' && `+docHolds("title: Not Lost to a Link\n"))

	mark(t, ctx)
	js(t, ctx, `(() => { location.hash = '#example=facility/breach-wing'; return true; })()`, new(bool))
	waitFor(t, ctx, "the page asks", guardAsks)
	click(t, ctx, `#web-guard button[value="here"]`)
	reloaded(t, ctx, "the page on the new address")
	waitFor(t, ctx, "the facility example", `zmissionWeb.name === 'breach-wing.yaml' && document.querySelector('#fac-svg')`)

	// Untouched work is left at once.
	mark(t, ctx)
	js(t, ctx, `(() => { location.hash = '#template=colony'; return true; })()`, new(bool))
	reloaded(t, ctx, "the template")
	waitFor(t, ctx, "the colony template", docHolds("ruleset: colony"))
}

// TestBrowserTwoTabs: a second tab on the bare address, while the first
// has its work open, gets a copy of its own (and says so); each tab's
// edits stay its own.
func TestBrowserTwoTabs(t *testing.T) {
	url := site(t)
	base := page(t, "about:blank")
	a, _ := newTab(t, base, url+"#example=invader/violet-lockdown")
	waitFor(t, a, "the example", mapDrawn)
	retitle(t, a, "Tab A")
	wa := work(t, a)

	b, closeB := newTab(t, base, url)
	waitFor(t, b, "a copy of the work", mapDrawn+` && `+docHolds("title: Tab A\n")+` && document.querySelector('#banner').textContent.includes('open in another tab')`)
	wb := work(t, b)
	if wb.ID == wa.ID {
		t.Fatalf("the second tab has the first tab's work (%s)", wa.ID)
	}
	retitle(t, b, "Tab B")
	closeB()

	mark(t, a)
	if err := chromedp.Run(a, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, a, "the first tab again")
	waitFor(t, a, "its own work", docHolds("title: Tab A\n")+fmt.Sprintf(` && zmissionWeb.id === %q`, wa.ID))
	recs := records(t, a)
	if r := recs[wb.ID]; r.Title != "Tab B" {
		t.Errorf("the second tab's work is kept as %q, want Tab B", r.Title)
	}
	if r := recs[wa.ID]; r.Title != "Tab A" {
		t.Errorf("the first tab's work is kept as %q, want Tab A", r.Title)
	}
}

// TestBrowserForkedTabMission: a tab that finds its work open in another
// goes on with a copy, and starts for seconds (the module, and the other
// tab's hold on the work waited for): its Mission tab, on the screen all
// that time, answers the first click, and keys pressed then do no harm.
func TestBrowserForkedTabMission(t *testing.T) {
	url := site(t)
	base := page(t, "about:blank")
	a, _ := newTab(t, base, url+"#example=invader/violet-lockdown")
	waitFor(t, a, "the example", mapDrawn)
	retitle(t, a, "Tab A")

	b, _ := newTab(t, base, url)
	tab := `#tabs button[data-tab="mission"]`
	starting := `!(window.zmission && zmission.state)`
	waitFor(t, b, "the Mission tab on the screen", `document.querySelector('`+tab+`').getBoundingClientRect().width > 0`)
	shot(t, b, "web-forked-starting.png")
	browsertest.ClickAt(t, b, centreOf(t, b, tab))
	key(t, b, "z", input.ModifierCtrl) // undo
	key(t, b, "f", 0)                  // fit
	var early bool
	js(t, b, starting, &early)
	if !early {
		t.Fatal("the page had its state before the click and the keys: this test shows nothing of a page starting")
	}
	waitFor(t, b, "the form after one click", `!document.querySelector('#tab-mission').hidden && document.querySelector('#tabs button[data-tab="mission"]').classList.contains('on') && document.querySelector('#mission-head input[data-pointer="/title"]')`)
	waitFor(t, b, "the copy, said so", mapDrawn+` && `+docHolds("title: Tab A\n")+` && document.querySelector('#banner').textContent.includes('open in another tab')`)
	shot(t, b, "web-forked-mission.png")
}
