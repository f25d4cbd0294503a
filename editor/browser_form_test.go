package editor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// serveFolder starts an editor on a copy of an example's folder (the
// colony examples read their collections beside them) and returns it
// with the copied file.
func serveFolder(t *testing.T, src string) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Dir(src))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, filepath.Base(src))
	s, err := New(path, Options{Interval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return s, path
}

// formInput sets a form input's value as typing would, then fires ev
// ("input" for typed text, saved after a pause; "change" for the rest).
func formInput(t *testing.T, ctx context.Context, ptr, value, ev string) {
	t.Helper()
	js(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector('#schema-form [data-pointer=%q]:is(input, select, textarea)');
		e.focus(); e.value = %q; e.dispatchEvent(new Event(%q, {bubbles: true})); return true; })()`, ptr, value, ev), new(bool))
}

func sheetHas(text string) string {
	return fmt.Sprintf(`document.querySelector('#canvas .sheet') && document.querySelector('#canvas .sheet').textContent.includes(%q)`, text)
}

// fieldShows is the condition that the field of ptr shows a finding of rule.
func fieldShows(ptr, rule string) string {
	return fmt.Sprintf(`(() => { const el = document.querySelector('#schema-form .sf-field[data-pointer=%q]');
		if (!el || !el.classList.contains('sf-bad')) return false;
		const i = zmission.state.findings.findIndex(f => f.rule === %q);
		return i >= 0 && el.querySelector(':scope > .sf-finding[data-finding="' + i + '"]') !== null; })()`, ptr, rule)
}

// TestBrowserFormSurvivalInfection edits a Survival Infection variant
// through its form: the title (typed), the player count (a number), a
// count the camps cannot seat (the finding at its field), a value the
// schema refuses, and undo.
func TestBrowserFormSurvivalInfection(t *testing.T) {
	ctx := browser(t)
	s, path := serveFolder(t, "../examples/survival-infection/long-night.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the form and the sheet", `document.querySelector('#schema-form [data-pointer="/title"]') && !document.querySelector('#form-pane').hidden && `+sheetHas("Long Night"))
	var order []string
	js(t, ctx, `[...document.querySelectorAll('#schema-form > fieldset > .sf-field')].slice(0, 3).map(e => e.dataset.pointer)`, &order)
	if strings.Join(order, " ") != "/title /author /notes" {
		t.Errorf("the form starts %v, want the story first (the file's id is under Advanced)", order)
	}

	// Typed text is saved after a pause, and the sheet is drawn again.
	formInput(t, ctx, "/title", "Longest Night", "input")
	waitFile(t, path, "title: Longest Night\n")
	waitFor(t, ctx, "the sheet redrawn with the title", sheetHas("Longest Night"))

	// A number stays a number in the file.
	formInput(t, ctx, "/changes/players/max", "7", "change")
	waitFile(t, path, "players: {max: 7}")
	waitFor(t, ctx, "the sheet redrawn for 7 players", sheetHas("setup for 7 players"))

	// Nine players but eight Starting Camps: the finding shows at the
	// players' field, and a click on it in the issues focuses the field.
	formInput(t, ctx, "/changes/players/max", "9", "change")
	waitFile(t, path, "players: {max: 9}")
	waitFor(t, ctx, "the camp-range finding at its field", fieldShows("/changes/players", "camp-range"))
	js(t, ctx, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
	clickUntil(t, ctx, `#issues li.error`, "the field focused", `document.activeElement && (document.activeElement.dataset.pointer || '').startsWith('/changes/players')`)
	shot(t, ctx, "form-survival-infection.png")
	if shot := screenshot(t, ctx); updateShot {
		if err := os.WriteFile("../docs/editor-form.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A value the schema does not allow is refused at its field; the file
	// stays as it was.
	before := read(t, path)
	formInput(t, ctx, "/changes/players/max", "20", "change")
	waitFor(t, ctx, "the refusal at the field", `document.querySelector('#schema-form .sf-field[data-pointer="/changes/players/max"] .sf-refused') && document.querySelector('#banner').textContent.includes('from 1 to 12')`)
	if string(read(t, path)) != string(before) {
		t.Errorf("a refused value changed the file")
	}

	// Undo takes the nine players back; the finding goes with it.
	clickForFile(t, ctx, `#undo`, path, "players: {max: 7}")
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'camp-range') && !document.querySelector('#schema-form .sf-bad')`)
	var v string
	js(t, ctx, `document.querySelector('#schema-form input[data-pointer="/changes/players/max"]').value`, &v)
	if v != "7" {
		t.Errorf("after undo the field holds %q", v)
	}

	// A list item added from the form, then removed.
	clickForFile(t, ctx, `#schema-form [data-add="/changes/add"]`, path, "- {card: new}")
	waitFor(t, ctx, "the new card's field", `document.querySelector('#schema-form [data-pointer="/changes/add/2/card"]')`)
	if after := clickForChange(t, ctx, `#schema-form .sf-field[data-pointer="/changes/add/2"] > .sf-tools .sf-x`, path); strings.Contains(after, "card: new") {
		t.Errorf("the removed card is still in the file")
	}
	waitFor(t, ctx, "the card gone", `!document.querySelector('#schema-form [data-pointer="/changes/add/2/card"]')`)
}

// TestBrowserFormColony edits a colony scenario: the title, the players
// (a choice of a number or a range), the starting Morale (past the track:
// the finding at its field), and undo.
func TestBrowserFormColony(t *testing.T) {
	ctx := browser(t)
	s, path := serveFolder(t, "../examples/colony/field-hospital.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the form and the sheet", `document.querySelector('#schema-form [data-pointer="/title"]') && `+sheetHas("Field Hospital"))

	formInput(t, ctx, "/title", "Field Hospital, Winter", "change")
	waitFile(t, path, "title: Field Hospital, Winter\n")
	waitFor(t, ctx, "the sheet redrawn with the title", sheetHas("Field Hospital, Winter"))

	formInput(t, ctx, "/players", "2-4", "input")
	waitFile(t, path, "players: 2-4\n")
	waitFor(t, ctx, "the sheet redrawn for 2-4 players", sheetHas("2-4 players"))

	formInput(t, ctx, "/objective/normal/morale", "8", "change")
	waitFile(t, path, "    morale: 8\n")
	waitFor(t, ctx, "the sheet redrawn with Morale 8", `[...document.querySelectorAll('#canvas .sheet text')].some(t => t.textContent === '8') && `+sheetHas("Starting Morale"))

	formInput(t, ctx, "/objective/normal/morale", "60", "change")
	waitFile(t, path, "    morale: 60\n")
	waitFor(t, ctx, "the colony-track finding at the Morale field", fieldShows("/objective/normal/morale", "colony-track"))
	shot(t, ctx, "form-colony.png")

	// Text that is no number is refused at its field, in words; the file
	// keeps its Morale.
	before := read(t, path)
	formInput(t, ctx, "/objective/normal/morale", "abc", "change")
	waitFor(t, ctx, "the refusal at the Morale field", `(document.querySelector('#schema-form .sf-field[data-pointer="/objective/normal/morale"] > .sf-refused') || {}).textContent === 'Morale wants a whole number, not "abc"'`)
	if string(read(t, path)) != string(before) {
		t.Errorf("text in a number field changed the file")
	}

	clickForFile(t, ctx, `#undo`, path, "    morale: 8\n")
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'colony-track') && document.querySelector('#schema-form input[data-pointer="/objective/normal/morale"]').value === '8'`)
}

// TestBrowserFormNumberText types text that is no number in a number field
// of a pair (a facility's grid: columns and rows): the field says, in
// words, that it wants a whole number, and the file keeps both values; a
// browser's number field would have emptied itself and taken the item out
// of the pair, which the schema then blamed on the pair ("grid: has 1
// item"). A number again takes the refusal back.
func TestBrowserFormNumberText(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/facility/cold-landing.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	field := `#schema-form input[data-pointer="/grid/0"]`
	waitFor(t, ctx, "the grid's columns", `document.querySelector('`+field+`')`)
	var cols string
	js(t, ctx, `document.querySelector('`+field+`').value`, &cols)
	before := read(t, path)
	// The refusal shows at the grid's field, which holds both numbers.
	refusal := `(document.querySelector('` + field + `').closest('.sf-field').querySelector(':scope > .sf-refused') || {}).textContent`
	for _, text := range []string{"abc", "2.5", "1e", " "} {
		formInput(t, ctx, "/grid/0", text, "change")
		var got string
		js(t, ctx, refusal+` || ''`, &got)
		want := `Columns wants a whole number from 1 to 32, not "` + text + `"`
		if text == " " {
			want = "Columns wants a whole number from 1 to 32" // emptied: the pair keeps its columns
		}
		if got != want {
			t.Errorf("%q: the field says %q, want %q", text, got, want)
		}
		if strings.Contains(got, "item") {
			t.Errorf("%q: the refusal speaks of items: %q", text, got)
		}
		if string(read(t, path)) != string(before) {
			t.Fatalf("%q in the columns changed the file", text)
		}
	}
	// The columns as they were: nothing to save, and the refusal goes.
	formInput(t, ctx, "/grid/0", cols, "change")
	waitFor(t, ctx, "the refusal gone", `!document.querySelector('`+field+`').closest('.sf-field').querySelector(':scope > .sf-refused')`)
	if string(read(t, path)) != string(before) {
		t.Errorf("the columns as they were changed the file")
	}
}
