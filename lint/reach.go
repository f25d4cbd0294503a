package lint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/zmission/zmission/source"
)

// A mission names its tile-set file, and a mission may come from anyone (a
// pull request checked in CI). So a tileset: path may lead only inside the
// tree being checked: the repository that holds the mission (the nearest
// folder with .git), or without one the working folder, or the mission's
// own folder when the mission lies outside the working folder. Symbolic
// links are followed before the check, so a link cannot lead out either.
// Options.AllowOutside lifts the limit for missions the user trusts.

// OutsideError is a tile-set path that leads out of the tree being checked.
// It names the path as the mission wrote it, never anything read from the
// file it leads to, which is not read at all.
type OutsideError struct {
	Path string // as written in the mission
	Root string // the tree it must stay in
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("tile set %s is outside the folder tree being checked (%s): zmission reads no file outside it",
		source.Quote(e.Path), e.Root)
}

// Hint says how to go on.
func (e *OutsideError) Hint() string {
	return "put the tile set inside the repository, or run with --allow-outside if you trust this mission"
}

// reachRoot returns the tree a mission's tile set must stay in.
func reachRoot(mission string) string {
	wd, _ := os.Getwd()
	dir := wd
	if mission != "<stdin>" && mission != "" {
		if abs, err := filepath.Abs(filepath.Dir(mission)); err == nil {
			dir = abs
		}
	}
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if wd != "" && within(dir, wd) {
		return wd
	}
	return dir
}

// checkReach refuses a tile-set path (already joined to the mission's
// folder) that leads out of root, by its name or through a symbolic link.
func checkReach(written, path, root string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if !within(abs, root) {
		return &OutsideError{Path: written, Root: root}
	}
	// Follow links: both the root and the file may be reached through some.
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	real, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, os.ErrNotExist) {
		return nil // reported as missing when read
	}
	if err != nil || !within(real, realRoot) {
		return &OutsideError{Path: written, Root: root}
	}
	return nil
}

// within tells whether path is root or inside it; both are absolute.
func within(path, root string) bool {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel))
}
