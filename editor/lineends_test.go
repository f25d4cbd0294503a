package editor

import (
	"bytes"
	"os"
	"testing"
)

// An edit keeps a file's CRLF line ends (as `zmission fmt` does): a
// Windows author's line ends are theirs, and the saved file is not
// rewritten whole for one change. Undo gives back the bytes as they were.
func TestEditKeepsCRLF(t *testing.T) {
	lf, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	s, err := NewSession("/mission/violet-lockdown.yaml", Options{Store: NewMemStore(data)})
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range []string{
		`{"op":"token.move","index":11,"at":[4,3]}`,
		`{"op":"value.set","pointer":"/title","data":"Violet Breach"}`,
	} {
		before := s.Data()
		rep := s.Call(Request{Method: "POST", Path: "op", Body: []byte(`{"version":"` + Version(before) + `","tab":"a","ops":[` + op + `]}`)})
		if rep.Status != StatusOK {
			t.Fatalf("%s: %d %s", op, rep.Status, rep.Body)
		}
		after := s.Data()
		if bytes.Equal(after, before) {
			t.Fatalf("%s changed nothing", op)
		}
		if n, crlf := bytes.Count(after, []byte("\n")), bytes.Count(after, []byte("\r\n")); n != crlf || bytes.Contains(after, []byte("\r\r")) {
			t.Errorf("after %s: %d line ends, %d of them CRLF:\n%q", op, n, crlf, after)
		}
	}
	if !bytes.Contains(s.Data(), []byte("title: Violet Breach\r\n")) {
		t.Errorf("the title is not set:\n%s", s.Data())
	}
	for range 2 {
		rep := s.Call(Request{Method: "POST", Path: "undo", Body: []byte(`{"version":"` + Version(s.Data()) + `","tab":"a"}`)})
		if rep.Status != StatusOK {
			t.Fatalf("undo: %d %s", rep.Status, rep.Body)
		}
	}
	if !bytes.Equal(s.Data(), data) {
		t.Errorf("undone, the file is not as it was:\n%q", s.Data())
	}
}
