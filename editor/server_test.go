package editor

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const template = "../examples/templates/zombicide-invader.yaml"

type client struct {
	t   *testing.T
	s   *Server
	url string
}

func newClient(t *testing.T, src string) (*client, string) {
	s, path := serve(t, src)
	return &client{t: t, s: s, url: s.URL()}, path
}

// do sends a request and returns the status and body.
func (c *client) do(method, url, body string, hdr map[string]string) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func (c *client) state() *State {
	c.t.Helper()
	code, body := c.do("GET", c.url+"api/state", "", nil)
	if code != 200 {
		c.t.Fatalf("state: %d %s", code, body)
	}
	var st State
	if err := json.Unmarshal(body, &st); err != nil {
		c.t.Fatal(err)
	}
	return &st
}

func (c *client) op(version string, ops ...Op) (int, []byte) {
	c.t.Helper()
	body, _ := json.Marshal(opRequest{Version: version, Ops: ops})
	return c.do("POST", c.url+"api/op", string(body), nil)
}

func read(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSecurity(t *testing.T) {
	c, path := newClient(t, template)
	orig := read(t, path)
	base := strings.TrimSuffix(c.url, "/")
	root := base[:strings.LastIndex(base, "/")]
	st := c.state()
	body, _ := json.Marshal(opRequest{Version: st.Version, Ops: []Op{{Op: "field.set", Field: "title", Value: "Hacked"}}})
	cases := []struct {
		name   string
		method string
		url    string
		body   string
		hdr    map[string]string
		want   int
	}{
		{"no token", "GET", root + "/api/state", "", nil, 403},
		{"no token at the root", "GET", root + "/", "", nil, 403},
		{"a wrong token", "GET", root + "/0123456789abcdef0123456789abcdef0123456789abcdef/api/state", "", nil, 403},
		{"the token with more after it", "GET", base + "x/api/state", "", nil, 403},
		{"another Host (DNS rebinding)", "GET", c.url + "api/state", "", map[string]string{"Host": "evil.example:80"}, 403},
		{"another Host on a write", "POST", c.url + "api/op", string(body), map[string]string{"Host": "attacker.test"}, 403},
		{"another Origin on a write", "POST", c.url + "api/op", string(body), map[string]string{"Origin": "http://evil.example"}, 403},
		{"a cross-site fetch", "POST", c.url + "api/op", string(body), map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"a form post (not JSON)", "POST", c.url + "api/op", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"a path in the request", "POST", c.url + "api/op", `{"version":"` + st.Version + `","path":"/etc/passwd","ops":[{"op":"field.set","field":"title","value":"x"}]}`, nil, 400},
		{"a path in an operation", "POST", c.url + "api/op", `{"version":"` + st.Version + `","ops":[{"op":"field.set","field":"title","value":"x","file":"../x.yaml"}]}`, nil, 400},
		{"an asset outside the assets", "GET", c.url + "assets/..%2f..%2fgo.mod", "", nil, 404},
		{"an asset outside, with dots", "GET", c.url + "assets/.hidden", "", nil, 404},
		{"a method that writes nothing", "DELETE", c.url + "api/state", "", nil, 405},
	}
	for _, k := range cases {
		code, resp := c.do(k.method, k.url, k.body, k.hdr)
		if bytes.Contains(resp, []byte("module github.com")) {
			t.Errorf("%s: served a file outside the assets", k.name)
		}
		if k.want == 404 && code == 403 {
			continue // refused before reaching the assets: as good
		}
		if code != k.want {
			t.Errorf("%s: got %d (%s), want %d", k.name, code, bytes.TrimSpace(resp), k.want)
		}
	}
	if !bytes.Equal(read(t, path), orig) {
		t.Errorf("a refused request changed the file")
	}
	// The page itself, from the right origin, may write.
	code, resp := c.do("POST", c.url+"api/op", string(body), map[string]string{"Origin": strings.TrimSuffix(root, "/"), "Sec-Fetch-Site": "same-origin"})
	if code != 200 {
		t.Fatalf("the page's own write: %d %s", code, resp)
	}
	if !bytes.Contains(read(t, path), []byte("title: Hacked")) {
		t.Errorf("the write did not reach the file")
	}
}

func TestListenLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "192.0.2.1:0", "example.com:0", "nonsense"} {
		s, err := New(template, Options{Addr: addr})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Listen(); err == nil {
			s.ln.Close()
			t.Errorf("%s: listened; want a refusal", addr)
		}
	}
}

