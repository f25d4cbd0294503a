package zmission_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
	"github.com/zmission/zmission/validate"
)

var update = flag.Bool("update", false, "rewrite the golden outputs in testdata/broken")

// brokenDir holds the gallery: one failure kind per file, each next to its
// expected output in every format, NAME.EXT.out-FORMAT. The golden files do
// not end in .yaml, .yml or .json, so a folder walk never takes them for
// missions.
const brokenDir = "testdata/broken"

var formats = []string{"text", "json", "sarif", "github"}

func goldenPath(file, format string) string { return file + ".out-" + format }

func isGolden(name string) bool { return strings.Contains(name, ".out-") }

// brokenFiles lists the gallery's inputs, sorted: every regular file that
// is not a golden output, a dot-file or a note.
func brokenFiles(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(brokenDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || isGolden(n) || strings.HasPrefix(n, ".") || strings.HasSuffix(n, ".md") {
			continue
		}
		out = append(out, filepath.ToSlash(filepath.Join(brokenDir, n)))
	}
	if len(out) == 0 {
		t.Fatalf("no broken files in %s", brokenDir)
	}
	return out
}

// run runs the program with args and returns its exit code and output.
func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = app.Run(append([]string{"zmission"}, args...), strings.NewReader(""), &o, &e)
	return code, o.String(), e.String()
}

// jsonDiag is one diagnostic of the json format.
type jsonDiag struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
	Related  []struct {
		File string `json:"file"`
		Line int    `json:"line"`
		Col  int    `json:"col"`
	} `json:"related"`
}

func parseDiags(t *testing.T, out string) []jsonDiag {
	t.Helper()
	var doc struct {
		Diagnostics []jsonDiag `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("the json output does not parse: %v\n%s", err, out)
	}
	if doc.Diagnostics == nil {
		t.Fatalf("the json output has no diagnostics array:\n%s", out)
	}
	return doc.Diagnostics
}

// TestGallery runs `zmission validate` on every broken file in every format
// and compares the output with the golden files; `go test -run Gallery
// -update` rewrites them. A new broken file is picked up by itself: run
// with -update once and review the outputs it writes.
func TestGallery(t *testing.T) {
	files := brokenFiles(t)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			outputs := map[string]string{}
			for _, f := range formats {
				// --fail-on info: a file that shows a warning-level check
				// fails too; it changes the exit code, not the output.
				code, out, errOut := run("validate", "--format", f, "--color", "never", "--fail-on", "info", file)
				if code != app.ExitFindings {
					t.Errorf("--format %s: exit code %d, want %d\nstderr: %s", f, code, app.ExitFindings, errOut)
				}
				if f == "text" {
					if !strings.Contains(errOut, " in 1 file\n") {
						t.Errorf("--format text: no summary on stderr: %q", errOut)
					}
				} else if errOut != "" {
					t.Errorf("--format %s: stderr is not empty: %q", f, errOut)
				}
				if f == "sarif" {
					out = normalizeSARIF(t, out)
				}
				outputs[f] = out
				compareGolden(t, goldenPath(file, f), out)
			}
			diags := parseDiags(t, outputs["json"])
			checkDiags(t, file, data, diags)
			if !strings.Contains(outputs["text"], "["+diags[0].Rule+"]\n") {
				t.Errorf("the text output misses the first finding's rule [%s]:\n%s", diags[0].Rule, outputs["text"])
			}
		})
	}
}

// checkDiags asserts what every broken file's findings must satisfy.
func checkDiags(t *testing.T, file string, data []byte, diags []jsonDiag) {
	t.Helper()
	if len(diags) == 0 {
		t.Fatal("no diagnostic")
	}
	lines := strings.Split(string(data), "\n")
	located := func(what string, line, col int) {
		switch {
		case line < 1 || col < 1:
			t.Errorf("%s at %d:%d: not located", what, line, col)
		case line > len(lines)+1:
			t.Errorf("%s at %d:%d: past the end of the file (%d lines)", what, line, col, len(lines))
		case line <= len(lines) && col > len(lines[line-1])+1:
			t.Errorf("%s at %d:%d: past the end of line %d (%d bytes)", what, line, col, line, len(lines[line-1]))
		case line == len(lines)+1 && col != 1:
			t.Errorf("%s at %d:%d: past the end of the file", what, line, col)
		}
	}
	var rules []string
	for _, d := range diags {
		what := fmt.Sprintf("[%s] %q", d.Rule, d.Message)
		if d.File != file {
			t.Errorf("%s: file %q, want %q", what, d.File, file)
		}
		located(what, d.Line, d.Col)
		for _, r := range d.Related {
			located(what+" (related)", r.Line, r.Col)
		}
		if validate.Lookup(d.Rule) == nil {
			t.Errorf("%s: the rule is not in the catalogue", what)
		}
		if d.Rule == "internal" {
			t.Errorf("%s: the tool failed on the file", what)
		}
		if strings.TrimSpace(d.Message) == "" {
			t.Errorf("[%s]: empty message", d.Rule)
		}
		rules = append(rules, d.Rule)
	}
	// A file named after a check (testdata/broken/<check-id>.yaml) shows that check.
	stem := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if validate.Lookup(stem) != nil && !slices.Contains(rules, stem) {
		t.Errorf("the file is named after check %s, but its findings are %v", stem, rules)
	}
}

