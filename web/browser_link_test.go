package web

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/web/sharelink"
)

// TestBrowserLink: Link makes an address that carries the mission; opened
// in a new tab it is the same document. Broken and truncated links, and a
// link whose name and title carry markup: a clear message or the markup
// shown as text, nothing of it run, the work open untouched.
func TestBrowserLink(t *testing.T) {
	url := site(t)
	ctx := page(t, url)
	waitFor(t, ctx, "the first page", mapDrawn)
	mark(t, ctx)
	choose(t, ctx, "#web-new", "zombicide-classic")
	reloaded(t, ctx, "the classic template")
	formEdit := `(() => { document.querySelector('#tabs button[data-tab="mission"]').click(); return true; })()`
	js(t, ctx, formEdit, new(bool))
	waitFor(t, ctx, "the title field", `document.querySelector('#mission-head input[data-pointer="/title"]')`)
	js(t, ctx, `(() => { const e = document.querySelector('#mission-head input[data-pointer="/title"]'); e.focus(); e.value = 'Shared Night'; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, new(bool))
	waitFor(t, ctx, "the title in the document", docHolds("title: Shared Night\n"))
	sent := work(t, ctx)

	click(t, ctx, "#web-share")
	waitFor(t, ctx, "the link made", `zmissionWeb.lastLink && !document.querySelector('#banner').hidden`)
	var link string
	js(t, ctx, `zmissionWeb.lastLink`, &link)
	if !strings.HasPrefix(link, url+"#mission=") {
		t.Fatalf("the link %q is not to this site's page", link)
	}
	shot(t, ctx, "link-made.png")

	b, closeB := newTab(t, ctx, link)
	waitFor(t, b, "the linked mission", mapDrawn+` && zmissionWeb.name === 'new-mission.yaml' && document.querySelector('#map g.board .ed-badges')`)
	if got := work(t, b); got.Data != sent.Data || got.ID == sent.ID {
		t.Errorf("the link opened %s (work %s, the sender's %s):\n%s", got.Name, got.ID, sent.ID, got.Data)
	}
	var hash string
	js(t, b, `location.hash`, &hash)
	if hash != "" {
		t.Errorf("the address keeps the mission after opening it: %q", hash[:min(len(hash), 40)])
	}
	closeB()

	// What the tab that opened the link holds now is the work the bad
	// links must leave alone.
	c, closeC := newTab(t, ctx, url)
	waitFor(t, c, "the work", mapDrawn)
	before := work(t, c)
	closeC()

	payload := strings.TrimPrefix(link, url+"#mission=")
	markup := `<img src=x onerror="window.zmissionPwned=1"><script>window.zmissionPwned=2</script>`
	for _, bad := range []struct{ name, payload, says string }{
		{"truncated", payload[:len(payload)/2], "this mission link is broken"},
		{"changed", payload[:20] + "!!!" + payload[23:], "this mission link is broken"},
		{"not a link", "hello", "not a zmission mission link"},
		{"markup", `<img src=x onerror=window.zmissionPwned=3>`, "not a zmission mission link"},
	} {
		d, closeD := newTab(t, ctx, url+"#mission="+bad.payload)
		waitFor(t, d, bad.name+": the message", mapDrawn+` && !document.querySelector('#banner').hidden && document.querySelector('#banner').className === 'error'`)
		var says string
		js(t, d, `document.querySelector('#banner').textContent`, &says)
		if !strings.Contains(says, bad.says) {
			t.Errorf("%s link: the page says %q, want %q", bad.name, says, bad.says)
		}
		if got := work(t, d); got != before {
			t.Errorf("%s link: the work open became %s:\n%s", bad.name, got.Name, got.Data)
		}
		if bad.name == "truncated" {
			shot(t, d, "link-broken.png")
		}
		noScript(t, d)
		closeD()
	}

	// A link made elsewhere whose file name and title carry markup: the
	// mission opens, the markup is text.
	evil, err := sharelink.Encode(`<img src=x onerror=window.zmissionPwned=4>.yaml`, []byte(strings.Replace(sent.Data, "title: Shared Night", "title: '"+markup+"'", 1)))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := newTab(t, ctx, url+"#mission="+evil)
	waitFor(t, e, "the mission with markup", `document.querySelector('#canvas').textContent.includes('<script>window.zmissionPwned=2</script>')`)
	shot(t, e, "link-markup.png")
	noScript(t, e)

	// A mission too large for a link (a briefing of random letters does
	// not compress below the limit): Link says so, and makes none.
	rnd := rand.New(rand.NewPCG(1, 2))
	var brief strings.Builder
	for i := 0; i < sharelink.MaxEncoded*2; i++ {
		if i%70 == 69 {
			brief.WriteString("\n  ")
		}
		brief.WriteByte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[rnd.IntN(62)])
	}
	big := strings.Replace(sent.Data, "briefing: |\n", "briefing: |\n  "+brief.String()+"\n", 1)
	file := filepath.Join(t.TempDir(), "long-story.yaml")
	if err := os.WriteFile(file, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	mark(t, e)
	pick(t, e, "#web-file", file)
	reloaded(t, e, "the long mission opened")
	js(t, e, `zmissionWeb.lastLink = null`, nil)
	click(t, e, "#web-share")
	waitFor(t, e, "the link refused", `!document.querySelector('#banner').hidden && document.querySelector('#banner').className === 'error'`)
	var says string
	js(t, e, `document.querySelector('#banner').textContent`, &says)
	if !strings.Contains(says, "too large to carry in a link") {
		t.Errorf("a mission too large for a link: the page says %q", says)
	}
	var made any
	js(t, e, `zmissionWeb.lastLink`, &made)
	if made != nil {
		t.Errorf("a link was made anyway")
	}
}

// noScript fails the test when markup from a file or a link ran or
// became elements of the page.
func noScript(t *testing.T, ctx context.Context) {
	t.Helper()
	var pwned bool
	js(t, ctx, `window.zmissionPwned !== undefined || document.querySelector('img[onerror], script:not([src])') !== null`, &pwned)
	if pwned {
		t.Error("markup ran or became part of the page")
	}
}
