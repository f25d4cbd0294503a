//go:build js && wasm

// The web edition's module: the editor's session, the checks and the
// printouts inside the page. It registers one object, globalThis.zmissionGo,
// whose functions the page's transport.js and web.js call; the page makes
// no request for any of it.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall/js"

	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/render/printout"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/web/opening"
	"github.com/zmission/zmission/web/sharelink"
)

// dir is where the page's files live, as the checks see them.
const dir = opening.Dir

// maxFile bounds any file the page hands in.
var maxFile = int(source.DefaultLimits.MaxBytes)

var (
	mu    sync.Mutex
	sess  *editor.Session
	name  string            // the mission's file name
	files map[string][]byte // the files beside it, by absolute path
)

func main() {
	api := map[string]any{
		"open":       safe(open),
		"resume":     safe(resume),
		"call":       safe(call),
		"exportWork": safe(exportWork),
		"document":   safe(document),
		"format":     safe(format),
		"print":      safe(printDoc),
		"fonts":      safe(setFonts),
		"link":       safe(link),
		"unlink":     safe(unlink),
		"examples":   safe(listExamples),
		"example":    safe(example),
		"template":   safe(template),
		"generate":   safe(generateNew),
		"needs":      safe(needs),
		"names":      safe(names),
		"warm":       safe(warm),
		"warmEnd":    safe(warmEnd),
		"played":     safe(played),
	}
	js.Global().Set("zmissionGo", js.ValueOf(api))
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("zmission-ready"))
	select {}
}

// safe wraps a function for the page: a panic becomes an error the page
// shows, and the module goes on answering.
func safe(f func(js.Value, []js.Value) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) (out any) {
		defer func() {
			if p := recover(); p != nil {
				out = fail(fmt.Errorf("internal error: %v (this is a bug in zmission; please report it with the file)", p))
			}
		}()
		return f(this, args)
	})
}

// result is what every function gives the page: a JSON text, so nothing
// the page reads is a live Go value.
func result(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}

func fail(err error) any { return result(map[string]string{"error": err.Error()}) }

// bytesOf reads a string or Uint8Array argument, refusing one larger than
// a mission may be.
func bytesOf(v js.Value) ([]byte, error) {
	switch v.Type() {
	case js.TypeString:
		b := []byte(v.String()) // the page refuses a file over its own bound before this
		if len(b) > maxFile {
			return nil, tooLarge()
		}
		return b, nil
	case js.TypeObject:
		n := v.Get("length").Int()
		if n > maxFile {
			return nil, tooLarge()
		}
		b := make([]byte, n)
		js.CopyBytesToGo(b, v)
		return b, nil
	}
	return nil, errors.New("no file was given")
}

func tooLarge() error {
	return fmt.Errorf("this file is larger than a mission can be (%d MiB)", maxFile>>20)
}

// options are the session's (opening.Options): the files beside the
// mission are the page's, in memory.
func options(data []byte) editor.Options {
	return opening.Options(data, func(abs string) ([]byte, bool) {
		mu.Lock()
		defer mu.Unlock()
		b, ok := files[abs]
		return b, ok
	})
}

// cleanName keeps the base of a file name; it must be YAML or JSON.
func cleanName(n string) (string, error) {
	n = path.Base(strings.ReplaceAll(n, "\\", "/"))
	switch strings.ToLower(path.Ext(n)) {
	case ".yaml", ".yml", ".json":
		return n, nil
	}
	return "", fmt.Errorf("%q is not a mission file: zmission opens .yaml, .yml and .json files", n)
}

// filesOf reads {relative path: text} into absolute paths under dir.
func filesOf(v js.Value) (map[string][]byte, error) {
	out := map[string][]byte{}
	if v.Type() != js.TypeObject {
		return out, nil
	}
	keys := js.Global().Get("Object").Call("keys", v)
	if keys.Length() > 1000 {
		return nil, errors.New("more than 1,000 files beside the mission")
	}
	for i := range keys.Length() {
		k := keys.Index(i).String()
		b, err := bytesOf(v.Get(k))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", k, err)
		}
		out[opening.Abs(k)] = b
	}
	return out, nil
}

