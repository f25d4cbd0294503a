package ours

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// In a git checkout a walk passes over what git ignores: the patterns of
// .git/info/exclude and of every .gitignore from the checkout's top down to
// the folder an entry is in, the last match winning. zmission reads those
// files itself rather than asking git: the answer is the same whether git
// is installed or not, and a walk starts no process. The user's global
// excludes file (core.excludesFile) is not read.

// ignoreRule is one pattern line of a .gitignore.
type ignoreRule struct {
	base     string // the folder of the file it came from (slash form)
	re       *regexp.Regexp
	negate   bool // "!pattern" takes a path back
	dirOnly  bool // "pattern/" names folders only
	anchored bool // holds a slash: matched against the path from base, not the name
}

// ignorer holds the rules in force in each folder walked; nil outside a
// git checkout.
type ignorer struct {
	rules map[string][]ignoreRule // by folder, as the walk names it (cleaned)
	root  string                  // the folder walked, cleaned, and
	abs   string                  // its absolute path: the walk's paths are made absolute from them
}

// newIgnorer finds the git checkout holding root and reads the rules that
// apply from its top down to root's parent; enter adds each folder's own.
func newIgnorer(root string) *ignorer {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	top := abs
	for {
		if _, err := os.Lstat(filepath.Join(top, ".git")); err == nil {
			break
		}
		up := filepath.Dir(top)
		if up == top {
			return nil
		}
		top = up
	}
	rs := readIgnore(filepath.Join(top, ".git", "info", "exclude"), top)
	if abs != top {
		rel, err := filepath.Rel(top, filepath.Dir(abs))
		if err != nil {
			return nil
		}
		dir := top
		rs = append(rs, readIgnore(filepath.Join(dir, ".gitignore"), dir)...)
		if rel != "." {
			for _, part := range strings.Split(rel, string(filepath.Separator)) {
				dir = filepath.Join(dir, part)
				rs = append(rs, readIgnore(filepath.Join(dir, ".gitignore"), dir)...)
			}
		}
	}
	// The root's parent is "": enter finds it for the first folder.
	return &ignorer{rules: map[string][]ignoreRule{"": rs}, root: filepath.Clean(root), abs: abs}
}

// absPath is the absolute path of p, a path the walk gave, without asking
// the system for the working folder at every entry.
func (ig *ignorer) absPath(p string) string {
	rel, err := filepath.Rel(ig.root, p)
	if err != nil {
		return p
	}
	return filepath.Join(ig.abs, rel)
}

// enter adds the rules of dir's own .gitignore to those of its parent.
func (ig *ignorer) enter(dir string) {
	if ig == nil {
		return
	}
	dir = filepath.Clean(dir)
	parent, ok := ig.rules[filepath.Dir(dir)]
	if !ok {
		parent = ig.rules[""]
	}
	abs := ig.absPath(dir)
	own := readIgnore(filepath.Join(abs, ".gitignore"), abs)
	if len(own) == 0 {
		ig.rules[dir] = parent
		return
	}
	rs := make([]ignoreRule, 0, len(parent)+len(own))
	ig.rules[dir] = append(append(rs, parent...), own...)
}

// ignored tells whether the entry at p (a folder when dir) is ignored by
// the rules of its folder.
func (ig *ignorer) ignored(p string, dir bool) bool {
	if ig == nil {
		return false
	}
	abs := filepath.ToSlash(ig.absPath(p))
	name := filepath.Base(p)
	out := false
	for _, r := range ig.rules[filepath.Dir(p)] {
		if r.dirOnly && !dir {
			continue
		}
		subject := name
		if r.anchored {
			rel, ok := strings.CutPrefix(abs, r.base+"/")
			if !ok {
				continue
			}
			subject = rel
		}
		if r.re.MatchString(subject) {
			out = !r.negate
		}
	}
	return out
}

// readIgnore reads the rules of one ignore file; a missing or unreadable
// file has none.
func readIgnore(path, base string) []ignoreRule {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var rs []ignoreRule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if r, ok := parseIgnoreLine(sc.Text(), filepath.ToSlash(base)); ok {
			rs = append(rs, r)
		}
	}
	return rs
}

// parseIgnoreLine reads one line of a .gitignore as gitignore(5) says.
func parseIgnoreLine(line, base string) (ignoreRule, bool) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return ignoreRule{}, false
	}
	// Trailing spaces are dropped unless escaped with a backslash.
	for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, "\\ ") {
		line = line[:len(line)-1]
	}
	r := ignoreRule{base: base}
	switch {
	case line[0] == '!':
		r.negate, line = true, line[1:]
	case strings.HasPrefix(line, `\!`), strings.HasPrefix(line, `\#`):
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	if line == "" {
		return ignoreRule{}, false
	}
	r.anchored = strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	re, err := regexp.Compile("^" + globRegexp(line) + "$")
	if err != nil {
		return ignoreRule{}, false
	}
	r.re = re
	return r, true
}

// globRegexp turns a gitignore glob into a regular expression: * and ?
// stay within one path segment, ** spans any number of them, [...] is a
// class ([!...] negated), a backslash escapes the next character.
func globRegexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "/**") && i+3 == len(g):
			b.WriteString("/.*")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			end := strings.IndexByte(g[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := g[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 1
		case c == '\\' && i+1 < len(g):
			i++
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		}
	}
	return b.String()
}
