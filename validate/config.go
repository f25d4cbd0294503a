package validate

import (
	"os"
	"path/filepath"
	"slices"
)

// ConfigNames are the file names FindConfig looks for, in order.
var ConfigNames = []string{".zmission.yaml", ".zmission.yml"}

// Config is a .zmission.yaml file: per-rule severities and options, and
// paths to ignore. Its format:
//
//	rules:
//	  spawn-near-start: off          # off | info | warning | error
//	  mold-distance:                 # or a mapping: severity and options
//	    severity: warning            #   (severity may be left out)
//	    threshold: 2                 #   options the check documents
//	ignore:
//	  - path: "drafts/**"            # glob relative to this file's folder
//	  - path: "missions/old-*.yaml"
//	    rules: [exit-unreachable]    # only these rules; absent = all rules
//	  - "scratch.yaml"               # shorthand for {path: ...}
//
// Globs are slash-separated and anchored at the configuration file's
// folder; *, ? and [...] match within one path segment, a ** segment
// matches any number of segments, and a pattern that matches a folder
// matches everything in it. An unknown rule id is a warning (the file may
// be shared with another version); everything else that is not understood
// is an error. docs/config.md is the user-facing description.
type Config struct {
	File    string                // the file it was read from, as given
	Rules   map[string]RuleConfig // by rule id
	Ignores []Ignore              // in file order
	Site    SiteConfig            // what zmission site says of the collection

	dir      string  // absolute folder of File: ignore globs are relative to it
	includes []*glob // include: files that are zmission's whatever they hold
}

// SiteConfig is the site section: the title, description, published
// address and web editor address of the site zmission site writes.
type SiteConfig struct {
	Title       string
	Description string
	BaseURL     string
	Editor      string
}

// RuleConfig is the configuration of one rule.
type RuleConfig struct {
	Severity    Severity       // meaningful only when HasSeverity
	HasSeverity bool           // false when only options were given
	Options     map[string]any // option values, typed like the check's defaults
}

// Ignore drops the diagnostics of the files a glob matches.
type Ignore struct {
	Path  string   // the glob as written
	Rules []string // only these rules; nil = every rule

	glob *glob
}

// FindConfig looks for .zmission.yaml, then .zmission.yml, in dir and then
// in each parent folder, and returns the first it finds, or "" when there is
// none. A relative dir gives a path relative to the working folder. The
// search stops at the root of the repository dir is in (the first folder
// holding .git), so a file above a checkout never configures it.
func FindConfig(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; {
		for _, name := range ConfigNames {
			p := filepath.Join(d, name)
			// unreadable folders are passed over, not fatal
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return asGiven(dir, p)
			}
		}
		if IsRepoRoot(d) {
			return ""
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// IsRepoRoot tells whether dir is the top of a repository: it holds .git,
// a folder or (in a worktree or submodule) a file.
func IsRepoRoot(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

// asGiven makes the absolute path p relative again when dir was relative.
func asGiven(dir, p string) string {
	if filepath.IsAbs(dir) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil {
		return rel
	}
	return p
}

// Apply returns ds with the configuration applied: severities overridden,
// rules switched off dropped, ignored paths dropped. Diagnostics whose
// severity is Off are dropped even without a configuration, so a nil
// *Config is valid and changes nothing else. A diagnostic's File may be
// absolute or relative to the working folder; both are matched relative to
// the configuration's folder. ds itself is not modified.
func (c *Config) Apply(ds []Diagnostic) []Diagnostic {
	out := make([]Diagnostic, 0, len(ds))
	wd := c.workDir()
	for _, d := range ds {
		if c != nil {
			if rc, ok := c.Rules[d.Rule]; ok && rc.HasSeverity {
				d.Severity = rc.Severity
			}
		}
		if d.Severity == Off || c.ignored(d, wd) {
			continue
		}
		out = append(out, d)
	}
	return out
}

func (c *Config) ignored(d Diagnostic, wd string) bool {
	if c == nil || len(c.Ignores) == 0 {
		return false
	}
	file := d.File
	if !filepath.IsAbs(file) {
		if wd == "" {
			return false
		}
		file = filepath.Join(wd, file)
	}
	rel, err := filepath.Rel(c.dir, file)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, ig := range c.Ignores {
		if ig.glob == nil || (ig.Rules != nil && !slices.Contains(ig.Rules, d.Rule)) {
			continue
		}
		if ig.glob.match(rel) {
			return true
		}
	}
	return false
}

// IgnoresFile tells whether an ignore entry without rules names file (or
// the folder it is, or one holding it): every command passes over such a
// file, fmt included, as if it were not there.
func (c *Config) IgnoresFile(file string) bool {
	return c.ignored(Diagnostic{File: file}, c.workDir())
}

// workDir is the working folder, which ignored needs only when there are
// ignore entries: asked of the system (two stats) only then, since a folder
// walk applies the configuration to every file.
func (c *Config) workDir() string {
	if c == nil || len(c.Ignores) == 0 {
		return ""
	}
	wd, _ := os.Getwd()
	return wd
}

// IncludesFile tells whether an include: glob names file: such a file is
// zmission's whatever it holds, as if named on the command line, so a
// mission without a ruleset yet, or in a shape zmission would not claim,
// is checked, formatted and published all the same.
func (c *Config) IncludesFile(file string) bool {
	if c == nil || len(c.includes) == 0 {
		return false
	}
	if !filepath.IsAbs(file) {
		wd, err := os.Getwd()
		if err != nil {
			return false
		}
		file = filepath.Join(wd, file)
	}
	rel, err := filepath.Rel(c.dir, file)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, g := range c.includes {
		if g.match(rel) {
			return true
		}
	}
	return false
}

// Option returns the configured value of a rule's option, else the check's
// documented default. The bool is false when neither exists.
func (c *Config) Option(rule, key string) (any, bool) {
	if c != nil {
		if v, ok := c.Rules[rule].Options[key]; ok {
			return v, true
		}
	}
	if chk := Lookup(rule); chk != nil {
		v, ok := chk.Options[key]
		return v, ok
	}
	return nil, false
}

// Int returns a rule's whole-number option (as Option finds it), or def. A
// *Config, nil included, is the rules.Options the games' checks read.
func (c *Config) Int(rule, key string, def int) int {
	switch v, _ := c.Option(rule, key); n := v.(type) {
	case int:
		return n
	case int64:
		return int(n)
	case float64:
		return int(n)
	}
	return def
}