// document0 reads the two first arguments of open and resume: the
// file's name and its bytes.
func document0(args []js.Value) (string, []byte, error) {
	n, err := cleanName(args[0].String())
	if err != nil {
		return "", nil, err
	}
	data, err := bytesOf(args[1])
	return n, data, err
}

// open(name, data, files) starts a session on a new document.
func open(_ js.Value, args []js.Value) any {
	if len(args) < 2 {
		return fail(errors.New("open needs a name and a file"))
	}
	n, data, err := document0(args)
	if err != nil {
		return fail(err)
	}
	// A file that does not parse is no mission to edit here (the page
	// has no text editor to fix it in): say where it breaks, and keep the
	// work open as it is.
	if root, probs := source.Parse(n, data, source.DefaultLimits); root == nil && len(probs) > 0 {
		p := probs[0]
		return fail(fmt.Errorf("%s cannot be opened: it is not YAML or JSON that zmission can read (line %d, column %d: %s)", n, p.Pos.Line, p.Pos.Col, p.Message))
	}
	fs := map[string][]byte{}
	if len(args) > 2 {
		if fs, err = filesOf(args[2]); err != nil {
			return fail(err)
		}
	}
	return start(n, fs, func() (*editor.Session, error) { return editor.NewSession(dir+"/"+n, options(data)) })
}

// start makes the session of n with the files beside it the page's
// work; when it cannot, the work open stays as it was, files and all.
func start(n string, fs map[string][]byte, open func() (*editor.Session, error)) any {
	mu.Lock()
	old := files
	files = fs
	mu.Unlock()
	s, err := open()
	if err != nil {
		mu.Lock()
		files = old
		mu.Unlock()
		return fail(openErr(n, err))
	}
	mu.Lock()
	sess, name = s, n
	mu.Unlock()
	return result(map[string]string{"name": n})
}

// openErr says why a file cannot be edited, in the author's words.
func openErr(n string, err error) error {
	msg := strings.TrimPrefix(err.Error(), dir+"/")
	return fmt.Errorf("%s cannot be opened: %s", n, msg)
}

// resume(name, data, work, files, tab) starts a session on stored work:
// the document, and the history kept with it ("" for none). The history
// may be older than the document (it is kept once the edits pause): its
// steps are undone onto the document as any earlier step is.
func resume(_ js.Value, args []js.Value) any {
	if len(args) < 5 {
		return fail(errors.New("resume needs a name, the document, the work, the files and the tab"))
	}
	n, data, err := document0(args)
	if err != nil {
		return fail(err)
	}
	var w editor.Work
	if h := args[2].String(); h != "" {
		if w, err = editor.UnmarshalWork([]byte(h)); err != nil {
			w = editor.Work{} // unreadable: the document without its history
		}
	}
	w.Data = data
	fs, err := filesOf(args[3])
	if err != nil {
		return fail(err)
	}
	tab := args[4].String()
	return start(n, fs, func() (*editor.Session, error) { return editor.Resume(dir+"/"+n, w, options(data), tab) })
}

func current() (*editor.Session, string) {
	mu.Lock()
	defer mu.Unlock()
	return sess, name
}

// call(method, path, body) answers one of the page's calls, as the local
// server does: {status, type, body}.
func call(_ js.Value, args []js.Value) any {
	s, _ := current()
	if s == nil || len(args) < 3 {
		return map[string]any{"status": editor.StatusFailed, "type": "application/json", "body": `{"error":"no mission is open"}`}
	}
	u, err := url.Parse(args[1].String())
	if err != nil {
		return map[string]any{"status": editor.StatusRefused, "type": "application/json", "body": `{"error":"a call the editor cannot read"}`}
	}
	var body []byte
	if args[2].Type() == js.TypeString {
		body = []byte(args[2].String())
	}
	rep := s.Call(editor.Request{Method: args[0].String(), Path: strings.TrimPrefix(u.Path, "api/"), Query: u.Query(), Body: body})
	// An object, not JSON: the body (a state of megabytes on a big board)
	// is read once by the page, not escaped into a string and read twice.
	return map[string]any{"status": rep.Status, "type": rep.Type, "body": string(rep.Body)}
}

