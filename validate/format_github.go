package validate

import (
	"fmt"
	"io"
	"strings"
)

// writeGitHub prints GitHub Actions workflow commands, one annotation per
// finding:
//
//	::error file=a.yaml,line=12,col=5,endColumn=9,title=exit-unreachable::exit is unreachable
//
// Where the finding has an end, a span on one line gets endColumn (the
// column of its last character) and one over several lines endLine.
// Info becomes ::notice. The hint and related locations follow the message
// on their own lines (escaped line breaks), as the annotation shows them.
// Control characters in messages are shown as Go escapes, since the log
// viewer would interpret them.
func writeGitHub(w io.Writer, ds []Diagnostic) {
	for _, d := range ds {
		props := []string{"file=" + escapeProperty(d.File)}
		if d.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Line))
			r := d.Range()
			if r.HasEnd() && r.EndLine > r.Line {
				props = append(props, fmt.Sprintf("endLine=%d", r.EndLine))
			}
			if d.Col > 0 {
				props = append(props, fmt.Sprintf("col=%d", d.Col))
				// GitHub takes a column range on one line only, and its
				// end is the last character, where ours is just after it.
				if r.HasEnd() && r.EndLine == r.Line && r.EndCol-1 > r.Col {
					props = append(props, fmt.Sprintf("endColumn=%d", r.EndCol-1))
				}
			}
		}
		props = append(props, "title="+escapeProperty(d.Rule))
		msg := d.Message
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		for _, r := range d.Related {
			msg += "\n" + location(r.File, r.Line, r.Col) + ": note: " + r.Message
		}
		fmt.Fprintf(w, "::%s %s::%s\n", githubCommand(d.Severity), strings.Join(props, ","), escapeData(indentLines(msg, "")))
	}
}

func githubCommand(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "notice"
}

// escapeData escapes a workflow command's message, as the Actions toolkit
// does.
var escapeData = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace

// escapeProperty escapes a workflow command's property value, which also
// must not contain the separators ':' and ','.
var escapeProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace
