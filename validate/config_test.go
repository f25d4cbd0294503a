package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// writeConfig writes a configuration file into a fresh folder.
func writeConfig(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), ".zmission.yaml")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// brief renders diagnostics without their file, one per line, hint in
// parentheses: "2:3: warning: unknown rule ... (did you mean ...)".
func brief(ds []Diagnostic) string {
	var lines []string
	for _, d := range ds {
		s := fmt.Sprintf("%d:%d: %s: %s", d.Line, d.Col, d.Severity, d.Message)
		if d.Hint != "" {
			s += " (" + d.Hint + ")"
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

func TestLoadConfigGood(t *testing.T) {
	path := writeConfig(t, `# project settings
rules:
  spawn-near-start: off          # off | info | warning | error
  exit-unreachable: warning
  mold-distance:
    severity: error
    threshold: 2
    ratio: 1
    strict: true
    zones: [Z1, Z2]
  legacy-tile:
    severity: info
ignore:
  - path: "drafts/**"
  - path: "missions/old-*.yaml"
    rules: [exit-unreachable]
  - scratch.yaml
`)
	cfg, ds := LoadConfig(path)
	if len(ds) != 0 {
		t.Fatalf("unexpected diagnostics:\n%s", brief(ds))
	}
	if cfg.File != path {
		t.Errorf("File = %q", cfg.File)
	}
	want := map[string]RuleConfig{
		"spawn-near-start": {Severity: Off, HasSeverity: true},
		"exit-unreachable": {Severity: Warning, HasSeverity: true},
		"mold-distance": {Severity: Error, HasSeverity: true, Options: map[string]any{
			"threshold": 2, "ratio": 1.0, "strict": true, "zones": []string{"Z1", "Z2"}}},
		"legacy-tile": {Severity: Info, HasSeverity: true},
	}
	if !reflect.DeepEqual(cfg.Rules, want) {
		t.Errorf("Rules = %#v\nwant    %#v", cfg.Rules, want)
	}
	var ignores []string
	for _, ig := range cfg.Ignores {
		ignores = append(ignores, fmt.Sprintf("%s %v", ig.Path, ig.Rules))
	}
	if want := []string{"drafts/** []", "missions/old-*.yaml [exit-unreachable]", "scratch.yaml []"}; !slices.Equal(ignores, want) {
		t.Errorf("Ignores = %q", ignores)
	}
	if cfg.Ignores[0].Rules != nil {
		t.Error("an entry without rules must ignore every rule (nil Rules)")
	}
	for _, tc := range []struct {
		rule, key string
		want      any
		ok        bool
	}{
		{"mold-distance", "threshold", 2, true},
		{"mold-distance", "label", "x", true}, // the check's default
		{"mold-distance", "nope", nil, false},
		{"exit-unreachable", "threshold", nil, false},
		{"unknown-rule", "x", nil, false},
	} {
		got, ok := cfg.Option(tc.rule, tc.key)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Option(%s, %s) = %#v, %v; want %#v, %v", tc.rule, tc.key, got, ok, tc.want, tc.ok)
		}
	}
	var none *Config
	if v, ok := none.Option("mold-distance", "threshold"); !ok || v != 3 {
		t.Errorf("nil Config Option = %v, %v; want the default 3", v, ok)
	}
}

func TestLoadConfigEmpty(t *testing.T) {
	for _, body := range []string{"", "# nothing yet\n", "rules:\nignore:\n", "\n\n"} {
		cfg, ds := LoadConfig(writeConfig(t, body))
		if len(ds) != 0 || cfg == nil || len(cfg.Rules) != 0 || len(cfg.Ignores) != 0 {
			t.Errorf("%q: %+v\n%s", body, cfg, brief(ds))
		}
	}
}

// The site section is what zmission site says of the collection.
func TestLoadConfigSite(t *testing.T) {
	cfg, ds := LoadConfig(writeConfig(t, "site:\n  title: Club\n  description: Our missions\n  base-url: https://x.example/\n  editor: https://e.example/\n"))
	if len(ds) != 0 {
		t.Fatal(brief(ds))
	}
	if want := (SiteConfig{Title: "Club", Description: "Our missions", BaseURL: "https://x.example/", Editor: "https://e.example/"}); cfg.Site != want {
		t.Fatalf("site: %+v, want %+v", cfg.Site, want)
	}
}

func TestLoadConfigBad(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"not a mapping", "- a\n- b\n",
			`1:1: error: the configuration must be a mapping with "rules" and "ignore", found a list`},
		{"unknown key", "rule:\n  x: off\n",
			`1:1: error: unknown key "rule" (want "rules", "ignore", "include" or "site") (did you mean "rules"?)`},
		{"site key misspelt", "site:\n  titel: Club\n",
			`2:3: error: unknown key "titel" under site (want base-url, description, editor, title) (did you mean "title"?)`},
		{"site value not text", "site:\n  title: [a]\n",
			`2:10: error: site title must be a string, found a list`},
		{"site not a mapping", "site: Club\n",
			`1:7: error: "site" must be a mapping with base-url, description, editor, title, found the string "Club"`},
		{"unknown rule", "rules:\n  exit-unrechable: off\n",
			`2:3: warning: unknown rule "exit-unrechable" (did you mean "exit-unreachable"?)`},
		{"unknown rule far off", "rules:\n  door-colour: off\n",
			`2:3: warning: unknown rule "door-colour"`},
		{"abbreviated severity", "rules:\n  exit-unreachable: warn\n",
			`2:21: error: bad severity "warn" for rule "exit-unreachable" (did you mean "warning"?)`},
		{"capitalised severity", "rules:\n  exit-unreachable: Error\n",
			`2:21: error: bad severity "Error" for rule "exit-unreachable" (did you mean "error"?)`},
		{"nonsense severity", "rules:\n  exit-unreachable: loud\n",
			`2:21: error: bad severity "loud" for rule "exit-unreachable" (use off, info, warning or error)`},
		{"number as severity", "rules:\n  exit-unreachable: 3\n",
			`2:21: error: rule "exit-unreachable" needs a severity, found the number 3 (use off, info, warning or error, or a mapping with severity and options)`},
		{"no severity", "rules:\n  exit-unreachable:\n",
			`2:3: error: rule "exit-unreachable" needs a severity, found nothing (use off, info, warning or error, or a mapping with severity and options)`},
		{"list as severity", "rules:\n  exit-unreachable:\n    severity: [error]\n",
			`3:15: error: rule "exit-unreachable" needs a severity, found a list (use off, info, warning or error)`},
		{"rules as list", "rules:\n  - exit-unreachable\n",
			`2:3: error: "rules" must be a mapping from rule id to severity, found a list`},
		{"option type", "rules:\n  mold-distance:\n    threshold: two\n",
			`3:16: error: option "threshold" of rule "mold-distance" must be a whole number, found the string "two"`},
		{"option fraction", "rules:\n  mold-distance:\n    threshold: 2.5\n",
			`3:16: error: option "threshold" of rule "mold-distance" must be a whole number, found the number 2.5`},
		{"option over its bound", "rules:\n  mold-distance:\n    threshold: 1000000000000\n",
			`3:16: error: option "threshold" of rule "mold-distance" is 1000000000000; it must be from 1 to 64 (the default is 3)`},
		{"option over its bound, written with an exponent", "rules:\n  mold-distance: {threshold: 1e300}\n",
			`2:30: error: option "threshold" of rule "mold-distance" is 1e300; it must be from 1 to 64 (the default is 3)`},
		{"option past any number", "rules:\n  mold-distance: {threshold: 1e400}\n",
			`2:30: error: option "threshold" of rule "mold-distance" is 1e400; it must be from 1 to 64 (the default is 3)`},
		{"option under its bound", "rules:\n  mold-distance:\n    threshold: -5\n",
			`3:16: error: option "threshold" of rule "mold-distance" is -5; it must be from 1 to 64 (the default is 3)`},
		{"fraction option out of bounds", "rules:\n  mold-distance:\n    ratio: 1.5\n",
			`3:12: error: option "ratio" of rule "mold-distance" is 1.5; it must be from 0 to 1 (the default is 0.5)`},
		{"option list type", "rules:\n  mold-distance:\n    zones: [Z1, 2]\n",
			`3:12: error: option "zones" of rule "mold-distance" must be a list of strings, found a list`},
		{"unknown option", "rules:\n  mold-distance:\n    treshold: 2\n",
			`3:5: error: rule "mold-distance" has no option "treshold" (did you mean "threshold"?)`},
		{"option of a check without options", "rules:\n  exit-unreachable:\n    depth: 2\n",
			`3:5: error: rule "exit-unreachable" has no option "depth" (it has no options)`},
		{"ignore not a list", "ignore: drafts/**\n",
			`1:9: error: "ignore" must be a list, found the string "drafts/**" (write a list of entries such as - path: "drafts/**")`},
		{"ignore without path", "ignore:\n  - rules: [exit-unreachable]\n",
			`2:5: error: ignore entry has no path (add path: "some/glob/**")`},
		{"bad glob", "ignore:\n  - path: \"[a-\"\n",
			`2:11: error: bad glob "[a-": syntax error in pattern`},
		{"absolute glob", "ignore:\n  - path: /etc/*\n",
			`2:11: error: bad glob "/etc/*": pattern must be relative to the configuration file's folder`},
		{"glob not a string", "ignore:\n  - path: 3\n",
			`2:11: error: ignore path must be a glob string, found the number 3`},
		{"ignore unknown key", "ignore:\n  - paths: a\n",
			`2:5: error: unknown key "paths" in an ignore entry (want "path" and "rules") (did you mean "path"?)`},
		{"ignore rules not a list", "ignore:\n  - path: a\n    rules: exit-unreachable\n",
			`3:12: error: ignore rules must be a list of rule ids, found the string "exit-unreachable" (write a list such as [exit-unreachable])`},
		{"ignore unknown rule", "ignore:\n  - path: a\n    rules: [exit-unreachabl]\n",
			`3:13: warning: unknown rule "exit-unreachabl" (did you mean "exit-unreachable"?)`},
		{"ignore empty rules", "ignore:\n  - path: a\n    rules: []\n",
			`3:12: warning: an empty rules list ignores nothing (leave out rules to ignore every rule)`},
		{"ignore entry a number", "ignore:\n  - 3\n",
			`2:5: error: an ignore entry must be a mapping with path and rules, or a glob, found the number 3`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeConfig(t, tc.body)
			cfg, ds := LoadConfig(path)
			if cfg == nil {
				t.Fatal("nil Config")
			}
			if got := brief(ds); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			for _, d := range ds {
				if d.File != path || d.Rule != "config" {
					t.Errorf("diagnostic not about the config file: %+v", d)
				}
			}
		})
	}
}

