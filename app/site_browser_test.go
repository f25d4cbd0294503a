package app

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
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
