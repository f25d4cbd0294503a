package validate

import (
	"errors"
	"path"
	"strings"
)

// glob is an ignore pattern: slash-separated, relative to the folder of the
// configuration file. Within a segment, path.Match syntax applies (*, ?,
// [a-z], \ escapes); a segment that is exactly ** matches any number of
// segments, including none. A pattern also matches everything below a
// folder it matches, so "drafts" and "drafts/**" mean the same.
type glob struct {
	segs []string
}

func compileGlob(pattern string) (*glob, error) {
	p := strings.TrimSuffix(pattern, "/")
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	switch {
	case strings.TrimSpace(p) == "":
		return nil, errors.New("empty pattern")
	case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
		return nil, errors.New("pattern must be relative to the configuration file's folder")
	}
	var segs []string
	for _, s := range strings.Split(p, "/") {
		switch {
		case s == "" || s == ".":
			continue // "a//b" and "a/./b" mean "a/b"
		case s == "**":
			if len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // "**/**" is one "**"
			}
		default:
			if _, err := path.Match(s, ""); err != nil {
				return nil, errors.New("syntax error in pattern")
			}
		}
		segs = append(segs, s)
	}
	if len(segs) == 0 {
		return nil, errors.New("pattern names no file")
	}
	return &glob{segs: segs}, nil
}

// match reports whether the slash-separated relative path rel, or one of
// the folders it lies in, matches the pattern.
func (g *glob) match(rel string) bool {
	var names []string
	for _, s := range strings.Split(rel, "/") {
		if s != "" && s != "." {
			names = append(names, s)
		}
	}
	// ok[j]: the pattern so far matches names[:j]. One row per pattern
	// segment keeps ** linear instead of backtracking.
	ok := make([]bool, len(names)+1)
	ok[0] = true
	for _, seg := range g.segs {
		next := make([]bool, len(names)+1)
		if seg == "**" {
			seen := false
			for j := range ok {
				seen = seen || ok[j]
				next[j] = seen
			}
		} else {
			for j := 1; j <= len(names); j++ {
				if ok[j-1] {
					next[j], _ = path.Match(seg, names[j-1])
				}
			}
		}
		ok = next
	}
	for j := 1; j <= len(names); j++ {
		if ok[j] {
			return true
		}
	}
	return false
}