// TestLoadConfigKeepsGoodParts pins that one bad entry does not discard the
// rest, and that syntax errors are located.
func TestLoadConfigKeepsGoodParts(t *testing.T) {
	cfg, ds := LoadConfig(writeConfig(t, "rules:\n  exit-unreachable: loud\n  spawn-near-start: off\nignore:\n  - \"[\"\n  - drafts\n"))
	if len(ds) != 2 {
		t.Errorf("want 2 diagnostics, got\n%s", brief(ds))
	}
	if _, ok := cfg.Rules["exit-unreachable"]; ok {
		t.Error("a rule with a bad severity was kept")
	}
	if rc := cfg.Rules["spawn-near-start"]; !rc.HasSeverity || rc.Severity != Off {
		t.Errorf("good rule lost: %+v", rc)
	}
	if len(cfg.Ignores) != 1 || cfg.Ignores[0].Path != "drafts" {
		t.Errorf("Ignores = %+v", cfg.Ignores)
	}

	_, ds = LoadConfig(writeConfig(t, "rules:\n  a: [\n"))
	if len(ds) == 0 || ds[0].Severity != Error || ds[0].Line < 2 {
		t.Errorf("syntax error not located: %s", brief(ds))
	}
}

func TestLoadConfigUnreadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing.yaml")
	cfg, ds := LoadConfig(path)
	if cfg == nil || len(ds) != 1 || ds[0].Severity != Error || ds[0].File != path || !strings.Contains(ds[0].Message, "cannot read") {
		t.Errorf("got %+v %+v", cfg, ds)
	}
}

