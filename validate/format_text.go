package validate

import (
	"fmt"
	"io"
	"strings"
)

// writeText prints one finding per line, then its hint and related
// locations indented by four spaces:
//
//	missions/a.yaml:12:5: error: exit is unreachable [exit-unreachable]
//	    hint: open the red door or move the exit
//	    missions/a.yaml:9:3: note: the red door is locked
//
// Messages spanning several lines continue indented, so every line that
// starts at column 0 is a finding.
func writeText(w io.Writer, ds []Diagnostic, p palette) {
	for _, d := range ds {
		fmt.Fprintf(w, "%s: %s: %s %s\n",
			p.paint(p.path, location(d.File, d.Line, d.Col)),
			p.paint(p.severity(d.Severity), d.Severity.String()),
			indentLines(d.Message, "    "),
			p.paint(p.rule, "["+sanitize(d.Rule)+"]"))
		if d.Hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", indentLines(d.Hint, "      "))
		}
		for _, r := range d.Related {
			fmt.Fprintf(w, "    %s: note: %s\n",
				p.paint(p.path, location(r.File, r.Line, r.Col)),
				indentLines(r.Message, "      "))
		}
	}
}

// indentLines sanitizes each line of s and joins them with an indented
// line break.
func indentLines(s, indent string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = sanitize(l)
	}
	return strings.Join(lines, "\n"+indent)
}
