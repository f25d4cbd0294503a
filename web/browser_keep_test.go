package web

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserKeepReload: an edit, a reload: the edit is there, and Undo
// still undoes it.
func TestBrowserKeepReload(t *testing.T) {
	ctx := newFrom(t, "colony")
	waitFor(t, ctx, "the form", `document.querySelector('#schema-form [data-pointer="/title"]')`)
	formInput(t, ctx, "/title", "Kept Through a Reload", "change")
	waitFor(t, ctx, "the edit made", docHolds("title: Kept Through a Reload\n")+` && zmission.state.undo === 1`)
	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the page after the reload")
	waitFor(t, ctx, "the edit and its step back", docHolds("title: Kept Through a Reload\n")+` && zmission.state.undo === 1 && `+sheetHas("Kept Through a Reload"))
	js(t, ctx, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "the edit undone", docHolds("title: New mission\n")+` && zmission.state.undo === 0 && zmission.state.redo === 1`)
}

// TestBrowserKeepClosedTab: the work of a tab closed comes back in a new
// tab of the same browser, with its history.
func TestBrowserKeepClosedTab(t *testing.T) {
	url := site(t)
	base := page(t, "about:blank")
	a, closeA := newTab(t, base, url+"#example=templates/survival-infection")
	waitFor(t, a, "the template", `document.querySelector('#schema-form [data-pointer="/changes/hand"]')`)
	formInput(t, a, "/changes/hand", "6", "change")
	waitFor(t, a, "the edit made", docHolds("hand: 6 ")+` && zmission.state.undo === 1`)
	closeA()

	b, _ := newTab(t, base, url)
	waitFor(t, b, "the work back", mapDrawn+` && `+docHolds("hand: 6 ")+` && zmission.state.undo === 1`)
	key(t, b, "z", input.ModifierCtrl)
	waitFor(t, b, "the edit undone in the new tab", docHolds("hand: 5 ")+` && zmission.state.undo === 0`)
}

