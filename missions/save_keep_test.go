//go:build unix

package missions

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteFileKeeps: replacing a file keeps what it was: a link stays a
// link (its target gets the new text), the mode stays, and the owner and
// group stay (when run as root, a user's file stays the user's).
func TestWriteFileKeeps(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.yaml")
	if err := os.WriteFile(real, []byte("a: 1\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(real, 0o640); err != nil {
		t.Fatal(err)
	}
	root := os.Geteuid() == 0
	if root {
		if err := os.Chown(real, 1234, 5678); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink("real.yaml", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("a: 2\n"), true); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(real); string(b) != "a: 2\n" {
		t.Errorf("target holds %q", b)
	}
	fi, err := os.Stat(real)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	if st := fi.Sys().(*syscall.Stat_t); root && (st.Uid != 1234 || st.Gid != 5678) {
		t.Errorf("owner %d:%d, want 1234:5678", st.Uid, st.Gid)
	}
	assertNoTemps(t, dir)
}

// TestWriteFileRefuses: a read-only file, a changed file, a folder that
// does not exist and a link to nowhere are refused, the file left as it
// was and no temporary file left behind.
func TestWriteFileRefuses(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro.yaml")
	if err := os.WriteFile(ro, []byte("a: 1\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(ro, []byte("a: 2\n"), true); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only: %v", err)
	}
	if b, _ := os.ReadFile(ro); string(b) != "a: 1\n" {
		t.Errorf("read-only file changed: %q", b)
	}

	m := filepath.Join(dir, "m.yaml")
	if err := os.WriteFile(m, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Saved by someone else after it was read.
	if err := os.WriteFile(m, []byte("a: 1\nb: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceFile(m, []byte("a: 9\n"), []byte("a: 1\n")); !errors.Is(err, ErrChanged) {
		t.Errorf("changed: %v", err)
	}
	if b, _ := os.ReadFile(m); string(b) != "a: 1\nb: 2\n" {
		t.Errorf("the edit was lost: %q", b)
	}
	if err := ReplaceFile(m, []byte("a: 9\n"), []byte("a: 1\nb: 2\n")); err != nil {
		t.Errorf("unchanged: %v", err)
	}

	err := WriteFile(filepath.Join(dir, "missing", "m.yaml"), []byte("x"), false)
	if !errors.Is(err, ErrNoFolder) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("no folder: %v", err)
	}
	dangling := filepath.Join(dir, "dangling.yaml")
	if err := os.Symlink("nowhere.yaml", dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(dangling, []byte("x"), true); err == nil {
		t.Error("wrote through a link to nowhere")
	}
	if err := WriteFile(dir, []byte("x"), true); !errors.Is(err, ErrNotFile) {
		t.Errorf("a folder: %v", err)
	}
	assertNoTemps(t, dir)
}

// TestRemoveTemps: the temporary files of writes in progress are removed
// when the program is interrupted.
func TestRemoveTemps(t *testing.T) {
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, ".m.yaml.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	track(f.Name())
	RemoveTemps()
	assertNoTemps(t, dir)
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
