package editor

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// unlabelled lists the fields of the part of the page sel that nothing
// names: no <label> for them, no aria-label (a screen reader would say
// "edit text" and no more).
func unlabelled(sel string) string {
	return `[...document.querySelectorAll('` + sel + ` :is(input:not([type=hidden]), select, textarea)')]
		.filter(e => !e.labels.length && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
		.map(e => e.id || e.outerHTML.slice(0, 80))`
}

// TestBrowserFormForAuthors: the Mission tab of an Invader mission starts
// with the story (title, author, briefing), keeps the file's plumbing
// (short name, version, game, tile set) under a closed Advanced, names
// every field with a label, and speaks no programmer's words; the
// Generate dialog says what Difficulty, Length and Seed do.
func TestBrowserFormForAuthors(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	waitFor(t, ctx, "the head form", `document.querySelector('#mission-head .sf-advanced')`)

	var first []string
	js(t, ctx, `[...document.querySelectorAll('#mission-head fieldset > .sf-field')].slice(0, 3).map(e => e.dataset.pointer)`, &first)
	if strings.Join(first, " ") != "/title /author /briefing" {
		t.Errorf("the form starts with %q, want the story first", first)
	}
	var adv struct {
		Open   bool
		Fields []string
		Label  string
	}
	js(t, ctx, `(() => { const a = document.querySelector('#mission-head .sf-advanced');
		return {Open: a.open, Fields: [...a.querySelectorAll(':scope > .sf-field')].map(e => e.dataset.pointer),
			Label: a.querySelector('label[for="' + CSS.escape(document.querySelector('[data-pointer="/id"]:is(input)').id) + '"]').textContent}; })()`, &adv)
	if adv.Open || strings.Join(adv.Fields, " ") != "/id /ruleset /tileset /format" {
		t.Errorf("Advanced: open %v, holds %q; want closed, holding id, format, game, tile set", adv.Open, adv.Fields)
	}
	if adv.Label != "Short name *" {
		t.Errorf("the id field is labelled %q", adv.Label)
	}
	var bare []string
	js(t, ctx, unlabelled(`#tab-mission`), &bare)
	if len(bare) > 0 {
		t.Errorf("fields of the Mission tab without a label: %q", bare)
	}
	var text string
	js(t, ctx, `document.querySelector('#tab-mission').innerText + [...document.querySelectorAll('#tab-mission [title]')].map(e => e.title).join(' ')`, &text)
	for _, w := range []string{"slug", "Always 1 for now", "Tileset", "Format version"} {
		if strings.Contains(text, w) {
			t.Errorf("the Mission tab says %q", w)
		}
	}
	click(t, ctx, `#mission-head .sf-advanced > summary`)
	waitFor(t, ctx, "Advanced open", `document.querySelector('#mission-head .sf-advanced').open`)
	shot(t, ctx, "form-for-authors.png")

	click(t, ctx, `#gen-btn`)
	waitFor(t, ctx, "the Generate dialog", `document.querySelector('#gen').open && document.querySelector('#gen-ruleset').options.length`)
	var helps map[string]string
	js(t, ctx, `Object.fromEntries(['gen-difficulty', 'gen-length', 'gen-seed'].map(id => { const e = document.getElementById(id);
		const h = document.getElementById(e.getAttribute('aria-describedby') || 'none'); return [id, h ? h.textContent : '']; }))`, &helps)
	for id, h := range helps {
		if h == "" || strings.Count(h, ".") != 1 {
			t.Errorf("%s is explained by %q, want one sentence", id, h)
		}
	}
	js(t, ctx, unlabelled(`#gen`), &bare)
	if len(bare) > 0 {
		t.Errorf("fields of the Generate dialog without a label: %q", bare)
	}
	shot(t, ctx, "generate-help.png")
}
