package editor

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// TestBrowserUndoTabs: Ctrl+Z after Tab in the form undoes the file, not
// the next field; two tabs each undo their own edits; a save from another
// program is a step of the history, and the edits before it are undone
// around the later ones.
func TestBrowserUndoTabs(t *testing.T) {
	a := browser(t)
	b := browser(t)
	s, path := serve(t, "../examples/templates/zombicide-invader.yaml")
	if err := chromedp.Run(a, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Run(b, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "the map in tab A", `document.querySelector('#map g.board .ed-badges')`)
	waitFor(t, b, "the map in tab B", `document.querySelector('#map g.board .ed-badges')`)

	// Tab A types a title and leaves the field with Tab; Ctrl+Z in the next
	// field (not typed in) undoes the title, Ctrl+Shift+Z does it again.
	click(t, a, `#tabs button[data-tab="mission"]`)
	title := `#mission-head input[data-pointer="/title"]`
	waitFor(t, a, "the title field", `document.querySelector('`+title+`')`)
	if err := chromedp.Run(a, chromedp.Evaluate(`(() => { const e = document.querySelector('`+title+`'); e.focus(); e.select(); return true; })()`, new(bool)),
		chromedp.KeyEvent("Alpha"), chromedp.KeyEvent("\t")); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "title: Alpha\n")
	waitFor(t, a, "the focus in the next field", `document.activeElement && document.activeElement.dataset.pointer === '/author' && zmission.state.undo === 1`)
	key(t, a, "z", input.ModifierCtrl)
	waitFile(t, path, "title: New mission\n")
	waitFor(t, a, "the undo shown", `zmission.state.redo === 1`)
	key(t, a, "z", input.ModifierCtrl|input.ModifierShift)
	waitFile(t, path, "title: Alpha\n")

	// Tab B sets the difficulty, once it shows the file as it is now (an
	// edit made against an older version is refused).
	waitFor(t, b, "tab B following tab A", `zmission.state.version === '`+Version(read(t, path))+`'`)
	click(t, b, `#tabs button[data-tab="mission"]`)
	diff := `#mission-head select[data-pointer="/difficulty"]`
	waitFor(t, b, "the difficulty menu", `document.querySelector('`+diff+`')`)
	js(t, b, `(() => { const e = document.querySelector('`+diff+`'); e.value = 'hard'; e.dispatchEvent(new Event('change')); return true; })()`, new(bool))
	waitFile(t, path, "difficulty: hard\n")

	// Another program saves a new duration.
	data := read(t, path)
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "duration: 60\n", "duration: 90\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, a, "tab A following the save", `zmission.state.schema.values.duration === 90 && zmission.state.undo === 2`)

	// Tab A, focus on the page: Ctrl+Z takes back the outside save, then
	// its own title; tab B's difficulty stays.
	js(t, a, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
	key(t, a, "z", input.ModifierCtrl)
	waitFile(t, path, "duration: 60\n")
	waitFor(t, a, "the outside save undone", `zmission.state.undo === 1`)
	key(t, a, "z", input.ModifierCtrl)
	got := waitFile(t, path, "title: New mission\n")
	if !strings.Contains(got, "difficulty: hard\n") {
		t.Errorf("tab A's undo took back tab B's difficulty:\n%s", got)
	}
	waitFor(t, a, "nothing left to undo in tab A", `zmission.state.undo === 0`)

	// Tab B undoes its difficulty, and only that.
	waitFor(t, b, "tab B's own step", `zmission.state.undo === 1`)
	js(t, b, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
	key(t, b, "z", input.ModifierCtrl)
	got = waitFile(t, path, "difficulty: medium\n")
	if !strings.Contains(got, "title: New mission\n") || !strings.Contains(got, "duration: 60\n") {
		t.Errorf("tab B's undo changed more than its difficulty:\n%s", got)
	}
}
