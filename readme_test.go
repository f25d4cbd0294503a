package zmission_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

// TestDocOutputs runs every '$ zmission ...' example in README.md and
// docs/*.md and compares what it prints with what the page shows, so the
// docs cannot drift from the program. The examples of one page run in
// order in a scratch folder holding the repository's examples, testdata
// and layout folders and nothing else, so an example names only files a
// clone has (testdata/docs holds the ones made for the docs), and may use a
// file an earlier one made ('new', 'render -o'); '> FILE' writes standard
// output to FILE. A '…' line stands for lines left out: the lines before it
// must be the first ones printed, the lines after it the last ones.
//
// Only 'watch' is shown and not run: it runs until Ctrl-C, on edits made
// while it runs; app/watch_test.go checks such a transcript.
func TestDocOutputs(t *testing.T) {
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	pages, _ := filepath.Glob("docs/*.md")
	pages = append([]string{"README.md"}, pages...)
	total := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(page, func(t *testing.T) {
			t.Chdir(sandbox(t, root))
			total += runPage(t, page, string(data))
		})
	}
	if total < 20 {
		t.Fatalf("only %d documented examples were run", total)
	}
}

// sandbox makes the scratch folder the examples of one page run in.
func sandbox(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	// No schema/ folder: 'new' writes one, as it does for a new author.
	for _, d := range []string{"examples", "testdata", "layout"} {
		if err := os.Symlink(filepath.Join(root, d), filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runPage runs the examples of one page; it returns how many it ran.
func runPage(t *testing.T, page, text string) int {
	lines := strings.Split(text, "\n")
	inCode, ran := false, 0
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "```") {
			inCode = !inCode
			continue
		}
		if !inCode && strings.HasPrefix(l, "$ zmission ") {
			t.Errorf("%s line %d: an example outside a code block is never run: %s", page, i+1, l)
		}
		if !inCode || !strings.HasPrefix(l, "$ zmission ") || strings.HasPrefix(l, "$ zmission watch") || strings.HasPrefix(l, "$ zmission edit") {
			continue
		}
		var shown []string
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```"); j++ {
			shown = append(shown, lines[j])
		}
		args, redirect := commandArgs(t, l)
		_, stdout, stderr := run(args...)
		if redirect != "" {
			if err := os.WriteFile(redirect, []byte(stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			stdout = ""
		}
		got := append(splitOut(stdout), splitOut(stderr)...)
		ran++
		checkWritten(t, fmt.Sprintf("%s line %d", page, i+1), args, redirect)
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
			t.Errorf("%s line %d: %s\nshows:\n%s\nprints:\n%s", page, i+1, l, strings.Join(shown, "\n"), strings.Join(got, "\n"))
		}
	}
	return ran
}

// checkWritten looks at what an example wrote, which the page does not
// show: a drawing ('render', 'tiles render', by -o or '> FILE') is in the
// format its name says, and a mission made by 'new' validates.
func checkWritten(t *testing.T, where string, args []string, redirect string) {
	t.Helper()
	if len(args) == 0 {
		return
	}
	switch {
	case args[0] == "new":
		file := args[len(args)-1]
		if code, out, errOut := run("validate", file); code != 0 {
			t.Errorf("%s: the mission 'new' wrote does not validate (exit %d):\n%s%s", where, code, out, errOut)
		}
	case args[0] == "render" || args[0] == "tiles" && slices.Contains(args, "render"):
		out := redirect
		for k := 0; k+1 < len(args); k++ {
			if args[k] == "-o" || args[k] == "--output" {
				out = args[k+1]
			}
		}
		if out == "" || out == "-" {
			return
		}
		data, err := os.ReadFile(out)
		if err != nil {
			// Pages of SVG or PNG beyond one go to numbered files.
			ext := filepath.Ext(out)
			data, err = os.ReadFile(strings.TrimSuffix(out, ext) + "-1" + ext)
		}
		if err != nil {
			t.Errorf("%s: wrote no %s: %v", where, out, err)
			return
		}
		magic := map[string]string{".svg": "<?xml", ".pdf": "%PDF-", ".png": "\x89PNG\r\n"}[strings.ToLower(filepath.Ext(out))]
		if bytes.HasPrefix(data, []byte("<svg")) {
			data = append([]byte("<?xml"), data...) // an SVG without its declaration
		}
		if magic == "" || !bytes.HasPrefix(data, []byte(magic)) || magic == "<?xml" && !bytes.Contains(data, []byte("<svg")) {
			t.Errorf("%s: %s does not hold what its name says (it starts %.8q)", where, out, data)
		}
	}
}

// commandArgs splits an example's command line as a shell would: words,
// "double-quoted words", and a final '> FILE'.
func commandArgs(t *testing.T, line string) (args []string, redirect string) {
	t.Helper()
	var cur strings.Builder
	quoted, in := false, false
	for _, r := range strings.TrimPrefix(line, "$ zmission ") {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case r == ' ' && !quoted:
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		args = append(args, cur.String())
	}
	if n := len(args); n >= 2 && args[n-2] == ">" {
		return args[:n-2], args[n-1]
	}
	return args, ""
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
			if !strings.Contains(body, "\nruleset:") || !strings.Contains(body, "format: 1") || strings.Contains(body, "tileset.schema.json") {
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

// TestDocYAMLCanonical: every YAML example in the README and the docs that
// fmt formats is already as fmt writes it, block scalars, comments and all,
// so an author who copies one gets no diff from 'fmt --check'. Fragments
// fmt does not take (a tile set, a list, comments alone) are passed over.
// docs/checks.md, generated from the catalogue, is no exception: its broken
// examples are shown as fmt writes them wherever fmt can read them.
func TestDocYAMLCanonical(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	files = append(files, "README.md")
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		blocks := strings.Split(string(data), "```yaml\n")
		for i, b := range blocks[1:] {
			body, _, _ := strings.Cut(b, "```")
			out, err := missions.Format([]byte(body), false)
			var fe *missions.FormatError
			if errors.As(err, &fe) && !strings.Contains(err.Error(), "internal") {
				continue
			}
			if err != nil {
				t.Errorf("%s, yaml block %d: fmt fails: %v", f, i+1, err)
				continue
			}
			checked++
			if string(out) != body {
				t.Errorf("%s, yaml block %d is not as fmt writes it:\n%s", f, i+1, lineDiff(body, string(out)))
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d YAML examples checked", checked)
	}
}

// lineDiff shows the lines of a that b changes, and b's instead.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("%d: - %s", i+1, x), fmt.Sprintf("%d: + %s", i+1, y))
		}
	}
	return strings.Join(out, "\n")
}
