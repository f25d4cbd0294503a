package validate

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/zmission/zmission/source"
)

// LoosenedRule is the rule id of what a configuration turns down compared
// with the base branch's version of it (see Loosened).
const LoosenedRule = "config-loosened"

func init() {
	Register(&Check{
		ID:       LoosenedRule,
		Title:    "The configuration checks less than the base branch's",
		Severity: Warning,
		Doc: "A pull request can change `.zmission.yaml` as well as the missions, and a change that " +
			"switches a rule off, lowers its severity or adds an `ignore:` entry makes the same run " +
			"check less: a broken mission can then pass. Run with `--base-config-dir` (the GitHub " +
			"Action does on pull requests), each configuration the run uses is compared with the " +
			"base branch's version of it, and each loosening is reported where it is written.\n\n" +
			"It is a warning, not an error: loosening a rule can be the right change. A reviewer " +
			"sees it; a workflow that must not trust the pull request's configuration checks with " +
			"the base branch's instead (the Action's `config-from: base`). The configuration it compares " +
			"cannot switch it off. See " +
			"[config.md](config.md#trust-model-checking-pull-requests).",
	})
}

// Loosened reports what head checks less than base: each rule whose
// severity is lower (off included; a rule not written has its default
// severity), and each ignore entry that base does not have (same glob, same
// rules). base nil is a configuration that did not exist (the defaults).
// headRoot is head's parsed document, where the findings are located; a
// finding it cannot place is at 1:1. What is tightened is not reported,
// nor option values, whose direction only the check knows.
func Loosened(base, head *Config, headRoot *source.Node) []Diagnostic {
	if head == nil {
		return nil
	}
	if base == nil {
		base = &Config{}
	}
	var out []Diagnostic
	at := func(ptr string, key bool) (int, int) {
		v, k := source.Locate(headRoot, ptr)
		if key {
			v = k
		}
		if v.Line == 0 {
			return 1, 1
		}
		return v.Line, v.Col
	}
	ids := make([]string, 0, len(head.Rules))
	for id := range head.Rules {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		chk := Lookup(id)
		if chk == nil || chk.Fixed {
			continue // an unknown rule is already a warning; a fixed one cannot change
		}
		was, now := effective(base, chk), effective(head, chk)
		if now >= was {
			continue
		}
		how := fmt.Sprintf("lowers rule %s from %s to %s", id, was, now)
		if now == Off {
			how = fmt.Sprintf("turns rule %s off (%s in the base configuration)", id, was)
		}
		ptr := "/rules/" + pointerToken(id)
		line, col := at(ptr, true)
		out = append(out, Diagnostic{File: head.File, Line: line, Col: col, Severity: Warning, Rule: LoosenedRule,
			Message: "this configuration checks less than the base branch's: it " + how,
			Hint:    "keep it only if the rule should not hold here; a reviewer should agree", Pointer: ptr, Key: true})
	}
	for _, ig := range head.Ignores {
		if slices.ContainsFunc(base.Ignores, func(b Ignore) bool { return sameIgnore(b, ig) }) {
			continue
		}
		ptr := ignorePointer(headRoot, ig.Path)
		line, col := at(ptr, false)
		what := "every rule"
		if ig.Rules != nil {
			what = strings.Join(ig.Rules, ", ")
		}
		out = append(out, Diagnostic{File: head.File, Line: line, Col: col, Severity: Warning, Rule: LoosenedRule,
			Message: fmt.Sprintf("this configuration checks less than the base branch's: it adds ignore %s (%s)", source.Quote(ig.Path), what),
			Hint:    "the files it matches are not checked for these rules; keep it only if they should not be", Pointer: ptr})
	}
	Sort(out)
	return out
}

// LoosenedFile is Loosened for the configuration head and the base
// branch's version of it at basePath, a file that may not exist (head is
// new: it is compared with the defaults).
func LoosenedFile(basePath string, head *Config) []Diagnostic {
	var base *Config
	if st, err := os.Stat(basePath); err == nil && st.Mode().IsRegular() {
		base, _ = LoadConfig(basePath) // its own problems are the base branch's
	}
	var root *source.Node
	if data, p := source.ReadFile(head.File, source.DefaultLimits); p == nil {
		root, _ = source.Parse(head.File, data, source.DefaultLimits)
	}
	return Loosened(base, head, root)
}

// effective is the severity c gives the check: configured, or its default.
func effective(c *Config, chk *Check) Severity {
	if rc, ok := c.Rules[chk.ID]; ok && rc.HasSeverity {
		return rc.Severity
	}
	return chk.Severity
}

func sameIgnore(a, b Ignore) bool {
	if a.Path != b.Path || (a.Rules == nil) != (b.Rules == nil) {
		return false
	}
	x, y := slices.Clone(a.Rules), slices.Clone(b.Rules)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// ignorePointer is the pointer of the first ignore entry of root whose
// glob is path (written as a string or as {path: ...}).
func ignorePointer(root *source.Node, path string) string {
	list := root.Field("ignore")
	if list == nil {
		return "/ignore"
	}
	for i, it := range list.Items {
		p := it.Str()
		if it.Kind == source.Object {
			p = it.Field("path").Str()
		}
		if p == path {
			return fmt.Sprintf("/ignore/%d", i)
		}
	}
	return "/ignore"
}

// pointerToken escapes one JSON pointer token.
func pointerToken(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
