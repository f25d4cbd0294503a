package app

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/zmission/zmission/internal/typo"
)

// choiceErr refuses a value that is not one of a flag's or an argument's
// choices, naming them, with a "did you mean" when the value is a slip
// for one (case is ignored: "Hard" for "hard").
//
//	unknown --format "jsno": use text, json, sarif or github
//	hint: did you mean "json"?
func choiceErr(what, got string, choices []string) error {
	return withHint(usageErr("unknown %s %q: use %s", what, got, orWords(choices)), typo.Hint(got, choices))
}

// pathHint words a missing path's near neighbour: `did you mean
// "missions/"?` for "misions/" when missions exists beside where it was
// looked for, and "missions/first.yaml" for "misions/frist.yaml"; "" when
// p exists or nothing near it does.
func pathHint(p string) string {
	if p == "" || p == "-" || exists(p) {
		return ""
	}
	fix := nearPath(filepath.Clean(p), 0)
	if fix == "" {
		return ""
	}
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		fix += string(filepath.Separator)
	}
	return "did you mean " + strconv.Quote(fix) + "?"
}

// nearPath is the existing path one slip away in each missing part of p,
// or "".
func nearPath(p string, depth int) string {
	if exists(p) {
		return p
	}
	if depth > 8 {
		return ""
	}
	dir, base := filepath.Split(p)
	look := "."
	if dir != "" {
		look = nearPath(filepath.Clean(dir), depth+1)
		if look == "" {
			return ""
		}
	}
	ents, err := os.ReadDir(look)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range ents {
		if len(names) == 10000 {
			break
		}
		names = append(names, e.Name())
	}
	near := typo.Candidates(base, names)
	if len(near) != 1 {
		return ""
	}
	if dir == "" {
		return near[0]
	}
	return filepath.Join(look, near[0])
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return !errors.Is(err, fs.ErrNotExist)
}