func TestApply(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, ".zmission.yaml")
	body := `rules:
  spawn-near-start: off
  exit-unreachable: warning
ignore:
  - path: "drafts/**"
  - path: "missions/old-*.yaml"
    rules: [mold-distance]
`
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, ds := LoadConfig(path)
	if len(ds) != 0 {
		t.Fatal(brief(ds))
	}
	if err := os.MkdirAll(filepath.Join(root, "missions"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Run from a sub-folder: relative paths are relative to it, not to the
	// configuration's folder.
	t.Chdir(filepath.Join(root, "missions"))
	in := []Diagnostic{
		{File: "a.yaml", Severity: Error, Rule: "exit-unreachable"},                                  // lowered to warning
		{File: "a.yaml", Severity: Warning, Rule: "spawn-near-start"},                                // off
		{File: "../drafts/x/y.yaml", Severity: Error, Rule: "mold-distance"},                         // ignored
		{File: filepath.Join(root, "drafts", "z.yaml"), Severity: Error, Rule: "schema"},             // ignored, absolute
		{File: "old-1.yaml", Severity: Info, Rule: "mold-distance"},                                  // ignored for this rule
		{File: "old-1.yaml", Severity: Error, Rule: "schema"},                                        // kept: other rule
		{File: filepath.Join(root, "missions", "old-2.yaml"), Severity: Info, Rule: "mold-distance"}, // ignored
		{File: "drafts/not-the-root-drafts.yaml", Severity: Info, Rule: "mold-distance"},             // kept: missions/drafts
		{File: "b.yaml", Severity: Off, Rule: "legacy-tile"},                                         // off by default
	}
	orig := slices.Clone(in)
	got := cfg.Apply(in)
	var kept []string
	for _, d := range got {
		kept = append(kept, fmt.Sprintf("%s %s %s", d.File, d.Rule, d.Severity))
	}
	want := []string{
		"a.yaml exit-unreachable warning",
		"old-1.yaml schema error",
		"drafts/not-the-root-drafts.yaml mold-distance info",
	}
	if !slices.Equal(kept, want) {
		t.Errorf("Apply kept\n%s\nwant\n%s", strings.Join(kept, "\n"), strings.Join(want, "\n"))
	}
	if !reflect.DeepEqual(in, orig) {
		t.Error("Apply modified its input")
	}

	var none *Config
	if got := none.Apply(in); len(got) != len(in)-1 {
		t.Errorf("nil Config kept %d of %d (only the Off one should go)", len(got), len(in))
	}
}

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	touch := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := FindConfig(deep); got != "" && strings.HasPrefix(got, root) {
		t.Errorf("found %q in an empty tree", got)
	}
	touch(filepath.Join(root, ".zmission.yml"))
	if got, want := FindConfig(deep), filepath.Join(root, ".zmission.yml"); got != want {
		t.Errorf("FindConfig = %q, want %q", got, want)
	}
	touch(filepath.Join(root, ".zmission.yaml"))
	if got, want := FindConfig(deep), filepath.Join(root, ".zmission.yaml"); got != want {
		t.Errorf(".yaml must win over .yml: got %q", got)
	}
	// a folder with the config's name is no config file
	if err := os.Mkdir(filepath.Join(root, "a", ".zmission.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	touch(filepath.Join(root, "a", "b", ".zmission.yml"))
	if got, want := FindConfig(deep), filepath.Join(root, "a", "b", ".zmission.yml"); got != want {
		t.Errorf("the nearest must win: got %q, want %q", got, want)
	}
	t.Chdir(filepath.Join(root, "a"))
	if got, want := FindConfig(filepath.Join("b", "c")), filepath.Join("b", ".zmission.yml"); got != want {
		t.Errorf("relative: got %q, want %q", got, want)
	}
	if got, want := FindConfig("."), filepath.Join("..", ".zmission.yaml"); got != want {
		t.Errorf("relative parent: got %q, want %q", got, want)
	}
}

// An ignore entry without rules names files every command passes over; one
// with rules only drops those findings, so the file is still looked at.
func TestIgnoresFile(t *testing.T) {
	path := writeConfig(t, "ignore:\n  - drafts/**\n  - path: old.yaml\n    rules: [schema]\n  - scratch.yaml\n")
	cfg, _ := LoadConfig(path) // "schema" is registered by lint, unknown here: a warning
	dir := filepath.Dir(path)
	for name, want := range map[string]bool{
		"drafts":              true,
		"drafts/a.yaml":       true,
		"drafts/deep/b.json":  true,
		"scratch.yaml":        true,
		"old.yaml":            false,
		"missions/a.yaml":     false,
		"missions/drafts.yml": false,
	} {
		if got := cfg.IgnoresFile(filepath.Join(dir, filepath.FromSlash(name))); got != want {
			t.Errorf("IgnoresFile(%s) = %v, want %v", name, got, want)
		}
	}
	var none *Config
	if none.IgnoresFile(filepath.Join(dir, "scratch.yaml")) {
		t.Error("no configuration ignores a file")
	}
}

// include: names files that are zmission's whatever they hold.
func TestIncludesFile(t *testing.T) {
	path := writeConfig(t, "include:\n  - \"scenarios/**/*.yml\"\n  - notes.yaml\n")
	cfg, ds := LoadConfig(path)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	dir := filepath.Dir(path)
	for name, want := range map[string]bool{
		"scenarios/a.yml":        true,
		"scenarios/deep/b.yml":   true,
		"notes.yaml":             true,
		"scenarios/a.yaml":       false,
		"other/notes.yaml":       false,
		"../outside/scenarios/x": false,
	} {
		if got := cfg.IncludesFile(filepath.Join(dir, filepath.FromSlash(name))); got != want {
			t.Errorf("IncludesFile(%s) = %v, want %v", name, got, want)
		}
	}
	if _, ds := LoadConfig(writeConfig(t, "include: scenarios\n")); len(ds) != 1 || !strings.Contains(ds[0].Message, `"include" must be a list`) {
		t.Errorf("include: as a string: %v", ds)
	}
}
