package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
)

// runTTY runs a command line with standard error taken for a terminal.
func runTTY(args ...string) (code int, stdout, stderr string) {
	return runTerminal(false, args...)
}

// runTerminal runs a command line with standard output (stdoutTTY) or
// standard error taken for a terminal.
func runTerminal(stdoutTTY bool, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	tty := io.Writer(&e)
	if stdoutTTY {
		tty = &o
	}
	en := &env{stdin: strings.NewReader(""), stdout: &o, stderr: &e, getenv: func(string) string { return "" },
		isTTY: func(w io.Writer) bool { return w == tty }}
	code = run(en, append([]string{"zmission"}, args...))
	return code, o.String(), e.String()
}

func TestVersionFromBuildInfo(t *testing.T) {
	vcs := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/zmission/zmission", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "298e2650c1a1"}, {Key: "vcs.time", Value: "2026-11-22T12:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	tests := []struct {
		name                string
		version, commit, dt string // -ldflags values
		info                *debug.BuildInfo
		want                []string // lines of the report, the go line left out
	}{
		{"no information at all", "", "", "", nil,
			[]string{"zmission " + devVersion, "commit:  unknown (built without version control information)", "date:    unknown"}},
		{"a checkout with changes", "", "", "", vcs,
			[]string{"zmission " + devVersion, "commit:  298e2650c1a1 (with uncommitted changes)", "date:    2026-11-22T12:00:00Z (commit time)"}},
		{"go install of a tag", "", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}},
			[]string{"zmission 1.2.0", "commit:  unknown (built without version control information)", "date:    unknown"}},
		{"-ldflags win over the build information", "1.3.0", "abc123", "2026-12-01T00:00:00Z", vcs,
			[]string{"zmission 1.3.0", "commit:  abc123", "date:    2026-12-01T00:00:00Z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			resolveBuild(tc.version, tc.commit, tc.dt, tc.info).write(&b)
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != 4 || !strings.HasPrefix(lines[3], "go:      go1.") {
				t.Fatalf("report:\n%s", b.String())
			}
			if !slices.Equal(lines[:3], tc.want) {
				t.Errorf("report:\n%s\nwant:\n%s", strings.Join(lines[:3], "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestVersionCommand(t *testing.T) {
	code, out, _ := runTTY("version")
	if code != 0 || !strings.HasPrefix(out, "zmission "+Version+"\ncommit: ") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	if _, out, _ := runTTY("--version"); out != "zmission "+Version+"\n" {
		t.Errorf("--version: %q", out)
	}
}

// The issue: "zmission validate examples on a terminal ends with a one-line
// summary on standard error ("6 missions checked, clean") — still nothing on
// standard output, and still silent with --quiet."
func TestCleanSummaryOnATerminal(t *testing.T) {
	examples := filepath.Join("..", "examples")
	n, collections := 0, 0
	filepath.WalkDir(examples, func(p string, d os.DirEntry, err error) error {
		// A colony scenario's collection file is counted as what it is.
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			switch lint.Path(p, lint.Options{Limits: source.DefaultLimits}).Kind {
			case lint.KindMission, lint.KindTileset:
				n++
			case lint.KindCompanion:
				collections++
			}
		}
		return nil
	})
	if collections != 1 {
		t.Fatalf("%d collection files among the examples, want 1", collections)
	}
	code, out, errOut := runTTY("validate", examples)
	if want := strconv.Itoa(n) + " missions and 1 collection checked, clean\n"; code != 0 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want stderr %q", code, out, errOut, want)
	}
	if code, out, errOut := runTTY("validate", "--quiet", examples); code != 0 || out != "" || errOut != "" {
		t.Errorf("--quiet: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// Not on a terminal: a clean run is silent, for scripts.
	var o, e bytes.Buffer
	if code := Run([]string{"zmission", "validate", examples}, strings.NewReader(""), &o, &e); code != 0 || o.Len()+e.Len() != 0 {
		t.Errorf("piped: exit %d, stdout %q, stderr %q", code, o.String(), e.String())
	}
	// Findings are counted on a terminal and off it, and never with --quiet.
	broken := filepath.Join("..", "testdata", "broken", "duplicate-key.yaml")
	if _, _, errOut := runTTY("validate", broken); errOut != "1 error in 1 file\n" {
		t.Errorf("with a finding: stderr %q", errOut)
	}
	if code, out, errOut := runTTY("validate", "-q", broken); code != 1 || !strings.Contains(out, "[duplicate-key]") || errOut != "" {
		t.Errorf("-q with a finding: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestCheckedFilesWording(t *testing.T) {
	for _, tc := range []struct {
		c    checkedFiles
		want string
	}{
		{checkedFiles{missions: 1}, "1 mission"},
		{checkedFiles{missions: 6}, "6 missions"},
		{checkedFiles{tilesets: 1}, "1 tile set"},
		{checkedFiles{missions: 4, tilesets: 2}, "4 missions and 2 tile sets"},
		{checkedFiles{missions: 2, tilesets: 1, other: 1}, "2 missions, 1 tile set and 1 other file"},
		{checkedFiles{missions: 2, companions: map[string]int{"collection": 1}}, "2 missions and 1 collection"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
}

func TestExpandGlob(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.yaml", "b.yml", "c.json", ".hidden.yaml", "sub/d.yaml", "sub/deep/e.yaml", "sub/notes.txt", ".git/x.yaml", "x[1].yaml"} {
		p := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	t.Chdir(dir)
	for _, tc := range []struct {
		pattern string
		want    []string
	}{
		{"*.yaml", []string{"a.yaml", "x[1].yaml"}}, // a shell's * skips dot-files
		{"?.y*ml", []string{"a.yaml", "b.yml"}},     // ? and * within a name
		{".*.yaml", []string{".hidden.yaml"}},       // a leading dot in the pattern matches dot-files
		{"sub/*", []string{"sub/d.yaml", "sub/deep", "sub/notes.txt"}},
		{"**/*.yaml", []string{"a.yaml", "sub/d.yaml", "sub/deep/e.yaml", "x[1].yaml"}}, // ** is any depth, never into .git
		{"s?b/**/e.yaml", []string{"sub/deep/e.yaml"}},
		{"sub/**", []string{"sub", "sub/d.yaml", "sub/deep", "sub/deep/e.yaml", "sub/notes.txt"}},
		{"[ab].*", []string{"a.yaml", "b.yml"}},
		{"nothing/*.yaml", nil},
	} {
		got, err := expandGlob(tc.pattern)
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		for i := range got {
			got[i] = filepath.ToSlash(got[i])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.pattern, got, tc.want)
		}
	}
	// An argument that names a file is taken as it is, even with [ ] in it.
	if got, err := expandArgs([]string{"x[1].yaml", "-"}); err != nil || !slices.Equal(got, []string{"x[1].yaml", "-"}) {
		t.Errorf("literal names: %q, %v", got, err)
	}
	if _, err := expandArgs([]string{"*.toml"}); err == nil || !strings.Contains(err.Error(), `no files match "*.toml"`) {
		t.Errorf("no match: %v", err)
	}
	if _, err := expandArgs([]string{"[a-.yaml"}); err == nil || !strings.Contains(err.Error(), "bad pattern") {
		t.Errorf("bad pattern: %v", err)
	}
}
