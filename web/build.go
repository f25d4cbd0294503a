// Package web builds and serves the web edition: `zmission edit`'s page
// with the editor's session, the checks and the printouts compiled to
// WebAssembly, as plain files any static host serves. The page makes no
// request but for its own files; nothing a user opens leaves the browser.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/render/printout"
	"github.com/zmission/zmission/web/opening"
)

//go:embed assets
var assetFS embed.FS

// ModulePackage is the module's main package, built for js/wasm.
const ModulePackage = "github.com/zmission/zmission/cmd/zmission-web/wasm"

// marker lists the files a build wrote, so a new build into the same
// folder replaces them and touches nothing else.
const marker = ".zmission-web"

// CSP is the page's Content Security Policy: its own files only, no inline
// script; WebAssembly compiled from its own module.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

// BuildOptions configure Build.
type BuildOptions struct {
	// Out is the folder written: empty, missing, or one an earlier build
	// wrote.
	Out string
	// Wasm, when set, is a module already built (tests build it once);
	// otherwise Build compiles ModulePackage with the go command.
	Wasm string
	// Log receives the go command's output.
	Log io.Writer
}

// Build writes the site into o.Out.
func Build(o BuildOptions) error {
	if o.Log == nil {
		o.Log = io.Discard
	}
	old, err := checkOut(o.Out)
	if err != nil {
		return err
	}
	files, err := Files(o)
	if err != nil {
		return err
	}
	return write(o.Out, files, old)
}

