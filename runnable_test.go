package zmission_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// runnableMark is the line that marks the shell block after it as one a
// reader runs as it is, from the root of a fresh clone: TestRunnableBlocks
// runs it there.
const runnableMark = "<!-- runnable -->"

// shellBlock is one ```sh block of a page.
type shellBlock struct {
	page     string
	line     int // of the opening fence
	text     string
	runnable bool
}

// shellBlocks returns the shell blocks of a page.
func shellBlocks(page, text string) []shellBlock {
	var out []shellBlock
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fence, "```") {
			continue
		}
		lang := strings.TrimPrefix(fence, "```")
		start := i
		var body []string
		for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
			body = append(body, lines[i])
		}
		if lang != "sh" && lang != "bash" && lang != "shell" {
			continue
		}
		out = append(out, shellBlock{page: page, line: start + 1, text: strings.Join(body, "\n") + "\n",
			runnable: start > 0 && strings.TrimSpace(lines[start-1]) == runnableMark})
	}
	return out
}

// freshClone clones the checkout the tests run in (its last commit, as a
// reader would get it: no build output, nothing ignored or uncommitted).
func freshClone(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("git", "-C", root, "rev-parse", "--verify", "-q", "HEAD").Run(); err != nil {
		t.Skip("not a git checkout with a commit: there is nothing to clone")
	}
	dir := filepath.Join(t.TempDir(), "zmission")
	if out, err := exec.Command("git", "clone", "-q", root, dir).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	return dir
}

// TestRunnableBlocks runs every shell block of README.md and docs/*.md
// marked runnable, in order, on a fresh clone of this checkout, with a
// zmission built from the clone on PATH and an empty home folder: the
// commands a reader copies work on what they clone. A block must exit 0
// and leave every file of the repository as it was.
func TestRunnableBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zmission in a fresh clone")
	}
	clone := freshClone(t)
	goEnv := map[string]string{}
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		goEnv[[]string{"GOCACHE", "GOMODCACHE", "GOPATH"}[i]] = v
	}
	bin := filepath.Join(t.TempDir(), "bin")
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for k, v := range goEnv {
		env = append(env, k+"="+v) // the home folder is new; the Go caches are not
	}
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "zmission"), "./cmd/zmission")
	build.Dir, build.Env = clone, env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in the clone: %v\n%s", err, out)
	}

	pages, _ := filepath.Glob(filepath.Join(clone, "docs", "*.md"))
	pages = append([]string{filepath.Join(clone, "README.md")}, pages...)
	ran := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(clone, page)
		n := 0
		for _, l := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(l) == runnableMark {
				n++
			}
		}
		if n != countRunnable(shellBlocks(rel, string(data))) {
			t.Errorf("%s: %d %s marks but only %d stand right before a ```sh block", rel, n, runnableMark, countRunnable(shellBlocks(rel, string(data))))
		}
		for _, b := range shellBlocks(rel, string(data)) {
			if !b.runnable {
				continue
			}
			ran++
			// A hang guard, not a timing: a block that never ends fails
			// here rather than at the test binary's deadline.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", b.text)
			cmd.Dir, cmd.Env = clone, env
			var combined bytes.Buffer
			cmd.Stdout, cmd.Stderr = &combined, &combined
			err := cmd.Run()
			cancel()
			if err != nil {
				t.Errorf("%s line %d: the block fails on a fresh clone: %v\n%s\n%s", b.page, b.line, err, b.text, combined.String())
				continue
			}
			status, err := exec.Command("git", "-C", clone, "status", "--porcelain", "--untracked-files=no").Output()
			if err != nil {
				t.Fatal(err)
			}
			if len(status) > 0 {
				t.Errorf("%s line %d: the block changed the repository's own files:\n%s", b.page, b.line, status)
				_ = exec.Command("git", "-C", clone, "checkout", "--", ".").Run()
			}
		}
	}
	if ran < 4 {
		t.Errorf("only %d runnable blocks found; the README's install and try-it blocks are marked %s", ran, runnableMark)
	}
}

func countRunnable(bs []shellBlock) int {
	n := 0
	for _, b := range bs {
		if b.runnable {
			n++
		}
	}
	return n
}

// TestSelfHostFolder: the folder the docs build and serve the web edition
// in is one this repository does not use, and git ignores it, so the
// command works on a fresh clone (site/, once named here, is a Go package
// of the repository and the build refused it) and what it writes is never
// committed.
func TestSelfHostFolder(t *testing.T) {
	clone := freshClone(t)
	re := regexp.MustCompile(`go run \./cmd/zmission-web (?:serve --build|serve|build -o) (\S+)`)
	seen := 0
	for _, page := range []string{"README.md", "docs/web.md"} {
		data, err := os.ReadFile(filepath.Join(clone, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range shellBlocks(page, string(data)) {
			for _, m := range re.FindAllStringSubmatch(b.text, -1) {
				seen++
				dir := m[1]
				if _, err := os.Lstat(filepath.Join(clone, dir)); err == nil {
					t.Errorf("%s line %d: %s builds into %s, which a fresh clone already has", page, b.line, m[0], dir)
				}
				if err := exec.Command("git", "-C", clone, "check-ignore", "-q", dir+"/").Run(); err != nil {
					t.Errorf("%s line %d: %s builds into %s/, which .gitignore does not name", page, b.line, m[0], dir)
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no 'go run ./cmd/zmission-web' command found in README.md or docs/web.md")
	}
}
