package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadConfigLimits: the configuration is read like a mission: a file
// over the size limit (here through a symlink to a sparse file) or one that
// is not a regular file is refused at once with a located error.
func TestLoadConfigLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Skip(err)
	}
	f.Close()
	link := filepath.Join(dir, ".zmission.yaml")
	if err := os.Symlink(big, link); err != nil {
		t.Skip(err)
	}
	for path, want := range map[string]string{
		link: "the file is 1 GiB; files over 8 MiB are refused",
		dir:  "it is a directory",
	} {
		cfg, ds := LoadConfig(path)
		if cfg == nil || len(ds) != 1 || ds[0].Severity != Error || ds[0].Line != 1 || ds[0].Col != 1 ||
			!strings.Contains(ds[0].Message, "cannot read the configuration: "+want) {
			t.Errorf("LoadConfig(%s) = %+v; want one located error saying %q", path, ds, want)
		}
	}
}

// TestFindConfigStopsAtRepoRoot: a .zmission.yaml above the repository
// (in a home folder, say) never configures a checkout; one inside does.
func TestFindConfigStopsAtRepoRoot(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	sub := filepath.Join(repo, "missions", "a")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(top, ".zmission.yaml"), []byte("rules: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := FindConfig(sub); got != filepath.Join(top, ".zmission.yaml") {
		t.Fatalf("without a repository the search goes up to the top: got %q", got)
	}
	if err := os.WriteFile(filepath.Join(repo, ".git"), []byte("gitdir: elsewhere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := FindConfig(sub); got != "" {
		t.Errorf("found %q above the repository root", got)
	}
	inside := filepath.Join(repo, ".zmission.yml")
	if err := os.WriteFile(inside, []byte("rules: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := FindConfig(sub); got != inside {
		t.Errorf("FindConfig = %q, want the repository's %q", got, inside)
	}
}
