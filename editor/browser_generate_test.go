package editor

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/internal/browsertest"
)

// genDialog opens Generate… from the bar and waits for the dialog.
func genDialog(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#gen-btn")
	waitFor(t, ctx, "the Generate dialog", `document.querySelector('#gen') && document.querySelector('#gen').open && document.querySelector('#gen-seed').value !== ''`)
}

// pinAt selects the token on a cell with a click and pins it with P.
func pinAt(t *testing.T, ctx context.Context, x, y int, what string) {
	t.Helper()
	cond := fmt.Sprintf(`zmission.sel && zmission.sel.kind === 'token' && (() => { const k = zmission.state.board.tokens.find(k => k.index === zmission.sel.index); return k && k.x === %d && k.y === %d; })()`, x, y)
	clickAtUntil(t, ctx, cellPoint(t, ctx, float64(x)+0.5, float64(y)+0.5), what+" selected", cond)
	key(t, ctx, "p", 0)
	waitFor(t, ctx, what+" pinned", `document.querySelector('#sel-pin') && document.querySelector('#sel-pin').checked`)
}

// TestBrowserGenerate: an author pins a key (the violet Objective) and a
// control (the Sentry Gun) of Violet Lockdown and has the rest made
// again: the file keeps both where they were, passes its checks, and one
// Undo brings the mission back byte for byte. Then Generate… makes a new
// classic mission in its place, the very bytes `zmission generate` makes
// from the same options and seed; a request the boxes cannot meet is
// refused in the dialog, which stays open, and the file is left alone.
func TestBrowserGenerate(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	orig := string(read(t, path))

	pinAt(t, ctx, 0, 2, "the violet Objective")
	pinAt(t, ctx, 5, 1, "the Sentry Gun")
	waitFor(t, ctx, "two pins on the map", `document.querySelectorAll('.ed-pins .ed-pin').length === 2`)

	genDialog(t, ctx)
	waitFor(t, ctx, "the dialog starts from the mission", `document.querySelector('#gen-ruleset').value === 'zombicide-invader' && !document.querySelector('#gen-rest').hidden && document.querySelector('#gen-pinned').textContent.startsWith('Pinned: 0 tiles and 2 tokens')`)
	shot(t, ctx, "generate-dialog.png")
	// Keys pressed in the dialog are its own: Delete there removes
	// nothing from the map behind it (the Sentry Gun is selected): the
	// regeneration below is then the one step added, and keeps the gun.
	n := undoCount(t, ctx)
	js(t, ctx, `document.querySelector('#gen-new').focus()`, nil)
	key(t, ctx, "Delete", 0)
	browsertest.SetValue(t, ctx, "#gen-seed", "5")
	click(t, ctx, "#gen-rest")
	waitFor(t, ctx, "the dialog closed and the mission made again", fmt.Sprintf(`!document.querySelector('#gen').open && zmission.state.undo === %d`, n+1))
	data := waitFile(t, path, "kept from violet-lockdown.yaml")
	for _, want := range []string{"{type: objective, color: violet, id: override, at: [0, 2]}", "{type: sentry-gun, id: gun, at: [5, 1]}", "title: Violet Lockdown"} {
		if !strings.Contains(data, want) {
			t.Errorf("made again, the mission lacks %s:\n%s", want, data)
		}
	}
	if data == orig {
		t.Fatal("nothing was made again")
	}
	waitFor(t, ctx, "no error, the pins still shown", `!zmission.state.findings.some(f => f.severity === 'error') && document.querySelectorAll('.ed-pins .ed-pin').length === 2`)
	shot(t, ctx, "generate-rest.png")

	click(t, ctx, "#undo")
	if got := waitFileIs(t, path, orig); got != orig {
		t.Fatalf("undone, the file is not as it was:\n%s", got)
	}

	// Generate… → a new classic mission in its place.
	genDialog(t, ctx)
	browsertest.SetValue(t, ctx, "#gen-ruleset", "zombicide-classic")
	waitFor(t, ctx, "the classic boxes offered, Regenerate hidden", `document.querySelector('#gen-boxes input[name=box]:checked') && document.querySelector('#gen-rest').hidden`)
	var core string
	js(t, ctx, `document.querySelector('#gen-boxes input[name=box]:checked').value`, &core)
	browsertest.SetValue(t, ctx, "#gen-difficulty", "easy")
	// The game's mission types are offered; the escape by car asked for.
	waitFor(t, ctx, "classic's mission types", `[...document.querySelectorAll('#gen-type option')].map(o => o.value).join() === ',grab-and-go,key-chain,wake-spawns,car-escape'`)
	browsertest.SetValue(t, ctx, "#gen-type", "car-escape")
	browsertest.SetValue(t, ctx, "#gen-seed", "3")
	click(t, ctx, "#gen-new")
	waitFor(t, ctx, "the new mission, nothing of it pinned", `!document.querySelector('#gen').open && zmission.state.ruleset === 'zombicide-classic' && !document.querySelector('.ed-pins .ed-pin')`)
	want, err := generate.Generate(generate.Options{Ruleset: "zombicide-classic", Boxes: []string{core}, Difficulty: "easy", Length: "medium", Type: "car-escape", Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := waitFileIs(t, path, string(want.Data)); got != string(want.Data) {
		t.Errorf("the editor's mission is not the command line's:\n%s\nwant:\n%s", got, want.Data)
	}

	// 9×9 tiles from one box: refused in the dialog, the file untouched.
	genDialog(t, ctx)
	browsertest.SetValue(t, ctx, "#gen-size", "9x9")
	click(t, ctx, "#gen-new")
	waitFor(t, ctx, "the reason in the dialog", `document.querySelector('#gen').open && !document.querySelector('#gen-error').hidden && document.querySelector('#gen-error').textContent.includes('needs 81 tiles')`)
	shot(t, ctx, "generate-refused.png")
	if got := string(read(t, path)); got != string(want.Data) {
		t.Error("a refused request changed the file")
	}
	click(t, ctx, "#gen-cancel")
	waitFor(t, ctx, "the dialog closed", `!document.querySelector('#gen').open`)
}

// waitFileIs polls the file until it holds exactly want, and returns what
// it holds last.
func waitFileIs(t *testing.T, path, want string) string {
	t.Helper()
	var got string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) { // a guard against a hang, not a timing
		b, _ := os.ReadFile(path)
		if got = string(b); got == want {
			break
		}
	}
	return got
}
