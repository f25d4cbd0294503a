package editor

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
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

// TestBrowserPrint: Print in the bar makes the PDF of the mission as it
// is, saved under the title's name, says so in the bar, and warns while
// the template's placeholder story is still there.
func TestBrowserPrint(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/templates/zombicide-invader.yaml")
	dir := t.TempDir()
	if err := chromedp.Run(ctx, cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dir), chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#print-btn`)
	waitFor(t, ctx, "the printout saved", `document.querySelector('#print-status').textContent === 'Saved new-mission-a4.pdf to your downloads.'`)
	var warned string
	js(t, ctx, `document.querySelector('#banner').hidden ? '' : document.querySelector('#banner').textContent`, &warned)
	if !strings.Contains(warned, "The briefing is still the template's (“What happened here") {
		t.Errorf("the banner says %q, want the placeholder briefing named", warned)
	}
	shot(t, ctx, "print-saved.png")
	pdf := waitDownload(t, filepath.Join(dir, "new-mission-a4.pdf"))
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Errorf("the file saved is not a PDF: %.20q", pdf)
	}
	want := s.Call(Request{Method: "GET", Path: "print", Query: url.Values{"format": {"pdf"}, "page": {"a4"}}})
	if !bytes.Equal(pdf, want.Body) {
		t.Errorf("the PDF saved (%d bytes) is not the session's printout (%d bytes)", len(pdf), len(want.Body))
	}
}

// waitDownload waits for the browser to finish writing path (Chromium
// writes NAME.crdownload and renames it when done) and reads it.
func waitDownload(t *testing.T, path string) []byte {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second) // a guard against a hang, not a timing
	for {
		if _, err := os.Stat(path + ".crdownload"); err != nil {
			if data, err := os.ReadFile(path); err == nil && bytes.HasSuffix(bytes.TrimSpace(data), []byte("%%EOF")) {
				return data
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s was never saved", path)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBrowserFixInWords: the violet door nothing opens is told in the
// table's words — no line, no coordinates, no file syntax — and its
// one-click fix adds the rule; Undo takes it back in one step.
func TestBrowserFixInWords(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/words/violet-key.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the fix offered", `document.querySelector('#issues li button.fix')`)
	var list string
	js(t, ctx, `document.querySelector('#issues').innerText`, &list)
	if !strings.Contains(list, "The violet door never opens") || !strings.Contains(list, "Add rule: taking the violet Objective opens violet doors") {
		t.Errorf("the list says:\n%s", list)
	}
	for _, w := range []string{"line ", "5,2", "when:", "{", "rot:"} {
		if strings.Contains(list, w) {
			t.Errorf("the list says %q:\n%s", w, list)
		}
	}
	shot(t, ctx, "fix-offered.png")
	clickForFile(t, ctx, `#issues li button.fix`, path, "open: violet")
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'door-never-opens')`)
	shot(t, ctx, "fix-applied.png")
	clickUntil(t, ctx, `#undo`, "the rule taken back", `zmission.state.findings.some(f => f.rule === 'door-never-opens')`)
	if data := string(read(t, path)); strings.Contains(data, "open: violet") {
		t.Errorf("Undo left the rule:\n%s", data)
	}
}

// TestBrowserFirstStep: a first visit shows the hint on the board; a
// click on a palette tile then a click on the board puts it there, as a
// drag does, and so for a token; the hint is gone then, and after a
// reload too.
func TestBrowserFirstStep(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/templates/zombicide-invader.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map and the hint", `document.querySelector('#map g.board .ed-badges') && !document.querySelector('#board-hint').hidden`)
	shot(t, ctx, "first-step-hint.png")
	click(t, ctx, `.face[data-face="3B"]`)
	waitFor(t, ctx, "3B taken up", `document.querySelector('.face[data-face="3B"]').getAttribute('aria-pressed') === 'true'`)
	browsertest.ClickAt(t, ctx, cellPoint(t, ctx, 1.5, 4.5))
	waitFile(t, path, "{face: 3B, at: [0, 1]}")
	waitFor(t, ctx, "the tile selected, nothing held", `zmission.sel && zmission.sel.kind === 'tile' && !zmission.armed() && !document.querySelector('#palette .armed')`)
	click(t, ctx, `.tok[data-type="objective"][data-color="violet"]`)
	waitFor(t, ctx, "the Objective taken up", `zmission.armed() && zmission.armed().type === 'objective'`)
	browsertest.ClickAt(t, ctx, cellPoint(t, ctx, 2.5, 4.5))
	waitFile(t, path, "{type: objective, color: violet, at: [2, 4]}")
	waitFor(t, ctx, "the hint gone", `document.querySelector('#board-hint').hidden`)
	shot(t, ctx, "first-step-placed.png")
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page back", `document.querySelector('#map g.board .ed-badges') && zmission.state`)
	var hidden bool
	js(t, ctx, `document.querySelector('#board-hint').hidden`, &hidden)
	if !hidden {
		t.Error("the first-time hint is shown again after a reload")
	}
}

// TestBrowserFindingToField: a finding with no place on the map (a player
// range written backwards), picked in Issues, shows the Mission tab with
// the field that fixes it focused; fixed there, the finding goes.
func TestBrowserFindingToField(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/words/backwards.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the finding listed", `document.querySelector('#issues li.error') && zmission.state.findings.some(f => f.rule === 'players-backwards')`)
	var label string
	js(t, ctx, `document.querySelector('#issues li[data-rule="players-backwards"] button.fix').textContent`, &label)
	if label != "Set the players to 2–6" {
		t.Errorf("the players' fix is labelled %q", label)
	}
	clickUntil(t, ctx, `#issues li[data-rule="players-backwards"] .msg`, "the players field focused", `!document.querySelector('#tab-mission').hidden && document.activeElement.dataset.pointer === '/players'`)
	shot(t, ctx, "finding-to-field.png")
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const e = document.activeElement; e.select(); return true; })()`, new(bool)), chromedp.KeyEvent("2-6\t")); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "players: 2-6")
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'players-backwards')`)

	// Undone, it is back; its one-click fix does the same.
	clickUntil(t, ctx, `#undo`, "the range back", `zmission.state.findings.some(f => f.rule === 'players-backwards')`)
	waitFile(t, path, "players: 6-2")
	click(t, ctx, `#tabs button[data-tab="issues"]`)
	clickForFile(t, ctx, `#issues li[data-rule="players-backwards"] button.fix`, path, "players: 2-6")
	waitFor(t, ctx, "the finding gone again", `!zmission.state.findings.some(f => f.rule === 'players-backwards')`)
}

// TestBrowserMissingStart: a mission with no Start, its finding picked,
// focuses the palette's Start token, which Enter puts on the board.
func TestBrowserMissingStart(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "no-start.yaml")
	if err := os.WriteFile(src, []byte(bad(t, "start-missing")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, path := serve(t, src)
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the finding listed", `document.querySelector('#issues li[data-rule="start-missing"]')`)
	clickUntil(t, ctx, `#issues li[data-rule="start-missing"] .msg`, "the Start token focused", `document.activeElement.matches('#palette .tok[data-type="start"]')`)
	if err := chromedp.Run(ctx, chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "type: start")
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'start-missing')`)
}
