package validate

import (
	"fmt"
	"io"
	"strings"
)

// Summary prints the closing line of the text format, meant for stderr so
// stdout carries only diagnostics:
//
//	2 errors, 1 warning, 3 info in 2 of 5 files
//
// files is the number of files checked. When there are no findings it
// prints nothing: the exit status already says so, and a quiet success is
// what scripts and pipelines expect. Diagnostics switched off do not count.
func Summary(w io.Writer, ds []Diagnostic, files int, o Options) {
	var counts [Error + 1]int
	withFindings := map[string]bool{}
	for _, d := range ds {
		if d.Severity == Off || d.Severity > Error {
			continue
		}
		counts[d.Severity]++
		withFindings[d.File] = true
	}
	if len(withFindings) == 0 {
		return
	}
	p := newPalette(o.Color)
	var parts []string
	add := func(s Severity, one, many string) {
		switch n := counts[s]; n {
		case 0:
		case 1:
			parts = append(parts, p.paint(p.severity(s), "1 "+one))
		default:
			parts = append(parts, p.paint(p.severity(s), fmt.Sprintf("%d %s", n, many)))
		}
	}
	add(Error, "error", "errors")
	add(Warning, "warning", "warnings")
	add(Info, "info", "info")
	files = max(files, len(withFindings))
	where := fmt.Sprintf("in %d of %d files", len(withFindings), files)
	if files == 1 {
		where = "in 1 file"
	} else if len(withFindings) == files {
		where = fmt.Sprintf("in %d files", files)
	}
	fmt.Fprintf(w, "%s %s\n", strings.Join(parts, ", "), where)
}
