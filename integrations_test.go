package zmission_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
	"go.yaml.in/yaml/v4"
)

// The CI integrations (action.yml, .pre-commit-hooks.yaml, Dockerfile) are
// run here as far as this machine can: the action's shell steps as a
// script, the hook's entry on a set of files as pre-commit passes them, the
// Dockerfile parsed and its build command run.

type actionFile struct {
	Name   string
	Inputs map[string]struct {
		Description string
		Default     *string
	}
	Runs struct {
		Using string
		Steps []struct {
			Name             string
			Uses             string
			With             map[string]string
			Shell            string
			WorkingDirectory string `yaml:"working-directory"`
			Env              map[string]string
			Run              string
		}
	}
}

// expr replaces the ${{ ... }} expressions of an action with their values;
// an expression the test does not know fails it.
func expr(t *testing.T, s string, vals map[string]string) string {
	t.Helper()
	return regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`).ReplaceAllStringFunc(s, func(m string) string {
		key := strings.TrimSpace(m[3 : len(m)-2])
		v, ok := vals[key]
		if !ok {
			t.Fatalf("action.yml uses ${{ %s }}, which this test cannot give a value", key)
		}
		return v
	})
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

func TestActionShape(t *testing.T) {
	a := readAction(t)
	if a.Runs.Using != "composite" || a.Name == "" {
		t.Fatalf("action.yml is not a named composite action: %+v", a)
	}
	for name, in := range a.Inputs {
		if in.Description == "" || in.Default == nil {
			t.Errorf("input %s needs a description and a default", name)
		}
	}
	raw, _ := os.ReadFile("action.yml")
	ran := 0
	for _, s := range a.Runs.Steps {
		switch {
		case s.Uses != "":
			// Actions pinned by commit, so a moved tag cannot change what
			// runs, with the version the commit is named in a comment.
			if !regexp.MustCompile(`^[\w-]+/[\w-]+@[0-9a-f]{40}$`).MatchString(s.Uses) {
				t.Errorf("step %q uses %q: pin the action by its full commit hash", s.Name, s.Uses)
			}
			if !regexp.MustCompile(`(?m)uses: ` + regexp.QuoteMeta(s.Uses) + ` # v\d+\.\d+\.\d+$`).Match(raw) {
				t.Errorf("step %q uses %q without a comment naming its version (# vX.Y.Z)", s.Name, s.Uses)
			}
		case s.Run != "":
			ran++
			if s.Shell != "bash" {
				t.Errorf("step %q: shell %q; a composite action's run step needs a shell, bash runs on every runner", s.Name, s.Shell)
			}
		default:
			t.Errorf("step %q neither uses an action nor runs a script", s.Name)
		}
	}
	if ran < 2 {
		t.Errorf("%d run steps: the action builds zmission and then runs it", ran)
	}
}

