package source

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
)

// Parse reads a document: JSON when name ends in .json (any case), YAML
// otherwise. It returns the tree, or nil and at least one Problem.
func Parse(name string, data []byte, lim Limits) (*Node, []Problem) {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		return ParseJSON(data, lim)
	}
	return ParseYAML(data, lim)
}

// precheck refuses what no parser should see: files over the size limit,
// empty files and files that are not UTF-8 text. It returns data without its
// byte order mark.
func precheck(data []byte, lim Limits) ([]byte, *Problem) {
	if int64(len(data)) > lim.MaxBytes {
		return nil, tooLarge(int64(len(data)), lim)
	}
	data = trimBOM(data)
	if len(data) == 0 {
		p := problemAt(wholeFile, CodeEmpty, "the file is empty")
		return nil, &p
	}
	if p := checkEncoding(data); p != nil {
		return nil, p
	}
	return data, nil
}

func blankProblem(data []byte) []Problem {
	what := "only comments or blank lines"
	if len(bytes.TrimSpace(data)) == 0 {
		what = "only blank space"
	}
	return []Problem{problemAt(wholeFile, CodeEmpty, "the file holds no data, %s", what)}
}

// sortProblems puts problems in document order; equal positions keep the
// order they were found in.
func sortProblems(ps []Problem) []Problem {
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Pos.less(ps[j].Pos) })
	return ps
}
