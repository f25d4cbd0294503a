package app

import (
	"os"
	"path/filepath"
	"strings"
)

// reportRoot is the folder the machine formats (JSON, SARIF, GitHub
// annotations) name files from: --root when given, else the repository
// holding the working folder (the nearest folder upward with a .git, a
// folder or, in a worktree or submodule, a file), else the working folder.
// Code scanning resolves SARIF's %SRCROOT% and the runner resolves an
// annotation's file against the repository root, so a run from a subfolder
// or with ../ paths must name files from there (golangci-lint's
// relative-path-mode gitroot).
func reportRoot(flag, wd string) string {
	if flag != "" {
		if filepath.IsAbs(flag) {
			return filepath.Clean(flag)
		}
		return filepath.Join(wd, flag)
	}
	for dir := wd; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return wd
		}
		dir = up
	}
}

// rebaser returns the function that names a path (as given on the command
// line, relative to wd) from root, with forward slashes. A path outside
// root becomes absolute: "../x" from the root would point nowhere a
// reader of the report can follow. "<stdin>", which names no file, is
// kept.
func rebaser(root, wd string) func(string) string {
	// Symbolic links (a /tmp that is /private/tmp) can make one folder look
	// like two; the resolved root is tried when the path as given is not
	// under root.
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	return func(p string) string {
		if p == "" || p == "<stdin>" {
			return p
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(wd, abs)
		}
		if rel, ok := under(root, abs); ok {
			return rel
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			if rel, ok := under(realRoot, real); ok {
				return rel
			}
		}
		return filepath.ToSlash(abs)
	}
}

// under names path from root when it is inside it.
func under(root, path string) (string, bool) {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