// exportWork(tab) is the work to keep: name, document, history.
func exportWork(_ js.Value, args []js.Value) any {
	s, n := current()
	if s == nil || len(args) < 1 {
		return fail(errors.New("no mission is open"))
	}
	w := s.Export(args[0].String())
	data := w.Data
	w.Data = nil // kept beside it
	b, err := editor.MarshalWork(w)
	if err != nil {
		return fail(err)
	}
	return result(map[string]string{"name": n, "work": string(b), "data": string(data)})
}

// document() is the name and the document as it is now.
func document(_ js.Value, _ []js.Value) any {
	s, n := current()
	if s == nil {
		return fail(errors.New("no mission is open"))
	}
	return result(map[string]string{"name": n, "data": string(s.Data())})
}

// format() is the document as `zmission fmt` writes it, for saving.
func format(_ js.Value, _ []js.Value) any {
	s, n := current()
	if s == nil {
		return fail(errors.New("no mission is open"))
	}
	data := s.Data()
	out, err := missions.Format(data, strings.EqualFold(path.Ext(n), ".json"))
	if err != nil {
		return fail(fmt.Errorf("%s cannot be formatted as it is: %v", n, err))
	}
	out = missions.KeepLineEnds(data, out) // as `zmission fmt` writes it
	return result(map[string]string{"name": n, "data": string(out)})
}

// print(format, page) is the printout of the document as `zmission render
// -o FILE.<format> --page <page>` makes it: a Uint8Array, or an error.
func printDoc(_ js.Value, args []js.Value) any {
	s, n := current()
	if s == nil || len(args) < 2 {
		return fail(errors.New("no mission is open"))
	}
	f, page := args[0].String(), args[1].String()
	if f != "pdf" && f != "png" && f != "svg" {
		return fail(fmt.Errorf("no printout as %q", f))
	}
	if page != "a4" && page != "letter" {
		return fail(fmt.Errorf("no page size %q", page))
	}
	data, err := printed(s, n, f, page)
	if err != nil {
		return fail(err)
	}
	a := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(a, data)
	return a
}

// fonts(regular, bold, oblique, boldOblique) hands the module the PDF
// and PNG printouts' faces (printout.FaceFiles, Uint8Arrays), which the
// page fetches from its own site when it first prints: the module does not
// carry them.
func setFonts(_ js.Value, args []js.Value) any {
	if len(args) < 4 {
		return fail(errors.New("fonts needs the four faces"))
	}
	var ttf [4][]byte
	for i := range ttf {
		v := args[i]
		if v.Type() != js.TypeObject || v.Get("length").Int() > maxFile {
			return fail(fmt.Errorf("%s is not a font file", printout.FaceFiles[i]))
		}
		ttf[i] = make([]byte, v.Get("length").Int())
		js.CopyBytesToGo(ttf[i], v)
	}
	if err := printout.SetFaces(ttf); err != nil {
		return fail(err)
	}
	return result(map[string]bool{"ok": true})
}

func printed(s *editor.Session, n, f, page string) ([]byte, error) {
	o, mo, dpi := printing.Defaults()
	o.Page, mo.Page = page, page
	r := lint.Bytes(dir+"/"+n, s.Data(), options(nil).Lint)
	if r.Scene == nil && r.Model == nil {
		return nil, errors.New("the mission has errors that keep it from being drawn: see Issues")
	}
	pages, err := printing.Pages(r, f, o, mo)
	if err != nil {
		return nil, err
	}
	switch f {
	case "pdf":
		return printing.PDF(pages)
	case "png":
		return printing.PNG(pages[0], dpi)
	}
	return pages[0], nil
}

// link() is the payload of a link carrying the document.
func link(_ js.Value, _ []js.Value) any {
	s, n := current()
	if s == nil {
		return fail(errors.New("no mission is open"))
	}
	l, err := sharelink.Encode(n, s.Data())
	if err != nil {
		return fail(err)
	}
	return result(map[string]string{"link": l})
}

