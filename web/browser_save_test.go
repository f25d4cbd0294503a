package web

// Save into the file the mission came from (the File System Access API).
// Headless Chromium shows no file dialog and no permission prompt: its
// showOpenFilePicker ends as if cancelled, and a prompt is never answered
// (or, with --deny-permission-prompts, always refused). So the tests take
// the real handles the browser gives without either: a file of the
// origin's private file system (writable without a prompt) stands for the
// file picked with Open…, and a file dropped from the disk gives its own
// handle, whose writing the browser refuses.

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/app"
	"github.com/zmission/zmission/internal/browsertest"
)

// crlfMission is the violet-lockdown example as a Windows author might
// have it: CRLF line ends, and spacing `zmission fmt` puts right.
func crlfMission(t *testing.T) []byte {
	t.Helper()
	s := string(readFile(t, "../examples/invader/violet-lockdown.yaml"))
	for _, r := range [][2]string{
		{"title: Violet Lockdown\n", "title:    \"Violet Lockdown\"\n"},
		{"  - {face: 9B, at: [0, 0]}\n", "  -   { face: 9B,   at: [0, 0] }\n"},
		{"\n", "\r\n"},
	} {
		if !strings.Contains(s, r[0]) {
			t.Fatalf("the example no longer holds %q; update the test", r[0])
		}
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	return []byte(s)
}

// fmtOf is what `zmission fmt` writes for data in a file named name.
func fmtOf(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, stderr bytes.Buffer
	if code := app.Run([]string{"zmission", "fmt", p}, nil, &out, &stderr); code != 0 {
		t.Fatalf("zmission fmt: exit %d: %s", code, stderr.String())
	}
	return out.Bytes()
}

// allCRLF tells whether every line of data ends with CRLF.
func allCRLF(data []byte) bool {
	return bytes.Count(data, []byte("\n")) > 0 && bytes.Count(data, []byte("\n")) == bytes.Count(data, []byte("\r\n"))
}

// privateWrite writes data to the file name of the page's origin private
// file system, as another program would write a file on disk.
func privateWrite(t *testing.T, ctx context.Context, name string, data []byte) {
	t.Helper()
	js(t, ctx, fmt.Sprintf(`(async () => { const d = await navigator.storage.getDirectory();
		const w = await (await d.getFileHandle(%q, {create: true})).createWritable();
		await w.write(Uint8Array.from(atob(%q), c => c.charCodeAt(0))); await w.close(); return true; })()`,
		name, base64.StdEncoding.EncodeToString(data)), new(bool))
}

// privateRead is the bytes of the file name of the origin private file
// system.
func privateRead(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	var b64 string
	js(t, ctx, fmt.Sprintf(`(async () => { const d = await navigator.storage.getDirectory();
		const b = new Uint8Array(await (await (await d.getFileHandle(%q)).getFile()).arrayBuffer());
		let s = ''; for (const x of b) s += String.fromCharCode(x); return btoa(s); })()`, name), &b64)
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

const savedSays = `document.querySelector('#web-saved').textContent`

// TestBrowserSaveToFile: a mission opened with Open… is saved back into
// its own file, byte for byte what `zmission fmt` writes (its CRLF line
// ends kept), before and after an edit, and the bar says it is saved. A
// file another program changed since is not written over: the page says
// so, the work stays, and "Save over it" then writes it.
//
// The file picker is the test's: it hands the page a real handle of the
// browser's (a file of the origin's private file system, which the
// browser lets the page write without a prompt); all that follows is
// the page and the browser.
func TestBrowserSaveToFile(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	const name = "lockdown.yaml"
	src := crlfMission(t)
	privateWrite(t, ctx, name, src)
	js(t, ctx, fmt.Sprintf(`(() => { window.showOpenFilePicker = async () => [await (await navigator.storage.getDirectory()).getFileHandle(%q)]; return true; })()`, name), new(bool))
	mark(t, ctx)
	click(t, ctx, "#web-open")
	reloaded(t, ctx, "the picked file opened")
	waitFor(t, ctx, "the mission and its file's handle", `zmissionWeb.name === '`+name+`' && zmissionWeb.handle instanceof FileSystemFileHandle && document.querySelector('#map g.board .ed-badges')`)

	// Saved as it is: what `zmission fmt` writes.
	want := fmtOf(t, name, src)
	if bytes.Equal(want, src) || !allCRLF(want) {
		t.Fatal("zmission fmt changes nothing of the test's file, or not with CRLF; the test shows nothing")
	}
	waitFor(t, ctx, "the bar saying the file is behind", savedSays+` === 'changes not saved to the file'`)
	key(t, ctx, "s", input.ModifierCtrl)
	waitFor(t, ctx, "the bar saying saved", savedSays+` === 'saved' && !document.title.startsWith('•')`)
	if got := privateRead(t, ctx, name); !bytes.Equal(got, want) {
		t.Fatalf("Save wrote:\n%q\nzmission fmt writes:\n%q", got, want)
	}

	// An edit, and Save again: the file is the document as fmt writes it.
	waitFor(t, ctx, "the form", `document.querySelector('#schema-form [data-pointer="/title"]')`)
	formInput(t, ctx, "/title", "Violet Breach", "change")
	waitFor(t, ctx, "the edit made and the file behind", docHolds("title: Violet Breach")+` && `+savedSays+` === 'changes not saved to the file' && document.title.startsWith('•')`)
	shot(t, ctx, "save-behind.png")
	key(t, ctx, "s", input.ModifierCtrl)
	waitFor(t, ctx, "saved again", savedSays+` === 'saved'`)
	got := privateRead(t, ctx, name)
	if want := fmtOf(t, name, []byte(work(t, ctx).Data)); !bytes.Equal(got, want) {
		t.Errorf("after the edit Save wrote:\n%q\nzmission fmt writes:\n%q", got, want)
	}
	if !allCRLF(got) || !bytes.Contains(got, []byte("title: Violet Breach\r\n")) {
		t.Errorf("after the edit Save wrote, without the edit or with other line ends:\n%q", got)
	}

	// Another program writes the file; an edit; Save writes nothing.
	other := []byte("# written by another program\r\n")
	privateWrite(t, ctx, name, other)
	formInput(t, ctx, "/title", "Violet Siege", "change")
	waitFor(t, ctx, "the second edit", docHolds("title: Violet Siege")+` && `+savedSays+` === 'changes not saved to the file'`)
	key(t, ctx, "s", input.ModifierCtrl)
	waitFor(t, ctx, "Save refusing", `document.querySelector('#banner').className === 'error' && document.querySelector('#web-save-over')`)
	var says string
	js(t, ctx, `document.querySelector('#banner').textContent`, &says)
	if !strings.Contains(says, name+" changed on disk since it was opened here: it was not written over") {
		t.Errorf("the page says %q", says)
	}
	if got := privateRead(t, ctx, name); !bytes.Equal(got, other) {
		t.Errorf("Save wrote over the other program's file: %q", got)
	}
	if w := work(t, ctx); !strings.Contains(w.Data, "title: Violet Siege") || w.Name != name {
		t.Errorf("the work is not as it was: %s\n%s", w.Name, w.Data)
	}
	js(t, ctx, savedSays, &says)
	if says != "changes not saved to the file" {
		t.Errorf("after the refusal the bar says %q", says)
	}
	shot(t, ctx, "save-changed-on-disk.png")

	// Save over it: the author's choice, and the banner goes.
	clickUntil(t, ctx, "#web-save-over", "saved over the other program's", savedSays+` === 'saved' && document.querySelector('#banner').hidden`)
	if got, want := privateRead(t, ctx, name), fmtOf(t, name, []byte(work(t, ctx).Data)); !bytes.Equal(got, want) {
		t.Errorf("Save over it wrote:\n%q\nzmission fmt writes:\n%q", got, want)
	}
}

// TestBrowserSaveRefused: a mission dropped from the disk comes with its
// file's handle; when the browser does not let the page write it (here
// Chromium refuses every prompt), Save says so, the file on disk is as it
// was, the work stays, and "Download it" gives it as `zmission fmt` writes
// it.
func TestBrowserSaveRefused(t *testing.T) {
	url := site(t) + "#example=templates/colony"
	profile, err := os.MkdirTemp("", "zmission-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	browser, stop := browsertest.Start(browsertest.Path(t), profile, 1500, 950, chromedp.Flag("deny-permission-prompts", true))
	t.Cleanup(func() { stop(); browsertest.RemoveProfile(profile) })
	ctx := pageIn(t, browser, url)
	waitFor(t, ctx, "the template", mapDrawn+` && zmissionWeb.name === 'colony.yaml'`)

	dir := t.TempDir()
	const name = "lockdown.yaml"
	src := crlfMission(t)
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	mark(t, ctx)
	dropFiles(t, ctx, file)
	reloaded(t, ctx, "the dropped file opened")
	waitFor(t, ctx, "the mission and its file's handle", `zmissionWeb.name === '`+name+`' && zmissionWeb.handle instanceof FileSystemFileHandle && zmissionWeb.handle.name === '`+name+`'`)
	before := work(t, ctx)
	key(t, ctx, "s", input.ModifierCtrl)
	waitFor(t, ctx, "Save refused", `document.querySelector('#banner').className === 'error' && document.querySelector('#web-save-kept')`)
	var says string
	js(t, ctx, `document.querySelector('#banner').textContent`, &says)
	if !strings.Contains(says, "The browser did not allow writing "+name+": nothing was written, and the work is kept here.") {
		t.Errorf("the page says %q", says)
	}
	if got := readFile(t, file); !bytes.Equal(got, src) {
		t.Errorf("the file on disk changed:\n%q", got)
	}
	if after := work(t, ctx); after != before {
		t.Errorf("the work changed: %+v", after)
	}
	js(t, ctx, savedSays, &says)
	if says == "saved" {
		t.Error("the bar says saved")
	}
	shot(t, ctx, "save-refused.png")
	dir = downloads(t, ctx)
	click(t, ctx, "#web-save-kept")
	if got, want := downloaded(t, dir, name), fmtOf(t, name, src); !bytes.Equal(got, want) {
		t.Errorf("Download it gave:\n%q\nzmission fmt writes:\n%q", got, want)
	}
}
