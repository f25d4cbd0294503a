package validate

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteChecksDoc writes the catalogue of checks as markdown, the body of
// docs/checks.md: a title, an index table, then one section per check with
// its documentation, a failing example followed by its exact output, and
// the fixed version. run returns the output for an example mission; the
// application supplies it, so the documented output is the real one.
// canon writes an example as fmt does (nil: as it is), so that an author
// who copies one gets no diff from 'fmt --check'; run runs what is shown.
// Examples are optional (a file that cannot be read has no example
// mission); documentation is not: it fails naming every check without it.
func WriteChecksDoc(w io.Writer, run, canon func(example string) string) error {
	return writeChecksDoc(w, Checks(), run, canon)
}

func writeChecksDoc(w io.Writer, checks []*Check, run, canon func(string) string) error {
	var missing []string
	for _, c := range checks {
		if strings.TrimSpace(c.Doc) == "" {
			missing = append(missing, c.ID)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("checks without documentation: %s", strings.Join(missing, ", "))
	}
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "# Checks\n\n")
	fmt.Fprint(bw, "Every check has a stable id, shown in brackets after each message. Change its severity\n"+
		"or switch it off in `.zmission.yaml` (see [config.md](config.md)).\n\n")
	fmt.Fprint(bw, "| id | title | severity | games |\n| --- | --- | --- | --- |\n")
	for _, c := range checks {
		fmt.Fprintf(bw, "| [%s](#%s) | %s | %s | %s |\n", c.ID, c.ID, tableCell(c.Title), c.Severity, games(c))
	}
	for _, c := range checks {
		fmt.Fprintln(bw)
		writeCheckDoc(bw, c, run, canon, "##")
	}
	return bw.Flush()
}

// WriteCheckDoc writes the documentation of one check, as `zmission rules
// ID` shows it: the same section docs/checks.md has for it.
func WriteCheckDoc(w io.Writer, c *Check, run, canon func(example string) string) error {
	bw := bufio.NewWriter(w)
	writeCheckDoc(bw, c, run, canon, "#")
	return bw.Flush()
}

func writeCheckDoc(w io.Writer, c *Check, run, canon func(string) string, heading string) {
	if canon == nil {
		canon = func(s string) string { return s }
	}
	fmt.Fprintf(w, "%s %s\n\n", heading, c.ID)
	fmt.Fprintf(w, "%s\n\n", c.Title)
	fmt.Fprintf(w, "- Default severity: %s\n- Games: %s\n", c.Severity, games(c))
	if len(c.Options) > 0 {
		fmt.Fprint(w, "- Options:")
		for i, k := range sortedKeys(c.Options) {
			sep := ","
			if i == 0 {
				sep = ""
			}
			if b, ok := c.Bounds[k]; ok {
				fmt.Fprintf(w, "%s `%s` (default `%v`, from %g to %g)", sep, k, c.Options[k], b[0], b[1])
			} else {
				fmt.Fprintf(w, "%s `%s` (default `%v`)", sep, k, c.Options[k])
			}
		}
		fmt.Fprintln(w)
	}
	if doc := strings.TrimSpace(c.Doc); doc != "" {
		fmt.Fprintf(w, "\n%s\n", doc)
	}
	if c.Bad != "" {
		fmt.Fprintf(w, "\n%s# Example\n\n", heading)
		bad := canon(c.Bad)
		fence(w, "yaml", bad)
		if run != nil {
			fmt.Fprintln(w)
			fence(w, "", run(bad))
		}
	}
	if c.Good != "" {
		fmt.Fprintf(w, "\n%s# Fixed\n\n", heading)
		fence(w, "yaml", canon(c.Good))
	}
}

// fence writes body as a fenced code block whose fence is longer than any
// run of backticks inside it, so examples cannot break the page.
func fence(w io.Writer, lang, body string) {
	longest, run := 0, 0
	for _, r := range body {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	body = strings.TrimRight(body, "\n")
	fmt.Fprintf(w, "%s%s\n%s\n%s\n", f, lang, body, f)
}

func games(c *Check) string {
	if len(c.Games) == 0 {
		return "all"
	}
	return strings.Join(c.Games, ", ")
}

// tableCell keeps a title from breaking the markdown table it sits in.
func tableCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
