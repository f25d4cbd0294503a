package reftext

import (
	"os"
	"path/filepath"
	"testing"
)

// A linked worktree's .git file leads to the main checkout, beside which
// the shared texts lie.
func TestLinkedWorktreeFindsMainCheckout(t *testing.T) {
	top := t.TempDir()
	main := filepath.Join(top, "main")
	wt := filepath.Join(top, "wt", "b")
	gitdir := filepath.Join(main, ".git", "worktrees", "b")
	for _, d := range []string{gitdir, wt, filepath.Join(top, "shared", "reference")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(wt, ".git"), "gitdir: "+gitdir+"\n")
	write(filepath.Join(gitdir, "commondir"), "../..\n")
	if got := mainCheckout(wt); got != main {
		t.Fatalf("mainCheckout = %q, want %q", got, main)
	}
	// The main checkout's .git is a directory: it is not a linked worktree.
	if got := mainCheckout(main); got != "" {
		t.Errorf("mainCheckout(main) = %q, want none", got)
	}
}

// From this checkout, wherever it is, Path names a file under
// shared/reference; when the project's texts are present it is one that
// exists.
func TestPathNamesTheSharedText(t *testing.T) {
	p := Path("000_ada9705b43fae874.txt")
	if filepath.Base(filepath.Dir(p)) != "reference" || filepath.Base(filepath.Dir(filepath.Dir(p))) != "shared" {
		t.Fatalf("Path = %q", p)
	}
	if _, err := os.Stat(p); err != nil {
		t.Logf("the texts are not here (%v)", err)
	}
}
