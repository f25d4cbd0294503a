package validate

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/source"
)

// configRule is the rule id of every diagnostic about a configuration file.
const configRule = "config"

func init() {
	Register(&Check{
		ID:       configRule,
		Title:    "The configuration file has a problem",
		Severity: Error,
		Doc: "`.zmission.yaml` could not be read or holds something zmission does not understand: " +
			"a syntax error, an unknown key, a severity other than off, info, warning or error, " +
			"an option of the wrong type, or a bad ignore glob. An unknown rule id is only a warning, " +
			"so one file can serve several versions of zmission.\n\n" +
			"The message says what was expected and, for a misspelt name, which one was probably meant. " +
			"See [config.md](config.md) for the format.",
	})
}

var (
	topKeys    = []string{"ignore", "include", "rules", "site"}
	siteKeys   = []string{"base-url", "description", "editor", "title"}
	ignoreKeys = []string{"path", "rules"}
	severities = []string{"error", "info", "off", "warning"}
)

// configReader turns a parsed configuration document into a Config,
// collecting a located diagnostic for everything it cannot use.
type configReader struct {
	cfg   *Config
	diags []Diagnostic
	ids   []string // registered ids, sorted, for suggestions
}

func newConfig(file string) *Config {
	c := &Config{File: file, Rules: map[string]RuleConfig{}}
	if abs, err := filepath.Abs(filepath.Dir(file)); err == nil {
		c.dir = abs
	}
	return c
}

// readConfig reads root, the parsed document of file.
func readConfig(file string, root *source.Node) (*Config, []Diagnostic) {
	r := &configReader{cfg: newConfig(file)}
	for _, c := range Checks() {
		r.ids = append(r.ids, c.ID)
	}
	r.read(root)
	return r.cfg, r.diags
}

func (r *configReader) report(sev Severity, pos source.Pos, hint, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{
		File: r.cfg.File, Line: pos.Line, Col: pos.Col,
		Severity: sev, Rule: configRule,
		Message: fmt.Sprintf(format, args...), Hint: hint,
	})
}

// didYouMean is a hint naming the closest candidate, or "".
func didYouMean(word string, candidates []string) string {
	if s := suggest(word, candidates); s != "" {
		return fmt.Sprintf("did you mean %q?", s)
	}
	return ""
}

// kindName names a node kind the way a YAML author thinks of it.
func kindName(n *source.Node) string {
	switch n.Kind {
	case source.Object:
		return "a mapping"
	case source.Array:
		return "a list"
	case source.String:
		return "a string"
	case source.Number:
		return "a number"
	case source.Bool:
		return "a boolean"
	}
	return "nothing"
}

// valuePos is where a diagnostic about a value points: the value itself,
// or its key when the value is empty and so has no place of its own.
func valuePos(n *source.Node) source.Pos {
	if n.Kind == source.Null && n.KeyPos.Line > 0 {
		return n.KeyPos
	}
	return n.Pos
}

// found describes a node for a "found ..." clause, quoting scalars so the
// author sees which value was refused.
func found(n *source.Node) string {
	switch n.Kind {
	case source.String:
		return fmt.Sprintf("the string %q", n.Text)
	case source.Number:
		return "the number " + n.Text
	case source.Bool:
		return strconv.FormatBool(n.Bool)
	}
	return kindName(n)
}

func (r *configReader) read(root *source.Node) {
	if root == nil || root.Kind == source.Null {
		return // an empty file configures nothing
	}
	if root.Kind != source.Object {
		r.report(Error, valuePos(root), "", "the configuration must be a mapping with \"rules\" and \"ignore\", found %s", found(root))
		return
	}
	for i, key := range root.Keys {
		n := root.Fields[i]
		switch key {
		case "rules":
			r.readRules(n)
		case "ignore":
			r.readIgnores(n)
		case "site":
			r.readSite(n)
		case "include":
			r.readIncludes(n)
		default:
			r.report(Error, n.KeyPos, didYouMean(key, topKeys), "unknown key %q (want \"rules\", \"ignore\", \"include\" or \"site\")", key)
		}
	}
}

