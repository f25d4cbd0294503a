package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestValueChoices(t *testing.T) {
	for usage, want := range map[string][]string{
		"output format: text, json, sarif or github":                                            {"text", "json", "sarif", "github"},
		"colour the text output: auto, always or never (NO_COLOR is honoured)":                  {"auto", "always", "never"},
		"page size: a4, letter, a3, fit (fit: just big enough)":                                 {"a4", "letter", "a3", "fit"},
		"draw game data over the board (repeatable): sight=ZONE, movement, xenos, threat, mold": {"sight=", "movement", "xenos", "threat", "mold"},
		"configuration file (default: .zmission.yaml found from each file's folder upward)":     nil,
		"largest file to read, in bytes":                                                        nil,
		"the mission's id (default: made from the title)":                                       nil,
	} {
		if got := valueChoices(usage); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", usage, got, want)
		}
	}
}

// Every value the completions offer is one the command takes: run each
// command with each offered value and expect no usage error.
func TestOfferedValuesAreAccepted(t *testing.T) {
	mission := filepath.Join("..", "examples", "invader", "first-contact.yaml")
	argsFor := map[string][]string{
		"validate": {mission}, "show": {mission}, "zones": {mission}, "graph": {mission}, "analyze": {mission},
		"render": {mission}, "los": {mission, "1A/w"}, "tiles": nil, "tiles render": nil,
		"tiles check": {filepath.Join("..", "layout", "tilesets", "station.yaml")}, "rules": {"key-behind-lock"},
	}
	root := spec((&env{}).root())
	tried := 0
	for _, s := range root.all() {
		for _, f := range s.flags {
			for _, v := range f.choices {
				args, ok := argsFor[s.path]
				switch {
				case s.path == "new":
					args, ok = []string{"--force", filepath.Join(t.TempDir(), "m.yaml")}, true
				case s.path == "site":
					args, ok = []string{"-o", t.TempDir(), mission}, true
				case s.path == "watch":
					continue // it runs until stopped; its flags are render's and validate's
				case s.path == "generate":
					args, ok = []string{"--size", "3x2", "--seed", "1"}, true
					if f.long != "ruleset" {
						args = append(args, "--ruleset", "zombicide-classic")
					}
				}
				if !ok {
					t.Errorf("%s --%s offers %q, and this test does not know how to run %q", s.path, f.long, v, s.path)
					continue
				}
				if strings.HasSuffix(v, "=") {
					v += "1A/w" // sight=ZONE
				}
				cmd := append(strings.Fields(s.path), "--"+f.long, v)
				switch s.path {
				case "render":
					cmd = append(cmd, "-o", filepath.Join(t.TempDir(), "m.svg"))
				case "tiles render":
					// A sheet on a paper size is several pages: a PDF holds them.
					cmd = append(cmd, "-o", filepath.Join(t.TempDir(), "sheet.pdf"))
				}
				code, _, errOut := runTTY(append(cmd, args...)...)
				tried++
				if code == ExitUsage {
					t.Errorf("zmission %s: offered by the completions, refused: %s", strings.Join(append(cmd, args...), " "), errOut)
				}
			}
		}
	}
	if tried < 20 {
		t.Errorf("only %d offered values tried", tried)
	}
}

// completionScript writes 'zmission completion SHELL' to a file.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	code, out, errOut := runTTY("completion", shell)
	if code != 0 || out == "" {
		t.Fatalf("completion %s: exit %d: %s", shell, code, errOut)
	}
	p := filepath.Join(t.TempDir(), "zmission."+shell)
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// completionCases are command lines (the last word is being typed) and
// the words each must offer, and some it must not.
var completionCases = []struct {
	line    string
	want    []string
	notWant []string
}{
	{"zmission ", []string{"validate", "lint", "render", "tiles", "completion", "man"}, []string{"--format"}},
	{"zmission va", []string{"validate"}, []string{"render"}},
	{"zmission validate --f", []string{"--format", "--fail-on"}, []string{"--quiet"}},
	{"zmission validate --format ", []string{"text", "json", "sarif", "github"}, []string{"dot"}},
	{"zmission lint -f s", []string{"sarif"}, []string{"text"}},
	{"zmission validate --config x.yaml --fail-on ", []string{"error", "warning", "info"}, nil},
	{"zmission graph --format ", []string{"text", "json", "dot"}, []string{"sarif"}},
	{"zmission tiles ", []string{"check", "render"}, []string{"validate"}},
	{"zmission tiles render -", []string{"--output", "--mono", "--page"}, []string{"--overlay"}},
	{"zmission render -", []string{"--overlay", "--page", "--mono"}, nil},
	{"zmission rules spawn-n", []string{"spawn-near-start"}, []string{"spawn-first"}},
	{"zmission schema ", []string{"mission", "tileset", "config"}, nil},
	{"zmission completion ", []string{"bash", "zsh", "fish"}, nil},
}

