package app

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/zmission/zmission/internal/browsertest"
)

var boxesRe = regexp.MustCompile(`(?m)^boxes: \[(.*)\]`)

// siteFilters drives the index's filters in Chromium and checks what they
// show against the missions written: by game, by player count, by the
// boxes owned (remembered over a reload), and the plain list without them.
func siteFilters(t *testing.T, out string, missions map[string][3]string) {
	ctx := browsertest.Tab(t, 1280, 900)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()

	boxes := map[string][]string{}
	for f := range missions {
		data, _ := os.ReadFile(f)
		if m := boxesRe.FindSubmatch(data); m != nil {
			for _, b := range strings.Split(string(m[1]), ",") {
				boxes[f] = append(boxes[f], strings.TrimSpace(b))
			}
		}
	}
	// Cards that are not missions of a game (the collection file) carry no
	// game and no player count.
	var others int
	var all int
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/index.html"),
		chromedp.WaitVisible("#filters"),
		chromedp.Evaluate(`document.querySelectorAll("li.card[data-game]").length`, &all)); err != nil {
		t.Fatal(err)
	}
	others = all - len(missions)
	visible := func() int {
		var n int
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelectorAll("li.card[data-game]:not([hidden])").length`, &n)); err != nil {
			t.Fatal(err)
		}
		return n
	}
	set := func(js string) {
		if err := chromedp.Run(ctx, chromedp.Evaluate(js+`; document.getElementById("filters").dispatchEvent(new Event("change"))`, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if got := visible(); got != all {
		t.Fatalf("%d of %d cards shown before any filter", got, all)
	}

	// By game.
	want := 0
	for _, m := range missions {
		if m[0] == "colony" {
			want++
		}
	}
	set(`document.querySelector("select[name=game]").value = "colony"`)
	if got := visible(); got != want {
		t.Errorf("game colony: %d cards shown; want %d", got, want)
	}
	// By game and players: seven players fit none of the colony scenarios
	// (2-5, 3-4).
	set(`document.querySelector("input[name=players]").value = "7"`)
	want = 0
	for _, m := range missions {
		if m[0] == "colony" && playersFit(m[1], 7) {
			want++
		}
	}
	if got := visible(); got != want {
		t.Errorf("colony for 7 players: %d cards shown; want %d", got, want)
	}
	// Players alone.
	set(`document.querySelector("select[name=game]").value = ""; document.querySelector("input[name=players]").value = "3"`)
	want = others
	for _, m := range missions {
		if playersFit(m[1], 3) {
			want++
		}
	}
	if got := visible(); got != want {
		t.Errorf("3 players: %d cards shown; want %d", got, want)
	}
	shotTo(t, ctx, "site-index.png")

	// The boxes I own: a mission shows when every box it names is owned.
	set(`document.querySelector("input[name=players]").value = ""; document.querySelector("input[name=box][value=invader-core]").checked = true`)
	own := func() int {
		n := others
		for f := range missions {
			ok := true
			for _, b := range boxes[f] {
				ok = ok && b == "invader-core"
			}
			if ok {
				n++
			}
		}
		return n
	}
	if got := visible(); got != own() {
		t.Errorf("owning invader-core: %d cards shown; want %d", got, own())
	}
	// Remembered over a reload.
	if err := chromedp.Run(ctx, chromedp.Reload(), chromedp.WaitVisible("#filters")); err != nil {
		t.Fatal(err)
	}
	if got := visible(); got != own() {
		t.Errorf("after a reload, owning invader-core: %d cards shown; want %d", got, own())
	}

	// Without script the index is the plain list: every card, no form.
	if err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	var hiddenForm bool
	if err := chromedp.Run(ctx, emulateNoScript(),
		chromedp.Navigate(srv.URL+"/index.html"),
		chromedp.WaitReady("ul.cards"),
		chromedp.Evaluate(`document.getElementById("filters").hidden`, &hiddenForm),
	); err != nil {
		t.Fatal(err)
	}
	if !hiddenForm {
		t.Error("without script the filter form shows, though it cannot work")
	}

	// A mission page on a phone's width.
	var page string
	for f, m := range missions {
		if m[0] == "zombicide-invader" {
			rel, _ := filepath.Rel(filepath.Dir(filepath.Dir(f)), f)
			page = strings.TrimSuffix(filepath.ToSlash(rel), ".yaml")
			break
		}
	}
	phone := browsertest.Tab(t, 390, 844)
	var overflow bool
	if err := chromedp.Run(phone, chromedp.Navigate(fmt.Sprintf("%s/%s/index.html", srv.URL, page)),
		chromedp.WaitVisible("figure img"),
		chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &overflow)); err != nil {
		t.Fatal(err)
	}
	if overflow {
		t.Error("the mission page is wider than a phone's screen")
	}
	shotTo(t, phone, "site-mission.png")
}

// shotTo saves a screenshot in ZMISSION_SHOT_DIR, when set, to
// be looked at.
func shotTo(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("ZMISSION_SHOT_DIR")
	if dir == "" {
		return
	}
	var buf []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, name), buf, 0o644)
}

// emulateNoScript turns the page's script off, as a reader may have it.
func emulateNoScript() chromedp.Action {
	return emulation.SetScriptExecutionDisabled(true)
}

// focusables lists, in document order, what Tab should reach on the index:
// the site's link, every filter control, every card's link.
const focusablesJS = `Array.from(document.querySelectorAll(
  "header a[href], nav.taxa a[href], #filters select, #filters input, li.card a[href]"))
  .filter(e => !e.closest("[hidden]")).map(e => e.getAttribute("href") || e.name + ":" + (e.type === "checkbox" ? e.value : ""))`

// focusKey names what has the focus as focusablesJS does.
func focusKey(f browsertest.Focused) string {
	if f.Href != "" {
		return f.Href
	}
	if f.Tag == "input" && f.Text != "" && f.Name == "box" {
		return f.Name + ":" + f.Text
	}
	return f.Name + ":"
}

// TestSiteKeyboardAndZoom uses the site as someone without a mouse and
// someone reading at 200 % would: Tab reaches the site's link, every
// filter control and every card, in reading order, each with a focus
// outline that shows; at 200 % (a 1,280-pixel window at twice the size,
// so 640 CSS pixels) and at 320 CSS pixels (400 %), no page of the site
// scrolls sideways.
func TestSiteKeyboardAndZoom(t *testing.T) {
	col := t.TempDir()
	generateCollection(t, col, 10)
	copyFile(t, "../testdata/broken/key-behind-lock.yaml", filepath.Join(col, "broken/key-behind-lock.yaml"))
	out := t.TempDir()
	if code, stdout, stderr := runSite(t, "-o", out, "--editor", "https://editor.example.org/", col); code != 1 {
		t.Fatalf("exit %d (want 1, for the broken file)\n%s%s", code, stdout, stderr)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()

	ctx := browsertest.Tab(t, 1280, 900)
	var want []string
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/index.html"),
		chromedp.WaitVisible("#filters"),
		chromedp.Evaluate(focusablesJS, &want)); err != nil {
		t.Fatal(err)
	}
	if len(want) < 15 {
		t.Fatalf("only %d things to reach on the index: %v", len(want), want)
	}
	var got []browsertest.Focused
	for range len(want) + 3 {
		var f browsertest.Focused
		if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab), chromedp.Evaluate(browsertest.FocusedJS, &f)); err != nil {
			t.Fatal(err)
		}
		if f.Tag == "body" || (len(got) > 0 && focusKey(f) == focusKey(got[0])) {
			break // past the last, back to the page or the address bar
		}
		got = append(got, f)
		switch {
		case len(got) == 1:
			shotTo(t, ctx, "site-focus-header.png")
		case f.Name == "box" && got[len(got)-2].Name != "box":
			shotTo(t, ctx, "site-focus-box.png")
		case strings.HasSuffix(f.Href, "/index.html") && !strings.HasSuffix(got[len(got)-2].Href, "/index.html"):
			shotTo(t, ctx, "site-focus-card.png")
		}
	}
	var keys []string
	for _, f := range got {
		keys = append(keys, focusKey(f))
	}
	if strings.Join(keys, "\n") != strings.Join(want, "\n") {
		t.Errorf("Tab reaches, in order:\n  %s\nwant:\n  %s", strings.Join(keys, "\n  "), strings.Join(want, "\n  "))
	}
	for i, f := range got {
		if !f.RingShows() {
			t.Errorf("%s has the focus with no outline that shows (%s, contrast %.1f:1, box-shadow %s)", focusKey(f), f.Outline, f.Contrast, f.Shadow)
		}
		if !f.InView {
			t.Errorf("%s has the focus outside the window", focusKey(f))
		}
		// Reading order: down the page, and along a row of cards.
		if i > 0 {
			p := got[i-1]
			sameRow := math.Abs(f.Top-p.Top) < 8
			if !(f.Top > p.Top+8 || sameRow && f.Left > p.Left) && !(p.Tag != "a" && f.Tag != "a" && f.Top >= p.Top-40) {
				t.Errorf("the focus goes back up or left, from %s (%.0f, %.0f) to %s (%.0f, %.0f)", focusKey(p), p.Left, p.Top, focusKey(f), f.Left, f.Top)
			}
		}
	}

	// Every page at 200 % and at 400 % of a 1,280-pixel window.
	var pages []string
	for name := range readTree(t, out) {
		if strings.HasSuffix(name, ".html") {
			pages = append(pages, name)
		}
	}
	sort.Strings(pages)
	for _, zoom := range []struct {
		w, h  int64
		scale float64
		name  string
	}{{640, 450, 2, "200"}, {320, 225, 4, "400"}} {
		if err := chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(zoom.w, zoom.h, zoom.scale, false)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			var wide struct {
				Scroll, Client int
				Culprits       []string
			}
			if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/"+p), chromedp.WaitReady("footer"),
				chromedp.Evaluate(`(() => {
  const d = document.documentElement, w = d.clientWidth;
  const out = Array.from(document.querySelectorAll("body *")).filter(e => e.getBoundingClientRect().right > w + 1)
    .map(e => e.tagName.toLowerCase() + (e.className ? "." + e.className : "") + " " + Math.round(e.getBoundingClientRect().right));
  return {Scroll: d.scrollWidth, Client: w, Culprits: out.slice(0, 5)};
})()`, &wide)); err != nil {
				t.Fatal(err)
			}
			if wide.Scroll > wide.Client {
				t.Errorf("%s at %s %%: %d pixels wide in a window of %d: %v", p, zoom.name, wide.Scroll, wide.Client, wide.Culprits)
			}
			switch p {
			case "index.html":
				shotTo(t, ctx, "site-index-"+zoom.name+".png")
			case "invader/violet-lockdown-000/index.html", "broken/key-behind-lock/index.html":
				shotTo(t, ctx, "site-"+strings.Split(p, "/")[1]+"-"+zoom.name+".png")
			}
		}
	}
}

// siteFind drives the index's search and sort in Chromium: each shows in
// the address, and the address, opened afresh, shows the same view.
func siteFind(t *testing.T, out string, missions map[string][3]string) {
	ctx := browsertest.Tab(t, 1280, 900)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	type view struct {
		Href   string
		Q      string
		Game   string
		Sort   string
		Cards  []string // the slugs shown, in order
		Levels []int
	}
	read := func() view {
		var v view
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => {
  const f = document.getElementById("filters"), shown = Array.from(document.querySelectorAll("li.card[data-game]:not([hidden])"));
  return {Href: location.search, Q: f.elements.q.value, Game: f.elements.game.value, Sort: f.elements.sort.value,
    Cards: shown.map(c => c.dataset.slug), Levels: shown.map(c => parseInt(c.dataset.level, 10))};
})()`, &v)); err != nil {
			t.Fatal(err)
		}
		return v
	}
	// waitShown waits for the search's index, loaded on the first search.
	waitShown := func(n int) view {
		var v view
		for range 100 {
			if v = read(); len(v.Cards) == n {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		return v
	}
	set := func(js string) {
		if err := chromedp.Run(ctx, chromedp.Evaluate(js+`; document.getElementById("filters").dispatchEvent(new Event("input"))`, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/index.html"), chromedp.WaitVisible("#filters")); err != nil {
		t.Fatal(err)
	}

	// A search for one mission's title finds it alone. Which one is
	// derived from the files: the seventh mission written.
	var title, slug string
	for f, m := range missions {
		if strings.HasSuffix(m[2], "-007") {
			title = "Generated mission 007"
			rel, _ := filepath.Rel(filepath.Dir(filepath.Dir(f)), f)
			slug = strings.TrimSuffix(filepath.ToSlash(rel), ".yaml")
		}
	}
	set(`document.querySelector("input[name=q]").value = "` + title + `"`)
	v := waitShown(1)
	if len(v.Cards) != 1 || v.Cards[0] != slug {
		t.Fatalf("searching %q shows %v; want %s alone", title, v.Cards, slug)
	}
	if v.Href != "?q=Generated+mission+007" {
		t.Errorf("after the search the address's query is %q", v.Href)
	}
	// Opened afresh, the address shows the same.
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/index.html"+v.Href), chromedp.WaitVisible("#filters")); err != nil {
		t.Fatal(err)
	}
	if again := waitShown(1); again.Q != title || len(again.Cards) != 1 || again.Cards[0] != slug {
		t.Errorf("the searched address opened again shows %q and %v", again.Q, again.Cards)
	}

	// A game and a sort by difficulty: easy first, deadly last.
	set(`document.querySelector("input[name=q]").value = ""; document.querySelector("select[name=game]").value = "zombicide-invader"; document.querySelector("select[name=sort]").value = "difficulty"`)
	want := 0
	for _, m := range missions {
		if m[0] == "zombicide-invader" {
			want++
		}
	}
	v = waitShown(want)
	if len(v.Cards) != want {
		t.Fatalf("Zombicide: Invader shows %d cards; want %d", len(v.Cards), want)
	}
	if !sort.IntsAreSorted(v.Levels) || v.Levels[0] == v.Levels[len(v.Levels)-1] {
		t.Errorf("sorted by difficulty, the levels show in the order %v", v.Levels)
	}
	if v.Href != "?game=zombicide-invader&sort=difficulty" {
		t.Errorf("after the game and the sort the address's query is %q", v.Href)
	}
	if err := chromedp.Run(ctx, chromedp.Navigate(srv.URL+"/index.html"+v.Href), chromedp.WaitVisible("#filters")); err != nil {
		t.Fatal(err)
	}
	if again := read(); again.Game != "zombicide-invader" || again.Sort != "difficulty" || strings.Join(again.Cards, " ") != strings.Join(v.Cards, " ") {
		t.Errorf("the sorted address opened again shows game %q, sort %q, %v; want %v", again.Game, again.Sort, again.Cards, v.Cards)
	}
}
