package missions

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "m.yaml")
	if err := WriteFile(p, []byte("a: 1\n"), false); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("a: 2\n"), false); err == nil {
		t.Fatal("overwrote an existing file without being asked to")
	}
	if b, _ := os.ReadFile(p); string(b) != "a: 1\n" {
		t.Fatalf("file changed: %q", b)
	}
	if err := WriteFile(p, []byte("a: 3\n"), true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "a: 3\n" {
		t.Fatalf("got %q", b)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temporary files left behind: %v", ents)
	}
	if err := WriteFile(filepath.Join(dir, "missing", "m.yaml"), []byte("x"), false); err == nil {
		t.Fatal("wrote into a folder that does not exist")
	}
}

// TestPrepareReplace: a replacement prepared and then dropped leaves the
// file and its folder as they were; one committed after the file changed
// meanwhile writes nothing (ErrChanged) and leaves no temporary file; one
// committed on the file it was made for replaces it.
func TestPrepareReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.yaml")
	if err := os.WriteFile(path, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	only := func(want string) {
		t.Helper()
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 1 || es[0].Name() != "m.yaml" {
			t.Errorf("the folder holds %v: want m.yaml alone", es)
		}
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("the file holds %q, want %q", got, want)
		}
	}

	p, err := PrepareReplace(path, []byte("a: 2\n"), []byte("a: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	p.Abort()
	only("a: 1\n")
	if err := p.Commit(); err != nil {
		t.Errorf("a commit after Abort: %v, want nothing done", err)
	}
	only("a: 1\n")

	p, err = PrepareReplace(path, []byte("a: 2\n"), []byte("a: 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("a: 3\n"), 0o644); err != nil { // saved elsewhere meanwhile
		t.Fatal(err)
	}
	if err := p.Commit(); !errors.Is(err, ErrChanged) {
		t.Errorf("a commit over a file saved meanwhile: %v, want ErrChanged", err)
	}
	only("a: 3\n")

	p, err = PrepareReplace(path, []byte("a: 4\n"), []byte("a: 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	only("a: 4\n")
}
