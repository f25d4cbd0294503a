package editor

import (
	"bytes"
	"encoding/json"
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

// A change of the mission's own tile-set file keeps the mission's version
// but changes its board: the Playtest panel plays the new board, not the
// old one's games kept under the same version.
func TestPlaytestFollowsTheTileset(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"mission.yaml", "tiles.yaml"} {
		data, err := os.ReadFile("testdata/own-tiles/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stamp := 0
	s, err := NewSession(dir+"/mission.yaml", Options{Stamp: func(string) any { return stamp }})
	if err != nil {
		t.Fatal(err)
	}
	before := getPlaytest(t, s)
	if before.Unavailable != "" || len(before.Counts) == 0 {
		t.Fatalf("no playtest of the mission: %+v", before)
	}
	tiles, err := os.ReadFile(dir + "/tiles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// G's west side becomes a wall: the way from the start to the exit
	// is closed.
	changed := bytes.Replace(tiles, []byte("      e: [wall, marking, wall]"), []byte("      e: [wall, marking, wall]\n      w: wall"), 1)
	if bytes.Equal(changed, tiles) {
		t.Fatal("the test's change does not apply")
	}
	if err := os.WriteFile(dir+"/tiles.yaml", changed, 0o644); err != nil {
		t.Fatal(err)
	}
	stamp++
	s.Poll()
	after := getPlaytest(t, s)
	// What a session opened on the changed files plays.
	fresh, err := NewSession(dir+"/mission.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := getPlaytest(t, fresh)
	a, _ := json.Marshal(after)
	w, _ := json.Marshal(want)
	b, _ := json.Marshal(before)
	if bytes.Equal(w, b) {
		t.Fatalf("the change plays no part in the playtest: the test cannot tell: %s", b)
	}
	if !bytes.Equal(a, w) {
		t.Errorf("after the tile-set change the panel shows\n%s\nwhere the changed board plays\n%s", a, w)
	}
}