// TestBrowserOffline: once the service worker controls the page, a reload
// with the network cut (the tab offline, and the site's server gone)
// still draws the map, and the work is there.
func TestBrowserOffline(t *testing.T) {
	srv := siteServer(t)
	ctx := page(t, srv.URL+"/#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	waitFor(t, ctx, "the service worker in control", `navigator.serviceWorker.controller`)
	srv.Close()
	if err := chromedp.Run(ctx, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the page offline")
	waitFor(t, ctx, "the map drawn offline", `document.querySelector('#map g.board .ed-badges') && zmissionWeb.name === 'violet-lockdown.yaml' && zmission.state.board.tiles.length === 6`)
	shot(t, ctx, "offline.png")
}

// TestBrowserKeepTwoTabs: two tabs on two pieces of work; a reload of the
// first brings back its own work, not the one the other tab kept last.
func TestBrowserKeepTwoTabs(t *testing.T) {
	url := site(t)
	base := page(t, "about:blank")
	a, _ := newTab(t, base, url+"#example=templates/zombicide-invader")
	waitFor(t, a, "the Invader template in tab A", mapDrawn+` && `+docHolds("ruleset: zombicide-invader"))
	b, _ := newTab(t, base, url+"#example=templates/colony")
	waitFor(t, b, "the colony template in tab B", mapDrawn+` && `+docHolds("ruleset: colony"))
	mine := work(t, a)
	mark(t, a)
	if err := chromedp.Run(a, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, a, "tab A after its reload")
	if got := work(t, a); got != mine {
		t.Errorf("tab A's reload brought back %s (%s), not its own %s (%s)", got.ID, got.Name, mine.ID, mine.Name)
	}
}

// TestBrowserKeepKeyHeld: thirty nudges sent faster than the browser
// writes (a key held down) are all done, and what the browser keeps, once
// the page is at rest, is the document after the last of them, with its
// history: a reload brings it back.
func TestBrowserKeepKeyHeld(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && zmissionWeb.isLive && document.querySelector('#map g.board .ed-badges')`)
	js(t, ctx, `(() => {
		const t = zmission.state.board.tokens.find(t => t.type === 'noise');
		zmission.sel = {kind: 'token', index: t.index};
		for (let i = 0; i < 30; i++) document.dispatchEvent(new KeyboardEvent('keydown', { key: i % 2 ? 'ArrowLeft' : 'ArrowDown', bubbles: true }));
		return true; })()`, new(bool))
	waitFor(t, ctx, "the thirty edits", `zmission.state.undo === 30`)
	waitFor(t, ctx, "the last document kept", `zmissionWeb.record && zmissionWeb.record.data === JSON.parse(zmissionGo.document()).data && zmissionWeb.record.work !== undefined`)
	var doc string
	js(t, ctx, `JSON.parse(zmissionGo.document()).data`, &doc)
	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the page after the reload")
	waitFor(t, ctx, "the work back with its thirty steps", mapDrawn+` && zmissionWeb.isLive && zmission.state.undo === 30`)
	var back string
	js(t, ctx, `JSON.parse(zmissionGo.document()).data`, &back)
	if back != doc {
		t.Errorf("the reload brought back another document than the last edit's")
	}
}

// TestBrowserKeepRefused: when the browser refuses a write (its room for
// the site is full), the page says the work is not kept, and once there
// is room again the next edit is kept: a refused write never stops the
// ones after it.
//
// The refusal is made the way a full quota makes it, whatever the
// browser's version: the write's transaction aborts with a
// QuotaExceededError. Shrinking the origin's quota through the DevTools
// protocol instead rests on how each Chromium applies an override (one
// release kept writing under a quota of one byte), so the test would test
// the browser. The test fails, not skips, when no write was refused.
func TestBrowserKeepRefused(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && zmissionWeb.isLive && document.querySelector('#map g.board .ed-badges')`)
	// The page opens its storage first (a read opening it before the page
	// would make the database with no store in it).
	waitFor(t, ctx, "a first write", `zmissionWeb.record && zmissionWeb.record.work !== undefined`)
	// What the browser holds of this work, read from its storage.
	js(t, ctx, `(() => { window.keptData = async () => {
		const d = await new Promise((ok, no) => { const r = indexedDB.open('zmission-web'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
		try {
			const rec = await new Promise((ok, no) => { const g = d.transaction('work').objectStore('work').get(zmissionWeb.id); g.onsuccess = () => ok(g.result); g.onerror = () => no(g.error); });
			return rec ? rec.data : null;
		} finally { d.close(); }
	}; return true; })()`, new(bool))
	// Each poll reads the storage again and compares what the read before it found.
	waitFor(t, ctx, "the work kept", `(keptData().then(d => { window.kept = d; }), window.kept === JSON.parse(zmissionGo.document()).data)`)
	js(t, ctx, `(() => {
		const put = IDBObjectStore.prototype.put;
		window.refusedWrites = 0;
		IDBObjectStore.prototype.put = function (...args) {
			const req = put.apply(this, args);
			const t = this.transaction;
			// What a full quota does: the transaction aborts, its error a
			// QuotaExceededError, and nothing it wrote is kept.
			Object.defineProperty(t, 'error', { value: new DOMException('', 'QuotaExceededError') });
			t.abort();
			window.refusedWrites++;
			return req;
		};
		window.roomAgain = () => { IDBObjectStore.prototype.put = put; };
		return true; })()`, new(bool))
	js(t, ctx, `(() => { zmission.sel = {kind: 'token', index: zmission.state.board.tokens.find(t => t.type === 'noise').index}; return true; })()`, new(bool))
	key(t, ctx, "ArrowRight", 0)
	waitFor(t, ctx, "the edit and a write of it", `zmission.state.undo === 1 && window.refusedWrites > 0`)
	waitFor(t, ctx, "the refusal said", `zmissionWeb.storage === 'failed' && document.querySelector('#web-saved').textContent.includes('not kept by the browser')`)
	shot(t, ctx, "keep-refused.png")
	var says string
	js(t, ctx, `document.querySelector('#banner').textContent`, &says)
	if !strings.Contains(says, "would not keep this work (its room for this site is full)") {
		t.Errorf("the page says %q: it should say why the work is not kept", says)
	}
	var kept string
	js(t, ctx, `keptData()`, &kept)
	var now string
	js(t, ctx, `JSON.parse(zmissionGo.document()).data`, &now)
	if kept == now {
		t.Errorf("the refused write was kept all the same: the browser holds the edited document")
	}
	if kept == "" {
		t.Errorf("the browser holds nothing of this work: the write before the refusal was lost")
	}
	js(t, ctx, `(() => { window.roomAgain(); return true; })()`, new(bool))
	key(t, ctx, "ArrowLeft", 0)
	waitFor(t, ctx, "the next edit kept", `zmission.state.undo === 2 && zmissionWeb.storage === 'ok' && zmissionWeb.record.data === JSON.parse(zmissionGo.document()).data`)
}