func (r *configReader) readRules(n *source.Node) {
	if n.Kind == source.Null {
		return
	}
	if n.Kind != source.Object {
		r.report(Error, valuePos(n), "", "\"rules\" must be a mapping from rule id to severity, found %s", found(n))
		return
	}
	for i, id := range n.Keys {
		v := n.Fields[i] // source.Parse refuses duplicate keys
		chk := Lookup(id)
		if chk == nil {
			r.report(Warning, v.KeyPos, didYouMean(id, r.ids), "unknown rule %q", id)
		}
		rc, ok := r.readRule(id, chk, v)
		if ok && chk != nil && chk.Fixed && rc.HasSeverity && rc.Severity != chk.Severity {
			r.report(Error, valuePos(v), "split the mission instead, or change what the finding names",
				"rule %q is a limit of the format: it stays %s and cannot be set to %s", id, chk.Severity, rc.Severity)
			ok = false
		}
		if ok {
			r.cfg.Rules[id] = rc
		}
	}
}

// readRule reads a rule's value: a severity, or a mapping with an optional
// severity and the check's options.
func (r *configReader) readRule(id string, chk *Check, n *source.Node) (RuleConfig, bool) {
	switch n.Kind {
	case source.String, source.Bool:
		sev, ok := r.readSeverity(id, n)
		return RuleConfig{Severity: sev, HasSeverity: true}, ok
	case source.Object:
	default:
		r.report(Error, valuePos(n), "use off, info, warning or error, or a mapping with severity and options",
			"rule %q needs a severity, found %s", id, found(n))
		return RuleConfig{}, false
	}
	rc, ok := RuleConfig{}, true
	for i, key := range n.Keys {
		v := n.Fields[i]
		if key == "severity" {
			sev, good := r.readSeverity(id, v)
			rc.Severity, rc.HasSeverity, ok = sev, good, ok && good
			continue
		}
		val, good := r.readOption(id, chk, key, v)
		if !good {
			ok = false
			continue
		}
		if rc.Options == nil {
			rc.Options = map[string]any{}
		}
		rc.Options[key] = val
	}
	return rc, ok
}

// readSeverity reads off|info|warning|error. YAML 1.1 readers turn a bare
// off into false, so false is accepted as off.
func (r *configReader) readSeverity(id string, n *source.Node) (Severity, bool) {
	if n.Kind == source.Bool && !n.Bool {
		return Off, true
	}
	if n.Kind == source.String {
		if sev, ok := ParseSeverity(n.Text); ok {
			return sev, true
		}
		hint := didYouMean(n.Text, severities)
		if sev, ok := ParseSeverity(strings.ToLower(strings.TrimSpace(n.Text))); ok {
			hint = fmt.Sprintf("did you mean %q?", sev)
		}
		if hint == "" {
			hint = "use off, info, warning or error"
		}
		r.report(Error, valuePos(n), hint, "bad severity %q for rule %q", n.Text, id)
		return Off, false
	}
	r.report(Error, valuePos(n), "use off, info, warning or error", "rule %q needs a severity, found %s", id, found(n))
	return Off, false
}

// readOption reads one option of a rule. For a registered check the option
// must be one it documents, and the value must have its default's type.
func (r *configReader) readOption(id string, chk *Check, key string, n *source.Node) (any, bool) {
	if chk == nil {
		return r.value(n), true // the rule is unknown: warned about already
	}
	def, known := chk.Options[key]
	if !known {
		names := sortedKeys(chk.Options)
		hint := didYouMean(key, names)
		if hint == "" && len(names) > 0 {
			hint = "its options are: " + strings.Join(names, ", ")
		} else if hint == "" {
			hint = "it has no options"
		}
		r.report(Error, n.KeyPos, hint, "rule %q has no option %q", id, key)
		return nil, false
	}
	// A number out of bounds is told as such, whatever its form (1e12 is
	// a whole number too large for the option, not a wrong type).
	if b, bounded := chk.Bounds[key]; bounded && n.Kind == source.Number {
		f, err := strconv.ParseFloat(n.Text, 64)
		if i, isInt := parseInt(n.Text); isInt {
			f, err = float64(i), nil
		}
		if (err == nil || math.IsInf(f, 0)) && (f < b[0] || f > b[1]) {
			r.report(Error, valuePos(n), fmt.Sprintf("the default is %v", def),
				"option %q of rule %q is %s; it must be from %g to %g", key, id, n.Text, b[0], b[1])
			return nil, false
		}
	}
	v, ok := r.typed(def, n)
	if !ok {
		r.report(Error, valuePos(n), "", "option %q of rule %q must be %s, found %s", key, id, typeName(def), found(n))
	}
	return v, ok
}

