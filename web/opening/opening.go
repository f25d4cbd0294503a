// Package opening is how the web edition opens a document: the editor's
// session as the page's module makes it (its files in memory, under one
// folder), the built-in examples and templates, and their first states.
// The module (cmd/zmission-web/wasm) and the site's build share it, so the
// first state the build writes for an example is the one the module
// answers when it opens that example.
package opening

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/lint"
)

// Dir is where the page's files live, as the checks see them: the mission
// and the files it names beside it (a tile set, a colony collection).
const Dir = "/mission"

// TemplateName is the file name a mission started from a template gets.
const TemplateName = "new-mission.yaml"

// Options are the session's: the files beside the mission are read
// through open (the page's memory), and nothing outside Dir is read at
// all.
func Options(data []byte, open func(abs string) ([]byte, bool)) editor.Options {
	return editor.Options{
		Store: editor.NewMemStore(data),
		Stamp: func(string) any { return nil },
		Lint: lint.Options{
			Root: Dir,
			// The files are the page's, in memory under Dir: nothing else
			// can be read. The check that a tile-set path stays in the tree
			// follows links on the disk, and a browser has no disk to ask
			// (it refused every tile-set file as outside).
			AllowOutside: true,
			Open:         open,
		},
	}
}

// Example is one example or template of examples.FS by its path without
// .yaml ("invader/violet-lockdown", "templates/colony"): its file name, its
// bytes and the files beside it, by path relative to it.
func Example(p string) (name string, data []byte, beside map[string]string, err error) {
	c := path.Clean(p)
	data, err = fs.ReadFile(examples.FS, c+".yaml")
	if err != nil || strings.HasPrefix(c, "..") || strings.HasPrefix(c, "/") {
		return "", nil, nil, fmt.Errorf("there is no example %q", p)
	}
	beside = map[string]string{}
	d := path.Dir(c)
	fs.WalkDir(examples.Companions, d, func(q string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			b, _ := fs.ReadFile(examples.Companions, q)
			beside[strings.TrimPrefix(q, d+"/")] = string(b)
		}
		return nil
	})
	return path.Base(c) + ".yaml", data, beside, nil
}

// Template is the template `zmission new` starts a game's mission from.
func Template(game string) (name string, data []byte, err error) {
	data, ok := examples.Template(game)
	if !ok {
		return "", nil, fmt.Errorf("no template for %q", game)
	}
	return TemplateName, data, nil
}

// Abs is where a file beside the mission, by its path relative to the
// mission, is for the checks.
func Abs(rel string) string {
	return Dir + path.Clean("/"+strings.ReplaceAll(rel, "\\", "/"))
}

// FirstState is the page's first call's answer (GET state) for a document
// just opened: the state as JSON, under the key of the session that made
// it.
func FirstState(name string, data []byte, beside map[string]string) ([]byte, error) {
	files := map[string][]byte{}
	for rel, b := range beside {
		files[Abs(rel)] = []byte(b)
	}
	s, err := editor.NewSession(Dir+"/"+name, Options(data, func(abs string) ([]byte, bool) {
		b, ok := files[abs]
		return b, ok
	}))
	if err != nil {
		return nil, err
	}
	rep := s.Call(editor.Request{Method: "GET", Path: "state", Query: url.Values{"tab": {""}}})
	if rep.Status != editor.StatusOK {
		return nil, errors.New(string(rep.Body))
	}
	// The session's key names this run of it; the site's build writes
	// FirstKey in its place, so that the same examples give the same
	// files (the page puts the module's own key in its place).
	b := rep.Body
	if !bytes.HasPrefix(b, []byte(`{"key":"`)) {
		return nil, errors.New("the first state does not start with its key")
	}
	end := bytes.IndexByte(b[len(`{"key":"`):], '"')
	if end < 0 {
		return nil, errors.New("the first state's key is not closed")
	}
	return slices.Concat([]byte(`{"key":"`+FirstKey), b[len(`{"key":"`)+end:]), nil
}

// FirstKey is the key of every first state the site's build writes.
const FirstKey = "first"

// FirstStates is the first state of every example and template the site
// ships, by the address that opens it: "example/invader/violet-lockdown"
// for #example=invader/violet-lockdown, "template/colony" for
// #template=colony (the New… menu).
func FirstStates() (map[string][]byte, error) {
	out := map[string][]byte{}
	err := fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		ex := strings.TrimSuffix(p, ".yaml")
		name, data, beside, err := Example(ex)
		if err != nil {
			return err
		}
		if out["example/"+ex], err = FirstState(name, data, beside); err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, g := range examples.Templates() {
		name, data, err := Template(g)
		if err != nil {
			return nil, err
		}
		if out["template/"+g], err = FirstState(name, data, nil); err != nil {
			return nil, fmt.Errorf("template %s: %v", g, err)
		}
	}
	return out, nil
}