// Files is every file of the site, by slash path.
func Files(o BuildOptions) (map[string][]byte, error) {
	files := map[string][]byte{}
	wasm, err := module(o)
	if err != nil {
		return nil, err
	}
	// The module goes compressed: a host that does not compress (GitHub
	// Pages does; a bucket or python3 -m http.server does not) would send
	// it at 15 MB. start.js inflates it as it arrives.
	if files[ModuleFile], err = gzipped(wasm); err != nil {
		return nil, err
	}
	if files["wasm_exec.js"], err = wasmExec(); err != nil {
		return nil, err
	}
	// The editor's page, with the web edition's transport in place of the
	// local server's.
	err = fs.WalkDir(editor.Assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == "index.html" {
			return err
		}
		b, err := fs.ReadFile(editor.Assets, p)
		files["assets/"+p] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, n := range []string{"start.js", "transport.js", "web.js", "web.css", "playtest.js", WorkerFile} {
		b, err := assetFS.ReadFile("assets/" + n)
		if err != nil {
			return nil, err
		}
		files["assets/"+n] = b
	}
	// The PDF and PNG printouts' faces: the module fetches them when it
	// first prints, not with the page.
	for n, b := range printout.FontFiles() {
		files["fonts/"+n] = b
	}
	// The first state of every example and template, as the module
	// answers it when it opens one: the page draws it at once while the
	// module compiles and starts.
	states, err := opening.FirstStates()
	if err != nil {
		return nil, fmt.Errorf("the examples' first states: %v", err)
	}
	for p, st := range states {
		files["states/"+p+".json"] = st
	}
	if err := installable(files); err != nil {
		return nil, err
	}
	page, err := fs.ReadFile(editor.Assets, "index.html")
	if err != nil {
		return nil, err
	}
	if files["index.html"], err = indexPage(page, files); err != nil {
		return nil, err
	}
	sw, err := assetFS.ReadFile("assets/sw.js")
	if err != nil {
		return nil, err
	}
	files["sw.js"] = serviceWorker(sw, files)
	return files, nil
}

// indexPage is the editor's page with the web edition's parts: its
// security policy, the module's loader, its bar and styles. The module is
// fetched and compiled from the page's first script on, and every script
// module is asked for at once (not one import after another): the first
// map waits for the module, not for the page's files.
func indexPage(page []byte, files map[string][]byte) ([]byte, error) {
	s := string(page)
	var preload strings.Builder
	var mods []string
	for n := range files {
		if strings.HasPrefix(n, "assets/") && strings.HasSuffix(n, ".js") && n != "assets/start.js" && n != "assets/"+WorkerFile {
			mods = append(mods, n)
		}
	}
	slices.Sort(mods)
	for _, n := range mods {
		preload.WriteString("\n" + `<link rel="modulepreload" href="` + n + `">`)
	}
	edits := []struct{ old, new string }{
		{"<title>zmission edit</title>", "<title>zmission — mission editor</title>\n" +
			`<meta http-equiv="Content-Security-Policy" content="` + CSP + `">` + "\n" +
			`<script src="assets/start.js"></script>` + preload.String() + "\n" +
			`<meta name="description" content="Design missions for zombie and sci-fi board games, every rule checked on the map, in your browser.">` + "\n" +
			`<link rel="manifest" href="` + manifestName + `">` + "\n" + `<meta name="theme-color" content="#2f3437">`},
		{`<link rel="stylesheet" href="assets/schemaform.css">`, `<link rel="stylesheet" href="assets/schemaform.css">` + "\n" +
			`<link rel="stylesheet" href="assets/web.css">` + "\n" + `<script src="wasm_exec.js"></script>`},
		{`<strong id="file">zmission edit</strong>`, `<strong id="file">zmission</strong>` + "\n  " + `<span id="web-actions"></span>`},
	}
	for _, e := range edits {
		if !strings.Contains(s, e.old) {
			return nil, fmt.Errorf("the editor's index.html no longer holds %q", e.old)
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return []byte(s), nil
}

// serviceWorker fills in the list of files to keep, each with its digest
// (the worker fetches it past the HTTP cache and refuses other bytes), and
// the build's version, a digest of every file: a new build replaces the
// old cache, and a build that changed nothing keeps the version, so no
// returning visitor fetches anything again. The printouts' fonts are in
// the version but not in the list: they are fetched and kept at the first
// printout, not on every first visit.
func serviceWorker(tpl []byte, files map[string][]byte) []byte {
	var names []string
	for n := range files {
		if n != "sw.js" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	h := sha256.New()
	list := [][2]string{{"./", integrity(files["index.html"])}}
	for _, n := range names {
		h.Write([]byte(n + "\x00"))
		h.Write(files[n])
		if !strings.HasPrefix(n, "fonts/") {
			list = append(list, [2]string{n, integrity(files[n])})
		}
	}
	js, _ := json.Marshal(list)
	out := bytes.Replace(tpl, []byte("{{VERSION}}"), []byte(hex.EncodeToString(h.Sum(nil))[:16]), 1)
	return bytes.Replace(out, []byte("{{FILES}}"), js, 1)
}

// integrity is a file's Subresource Integrity digest.
func integrity(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// WorkerFile is the playtest worker's script (under assets/): a classic
// worker's, run by its own thread, so it is no module the page preloads.
const WorkerFile = "playtest-worker.js"

// ModuleFile is the module as the site holds it, gzip-compressed.
const ModuleFile = "zmission.wasm.gz"

// gzipped compresses b as a gzip file with no name and no time in its
// header: the same module gives the same bytes.
func gzipped(b []byte) ([]byte, error) {
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// module compiles the WebAssembly module (or reads o.Wasm).
func module(o BuildOptions) ([]byte, error) {
	if o.Wasm != "" {
		return os.ReadFile(o.Wasm)
	}
	tmp, err := os.MkdirTemp("", "zmission-web-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "zmission.wasm")
	if err := BuildModule(out, o.Log); err != nil {
		return nil, err
	}
	return os.ReadFile(out)
}

// BuildModule compiles the module to out with the go command: stripped,
// and with no file paths of this machine in it.
func BuildModule(out string, log io.Writer) error {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w -buildid=", "-o", out, ModulePackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the WebAssembly module (go build %s): %v", ModulePackage, err)
	}
	return nil
}

// wasmExec is the Go toolchain's loader for the module, which must come
// from the same toolchain that built it.
func wasmExec() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("finding the Go toolchain (go env GOROOT): %v", err)
	}
	root := strings.TrimSpace(string(out))
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(root, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("the Go toolchain at %s has no wasm_exec.js", root)
}

// checkOut refuses a folder that holds anything an earlier build did not
// write; it returns that build's files.
func checkOut(dir string) ([]string, error) {
	if dir == "" {
		return nil, errors.New("name the folder to write with -o DIR")
	}
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(ents) == 0 {
		return nil, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, marker))
	if err != nil {
		return nil, fmt.Errorf("%s is not empty and was not written by zmission-web build: name an empty or new folder", dir)
	}
	var old []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && filepath.IsLocal(l) {
			old = append(old, l)
		}
	}
	return old, nil
}

// write puts the files in dir, each written whole (a temporary file
// renamed), then removes what the last build wrote and this one did not.
func write(dir string, files map[string][]byte, old []string) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeFile(p, files[n]); err != nil {
			return err
		}
	}
	for _, n := range old {
		if _, ok := files[n]; !ok && n != marker {
			os.Remove(filepath.Join(dir, filepath.FromSlash(n)))
		}
	}
	if err := writeFile(filepath.Join(dir, marker), []byte(strings.Join(names, "\n")+"\n")); err != nil {
		return err
	}
	// zmission's folder walks pass over the site (its examples' states are
	// JSON).
	return ours.MarkOutput(dir)
}

func writeFile(p string, data []byte) error {
	if cur, err := os.ReadFile(p); err == nil && bytes.Equal(cur, data) {
		return nil
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// contentType is the type a file is served with.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".html":
		return "text/html; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".wasm":
		return "application/wasm"
	case ".svg":
		return "image/svg+xml"
	case ".json":
		return "application/json"
	case ".png":
		return "image/png"
	case ".webmanifest":
		return "application/manifest+json"
	case ".gz":
		return "application/gzip"
	}
	return "application/octet-stream"
}