// typed converts n to the Go type of def.
func (r *configReader) typed(def any, n *source.Node) (any, bool) {
	switch def.(type) {
	case int:
		if n.Kind != source.Number {
			return nil, false
		}
		return wholeNumber(n.Text)
	case float64:
		if n.Kind != source.Number {
			return nil, false
		}
		f, err := strconv.ParseFloat(n.Text, 64)
		return f, err == nil && !math.IsInf(f, 0)
	case bool:
		return n.Bool, n.Kind == source.Bool
	case string:
		return n.Text, n.Kind == source.String
	case []string:
		if n.Kind != source.Array {
			return nil, false
		}
		out := make([]string, 0, len(n.Items))
		for _, it := range n.Items {
			if it.Kind != source.String {
				return nil, false
			}
			out = append(out, it.Text)
		}
		return out, true
	}
	return r.value(n), true // a default of another shape takes any value
}

// wholeNumber reads an integer literal, also written as 1e3 or 2.0.
func wholeNumber(text string) (any, bool) {
	if i, ok := parseInt(text); ok {
		return i, true
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return nil, false
	}
	return int(f), true
}

// parseInt reads a decimal integer, or one written with a 0x, 0o or 0b
// prefix as YAML allows. A leading zero alone does not mean octal.
func parseInt(text string) (int, bool) {
	base := 10
	digits := strings.TrimLeft(text, "+-")
	if len(digits) > 2 && digits[0] == '0' && strings.ContainsRune("xob", rune(digits[1])) {
		base = 0
	}
	i, err := strconv.ParseInt(text, base, 64)
	if err != nil || int64(int(i)) != i || strings.Contains(text, "_") {
		return 0, false
	}
	return int(i), true
}

func typeName(def any) string {
	switch def.(type) {
	case int:
		return "a whole number"
	case float64:
		return "a number"
	case bool:
		return "true or false"
	case string:
		return "a string"
	case []string:
		return "a list of strings"
	}
	return fmt.Sprintf("%T", def)
}

// value converts n to plain Go values: nil, bool, int or float64, string,
// []any and map[string]any.
func (r *configReader) value(n *source.Node) any {
	switch n.Kind {
	case source.Bool:
		return n.Bool
	case source.Number:
		if i, ok := parseInt(n.Text); ok {
			return i
		}
		f, _ := strconv.ParseFloat(n.Text, 64)
		return f
	case source.String:
		return n.Text
	case source.Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = r.value(it)
		}
		return out
	case source.Object:
		out := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			out[k] = r.value(n.Fields[i])
		}
		return out
	}
	return nil
}

// readIncludes reads include: a list of globs naming files that are
// zmission's whatever they hold.
func (r *configReader) readIncludes(n *source.Node) {
	if n.Kind == source.Null {
		return
	}
	if n.Kind != source.Array {
		r.report(Error, valuePos(n), "write a list of globs such as - \"scenarios/**/*.yml\"", "\"include\" must be a list, found %s", found(n))
		return
	}
	for _, it := range n.Items {
		if it.Kind != source.String {
			r.report(Error, valuePos(it), "", "an include entry must be a glob string, found %s", found(it))
			continue
		}
		g, err := compileGlob(it.Text)
		if err != nil {
			r.report(Error, valuePos(it), "", "bad glob %q: %v", it.Text, err)
			continue
		}
		r.cfg.includes = append(r.cfg.includes, g)
	}
}

