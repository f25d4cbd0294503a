package ours_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zmission/zmission/ours"
)

// gitignore(5): "If there is a separator at the beginning or middle (or
// both) of the pattern, then the pattern is relative to the directory level
// of the particular .gitignore file itself. Otherwise the pattern may also
// match at any level below the .gitignore level." "If there is a separator
// at the end of the pattern then the pattern will only match directories."
// "An optional prefix "!" which negates the pattern; any matching file
// excluded by a previous pattern will become included again."
func TestWalkHonoursGitignore(t *testing.T) {
	repo := t.TempDir()
	write(t, repo, map[string]string{
		".git/info/exclude":     "local.yaml\n",
		".gitignore":            "# built pages\npublic/\n/draft.yaml\n*.tmp.yaml\ngen-*/\n!keep.tmp.yaml\nlogs/**/x.yaml\nbuild\n",
		"a.yaml":                mission,
		"draft.yaml":            mission, // anchored: only at the top
		"sub/draft.yaml":        mission,
		"local.yaml":            mission,
		"public/a.yaml":         mission,
		"sub/public":            mission, // a file, not the folder public/ names
		"x.tmp.yaml":            mission,
		"keep.tmp.yaml":         mission,
		"gen-1/a.yaml":          mission,
		"logs/a/b/x.yaml":       mission,
		"logs/a/b/y.yaml":       mission,
		"build/a.yaml":          mission,
		"sub/build.yaml":        mission,
		"sub/.gitignore":        "only-here.yaml\n",
		"sub/only-here.yaml":    mission,
		"other/only-here.yaml":  mission,
		"sub/deeper/[ab].yaml":  mission,
		"sub/deeper/.gitignore": "\\[ab\\].yaml\n",
		"sub/deeper/c.yaml":     mission,
		"spaces/trailing.yaml":  mission,
		"spaces/.gitignore":     "trailing.yaml   \n",
		"classes/a1.yaml":       mission,
		"classes/b1.yaml":       mission,
		"classes/.gitignore":    "[!a]1.yaml\n",
	})
	got, n := walk(t, repo, ours.WalkOptions{})
	want := []string{
		"a.yaml", "classes/a1.yaml", "keep.tmp.yaml", "logs/a/b/y.yaml", "other/only-here.yaml",
		"sub/build.yaml", "sub/deeper/c.yaml", "sub/draft.yaml",
	}
	if !slices.Equal(got, want) {
		t.Errorf("walk gave\n%q\nwant\n%q", got, want)
	}
	// draft, local, public/, x.tmp, gen-1/, logs x, build/, only-here, [ab], trailing, b1.
	if n != 11 {
		t.Errorf("passed over %d, want 11", n)
	}

	// Walking a folder inside the checkout applies the rules above it.
	got, _ = walk(t, filepath.Join(repo, "sub"), ours.WalkOptions{})
	if want := []string{"build.yaml", "deeper/c.yaml", "draft.yaml"}; !slices.Equal(got, want) {
		t.Errorf("walking sub gave %q, want %q", got, want)
	}
}

// Outside a git checkout a .gitignore is only a file.
func TestWalkIgnoresGitignoreOutsideACheckout(t *testing.T) {
	dir := t.TempDir()
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), ".git")); err == nil {
		t.Skip("the temporary folder is inside a git checkout")
	}
	write(t, dir, map[string]string{".gitignore": "*.yaml\n", "a.yaml": mission})
	if got, _ := walk(t, dir, ours.WalkOptions{}); !slices.Equal(got, []string{"a.yaml"}) {
		t.Errorf("walk gave %q", got)
	}
}