// unlink(payload) reads a link: {name, data} or why not.
func unlink(_ js.Value, args []js.Value) any {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return fail(errors.New("no link"))
	}
	n, data, err := sharelink.Decode(args[0].String())
	if err != nil {
		return fail(err)
	}
	return result(map[string]string{"name": n, "data": string(data)})
}

// Example is one of the built-in examples or templates.
type Example struct {
	Path    string `json:"path"` // "invader/violet-lockdown"
	Title   string `json:"title"`
	Game    string `json:"game"`
	Example bool   `json:"example"` // false: a template
}

func listExamples(_ js.Value, _ []js.Value) any {
	var out []Example
	fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return nil
		}
		data, _ := fs.ReadFile(examples.FS, p)
		root, _ := source.Parse(p, data, source.DefaultLimits)
		e := Example{Path: strings.TrimSuffix(p, ".yaml"), Example: !strings.HasPrefix(p, "templates/"),
			Title: root.Field("title").Str(), Game: root.Field("ruleset").Str()}
		out = append(out, e)
		return nil
	})
	slices.SortFunc(out, func(a, b Example) int { return strings.Compare(a.Path, b.Path) })
	return result(out)
}

// example(path) is one example or template with the files beside it.
func example(_ js.Value, args []js.Value) any {
	if len(args) < 1 {
		return fail(errors.New("which example?"))
	}
	n, data, beside, err := opening.Example(args[0].String())
	if err != nil {
		return fail(err)
	}
	return result(map[string]any{"name": n, "data": string(data), "files": beside})
}

// template(ruleset) is the template `zmission new` starts from.
func template(_ js.Value, args []js.Value) any {
	if len(args) < 1 {
		return fail(errors.New("which game?"))
	}
	n, data, err := opening.Template(args[0].String())
	if err != nil {
		return fail(err)
	}
	return result(map[string]string{"name": n, "data": string(data)})
}

// generate(options as JSON) makes a mission in the page, as the command
// line and the editor make it from the same options and seed: the new
// work's file name and data (New… → Generate…).
func generateNew(_ js.Value, args []js.Value) any {
	if len(args) < 1 {
		return fail(errors.New("generate what?"))
	}
	n, data, err := editor.Generate([]byte(args[0].String()))
	if err != nil {
		return fail(err)
	}
	return result(map[string]string{"name": n, "data": string(data)})
}

// needs() lists the files the mission names beside it that the page does
// not hold: its tile set, a colony scenario's collections.
func needs(_ js.Value, _ []js.Value) any {
	s, n := current()
	out := []string{}
	if s == nil {
		return result(out)
	}
	for _, f := range beside(s.Data(), n) {
		mu.Lock()
		_, ok := files[dir+"/"+f]
		mu.Unlock()
		if !ok {
			out = append(out, f)
		}
	}
	return result(out)
}

// names(name, data) lists the files a document names beside itself, so
// the page can tell, of several files picked together, which is the
// mission and which are its tile set or collections.
func names(_ js.Value, args []js.Value) any {
	if len(args) < 2 || args[1].Type() != js.TypeString {
		return result([]string{})
	}
	data, err := bytesOf(args[1])
	if err != nil {
		return result([]string{})
	}
	out := beside(data, args[0].String())
	if out == nil {
		out = []string{}
	}
	return result(out)
}

// beside is what a document names beside itself: a tile-set file (a
// name with a dot or a slash, as lint reads it) and a colony scenario's
// collection files.
func beside(data []byte, n string) []string {
	root, _ := source.Parse(n, data, source.DefaultLimits)
	var out []string
	add := func(v *source.Node) {
		if f := v.Str(); f != "" && strings.ContainsAny(f, "./") {
			out = append(out, path.Clean(f))
		}
	}
	add(root.Field("tileset"))
	c := root.Field("collection")
	add(c)
	if c != nil {
		for _, it := range c.Items {
			add(it)
		}
	}
	return out
}
