package web

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/zmission/zmission/web/sharelink"
)

// TestBrowserFixTurn: a tile put down turned wrong, whose one other turn
// joins its corridors to the board, is offered "Turn tile 4B …" in the
// Issues; one click turns it, the finding goes, and Ctrl+Z brings it back.
func TestBrowserFixTurn(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/first-contact.yaml")
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Replace(string(data), "{face: 4B, at: [0, 1], rot: 90}", "{face: 4B, at: [0, 1], rot: 0}", 1)
	link, err := sharelink.Encode("first-contact.yaml", []byte(wrong))
	if err != nil {
		t.Fatal(err)
	}
	ctx := page(t, site(t)+"#mission="+link)
	const fix = `[...document.querySelectorAll('#issues li button.fix')].find(b => b.textContent === 'Turn tile 4B a quarter turn clockwise so its borders meet')`
	waitFor(t, ctx, "the turn offered", mapDrawn+` && `+docHolds("{face: 4B, at: [0, 1], rot: 0}")+` && `+fix)
	shot(t, ctx, "fix-turn.png")
	var words string
	js(t, ctx, `(`+fix+`).closest('li').querySelector('.msg').textContent`, &words)
	if strings.ContainsAny(words, "[]{}") || strings.Contains(words, "1,2") {
		t.Errorf("the finding says %q: the file's syntax or a grid place", words)
	}
	js(t, ctx, `(`+fix+`).click(), true`, new(bool))
	waitFor(t, ctx, "the tile turned, the finding gone", docHolds("{face: 4B, at: [0, 1], rot: 90}")+` && !`+has("border-dead-end"))
	js(t, ctx, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "one Undo turns it back", docHolds("{face: 4B, at: [0, 1], rot: 0}")+` && `+has("border-dead-end"))
}