func TestStaleVersionIs409(t *testing.T) {
	c, path := newClient(t, template)
	st := c.state()
	if code, _ := c.op(st.Version, Op{Op: "field.set", Field: "title", Value: "One"}); code != 200 {
		t.Fatal(code)
	}
	after := read(t, path)
	code, body := c.op(st.Version, Op{Op: "field.set", Field: "title", Value: "Two"})
	if code != http.StatusConflict {
		t.Fatalf("an edit against the old version: %d %s", code, body)
	}
	var e apiError
	json.Unmarshal(body, &e)
	if e.Version != Version(after) {
		t.Errorf("the 409 names version %q, want the file's %q", e.Version, Version(after))
	}
	if !bytes.Equal(read(t, path), after) {
		t.Errorf("a stale edit changed the file")
	}
	// Changed on disk and not yet seen by the watcher: still stale.
	os.WriteFile(path, append(after, []byte("# a note\n")...), 0o644)
	if code, _ := c.op(Version(after), Op{Op: "field.set", Field: "title", Value: "Three"}); code != http.StatusConflict {
		t.Errorf("an edit over an unseen change on disk: %d, want 409", code)
	}
}

func TestInvalidOperationChangesNothing(t *testing.T) {
	c, path := newClient(t, template)
	orig := read(t, path)
	st := c.state()
	for _, op := range []Op{
		{Op: "tile.remove", Index: 7},
		{Op: "tile.place", Face: "99Z", At: &[2]int{3, 0}},
		{Op: "tile.place", Face: "3B", At: &[2]int{1, 0}},
		{Op: "tile.move", Index: 0, At: &[2]int{-1, 0}},
		{Op: "token.place", Type: "dragon", At: &[2]int{0, 0}},
		{Op: "token.place", Type: "door", At: &[2]int{0, 0}},
		{Op: "token.place", Type: "door", At: &[2]int{1, 0}, Side: "w"}, // the template's door at 0,0:e
		{Op: "token.place", Type: "exit", At: &[2]int{0, 0}, Side: "n"},
		{Op: "field.set", Field: "title", Value: " "},
		{Op: "field.set", Field: "tileset", Value: "/etc"},
		{Op: "field.set", Field: "duration", Value: "soon"},
		{Op: "token.set", Index: 1, Color: ptr("plaid")}, // the schema knows the colours
		{Op: "explode"},
	} {
		code, body := c.op(st.Version, op)
		if code != 400 {
			t.Errorf("%+v: got %d %s, want 400", op, code, body)
			continue
		}
		var e apiError
		if json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Errorf("%+v: no message: %s", op, body)
		}
	}
	if !bytes.Equal(read(t, path), orig) {
		t.Errorf("a refused operation changed the file")
	}
	// An edit refused once its result is checked was being written beside
	// the file meanwhile: nothing of it is left.
	if es, err := os.ReadDir(filepath.Dir(path)); err != nil || len(es) != 1 {
		t.Errorf("after the refused operations the folder holds %v (%v): want the file alone", es, err)
	}
}

func TestUndoRedo(t *testing.T) {
	c, path := newClient(t, template)
	orig := read(t, path)
	st := c.state()
	code, body := c.op(st.Version, Op{Op: "tile.place", Face: "3B", At: &[2]int{0, 1}}, Op{Op: "tile.rotate", Index: 2})
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	edited := read(t, path)
	// A reload of the page asks the server again: the history is there.
	st = c.state()
	if st.Undo != 1 || st.Redo != 0 {
		t.Fatalf("after one edit: undo %d redo %d", st.Undo, st.Redo)
	}
	post := func(what, version string) (int, *State) {
		code, body := c.do("POST", c.url+"api/"+what, `{"version":"`+version+`"}`, nil)
		var st State
		json.Unmarshal(body, &st)
		return code, &st
	}
	code, st = post("undo", st.Version)
	if code != 200 || !bytes.Equal(read(t, path), orig) {
		t.Fatalf("undo: %d; the file is\n%s", code, read(t, path))
	}
	if st.Undo != 0 || st.Redo != 1 {
		t.Errorf("after undo: undo %d redo %d", st.Undo, st.Redo)
	}
	code, st = post("redo", st.Version)
	if code != 200 || !bytes.Equal(read(t, path), edited) {
		t.Fatalf("redo: %d; the file is\n%s", code, read(t, path))
	}
	if code, _ := post("redo", st.Version); code != http.StatusConflict {
		t.Errorf("redo with nothing to redo: %d, want 409", code)
	}
	// A save from outside is a step of the history: undo takes it back,
	// then the edit before it.
	outside := append(read(t, path), []byte("# saved elsewhere\n")...)
	os.WriteFile(path, outside, 0o644)
	code, st = post("undo", Version(outside))
	if code != 200 || !bytes.Equal(read(t, path), edited) {
		t.Fatalf("undo of an outside save: %d; the file is\n%s", code, read(t, path))
	}
	if code, _ = post("undo", st.Version); code != 200 || !bytes.Equal(read(t, path), orig) {
		t.Fatalf("undo of the edit before it: %d; the file is\n%s", code, read(t, path))
	}
}

