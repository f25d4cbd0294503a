package app

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReportRoot(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	sub := filepath.Join(repo, "missions", "drafts")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := reportRoot("", sub); got != sub {
		t.Errorf("no repository: root %s, want the working folder %s", got, sub)
	}
	// A worktree's or a submodule's .git is a file.
	os.WriteFile(filepath.Join(repo, ".git"), []byte("gitdir: ../x\n"), 0o644)
	if got := reportRoot("", sub); got != repo {
		t.Errorf("root %s, want the repository %s", got, repo)
	}
	os.Remove(filepath.Join(repo, ".git"))
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	if got := reportRoot("", sub); got != repo {
		t.Errorf("root %s, want the repository %s", got, repo)
	}
	if got := reportRoot("..", sub); got != filepath.Join(repo, "missions") {
		t.Errorf("--root ..: %s", got)
	}
	if got := reportRoot(top, sub); got != top {
		t.Errorf("--root %s: %s", top, got)
	}
}

func TestRebaser(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	wd := filepath.Join(repo, "missions")
	os.MkdirAll(wd, 0o755)
	r := rebaser(repo, wd)
	for in, want := range map[string]string{
		"dup.yaml":                          "missions/dup.yaml",
		"./a b/c.yaml":                      "missions/a b/c.yaml",
		"../tiles/t.yaml":                   "tiles/t.yaml",
		filepath.Join(wd, "x.yaml"):         "missions/x.yaml",
		"<stdin>":                           "<stdin>",
		"../../outside.yaml":                filepath.ToSlash(filepath.Join(top, "outside.yaml")),
		filepath.Join(top, "elsewhere.yml"): filepath.ToSlash(filepath.Join(top, "elsewhere.yml")),
	} {
		if got := r(in); got != want {
			t.Errorf("rebase(%q) = %q, want %q", in, got, want)
		}
	}
	// A path through a symbolic link to the repository is still in it.
	link := filepath.Join(top, "link")
	if err := os.Symlink(repo, link); err == nil {
		os.WriteFile(filepath.Join(wd, "m.yaml"), nil, 0o644)
		if got := r(filepath.Join(link, "missions", "m.yaml")); got != "missions/m.yaml" {
			t.Errorf("through a link: %q", got)
		}
	}
}
