package app

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Shells on Unix expand globs before zmission sees them; Windows' cmd.exe
// and PowerShell pass them on as typed, and so do CI settings that quote
// them. A command-line argument that names no file but holds *, ? or [...]
// is expanded here the way a shell would: within one path segment, never
// matching a leading dot unless the pattern starts with one, and ** (a whole
// segment) matching any depth of folders, as bash's globstar does.

// hasGlobMeta tells whether an argument is a pattern.
func hasGlobMeta(arg string) bool { return strings.ContainsAny(arg, "*?[") }

// expandGlob returns the sorted paths that pattern matches (files and
// folders), or an error for a malformed pattern.
func expandGlob(pattern string) ([]string, error) {
	p := filepath.ToSlash(pattern)
	root := "."
	if strings.HasPrefix(p, "/") {
		root = "/"
	} else if vol := filepath.VolumeName(pattern); vol != "" {
		root = filepath.ToSlash(vol) + "/"
		p = p[len(root):]
	}
	var segs []string
	for _, s := range strings.Split(p, "/") {
		if s == "" || s == "." {
			continue
		}
		if s != "**" {
			if _, err := path.Match(s, ""); err != nil {
				return nil, err
			}
		}
		segs = append(segs, s)
	}
	seen := map[string]bool{}
	var out []string
	var walk func(dir string, segs []string)
	walk = func(dir string, segs []string) {
		if len(segs) == 0 {
			if dir != "." && !seen[dir] {
				seen[dir] = true
				out = append(out, dir)
			}
			return
		}
		seg := segs[0]
		if seg == "**" {
			walk(dir, segs[1:]) // zero folders
			if len(segs) == 1 {
				// a final ** matches the files at every depth too, as in bash
				ents, _ := os.ReadDir(dir)
				for _, e := range ents {
					if !e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
						walk(join(dir, e.Name()), nil)
					}
				}
			}
			for _, sub := range subdirs(dir) {
				walk(sub, segs) // one more folder, still inside **
			}
			return
		}
		if !hasGlobMeta(seg) {
			next := join(dir, seg)
			if _, err := os.Lstat(next); err == nil {
				walk(next, segs[1:])
			}
			return
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			name := e.Name()
			if strings.HasPrefix(name, ".") && !strings.HasPrefix(seg, ".") {
				continue // as in a shell: * does not match dot-files
			}
			if ok, _ := path.Match(seg, name); !ok {
				continue
			}
			if len(segs) > 1 && !e.IsDir() && !isDirLink(join(dir, name)) {
				continue
			}
			walk(join(dir, name), segs[1:])
		}
	}
	walk(root, segs)
	sort.Strings(out)
	for i := range out {
		out[i] = filepath.FromSlash(out[i])
	}
	return out, nil
}

// subdirs lists the folders in dir that ** descends into: not dot-folders,
// and not symbolic links, so a link loop cannot make the walk endless.
func subdirs(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, join(dir, e.Name()))
		}
	}
	return out
}

func isDirLink(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func join(dir, name string) string {
	switch dir {
	case ".":
		return name
	case "/":
		return "/" + name
	}
	if strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// expandArgs replaces each glob argument that names no file by the paths it
// matches. A glob that matches nothing is a usage error, as in shells that
// fail on it (zsh, bash with failglob), rather than a confusing "cannot read".
func expandArgs(args []string) ([]string, error) {
	out, _, err := expandArgsFrom(args)
	return out, err
}

// expandArgsFrom is expandArgs that also tells which paths a pattern
// matched: like the files of a folder walk, those are not named on purpose.
func expandArgsFrom(args []string) ([]string, map[string]bool, error) {
	var out []string
	globbed := map[string]bool{}
	for _, a := range args {
		if a == "-" || !hasGlobMeta(a) {
			out = append(out, a)
			continue
		}
		if _, err := os.Lstat(a); err == nil {
			out = append(out, a) // a file whose name holds * or ?
			continue
		}
		matches, err := expandGlob(a)
		if err != nil {
			return nil, nil, usageErr("bad pattern %q: %v", a, err)
		}
		if len(matches) == 0 {
			return nil, nil, usageErr("no files match %q", a)
		}
		for _, m := range matches {
			globbed[m] = true
		}
		out = append(out, matches...)
	}
	return out, globbed, nil
}
