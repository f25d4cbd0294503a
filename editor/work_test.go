package editor

import (
	"os"
	"testing"
)

// The web edition keeps the work in the browser's storage: exported and
// resumed, the history undoes and redoes as before.
func TestExportResume(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	store := NewMemStore(data)
	s, err := NewSession("/mission/violet-lockdown.yaml", Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	v := Version(data)
	rep := s.Call(Request{Method: "POST", Path: "op", Body: []byte(`{"version":"` + v + `","tab":"a","ops":[{"op":"token.move","index":11,"at":[4,3]}]}`)})
	if rep.Status != StatusOK {
		t.Fatalf("op: %d %s", rep.Status, rep.Body)
	}
	moved := s.Data()
	w := s.Export("a")
	if len(w.Done) != 1 {
		t.Fatalf("exported %d steps, want 1", len(w.Done))
	}
	b, _ := MarshalWork(w)
	w2, err := UnmarshalWork(b)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Resume("/mission/violet-lockdown.yaml", w2, Options{Store: NewMemStore(w2.Data)}, "b")
	if err != nil {
		t.Fatal(err)
	}
	rep = s2.Call(Request{Method: "POST", Path: "undo", Body: []byte(`{"version":"` + Version(moved) + `","tab":"b"}`)})
	if rep.Status != StatusOK {
		t.Fatalf("undo after resume: %d %s", rep.Status, rep.Body)
	}
	if string(s2.Data()) != string(data) {
		t.Fatal("undo after resume did not give back the document as it was")
	}
	if w3 := s2.Export("b"); len(w3.Done) != 0 || len(w3.Undone) != 1 {
		t.Fatalf("after undo: %d done, %d undone; want 0 and 1", len(w3.Done), len(w3.Undone))
	}
	// A stored work whose document is not the store's is refused.
	if _, err := Resume("/m.yaml", w2, Options{Store: NewMemStore(data)}, "b"); err == nil {
		t.Fatal("resumed work on another document")
	}
}
