//go:build unix

package source

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadFileOnlyRegular: what is not a regular file is refused from its
// metadata, at once, never read: a pipe with no writer would block, a device
// such as /dev/zero or /dev/stdin would never end or wait for a terminal.
func TestReadFileOnlyRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	cases := []struct{ path, msg string }{
		{fifo, "named pipe (FIFO)"},
		{"/dev/zero", "character device"},
		{"/dev/null", "character device"},
		{dir, "directory"},
	}
	// A symlink is followed, and judged by what it leads to.
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(fifo, link); err == nil {
		cases = append(cases, struct{ path, msg string }{link, "named pipe"})
	}
	for _, c := range cases {
		if _, err := os.Stat(c.path); err != nil {
			continue
		}
		data, p := ReadFile(c.path, Limits{MaxBytes: 4096})
		if p == nil || data != nil || p.Code != CodeRead || !strings.Contains(p.Message, c.msg) {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want a read problem saying %q", c.path, len(data), p, c.msg)
		}
	}
}

// TestReadFileSymlinkToLarge: a committed symlink to a large (here sparse)
// file is refused from the size of its target, before any byte is read.
func TestReadFileSymlinkToLarge(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "sparse.bin")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(64 << 30); err != nil { // 64 GiB, no blocks on disk
		f.Close()
		t.Skipf("cannot make a sparse file: %v", err)
	}
	f.Close()
	link := filepath.Join(dir, "m.yaml")
	if err := os.Symlink(big, link); err != nil {
		t.Skip(err)
	}
	for _, p := range []string{big, link} {
		data, prob := ReadFile(p, Limits{})
		if prob == nil || prob.Code != CodeTooLarge || data != nil || !strings.Contains(prob.Message, "64 GiB") {
			t.Errorf("ReadFile(%s) = %d bytes, %v; want too-large", p, len(data), prob)
		}
	}
}
