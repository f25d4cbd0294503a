package editor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
)

// dialSocket opens the editor's socket as a page of origin would; the
// handshake's error when it is refused.
func dialSocket(t *testing.T, url string, hdr http.Header) (net.Conn, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := ws.Dialer{Header: ws.HandshakeHeaderHTTP(hdr)}
	conn, _, _, err := d.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"api/socket")
	if err == nil {
		t.Cleanup(func() { conn.Close() })
	}
	return conn, err
}

// origin is the page's own origin: http://127.0.0.1:PORT.
func origin(s *Server) string { return "http://" + s.ln.Addr().String() }

type socketAnswer struct {
	ID     int64           `json:"id"`
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body"`
}

func socketCallOf(t *testing.T, conn net.Conn, msg string) socketAnswer {
	t.Helper()
	if err := wsutil.WriteClientText(conn, []byte(msg)); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second)) // against a hang only
	data, err := wsutil.ReadServerText(conn)
	if err != nil {
		t.Fatalf("%s: %v", msg, err)
	}
	var a socketAnswer
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatalf("%s: an answer that is not JSON: %v: %.200s", msg, err, data)
	}
	return a
}

// TestSocketEdit: on the page's socket the state is read and an edit made
// as over HTTP, each answer carrying its call's id; a call the socket does
// not carry, or a message it cannot read, is refused and the socket stays
// open for the next.
func TestSocketEdit(t *testing.T) {
	c, path := newClient(t, template)
	conn, err := dialSocket(t, c.url, http.Header{"Origin": {origin(c.s)}})
	if err != nil {
		t.Fatal(err)
	}
	a := socketCallOf(t, conn, `{"id":1,"method":"GET","call":"state","query":"tab=t1"}`)
	var st State
	if a.ID != 1 || a.Status != 200 || json.Unmarshal(a.Body, &st) != nil || st.Version == "" {
		t.Fatalf("the state on the socket: %d %d %.200s", a.ID, a.Status, a.Body)
	}
	for _, k := range []struct{ msg, want string }{
		{`{"id":2,"method":"GET","call":"svg"}`, "no such call on the socket"},
		{`{"id":3,"method":"POST","call":"op","body":{"version":"` + st.Version + `","ops":[],"path":"/etc/passwd"}}`, "cannot read"},
		{`{"id":4,"method":"GET","call":"state","query":"%zz"}`, "cannot read"},
		{`not JSON`, "cannot read"},
	} {
		a := socketCallOf(t, conn, k.msg)
		if a.Status < 400 || !bytes.Contains(a.Body, []byte(k.want)) {
			t.Errorf("%s: %d %s, want a refusal saying %q", k.msg, a.Status, a.Body, k.want)
		}
	}
	op, _ := json.Marshal(opRequest{Version: st.Version, Tab: "t1", Ops: []Op{{Op: "field.set", Field: "title", Value: "On the Socket"}}})
	a = socketCallOf(t, conn, `{"id":5,"method":"POST","call":"op","body":`+string(op)+`}`)
	if a.ID != 5 || a.Status != 200 {
		t.Fatalf("the edit on the socket: %d %d %.300s", a.ID, a.Status, a.Body)
	}
	if !bytes.Contains(read(t, path), []byte("title: On the Socket")) {
		t.Errorf("the edit on the socket did not reach the file")
	}
	if got := c.state(); !strings.Contains(got.Title, "On the Socket") {
		t.Errorf("over HTTP after the edit on the socket the title is %q", got.Title)
	}
}

// TestSocketRefused: the socket writes the file, and no check like CORS
// stands in front of a socket opened by another site's page: it opens for
// the editor's own page only (its Origin, the token, the Host), and a
// message larger than the editor reads closes it.
func TestSocketRefused(t *testing.T) {
	c, path := newClient(t, template)
	orig := read(t, path)
	base := strings.TrimSuffix(c.url, "/")
	root := base[:strings.LastIndex(base, "/")]
	for _, k := range []struct {
		name string
		url  string
		hdr  http.Header
	}{
		{"no Origin", c.url, http.Header{}},
		{"another site's page", c.url, http.Header{"Origin": {"http://evil.example"}}},
		{"a cross-site request from the right Origin", c.url, http.Header{"Origin": {origin(c.s)}, "Sec-Fetch-Site": {"cross-site"}}},
		{"a wrong token", root + "/0123456789abcdef0123456789abcdef0123456789abcdef/", http.Header{"Origin": {origin(c.s)}}},
	} {
		_, err := dialSocket(t, k.url, k.hdr)
		var refused ws.StatusError
		if !errors.As(err, &refused) || int(refused) != http.StatusForbidden {
			t.Errorf("%s: the socket opened (%v), want 403", k.name, err)
		}
	}

	conn, err := dialSocket(t, c.url, http.Header{"Origin": {origin(c.s)}})
	if err != nil {
		t.Fatal(err)
	}
	big := `{"id":1,"method":"POST","call":"op","body":{"version":"` + strings.Repeat("x", MaxRequestBody) + `"}}`
	if err := wsutil.WriteClientText(conn, []byte(big)); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err = wsutil.ReadServerText(conn)
	var closed wsutil.ClosedError
	if !errors.As(err, &closed) || closed.Code != ws.StatusMessageTooBig {
		t.Errorf("a message larger than the editor reads: %v, want the socket closed (1009)", err)
	}
	if !bytes.Equal(read(t, path), orig) {
		t.Errorf("a refused socket changed the file")
	}
}

// TestServeStopsWithOpenSocket: stopping the server closes the pages'
// sockets.
func TestServeStopsWithOpenSocket(t *testing.T) {
	s, stop := serving(t)
	conn, err := dialSocket(t, s.URL(), http.Header{"Origin": {origin(s)}})
	if err != nil {
		t.Fatal(err)
	}
	stop()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := wsutil.ReadServerText(conn); err == nil {
		t.Errorf("the socket still answers after the stop")
	}
}