// TestActionSteps runs the action's shell steps as the runner would (bash
// -e, the step's env and working directory), in a workspace holding
// missions: clean ones pass, a broken one fails with a GitHub annotation.
func TestActionSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("builds zmission")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	a := readAction(t)
	repo, _ := filepath.Abs(".")
	temp := t.TempDir()
	workspace := t.TempDir()
	os.MkdirAll(filepath.Join(workspace, "missions", "drafts"), 0o755)
	for _, f := range []string{"examples/invader/first-contact.yaml", "examples/classic/blue-line.yaml"} {
		data, _ := os.ReadFile(f)
		os.WriteFile(filepath.Join(workspace, "missions", filepath.Base(f)), data, 0o644)
	}
	broken, _ := os.ReadFile("testdata/broken/duplicate-key.yaml")
	os.WriteFile(filepath.Join(workspace, "missions", "drafts", "broken.yaml"), broken, 0o644)

	built := false
	baseRef := "" // github.base_ref: set on a pull request
	run := func(inputs map[string]string) (int, string) {
		vals := map[string]string{"github.action_path": repo, "runner.temp": temp, "github.base_ref": baseRef}
		for name, in := range a.Inputs {
			vals["inputs."+name] = *in.Default
		}
		for k, v := range inputs {
			vals["inputs."+k] = v
		}
		var out strings.Builder
		for _, s := range a.Runs.Steps {
			if s.Run == "" {
				continue // setup-go: this machine has Go
			}
			if built && strings.Contains(s.Run, "go build") {
				continue // the build step: the binary from the first run is still in runner.temp
			}
			cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", expr(t, s.Run, vals))
			cmd.Dir = workspace
			if s.WorkingDirectory != "" {
				cmd.Dir = expr(t, s.WorkingDirectory, vals)
			}
			cmd.Env = append(os.Environ(), "RUNNER_TEMP="+temp, "GITHUB_ACTIONS=true")
			for k, v := range s.Env {
				cmd.Env = append(cmd.Env, k+"="+expr(t, v, vals))
			}
			b, err := cmd.CombinedOutput()
			out.Write(b)
			if err != nil {
				if ee, ok := err.(*exec.ExitError); ok {
					return ee.ExitCode(), out.String()
				}
				t.Fatalf("step %q: %v", s.Name, err)
			}
		}
		built = true
		return 0, out.String()
	}

	code, out := run(map[string]string{"paths": "missions/*.yaml"})
	if code != 0 || strings.Contains(out, "::error") {
		t.Errorf("clean missions: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "zmission "+app.Version) {
		t.Errorf("the build step does not say which zmission it built:\n%s", out)
	}
	code, out = run(map[string]string{"paths": "missions/**/*.yaml\n"})
	want := "::error file=missions/drafts/broken.yaml,line=5,col=1,endColumn=5,title=duplicate-key::"
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("a broken mission: exit %d, want 1 and %q\n%s", code, want, out)
	}
	// The default checks the whole workspace.
	if code, out = run(nil); code != 1 || !strings.Contains(out, want) {
		t.Errorf("default paths: exit %d\n%s", code, out)
	}
	// With site, clean missions are published as a website; a broken one
	// stops the job before the site is written.
	code, out = run(map[string]string{"paths": "missions/*.yaml", "site": "public"})
	if _, err := os.Stat(filepath.Join(workspace, "public", "first-contact", "index.html")); code != 0 || err != nil {
		t.Errorf("site: exit %d, the mission's page: %v\n%s", code, err, out)
	}
	os.RemoveAll(filepath.Join(workspace, "public"))
	if code, _ = run(map[string]string{"paths": "missions/**/*.yaml", "site": "public"}); code != 1 {
		t.Errorf("site of a broken collection: exit %d; want 1", code)
	}
	if _, err := os.Stat(filepath.Join(workspace, "public")); err == nil {
		t.Error("the site of a broken collection was written")
	}

	// Paths with spaces, one per line (white space around them trimmed).
	os.MkdirAll(filepath.Join(workspace, "my missions"), 0o755)
	os.WriteFile(filepath.Join(workspace, "my missions", "broken copy.yaml"), broken, 0o644)
	code, out = run(map[string]string{"paths": "  my missions/broken copy.yaml\n\nmissions/*.yaml\n"})
	if code != 1 || !strings.Contains(out, "::error file=my missions/broken copy.yaml,line=5,") {
		t.Errorf("a path with spaces: exit %d\n%s", code, out)
	}
	os.RemoveAll(filepath.Join(workspace, "my missions"))
	if code, out = run(map[string]string{"config-from": "theirs"}); code != 2 || !strings.Contains(out, "config-from is 'theirs'") {
		t.Errorf("a bad config-from: exit %d\n%s", code, out)
	}

	// A pull request whose configuration files loosen the checks (an ignore
	// added, a rule turned off that its broken mission breaks): by default
	// it passes, with annotations saying what they loosened; with
	// config-from: base the base branch's configuration checks it, and it
	// fails.
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git: the pull request cases need it")
	}
	gitIn := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+temp)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, b)
		}
	}
	origin := filepath.Join(t.TempDir(), "origin.git")
	gitIn(workspace, "init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(workspace, ".zmission.yaml"), []byte("rules:\n  unused-ignore: warning\n"), 0o644)
	os.MkdirAll(filepath.Join(workspace, "ci"), 0o755)
	os.WriteFile(filepath.Join(workspace, "ci", "zmission.yaml"), []byte("rules:\n  unused-ignore: warning\n"), 0o644)
	gitIn(workspace, "add", "-A")
	gitIn(workspace, "commit", "-q", "-m", "base")
	gitIn(workspace, "init", "-q", "--bare", origin)
	gitIn(workspace, "remote", "add", "origin", origin)
	gitIn(workspace, "push", "-q", "origin", "main")
	gitIn(workspace, "checkout", "-q", "-b", "pr")
	os.WriteFile(filepath.Join(workspace, ".zmission.yaml"), []byte("rules:\n  unused-ignore: warning\nignore:\n  - \"missions/old/**\"\n"), 0o644)
	os.WriteFile(filepath.Join(workspace, "missions", "drafts", ".zmission.yaml"), []byte("rules:\n  duplicate-key: off\n"), 0o644)
	os.WriteFile(filepath.Join(workspace, "ci", "zmission.yaml"), []byte("rules:\n  unused-ignore: warning\n  duplicate-key: warning\n"), 0o644)
	gitIn(workspace, "add", "-A")
	gitIn(workspace, "commit", "-q", "-m", "loosen")
	baseRef = "main"
	code, out = run(nil)
	for _, want := range []string{
		"::warning file=.zmission.yaml,line=4,col=5,title=config-loosened::this configuration checks less than the base branch's: it adds ignore \"missions/old/**\" (every rule)",
		"::warning file=missions/drafts/.zmission.yaml,line=2,col=3,title=config-loosened::this configuration checks less than the base branch's: it turns rule duplicate-key off (error in the base configuration)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("a pull request that loosens the configuration: exit %d, no %q\n%s", code, want, out)
		}
	}
	if code != 0 || strings.Contains(out, "duplicate-key::") {
		t.Errorf("the pull request's own configuration ignores the broken mission: exit %d\n%s", code, out)
	}
	code, out = run(map[string]string{"config-from": "base"})
	if code != 1 || !strings.Contains(out, want) || strings.Contains(out, "config-loosened") || !strings.Contains(out, "config-from: base") {
		t.Errorf("config-from: base: exit %d, want 1 and %q\n%s", code, want, out)
	}
	if _, err := os.Stat(filepath.Join(workspace, "missions", "drafts", ".zmission.yaml")); err == nil {
		t.Error("config-from: base kept a configuration the base branch does not have")
	}
	// The config input's file is compared, and taken from the base, alike.
	gitIn(workspace, "checkout", "-q", "--", ".")
	code, out = run(map[string]string{"config": "ci/zmission.yaml"})
	loosenedCI := "::warning file=ci/zmission.yaml,line=3,col=3,title=config-loosened::this configuration checks less than the base branch's: it lowers rule duplicate-key from error to warning"
	if code != 0 || !strings.Contains(out, loosenedCI) || !strings.Contains(out, "::warning file=missions/drafts/broken.yaml,line=5,") {
		t.Errorf("config: ci/zmission.yaml on a pull request: exit %d, want 0 and %q\n%s", code, loosenedCI, out)
	}
	code, out = run(map[string]string{"config": "ci/zmission.yaml", "config-from": "base"})
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("config: ci/zmission.yaml, config-from: base: exit %d, want 1 and %q\n%s", code, want, out)
	}
}

