package sitepage

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Dates tells when each file last changed, as YYYY-MM-DD: the date of its
// last commit when it is in a git checkout and unchanged since, else its
// modification time. A checkout's dates are the same on every clone, so a
// site built in CI says what the history says, not when the clone was made.
func Dates(files []string) map[string]string {
	out := map[string]string{}
	committed := gitDates(files)
	for _, f := range files {
		if d, ok := committed[f]; ok {
			out[f] = d
			continue
		}
		if st, err := os.Stat(f); err == nil {
			out[f] = st.ModTime().UTC().Format(time.DateOnly)
		}
	}
	return out
}

// gitDates asks git, once for the whole collection, for the last commit of
// each file that has no change since it. Without git, or outside a
// checkout, it finds none.
func gitDates(files []string) map[string]string {
	out := map[string]string{}
	if len(files) == 0 {
		return out
	}
	dir := filepath.Dir(files[0])
	top, err := exec.Command("git", "-C", dir, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return out
	}
	root := strings.TrimSpace(string(top))
	// Files changed or unknown to git keep their own time.
	dirty := map[string]bool{}
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "-z", "--untracked-files=all").Output(); err == nil {
		for _, e := range bytes.Split(st, []byte{0}) {
			if len(e) > 3 {
				dirty[string(e[3:])] = true
			}
		}
	}
	byRel := map[string][]string{}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		abs, err = filepath.EvalSymlinks(abs)
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(root, abs)
		if err != nil || !filepath.IsLocal(rel) {
			continue
		}
		rel = filepath.ToSlash(rel)
		if !dirty[rel] {
			byRel[rel] = append(byRel[rel], f)
		}
	}
	if len(byRel) == 0 {
		return out
	}
	cmd := exec.Command("git", "-C", root, "log", "--format=%x00%cs", "--name-only", "--no-renames", "--")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return out
	}
	if cmd.Start() != nil {
		return out
	}
	found := 0
	date := ""
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() && found < len(byRel) {
		line := sc.Text()
		if strings.HasPrefix(line, "\x00") {
			date = line[1:]
			continue
		}
		for _, f := range byRel[line] {
			if _, ok := out[f]; !ok {
				out[f] = date
				found++
			}
		}
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return out
}
