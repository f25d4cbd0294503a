package zmission_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeOutputs runs every '$ zmission ...' example in README.md that
// only reads files and compares what it prints with what the README shows,
// so the README cannot drift from the program. A '…' line stands for lines
// left out: the lines before it must be the first ones printed, the lines
// after it the last ones.
func TestReadmeOutputs(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// Commands that write files, wait for edits or need files outside the
	// repository are shown but not run.
	skip := []string{"zmission watch", "zmission edit", "zmission fmt", "zmission new", "zmission render"}
	lines := strings.Split(string(data), "\n")
	inCode, ran := false, 0
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
			continue
		}
		if !inCode || !strings.HasPrefix(l, "$ zmission ") || containsAny(l, skip) {
			continue
		}
		var shown []string
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```"); j++ {
			shown = append(shown, lines[j])
		}
		_, stdout, stderr := run(strings.Fields(l)[2:]...)
		got := append(splitOut(stdout), splitOut(stderr)...)
		ran++
		head, tail := shown, []string(nil)
		for k, s := range shown {
			if s == "…" {
				head, tail = shown[:k], shown[k+1:]
			}
		}
		ok := len(got) >= len(head)+len(tail) && equal(got[:len(head)], head) && equal(got[len(got)-len(tail):], tail)
		if len(tail) == 0 && len(head) == len(shown) {
			ok = equal(got, shown)
		}
		if !ok {
			t.Errorf("README.md line %d: %s\nshows:\n%s\nprints:\n%s", i+1, l, strings.Join(shown, "\n"), strings.Join(got, "\n"))
		}
	}
	if ran < 10 {
		t.Fatalf("only %d README examples were run", ran)
	}
}

func splitOut(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.TrimRight(a[i], " ") != strings.TrimRight(b[i], " ") {
			return false
		}
	}
	return true
}

func containsAny(s string, subs []string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// TestDocMissionsValidate: every whole mission shown in the README and the
// docs (a yaml block with a ruleset) is a valid mission, so an author who
// copies one starts from something that works.
func TestDocMissionsValidate(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	files = append(files, "README.md")
	found := 0
	for _, f := range files {
		if f == filepath.Join("docs", "checks.md") {
			continue // the catalogue shows failing examples on purpose
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		blocks := strings.Split(string(data), "```yaml\n")
		for _, b := range blocks[1:] {
			body, _, _ := strings.Cut(b, "```")
			if !strings.Contains(body, "\nruleset:") || !strings.Contains(body, "format: 1") || strings.Contains(body, "# yaml-language-server: $schema=https://zmission.github.io/schema/v1/tileset") {
				continue
			}
			found++
			path := filepath.Join(t.TempDir(), "doc.yaml")
			if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, _ := run("validate", path)
			if code != 0 {
				t.Errorf("a mission shown in %s does not validate:\n%s\n%s", f, stdout, body)
			}
		}
	}
	if found < 2 {
		t.Fatalf("found only %d missions in the docs", found)
	}
}