func TestEventsOnExternalEdit(t *testing.T) {
	c, path := newClient(t, template)
	req, _ := http.NewRequest("GET", c.url+"api/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		var ev string
		for sc.Scan() {
			l := sc.Text()
			if v, ok := strings.CutPrefix(l, "event: "); ok {
				ev = v
			}
			if v, ok := strings.CutPrefix(l, "data: "); ok {
				events <- ev + " " + v
			}
		}
		close(events)
	}()
	first := <-events
	if !strings.HasPrefix(first, "hello ") {
		t.Fatalf("first event %q", first)
	}
	data := bytes.Replace(read(t, path), []byte("title: New mission"), []byte("title: Edited Elsewhere"), 1)
	os.WriteFile(path, data, 0o644)
	// The deadline only guards against a hang: the server looks at the
	// file every Interval (50ms here, 250ms by default).
	select {
	case ev := <-events:
		if !strings.HasPrefix(ev, "change "+Version(data)+".") {
			t.Errorf("event %q, want the new version %s", ev, Version(data))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no change event")
	}
	if st := c.state(); st.Title != "Edited Elsewhere" {
		t.Errorf("state title %q", st.Title)
	}
}

func TestParseErrorKeepsLastGoodBoard(t *testing.T) {
	c, path := newClient(t, template)
	good := c.state()
	os.WriteFile(path, []byte("title: [unclosed\n"), 0o644)
	deadline := time.Now().Add(10 * time.Second)
	var st *State
	for time.Now().Before(deadline) {
		if st = c.state(); st.Version != good.Version {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st.Error == "" || !st.Stale || st.SVG != good.SVG || st.Board == nil {
		t.Fatalf("after a broken save: error %q stale %v, svg kept %v", st.Error, st.Stale, st.SVG == good.SVG)
	}
	if len(st.Findings) == 0 || st.Findings[0].Rule != "syntax" {
		t.Errorf("findings %+v", st.Findings)
	}
	// An edit on a file that does not parse is refused, and nothing written.
	if code, body := c.op(st.Version, Op{Op: "field.set", Field: "title", Value: "x"}); code != 400 {
		t.Errorf("edit on a broken file: %d %s", code, body)
	}
	if string(read(t, path)) != "title: [unclosed\n" {
		t.Errorf("the broken file was rewritten")
	}
}

// TestServeStopsWithOpenStream: Ctrl-C (the context ending) stops the
// server at once, even with a page listening for events.
func TestServeStopsWithOpenStream(t *testing.T) {
	s, stop := serving(t)
	resp, err := http.Get(s.URL() + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	bufio.NewReader(resp.Body).ReadString('\n')
	stop()
	if _, err := http.Get(s.URL() + "api/state"); err == nil {
		t.Errorf("still answering after the stop")
	}
}

// serving starts a server on the template; stop ends it as Ctrl-C does and
// fails the test unless Serve returns, cleanly, within 10 s.
func serving(t *testing.T) (*Server, func()) {
	t.Helper()
	s, err := New(template, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx) }()
	return s, func() {
		t.Helper()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Serve did not stop")
		}
	}
}

// TestEventsOnTilesetEdit: the mission's own tile-set file is followed
// too; its change reaches the page though the mission's bytes are the same.
func TestEventsOnTilesetEdit(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"mission.yaml", "tiles.yaml"} {
		data, _ := os.ReadFile("testdata/own-tiles/" + f)
		os.WriteFile(dir+"/"+f, data, 0o644)
	}
	s, err := New(dir+"/mission.yaml", Options{Interval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Serve(ctx)
	c := &client{t: t, s: s, url: s.URL()}
	before := c.state()
	if before.Board == nil {
		t.Fatalf("no board: %s", before.Error)
	}
	tiles := read(t, dir+"/tiles.yaml")
	// On G, the opening between the store and the office becomes a door.
	changed := bytes.Replace(tiles, []byte("      1,0 e: opening\n      1,2 n: door"), []byte("      1,0 e: door\n      1,2 n: door"), 1)
	if bytes.Equal(changed, tiles) {
		t.Fatal("the test's change does not apply")
	}
	os.WriteFile(dir+"/tiles.yaml", changed, 0o644)
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := c.state()
		if st.Revision != before.Revision {
			if st.Version != before.Version {
				t.Errorf("the mission's version changed")
			}
			if st.Stale || st.Error != "" || st.SVG == before.SVG {
				t.Errorf("the map did not follow the tile set (stale %v, error %q)", st.Stale, st.Error)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tile-set change never reached the state")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestOutsideSaveRightAfterAnEdit: a save from another editor just after
// the editor's own write, of the same size, is still seen.
func TestOutsideSaveRightAfterAnEdit(t *testing.T) {
	c, path := newClient(t, template)
	st := c.state()
	if code, body := c.op(st.Version, Op{Op: "field.set", Field: "title", Value: "Edited Here"}); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	outside := bytes.Replace(read(t, path), []byte("title: Edited Here"), []byte("title: Saved There"), 1)
	os.WriteFile(path, outside, 0o644)
	deadline := time.Now().Add(10 * time.Second)
	for c.state().Title != "Saved There" {
		if time.Now().After(deadline) {
			t.Fatal("the outside save was taken for the editor's own")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