func (r *configReader) readIgnores(n *source.Node) {
	if n.Kind == source.Null {
		return
	}
	if n.Kind != source.Array {
		r.report(Error, valuePos(n), "write a list of entries such as - path: \"drafts/**\"",
			"\"ignore\" must be a list, found %s", found(n))
		return
	}
	for _, it := range n.Items {
		if ig, ok := r.readIgnore(it); ok {
			r.cfg.Ignores = append(r.cfg.Ignores, ig)
		}
	}
}

// readIgnore reads one ignore entry: a mapping with path and rules, or a
// bare glob string.
func (r *configReader) readIgnore(n *source.Node) (Ignore, bool) {
	var pathNode, rulesNode *source.Node
	switch n.Kind {
	case source.String:
		pathNode = n
	case source.Object:
		for i, key := range n.Keys {
			switch key {
			case "path":
				pathNode = n.Fields[i]
			case "rules":
				rulesNode = n.Fields[i]
			default:
				r.report(Error, n.Fields[i].KeyPos, didYouMean(key, ignoreKeys), "unknown key %q in an ignore entry (want \"path\" and \"rules\")", key)
				return Ignore{}, false
			}
		}
		if pathNode == nil {
			r.report(Error, valuePos(n), "add path: \"some/glob/**\"", "ignore entry has no path")
			return Ignore{}, false
		}
	default:
		r.report(Error, valuePos(n), "", "an ignore entry must be a mapping with path and rules, or a glob, found %s", found(n))
		return Ignore{}, false
	}
	if pathNode.Kind != source.String {
		r.report(Error, valuePos(pathNode), "", "ignore path must be a glob string, found %s", found(pathNode))
		return Ignore{}, false
	}
	g, err := compileGlob(pathNode.Text)
	if err != nil {
		r.report(Error, valuePos(pathNode), "", "bad glob %q: %v", pathNode.Text, err)
		return Ignore{}, false
	}
	ig := Ignore{Path: pathNode.Text, glob: g}
	if rulesNode == nil {
		return ig, true
	}
	if rulesNode.Kind != source.Array {
		r.report(Error, valuePos(rulesNode), "write a list such as [exit-unreachable]", "ignore rules must be a list of rule ids, found %s", found(rulesNode))
		return Ignore{}, false
	}
	ig.Rules = []string{}
	for _, it := range rulesNode.Items {
		if it.Kind != source.String {
			r.report(Error, valuePos(it), "", "a rule id must be a string, found %s", found(it))
			return Ignore{}, false
		}
		if Lookup(it.Text) == nil {
			r.report(Warning, valuePos(it), didYouMean(it.Text, r.ids), "unknown rule %q", it.Text)
		}
		ig.Rules = append(ig.Rules, it.Text)
	}
	if len(ig.Rules) == 0 {
		r.report(Warning, valuePos(rulesNode), "leave out rules to ignore every rule", "an empty rules list ignores nothing")
	}
	return ig, true
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// readSite reads the site section: what zmission site says of the
// collection. Every value is a string.
func (r *configReader) readSite(n *source.Node) {
	if n.Kind == source.Null {
		return
	}
	if n.Kind != source.Object {
		r.report(Error, valuePos(n), "", "\"site\" must be a mapping with %s, found %s", strings.Join(siteKeys, ", "), found(n))
		return
	}
	for i, key := range n.Keys {
		v := n.Fields[i]
		if !slices.Contains(siteKeys, key) {
			r.report(Error, v.KeyPos, didYouMean(key, siteKeys), "unknown key %q under site (want %s)", key, strings.Join(siteKeys, ", "))
			continue
		}
		if v.Kind != source.String {
			r.report(Error, valuePos(v), "", "site %s must be a string, found %s", key, found(v))
			continue
		}
		switch key {
		case "title":
			r.cfg.Site.Title = v.Text
		case "description":
			r.cfg.Site.Description = v.Text
		case "base-url":
			r.cfg.Site.BaseURL = v.Text
		case "editor":
			r.cfg.Site.Editor = v.Text
		}
	}
}
