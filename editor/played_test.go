package editor

import (
	"bytes"
	"os"
	"testing"
)

// PlayedData is the version the Playtest panel plays: the last whose
// board could be built, kept through a change that leaves no board; nil
// when no version had one.
func TestPlayedDataIsTheLastGoodVersion(t *testing.T) {
	good, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(good, []byte("tileset: station"), []byte("tileset: no-such-set"), 1)
	if bytes.Equal(bad, good) {
		t.Fatal("the example names no station tile set")
	}
	store, stamp := NewMemStore(good), 0
	s, err := NewSession("/mission/violet-lockdown.yaml", Options{Store: store, Stamp: func(string) any { return stamp }})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.PlayedData(); !bytes.Equal(got, good) {
		t.Fatalf("PlayedData of the example is not its document")
	}
	// Another program saves the file with a tile set no one has.
	if err := store.Replace(bad, good); err != nil {
		t.Fatal(err)
	}
	stamp++
	s.Poll()
	if !bytes.Equal(s.Data(), bad) {
		t.Fatal("the session did not read the change")
	}
	if got := s.PlayedData(); !bytes.Equal(got, good) {
		t.Errorf("after a change that leaves no board, PlayedData is\n%s", got)
	}
	if p := getPlaytest(t, s); p.Version != Version(good) {
		t.Errorf("the panel plays version %s, PlayedData is %s", p.Version, Version(good))
	}
	never, err := NewSession("/mission/bad.yaml", Options{Store: NewMemStore(bad)})
	if err != nil {
		t.Fatal(err)
	}
	if got := never.PlayedData(); got != nil {
		t.Errorf("a mission whose board was never built has PlayedData %.40q", got)
	}
}