func checkOffered(t *testing.T, line string, got, want, notWant []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%q offers %q, not %q", line, got, w)
		}
	}
	for _, w := range notWant {
		if slices.Contains(got, w) {
			t.Errorf("%q offers %q", line, w)
		}
	}
}

func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script := completionScript(t, "bash")
	for _, tc := range completionCases {
		// COMP_WORDS as bash splits the line; the last word may be empty.
		words := strings.Split(tc.line, " ")
		var q []string
		for _, w := range words {
			q = append(q, shellQuote(w))
		}
		prog := "source " + shellQuote(script) + "\nCOMP_WORDS=(" + strings.Join(q, " ") + ")\nCOMP_CWORD=$((${#COMP_WORDS[@]}-1))\n_zmission\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		out, err := exec.Command(bash, "--norc", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		checkOffered(t, tc.line, strings.Fields(string(out)), tc.want, tc.notWant)
	}
}

func TestFishCompletion(t *testing.T) {
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("no fish")
	}
	script := completionScript(t, "fish")
	for _, tc := range completionCases {
		out, err := exec.Command(fish, "--no-config", "-c", "source "+fishQuote(script)+"; complete -C "+fishQuote(tc.line)).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			w, _, _ := strings.Cut(l, "\t")
			got = append(got, w)
		}
		checkOffered(t, tc.line, got, tc.want, tc.notWant)
	}
}

// zsh's completion functions need a terminal session to run; these stand-ins
// print what would be offered, before the prefix is matched (which zsh does),
// so only the want lists are checked.
func TestZshCompletion(t *testing.T) {
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		t.Skip("no zsh")
	}
	script := completionScript(t, "zsh")
	if out, err := exec.Command(zsh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v\n%s", err, out)
	}
	stubs := `compdef() { :; }
_describe() { local name=${@[-1]}; print -rl -- "${(@)${(P)name}%%:*}"; }
compadd() { local name=${@[-1]}; print -rl -- "${(@P)name}"; }
_files() { print -r -- "<files>"; }
`
	for _, tc := range completionCases {
		words := strings.Split(tc.line, " ")
		var q []string
		for _, w := range words {
			q = append(q, shellQuote(w))
		}
		prog := stubs + "source " + shellQuote(script) + "\nwords=(" + strings.Join(q, " ") + ")\nCURRENT=${#words}\n_zmission\n"
		out, err := exec.Command(zsh, "-f", "-c", prog).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.line, err, out)
		}
		checkOffered(t, tc.line, strings.Fields(string(out)), tc.want, nil)
	}
	// A mission's name is a file: zsh completes files there.
	prog := stubs + "source " + shellQuote(script) + "\nwords=(zmission validate '')\nCURRENT=3\n_zmission\n"
	if out, _ := exec.Command(zsh, "-f", "-c", prog).CombinedOutput(); strings.TrimSpace(string(out)) != "<files>" {
		t.Errorf("validate's argument: %q", out)
	}
}

func TestCompletionUsage(t *testing.T) {
	if code, _, errOut := runTTY("completion", "powershell"); code != ExitUsage || !strings.Contains(errOut, `no completion for shell "powershell"; there are: bash, fish, zsh`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if code, _, _ := runTTY("completion"); code != ExitUsage {
		t.Errorf("no shell: exit %d", code)
	}
}

func TestManPage(t *testing.T) {
	code, page, errOut := runTTY("man")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, again, _ := runTTY("man"); again != page {
		t.Errorf("two runs give two pages")
	}
	// Every command has its section, with its options.
	for _, s := range spec((&env{}).root()).all()[1:] {
		if !strings.Contains(page, `.SS "zmission `+roff(s.path)) {
			t.Errorf("no section for %q", s.path)
		}
	}
	for _, want := range []string{".TH ZMISSION 1", ".SH EXIT STATUS", `\fB\-\-fail\-on\fR \fIerror|warning|info|never\fR`, `\fB\-\-quiet\fR, \fB\-q\fR`, ".B NO_COLOR", ".B .zmission.yaml"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	p := filepath.Join(t.TempDir(), "zmission.1")
	os.WriteFile(p, []byte(page), 0o644)
	// The page must format without complaint. mandoc's lint is the strict
	// one; groff is what man(1) runs.
	if mandoc, err := exec.LookPath("mandoc"); err == nil {
		out, _ := exec.Command(mandoc, "-T", "lint", "-W", "warning", p).CombinedOutput()
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l != "" && !strings.Contains(l, "missing date") { // no date unless the build sets one
				t.Errorf("mandoc: %s", l)
			}
		}
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("no groff")
	}
	out, err := exec.Command(groff, "-man", "-Tutf8", "-ww", p).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "zmission validate") {
		t.Errorf("groff: %v\n%.2000s", err, out)
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z", p)
	if msg, err := cmd.CombinedOutput(); err != nil || len(msg) > 0 {
		t.Errorf("groff warns: %v\n%s", err, msg)
	}
}
