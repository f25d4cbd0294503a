package editor

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHeadTyped: in a Zombicide mission's Mission tab, text typed
// is saved without leaving the field, even when the page is reloaded right
// after; difficulty is the schema's menu; a value the schema refuses is
// marked at its field.
func TestBrowserHeadTyped(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	brief := `#mission-head textarea[data-pointer="/briefing"]`
	waitFor(t, ctx, "the head form", `document.querySelector('`+brief+`') && !document.querySelector('#mission-head [data-pointer="/$schema"]')`)

	// Typed at the end of the briefing, then the page reloaded at once:
	// the text is in the file.
	// (Focused from the page: the form may be made again meanwhile, and a
	// node found before is then gone.)
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const e = document.querySelector('`+brief+`'); e.focus(); e.setSelectionRange(e.value.length, e.value.length); return true; })()`, new(bool)),
		chromedp.KeyEvent("Nobody leaves."), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "Nobody leaves.")
	waitFor(t, ctx, "the page back", `document.querySelector('#map g.board .ed-badges')`)

	// Difficulty offers the schema's values only.
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	var opts []string
	js(t, ctx, `[...document.querySelectorAll('#mission-head select[data-pointer="/difficulty"] option')].map(o => o.value).filter(Boolean)`, &opts)
	if strings.Join(opts, " ") != "easy medium hard deadly" {
		t.Errorf("difficulty offers %q", opts)
	}
	if err := chromedp.Run(ctx, chromedp.SetValue(`#mission-head select[data-pointer="/difficulty"]`, "hard"),
		chromedp.Evaluate(`document.querySelector('#mission-head select[data-pointer="/difficulty"]').dispatchEvent(new Event('change'))`, new(bool))); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "difficulty: hard")

	// Players "two" fits neither a number nor a range: refused at the field,
	// the file unchanged.
	players := `#mission-head input[data-pointer="/players"]`
	waitFor(t, ctx, "the difficulty saved and shown", `zmission.state.schema.values.difficulty === 'hard' && document.querySelector('`+players+`')`)
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const e = document.querySelector('`+players+`'); e.focus(); e.select(); return true; })()`, new(bool)), chromedp.KeyEvent("two")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the refusal at the field", `document.querySelector('#mission-head .sf-field[data-pointer="/players"] .sf-refused')`)
	shot(t, ctx, "head-refused.png")
	var typed string
	js(t, ctx, `document.querySelector('`+players+`').value`, &typed)
	if typed != "two" {
		t.Errorf("the players field holds %q, want what was typed", typed)
	}
	if data := string(read(t, path)); !strings.Contains(data, "players: 2-6") {
		t.Errorf("the refused value reached the file:\n%s", data)
	}
}

// TestBrowserHeadWaitsHidden: a tile turned on a big board changes the
// findings, and so the Mission tab's head form; while that tab is hidden
// the form waits, and is made once when the tab is shown, the same as a
// form made anew for the state shown. With the tab shown, a turn makes it
// at once.
func TestBrowserHeadWaitsHidden(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the findings listed", `document.querySelector('#issues li[data-rule]') && zmission.state.board && document.querySelector('#mission-head #schema-form')`)
	turn := func(what string) {
		t.Helper()
		var v string
		js(t, ctx, `(() => { window.findingsBefore = zmission.state.findings; zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, what, `zmission.state.version !== `+strconv.Quote(v)+` && zmission.state.findings !== window.findingsBefore`)
	}
	var before, n int
	js(t, ctx, `zmission.headForms`, &before)
	for i := range 3 {
		turn("a turn with the Issues tab shown " + string(rune('1'+i)))
	}
	js(t, ctx, `zmission.headForms`, &n)
	if n != before {
		t.Fatalf("the head form was made %d times over 3 turns with the Mission tab hidden", n-before)
	}
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	var r struct {
		Forms, Marks int
		Same         bool
	}
	js(t, ctx, `(() => { const head = document.querySelector('#mission-head'), shown = head.innerHTML;
		const forms = zmission.headForms; zmission.headAnew();
		return {Forms: forms, Marks: head.querySelectorAll('.sf-finding').length, Same: head.innerHTML === shown}; })()`, &r)
	if r.Forms != before+1 {
		t.Fatalf("showing the Mission tab made the head %d times, want once", r.Forms-before)
	}
	if !r.Same {
		t.Fatal("the head form shown after the turns differs from the form made anew for the state shown")
	}
	js(t, ctx, `zmission.headForms`, &before)
	turn("a turn with the Mission tab shown")
	js(t, ctx, `zmission.headForms`, &n)
	if n != before+1 {
		t.Fatalf("a turn with the Mission tab shown made the head %d times, want once", n-before)
	}
	t.Logf("%d findings marked at the head's fields", r.Marks)
}