// normalizeSARIF checks a SARIF log's shape, then keeps of the rule table
// only the rules the results use. The full table lists every check in the
// catalogue, so it would change every golden file whenever a check is added;
// the tool version is blanked for the same reason. Keys come out sorted.
func normalizeSARIF(t *testing.T, out string) string {
	t.Helper()
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("the SARIF output does not parse: %v\n%s", err, out)
	}
	if log["version"] != "2.1.0" {
		t.Errorf("SARIF version %v, want 2.1.0", log["version"])
	}
	runs, _ := log["runs"].([]any)
	if len(runs) != 1 {
		t.Fatalf("SARIF has %d runs, want 1", len(runs))
	}
	run, _ := runs[0].(map[string]any)
	driver, _ := dig(run, "tool", "driver").(map[string]any)
	if driver == nil {
		t.Fatal("SARIF run has no tool.driver")
	}
	rules, _ := driver["rules"].([]any)
	results, ok := run["results"].([]any)
	if !ok || len(results) == 0 {
		t.Fatalf("SARIF run has no results:\n%s", out)
	}
	var kept []any
	newIndex := map[int]int{}
	for _, r := range results {
		res, _ := r.(map[string]any)
		idx, _ := res["ruleIndex"].(float64)
		i := int(idx)
		if i < 0 || i >= len(rules) {
			t.Fatalf("ruleIndex %d is outside the rule table (%d rules)", i, len(rules))
		}
		if id := dig(rules[i], "id"); id != res["ruleId"] {
			t.Errorf("ruleIndex %d names rule %v, the result says %v", i, id, res["ruleId"])
		}
		if _, seen := newIndex[i]; !seen {
			newIndex[i] = len(kept)
			// A rule's help is its whole section of docs/checks.md: the
			// golden keeps only that it is there, so editing a check's
			// documentation does not rewrite the gallery (validate's tests
			// and the Multitool check the help itself).
			if rule, _ := rules[i].(map[string]any); rule != nil {
				text, _ := dig(rule, "help", "text").(string)
				md, _ := dig(rule, "help", "markdown").(string)
				if text == "" || md == "" {
					t.Errorf("rule %v has no help text and markdown", rule["id"])
				}
				rule["help"] = "HELP"
			}
			kept = append(kept, rules[i])
		}
		res["ruleIndex"] = newIndex[i]
	}
	driver["rules"] = kept
	driver["version"] = "VERSION"
	b, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func compareGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (write it with: go test -run Gallery -update)", err)
		return
	}
	if string(want) != got {
		t.Errorf("%s differs (rewrite with -update and review the diff)\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// TestGalleryNoStaleGoldens fails on a golden output whose broken file is
// gone, so a renamed or deleted file leaves nothing behind.
func TestGalleryNoStaleGoldens(t *testing.T) {
	inputs := map[string]bool{}
	for _, f := range brokenFiles(t) {
		inputs[filepath.Base(f)] = true
	}
	entries, err := os.ReadDir(brokenDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		n := e.Name()
		if !isGolden(n) {
			continue
		}
		i := strings.LastIndex(n, ".out-")
		src, format := n[:i], n[i+len(".out-"):]
		if !inputs[src] || !slices.Contains(formats, format) {
			if *update {
				if err := os.Remove(filepath.Join(brokenDir, n)); err != nil {
					t.Error(err)
				}
				continue
			}
			t.Errorf("%s has no broken file or names no format (delete it, or run with -update)", n)
		}
	}
}

// notOurs are the broken files a folder walk passes over: docs/mission-format.md
// says "Anything else is not zmission's: an empty or comment-only file, a YAML
// list (a playbook), a JSON array, a scalar, a mapping with none of those
// keys", and a file that does not parse is judged by the keys it shows.
// Named on purpose, each still gets its finding (the golden files).
var notOurs = map[string]string{
	"binary.yaml":         "a PNG: no key shows",
	"comments-only.yaml":  "comment-only",
	"empty.yaml":          "empty",
	"list-root.yaml":      "a YAML list",
	"root-type.yaml":      "a list of mappings",
	"too-many-nodes.yaml": "aliases under keys a, b, c...: no mission key shows",
}

// TestGalleryFolder validates the whole gallery at once: one finding or
// more per file, the same as file by file, but for those that are not
// zmission's, and a summary that counts them.
func TestGalleryFolder(t *testing.T) {
	files := brokenFiles(t)
	code, out, errOut := run("validate", "--format", "json", "--fail-on", "info", brokenDir)
	if code != app.ExitFindings {
		t.Fatalf("exit code %d, want %d\n%s", code, app.ExitFindings, errOut)
	}
	seen := map[string]bool{}
	for _, d := range parseDiags(t, out) {
		seen[d.File] = true
	}
	for _, f := range files {
		if strings.EqualFold(filepath.Ext(f), ".yaml") || strings.EqualFold(filepath.Ext(f), ".yml") || strings.EqualFold(filepath.Ext(f), ".json") {
			if why, skip := notOurs[filepath.Base(f)]; skip && seen[f] {
				t.Errorf("validating the folder reports %s, which is not a mission (%s)", f, why)
			} else if !skip && !seen[f] {
				t.Errorf("validating the folder reports nothing for %s", f)
			}
		}
	}
	for f := range seen {
		if isGolden(f) {
			t.Errorf("the folder walk took the golden output %s for a mission", f)
		}
	}
}
