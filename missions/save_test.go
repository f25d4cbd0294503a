package missions

import (
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
