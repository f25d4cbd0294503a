package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// client drives a server through its real wire, as an editor does.
type client struct {
	t      testing.TB
	in     *io.PipeWriter
	msgs   chan *message
	nextID int
	done   chan error
	root   string
	// notes are the notifications read while waiting for a response.
	notes []*message
}

func startServer(t testing.TB, root string, o Options) *client {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	if o.Debounce == 0 {
		o.Debounce = time.Millisecond
	}
	s := New(inR, outW, o)
	c := &client{t: t, in: inW, msgs: make(chan *message, 1000), done: make(chan error, 1), root: root}
	go func() {
		err := s.Run(context.Background())
		outW.Close()
		c.done <- err
	}()
	go func() {
		r := newReader(outR, 1<<30)
		for {
			m, err := r.read()
			if err != nil {
				close(c.msgs)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return c
}

func (c *client) send(m *message) {
	c.t.Helper()
	m.JSONRPC = "2.0"
	body, _ := json.Marshal(m)
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

func (c *client) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(&message{Method: method, Params: mustJSON(params)})
}

// call sends a request and waits for its response.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	c.nextID++
	id := json.RawMessage(fmt.Sprint(c.nextID))
	c.send(&message{ID: id, Method: method, Params: mustJSON(params)})
	return c.waitFor(func(m *message) bool { return m.Method == "" && string(m.ID) == string(id) })
}

// waitFor reads messages until one satisfies ok; the others are kept in
// notes. A test that waits long enough for nothing fails.
func (c *client) waitFor(ok func(*message) bool) *message {
	c.t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server closed its output")
			}
			if ok(m) {
				return m
			}
			c.notes = append(c.notes, m)
		case <-timeout:
			c.t.Fatalf("no awaited message in 30 s")
		}
	}
}

// diagnostics waits for the diagnostics of uri at version.
func (c *client) diagnostics(uri string, version int) []Diagnostic {
	c.t.Helper()
	m := c.waitFor(func(m *message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p publishDiagnosticsParams
		json.Unmarshal(m.Params, &p)
		return p.URI == uri && p.Version != nil && *p.Version == version
	})
	var p publishDiagnosticsParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	return p.Diagnostics
}

func (c *client) initialize(encodings ...string) map[string]any {
	c.t.Helper()
	p := map[string]any{"processId": nil, "rootUri": fileURI(c.root), "capabilities": map[string]any{}}
	if encodings != nil {
		p["capabilities"] = map[string]any{"general": map[string]any{"positionEncodings": encodings}}
	}
	m := c.call("initialize", p)
	if m.Error != nil {
		c.t.Fatalf("initialize: %v", m.Error.Message)
	}
	var res map[string]any
	json.Unmarshal(m.Result, &res)
	c.notify("initialized", map[string]any{})
	return res
}

func (c *client) open(path, text string) string {
	c.t.Helper()
	uri := fileURI(path)
	lang := "yaml"
	if strings.HasSuffix(path, ".json") {
		lang = "json"
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": 1, "text": text}})
	return uri
}

func (c *client) change(uri string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version},
		"contentChanges": []map[string]any{{"text": text}}})
}

// shutdown ends the session as a client does and waits for the server.
func (c *client) shutdown() {
	c.t.Helper()
	if m := c.call("shutdown", nil); m.Error != nil {
		c.t.Fatalf("shutdown: %v", m.Error.Message)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatalf("Run after shutdown and exit: %v", err)
		}
	case <-time.After(30 * time.Second):
		c.t.Fatal("the server did not stop after exit")
	}
}

// workspace makes a folder with the given files (and .git, so that the
// configuration search stops there).
func workspace(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	for name, body := range files {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// textAt is the text a wire range covers (UTF-16 positions).
func textAt(t *testing.T, doc string, r Range, enc encoding) string {
	t.Helper()
	tx := newText([]byte(doc))
	a, _ := tx.offset(r.Start, enc)
	b, _ := tx.offset(r.End, enc)
	if b < a {
		t.Fatalf("range %v ends before it starts", r)
	}
	return doc[a:b]
}
