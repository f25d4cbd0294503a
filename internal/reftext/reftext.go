// Package reftext finds the raw rule texts the tests quote. They live
// beside the project's main checkout, in ../shared/reference, not in the
// repository; a linked worktree (git worktree add) sits elsewhere, so the
// texts are looked for beside the main checkout its .git file names too.
package reftext

import (
	"os"
	"path/filepath"
	"strings"
)

// Path is where the raw rule text name should be: the first candidate that
// exists, else the first candidate (so a test's "not here" note names the
// place it looked).
func Path(name string) string {
	cands := candidates(name)
	for _, c := range cands {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	if len(cands) == 0 {
		return filepath.Join("..", "shared", "reference", name)
	}
	return cands[0]
}

// candidates are ../shared/reference/name beside the module root and,
// when that root is a linked worktree, beside the main checkout.
func candidates(name string) []string {
	root := moduleRoot()
	if root == "" {
		return nil
	}
	rel := filepath.Join("shared", "reference", name)
	out := []string{filepath.Join(filepath.Dir(root), rel)}
	if main := mainCheckout(root); main != "" && main != root {
		out = append(out, filepath.Join(filepath.Dir(main), rel))
	}
	return out
}

// moduleRoot is the nearest directory at or above the working directory
// holding go.mod.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// mainCheckout reads a linked worktree's .git file ("gitdir: <main>/.git/
// worktrees/<name>") and that directory's commondir (the main .git,
// relative to it) to find the main checkout; "" when root is not a linked
// worktree.
func mainCheckout(root string) string {
	data, err := os.ReadFile(filepath.Join(root, ".git"))
	if err != nil {
		return "" // a directory (the main checkout itself) or no git at all
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return ""
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(root, gitdir)
	}
	common, err := os.ReadFile(filepath.Join(gitdir, "commondir"))
	if err != nil {
		return ""
	}
	dir := strings.TrimSpace(string(common))
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(gitdir, dir)
	}
	return filepath.Dir(filepath.Clean(dir))
}
