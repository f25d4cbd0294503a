package ours

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmission/zmission/source"
)

// OutputMarker is the file `zmission site` and `zmission-web build` leave in
// the folder they write: a walk passes over a folder holding it, so that
// published copies are never read back as missions.
const OutputMarker = ".zmission-output"

// markerText says what the marker is to whoever opens it.
const markerText = "Written by zmission: a folder of generated pages. zmission passes over a folder holding this file when it looks for missions.\n"

// MarkOutput writes the marker into dir (which must exist). A marker
// already there is left as it is, so a rebuild changes nothing.
func MarkOutput(dir string) error {
	p := filepath.Join(dir, OutputMarker)
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, []byte(markerText)) {
		return nil
	}
	return os.WriteFile(p, []byte(markerText), 0o644)
}

// WalkOptions tune Walk.
type WalkOptions struct {
	// Owned reads each file and passes over those Classify calls None;
	// off, every YAML or JSON file the walk reaches is given to fn and the
	// caller classifies what it reads.
	Owned bool
	// Passed, when set, is told each file or folder passed over and why
	// ("ignored by .gitignore", "written by zmission", "not zmission's").
	Passed func(path, why string)
	// Ignored, when set, tells a file or folder the user's configuration
	// names under ignore: (for every rule); the walk passes over it.
	Ignored func(path string) bool
	// Included, when set, tells a file the user's configuration names
	// under include: it is given to fn whatever it holds.
	Included func(path string) bool
}

// Why a walk passes something over, as Passed is told.
const (
	WhyIgnored = "named by .gitignore or .git/info/exclude"
	WhyOutput  = "a folder zmission wrote (" + OutputMarker + ")"
	WhyNotOurs = "not zmission's: no ruleset:, no $schema of zmission's, no tile set's faces:"
	WhyConfig  = "named under ignore: in .zmission.yaml"
	WhyBuilt   = "a folder of packages or build output (not in a git checkout)"
)

// builtDirs are the folders a walk outside a git checkout passes over, as
// prettier and ruff do: installed packages and build output, which a git
// checkout would list in .gitignore but a zip download holds as they are.
// (.venv and other dot-folders are passed over everywhere.)
var builtDirs = map[string]bool{"node_modules": true, "vendor": true, "dist": true, "build": true}

// Walk calls fn, in lexical order, with the files under root that a folder
// walk looks at: regular files whose names end in .yaml, .yml or .json
// (any case) and do not start with a dot. It passes over folders whose
// names start with a dot or are testdata (fixtures are meant to fail),
// folders holding OutputMarker, what o.Ignored names, and, when root is
// inside a git checkout, what its .gitignore files and .git/info/exclude
// name (see gitignore.go), or else the folders of builtDirs.
// root itself is always walked, whatever it holds or is named; a root that
// is a file is given to fn as it is.
//
// An entry that cannot be read is given to fn, whose own read reports it.
// passedOver counts the files and folders passed over for being output,
// ignored or (with Owned) not ours.
func Walk(root string, o WalkOptions, fn func(path string) error) (passedOver int, err error) {
	st, err := os.Stat(root)
	if err != nil {
		return 0, err
	}
	if !st.IsDir() {
		return 0, fn(root)
	}
	start := root
	if lst, err := os.Lstat(root); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		// A link to a folder named on purpose is walked (WalkDir does not
		// follow its root): "a/" makes lstat follow it.
		start = root + string(filepath.Separator)
	}
	ign := newIgnorer(root)
	err = filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == start {
				return err
			}
			return fn(p)
		}
		if p == start {
			ign.enter(p)
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if strings.HasPrefix(name, ".") || name == "testdata" {
				return filepath.SkipDir
			}
			if why := skipDir(p, name, ign, o); why != "" {
				passedOver++
				o.passed(p, why)
				return filepath.SkipDir
			}
			ign.enter(p)
			return nil
		}
		if !d.Type().IsRegular() || !candidate(d.Name()) {
			return nil
		}
		if ign.ignored(p, false) {
			passedOver++
			o.passed(p, WhyIgnored)
			return nil
		}
		if o.Ignored != nil && o.Ignored(p) {
			passedOver++
			o.passed(p, WhyConfig)
			return nil
		}
		if o.Owned && !(o.Included != nil && o.Included(p)) && !OwnedFile(p) {
			passedOver++
			o.passed(p, WhyNotOurs)
			return nil
		}
		return fn(p)
	})
	return passedOver, err
}

// skipDir says why a walk passes over the folder p (named name), or "".
func skipDir(p, name string, ign *ignorer, o WalkOptions) string {
	switch {
	case isOutput(p):
		return WhyOutput
	case ign.ignored(p, true):
		return WhyIgnored
	case ign == nil && builtDirs[name]:
		return WhyBuilt
	case o.Ignored != nil && o.Ignored(p):
		return WhyConfig
	}
	return ""
}

// candidate tells the file names a walk looks at.
func candidate(name string) bool {
	if strings.HasPrefix(name, ".") {
		return false
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// Unclaimed returns up to max names of what the existing folder dir holds
// when zmission did not write it (it has no OutputMarker): a command
// about to fill it refuses unless told to, so that the user's own files
// are never mixed with (or taken for) generated ones. A missing, empty or
// marked folder gives none.
func Unclaimed(dir string, max int) []string {
	if isOutput(dir) {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(1000) // enough to name the first few in order
	slices.Sort(names)
	return names[:min(len(names), max)]
}

// isOutput tells a folder that zmission wrote.
func isOutput(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, OutputMarker))
	return err == nil
}

// OwnedFile tells whether the file at p is one of ours, as a walk with
// Owned judges it: a file that cannot be read is, so that whoever reads it
// next reports why.
func OwnedFile(p string) bool {
	k, ok := classifyFile(p)
	return !ok || k != None
}

// classifyFile classifies the file at p from at most its first MaxBytes
// (a larger file is judged by the keys those show); ok is false when it
// cannot be read.
func classifyFile(p string) (Kind, bool) {
	f, err := os.Open(p)
	if err != nil {
		return None, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, source.DefaultLimits.MaxBytes+1))
	if err != nil && !errors.Is(err, io.EOF) {
		return None, false
	}
	return Classify(p, data), true
}

func (o WalkOptions) passed(p, why string) {
	if o.Passed != nil {
		o.Passed(p, why)
	}
}
