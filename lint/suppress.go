package lint

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/validate"
)

// Inline suppression: a comment in a mission (or tile-set) file
//
//	- {type: spawn, at: [1, 1]}   # zmission:ignore spawn-near-start the rush is the point
//
// silences the named checks' findings on its own line; a comment alone on a
// line silences them on the next line that is not a comment. A directive
// that silences nothing is reported as unused-ignore, so stale ones do not
// pile up: it is the last step, after every other check has run.

// ignoreDirective is one "# zmission:ignore" comment.
type ignoreDirective struct {
	line, col int // where the comment starts
	target    int // the line it applies to
	rules     []string
	used      []bool // by rule
	problem   string // why the directive cannot be read, if it cannot
}

const ignoreMarker = "zmission:ignore"

// ignoreRe reads what follows the marker: rule ids joined by commas, then
// an optional free-text reason.
var ignoreRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([a-z0-9][a-z0-9-]*(?:\s*,\s*[a-z0-9][a-z0-9-]*)*)(?:\s+(.*))?$`)
})

// findIgnores reads the directives in a file's comments.
func findIgnores(data []byte) []*ignoreDirective {
	if !bytes.Contains(data, []byte(ignoreMarker)) {
		return nil // the common case costs one scan
	}
	lines := strings.Split(string(data), "\n")
	var out, waiting []*ignoreDirective // waiting: own-line directives for the next content line
	blockParent := -1                   // indent of the line that opened a block scalar, -1 outside one
	for i, l := range lines {
		l = strings.TrimSuffix(l, "\r")
		n := i + 1
		indent := len(l) - len(strings.TrimLeft(l, " \t"))
		trimmed := strings.TrimSpace(l)
		if blockParent >= 0 {
			if trimmed == "" || indent > blockParent {
				continue // text of a | or > block: a # there is no comment
			}
			blockParent = -1
		}
		if trimmed == "" {
			continue
		}
		content, comment, col := splitComment(l)
		if strings.TrimSpace(content) != "" {
			for _, d := range waiting {
				d.target = n
			}
			waiting = nil
			if opensBlock(content) {
				blockParent = indent
			}
		}
		body, ok := strings.CutPrefix(strings.TrimSpace(comment), ignoreMarker)
		if !ok || body != "" && body[0] != ' ' && body[0] != '\t' {
			continue
		}
		d := &ignoreDirective{line: n, col: col, target: n}
		if m := ignoreRe().FindStringSubmatch(strings.TrimSpace(body)); m != nil {
			for _, id := range strings.Split(m[1], ",") {
				d.rules = append(d.rules, strings.TrimSpace(id))
			}
			d.used = make([]bool, len(d.rules))
		} else if strings.TrimSpace(body) == "" {
			d.problem = "this zmission:ignore names no check, so it silences nothing"
		} else {
			d.problem = "this zmission:ignore cannot be read: write the check ids separated by commas, then the reason"
		}
		if strings.TrimSpace(content) == "" {
			d.target = 0 // set by the next content line
			waiting = append(waiting, d)
		}
		out = append(out, d)
	}
	return out
}

// splitComment cuts a YAML line at its comment: a # at the start or after
// white space, outside quotes. col is the comment's column, in characters
// as every position is. A quote opens a scalar only where one can start:
// at the start, after "key: ", "- ", "? ", or after [ { and , in flow style;
// elsewhere (Don't) it is a plain character.
func splitComment(l string) (content, comment string, col int) {
	var quote rune
	escaped := false
	prev, lastSig := ' ', ':' // the line's start counts as after "key: "
	for i, c := range l {
		col++
		if quote != 0 {
			switch {
			case escaped:
				escaped = false
			case quote == '"' && c == '\\':
				escaped = true
			case quote == '\'' && c == '\'' && i+1 < len(l) && l[i+1] == '\'':
				escaped = true // '' is a quote inside single quotes
			case c == quote:
				quote = 0
			}
			prev = c
			continue
		}
		space := prev == ' ' || prev == '\t'
		switch {
		case c == '#' && (i == 0 || space):
			return l[:i], l[i+1:], col
		case (c == '"' || c == '\'') && (space && strings.ContainsRune(":-?[{,", lastSig) || strings.ContainsRune("[{,", prev)):
			quote = c
		}
		if c != ' ' && c != '\t' {
			lastSig = c
		}
		prev = c
	}
	return l, "", 0
}

// opensBlock tells whether a line's content ends with a block scalar
// indicator (| or >, with optional chomping and indentation digits).
func opensBlock(content string) bool {
	s := strings.TrimRight(content, " \t")
	s = strings.TrimRight(s, "+-0123456789")
	if !strings.HasSuffix(s, "|") && !strings.HasSuffix(s, ">") {
		return false
	}
	s = strings.TrimRight(s[:len(s)-1], " \t")
	return s == "" || strings.HasSuffix(s, ":") || strings.HasSuffix(s, "-")
}

// suppress drops the findings the file's directives silence and reports the
// directives that silenced nothing. A directive can be judged unused only
// when every check ran: when an error stopped the file early, only the ones
// that cannot work at all (unreadable, an unknown check) are reported.
func (r *Result) suppress(data []byte) {
	ds := findIgnores(data)
	if len(ds) == 0 {
		return
	}
	byLine := map[int][]*ignoreDirective{} // a hostile file may hold thousands
	for _, d := range ds {
		byLine[d.target] = append(byLine[d.target], d)
	}
	kept := r.Diags[:0]
	for _, diag := range r.Diags {
		if diag.File == r.File && diag.Rule != "internal" && !fixed(diag.Rule) && silence(byLine[diag.Line], diag) {
			continue
		}
		kept = append(kept, diag)
	}
	r.Diags = kept
	var ids []string
	for _, c := range validate.Checks() {
		ids = append(ids, c.ID)
	}
	guesses := map[string]string{} // one guess per misspelt id, however often it is written
	reported := 0
	for _, d := range ds {
		if reported > maxFindings {
			break // more would be cut by cap anyway
		}
		report := func(msg, hint string) {
			r.Diags = append(r.Diags, validate.Diagnostic{File: r.File, Line: d.line, Col: d.col, Severity: unusedIgnoreSeverity(),
				Rule: "unused-ignore", Message: msg, Hint: hint})
			reported++
		}
		if d.problem != "" {
			report(d.problem, "e.g. '# zmission:ignore spawn-near-start the Xenos are meant to rush in'")
			continue
		}
		for i, id := range d.rules {
			switch {
			case validate.Lookup(id) == nil:
				hint := "'zmission rules' lists the checks"
				g, ok := guesses[id]
				if !ok {
					g = typo.Guess(id, ids)
					guesses[id] = g
				}
				if g != "" {
					hint = fmt.Sprintf("did you mean %s?", g)
				}
				report(fmt.Sprintf("zmission:ignore names %q, which is no check", id), hint)
			case fixed(id):
				report(fmt.Sprintf("zmission:ignore names %s, a limit of the format: no comment silences it", id),
					"split the mission instead, or change what the finding names")
			case !d.used[i] && r.complete:
				where := fmt.Sprintf("on line %d", d.target)
				if d.target == 0 {
					where = "after it"
				}
				report(fmt.Sprintf("zmission:ignore %s silences nothing: there is no %s finding %s", id, id, where),
					"delete it, or put it on the line the finding is reported on (or the line before)")
			}
		}
	}
	validate.Sort(r.Diags)
}

// fixed reports whether rule is a limit of the format (validate.Check.Fixed).
func fixed(rule string) bool {
	c := validate.Lookup(rule)
	return c != nil && c.Fixed
}

// silence marks and reports whether a directive covers the diagnostic.
func silence(ds []*ignoreDirective, diag validate.Diagnostic) bool {
	for _, d := range ds {
		if i := slices.Index(d.rules, diag.Rule); i >= 0 {
			d.used[i] = true
			return true
		}
	}
	return false
}

func unusedIgnoreSeverity() validate.Severity {
	if c := validate.Lookup("unused-ignore"); c != nil {
		return c.Severity
	}
	return validate.Warning
}

func init() {
	const mission = "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n%s  - {type: exit, at: [5, 1]}%s\nobjectives:\n  - exit: all\n"
	validate.Register(&validate.Check{ID: "unused-ignore", Title: "A zmission:ignore comment silences nothing", Severity: validate.Warning,
		Doc: "A comment `# zmission:ignore CHECK[, CHECK...] [reason]` silences the named checks' findings on its line, or, " +
			"alone on a line, on the next line that is not a comment. The reason is free text, for the next reader.\n\n" +
			"A directive that silenced nothing is reported: the finding was fixed or moved, or the directive is on the wrong line " +
			"(put it on the line the finding is reported on). So is a directive naming no check, or a check that does not exist. " +
			"Unused directives are judged only when every check ran: when an error stops a file early, only unreadable directives " +
			"and unknown checks are reported.\n\n" +
			"To silence a check in whole files or folders, use the configuration's `ignore:` list (docs/config.md).",
		Bad:  fmt.Sprintf(mission, "  - {type: spawn, at: [1, 1]}\n", "  # zmission:ignore spawn-near-start"),
		Good: fmt.Sprintf(mission, "  - {type: spawn, at: [1, 1]}   # zmission:ignore spawn-near-start the rush is the point\n", "")})
}