// TestPreCommitHook: each hook's entry run on a set of files as pre-commit
// passes them (the changed files its 'files' pattern selects, in one
// process: require_serial). The golang hook's program is what 'go install
// ./...' builds (named after its folder, cmd/zmission), the system hook's
// the release binary of the same name, the docker hook's the program the
// Dockerfile puts in the image.
func TestPreCommitHook(t *testing.T) {
	data, err := os.ReadFile(".pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Name, Entry, Language, Files string
		RequireSerial                    bool `yaml:"require_serial"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatalf(".pre-commit-hooks.yaml: %v", err)
	}
	languages := map[string]bool{}
	for _, h := range hooks {
		languages[h.Language] = true
	}
	// One hook for those with Go, and ones that need no Go, as actionlint ships.
	if !languages["golang"] || !languages["system"] || !languages["docker"] {
		t.Errorf("hook languages %v: want golang, system and docker", languages)
	}
	var imageBin string
	for _, in := range parseDockerfile(t, "Dockerfile") {
		if in.cmd == "ENTRYPOINT" {
			var entry []string
			json.Unmarshal([]byte(in.args), &entry)
			if len(entry) > 0 {
				imageBin = entry[0]
			}
		}
	}
	for _, h := range hooks {
		if h.ID == "" || h.Name == "" {
			t.Errorf("hook %+v: needs an id and a name", h)
		}
		if !h.RequireSerial {
			t.Errorf("hook %s: require_serial: true, so one process sees the whole change", h.ID)
		}
		words := strings.Fields(h.Entry)
		if len(words) == 0 {
			t.Fatalf("hook %s has no entry", h.ID)
		}
		switch h.Language {
		case "golang", "system":
			if st, err := os.Stat(filepath.Join("cmd", words[0], "main.go")); err != nil || !st.Mode().IsRegular() {
				t.Errorf("hook %s runs %q, which 'go install ./...' does not build, nor a release holds", h.ID, words[0])
			}
		case "docker":
			if words[0] != imageBin {
				t.Errorf("hook %s runs %q in the image, whose program is %q", h.ID, words[0], imageBin)
			}
		default:
			t.Errorf("hook %s: language %q", h.ID, h.Language)
		}
		// pre-commit's patterns are Python regular expressions; these are
		// also Go ones.
		files := regexp.MustCompile(h.Files)
		changed := []string{
			"examples/invader/first-contact.yaml", "examples/classic/blue-line.yaml", "layout/tilesets/station.yaml",
			"schema/mission.schema.json", ".golangci.yml", "docs/checks.md", "go.mod", "missions/UPPER.YAML", "m/x.Json",
		}
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte("linters:\n  enable: [gofmt]\n"), 0o644)
		var picked []string
		for _, f := range changed {
			if files.MatchString(f) {
				picked = append(picked, f)
			}
		}
		if slices.Contains(picked, "docs/checks.md") || !slices.Contains(picked, "examples/invader/first-contact.yaml") ||
			!slices.Contains(picked, "missions/UPPER.YAML") || !slices.Contains(picked, "m/x.Json") {
			t.Errorf("hook %s picks %v: every YAML and JSON file, whatever the case of its extension", h.ID, picked)
		}
		picked = slices.DeleteFunc(picked, func(f string) bool { return strings.HasPrefix(f, "missions/") || strings.HasPrefix(f, "m/") })
		for i, f := range picked {
			if f == ".golangci.yml" {
				picked[i] = filepath.Join(dir, f) // a CI file that is no mission
			}
		}
		code, stdout, stderr := run(append(words[1:], picked...)...)
		if code != 0 {
			t.Errorf("hook %s on %v: exit %d\n%s%s", h.ID, picked, code, stdout, stderr)
		}
		code, stdout, _ = run(append(words[1:], append(picked, "testdata/broken/duplicate-key.yaml")...)...)
		if code != 1 || !strings.Contains(stdout, "[duplicate-key]") {
			t.Errorf("hook %s with a broken mission: exit %d\n%s", h.ID, code, stdout)
		}
		// Only YAML that is no mission changed: nothing to check is no failure.
		if code, stdout, stderr := run(append(words[1:], filepath.Join(dir, ".golangci.yml"))...); code != 0 {
			t.Errorf("hook %s on a CI file only: exit %d\n%s%s", h.ID, code, stdout, stderr)
		}
	}
}

// dockerInstr is one Dockerfile instruction.
type dockerInstr struct {
	line int
	cmd  string // upper case
	args string
}

// parseDockerfile reads instructions: comments and parser directives left
// out, continuation lines joined. It fails on what Docker would refuse.
func parseDockerfile(t *testing.T, path string) []dockerInstr {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]bool{"FROM": true, "RUN": true, "CMD": true, "LABEL": true, "EXPOSE": true, "ENV": true, "ADD": true, "COPY": true,
		"ENTRYPOINT": true, "VOLUME": true, "USER": true, "WORKDIR": true, "ARG": true, "ONBUILD": true, "STOPSIGNAL": true, "HEALTHCHECK": true, "SHELL": true}
	var out []dockerInstr
	var cur *dockerInstr
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		trimmed := strings.TrimSpace(l)
		if cur == nil && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if cur != nil && strings.HasPrefix(trimmed, "#") {
			continue // a comment inside a continued instruction
		}
		cont := strings.HasSuffix(trimmed, `\`)
		text := strings.TrimSuffix(trimmed, `\`)
		if cur == nil {
			word, rest, _ := strings.Cut(text, " ")
			if !known[strings.ToUpper(word)] {
				t.Fatalf("%s:%d: unknown instruction %q", path, n, word)
			}
			cur = &dockerInstr{line: n, cmd: strings.ToUpper(word), args: strings.TrimSpace(rest)}
		} else {
			cur.args += " " + strings.TrimSpace(text)
		}
		if !cont {
			out = append(out, *cur)
			cur = nil
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: the file ends inside a continued instruction", path, cur.line)
	}
	if len(out) == 0 || out[0].cmd != "FROM" && out[0].cmd != "ARG" {
		t.Fatalf("%s: the first instruction must be FROM", path)
	}
	return out
}

func TestDockerfile(t *testing.T) {
	ins := parseDockerfile(t, "Dockerfile")
	stages := map[string]bool{}
	var final []dockerInstr // the last stage's instructions
	var buildRun string     // the go build command
	var args []string
	for _, in := range ins {
		switch in.cmd {
		case "FROM":
			f := strings.Fields(in.args)
			image := f[0]
			if !strings.Contains(image, ":") || strings.HasSuffix(image, ":latest") {
				t.Errorf("line %d: FROM %s: name a tag, so the build is repeatable", in.line, image)
			}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				stages[f[2]] = true
			}
			final = nil
		case "COPY":
			for _, w := range strings.Fields(in.args) {
				if from, ok := strings.CutPrefix(w, "--from="); ok && !stages[from] {
					t.Errorf("line %d: COPY --from=%s names no earlier stage", in.line, from)
				}
			}
		case "ARG":
			name, _, _ := strings.Cut(in.args, "=")
			args = append(args, name)
		case "RUN":
			if strings.Contains(in.args, "go build") {
				buildRun = in.args
			}
		}
		final = append(final, in)
	}
	if len(stages) == 0 {
		t.Fatal("not a multi-stage build")
	}
	base := strings.Fields(final[0].args)[0]
	if !strings.HasPrefix(base, "gcr.io/distroless/static") && base != "scratch" {
		t.Errorf("the final image is %s: use a small static base", base)
	}
	// The builder's Go is at least the one go.mod asks for.
	mod, _ := os.ReadFile("go.mod")
	goLine := regexp.MustCompile(`(?m)^go (\d+)\.(\d+)`).FindStringSubmatch(string(mod))
	builder := regexp.MustCompile(`golang:(\d+)\.(\d+)`).FindStringSubmatch(ins[0].args)
	if builder == nil || goLine == nil || builder[1] != goLine[1] || builder[2] < goLine[2] {
		t.Errorf("builder %q, go.mod needs go %v", ins[0].args, goLine)
	}
	var entry []string
	for _, in := range final {
		if in.cmd == "ENTRYPOINT" {
			if err := json.Unmarshal([]byte(in.args), &entry); err != nil {
				t.Errorf("ENTRYPOINT %s: use the exec form, a JSON list: %v", in.args, err)
			}
		}
	}
	if len(entry) == 0 || !strings.Contains(buildRun, "-o "+"/out/"+filepath.Base(entry[0])) {
		t.Errorf("ENTRYPOINT %v does not run what the build stage built (%s)", entry, buildRun)
	}
	// The -ldflags name variables that exist.
	for _, m := range regexp.MustCompile(`-X (\S+)=`).FindAllStringSubmatch(buildRun, -1) {
		if !slices.Contains([]string{"github.com/zmission/zmission/app.Version", "github.com/zmission/zmission/app.Commit", "github.com/zmission/zmission/app.Date"}, m[1]) {
			t.Errorf("-X %s names no variable of the program", m[1])
		}
	}
	if testing.Short() {
		return
	}
	// Run the build stage's command here, ARGs set, and the result.
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	out := t.TempDir()
	script := strings.ReplaceAll(buildRun, "/out/", out+"/")
	cmd := exec.Command(bash, "-ec", script)
	cmd.Env = append(os.Environ(), "VERSION=9.9.9", "COMMIT=0123abc", "DATE=2026-11-22T00:00:00Z")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the build stage's command fails: %v\n%s", err, b)
	}
	bin := filepath.Join(out, filepath.Base(entry[0]))
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	v, err := exec.Command(bin, "version").Output()
	if err != nil || !strings.HasPrefix(string(v), "zmission 9.9.9\ncommit:  0123abc\ndate:    2026-11-22T00:00:00Z\n") {
		t.Errorf("the image's zmission version: %v\n%s", err, v)
	}
	// The image's default command checks the folder mounted at WORKDIR.
	var cmdArgs []string
	for _, in := range final {
		if in.cmd == "CMD" {
			json.Unmarshal([]byte(in.args), &cmdArgs)
		}
	}
	c := exec.Command(bin, cmdArgs...)
	c.Dir = "examples"
	if b, err := c.CombinedOutput(); err != nil {
		t.Errorf("zmission %v in examples/: %v\n%s", cmdArgs, err, b)
	}
}
