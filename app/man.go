package app

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"
)

func (e *env) manCmd() *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page (roff), made from the commands' own help",
		Description: "  zmission man > ~/.local/share/man/man1/zmission.1   # then: man zmission\n" +
			"  zmission man | man -l -                               # read it once",
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			writeMan(e.stdout, spec(c.Root()))
			return nil
		},
	}
}

// roff escapes text for a man page: backslashes, and a leading . or ' that
// would be read as a request.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			l = `\&` + l
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// writeMan writes zmission(1) from the command tree. It holds no date, so
// the same version always gives the same page.
func writeMan(w io.Writer, root *cmdSpec) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	date := "" // no build date unless the build says: the same build, the same page
	if len(Date) >= 10 {
		date = Date[:10]
	}
	p(".TH ZMISSION 1 \"%s\" \"zmission %s\" \"User Commands\"\n", roff(date), roff(Version))
	p(".SH NAME\nzmission \\- %s\n", roff(root.usage))
	p(".SH SYNOPSIS\n.B zmission\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]\n")
	p(".SH DESCRIPTION\n%s\n", roff("zmission reads mission files (YAML or JSON) for zombie and sci-fi board games, builds the board "+
		"from the tiles placed, and reports what is wrong with file:line:col locations: a key typed wrong, a door on a wall, "+
		"an objective that can never be reached. It also draws the board in the terminal, plays the mission out step by step, "+
		"and prints maps."))
	p(".SH COMMANDS\n")
	for _, s := range root.all()[1:] {
		p(".SS \"zmission %s", roff(s.path))
		if s.argsUsage != "" {
			p(" %s", roff(s.argsUsage))
		}
		p("\"\n%s.\n", roff(s.usage))
		if len(s.aliases) > 0 {
			p("Also called \\fB%s\\fR.\n", roff(strings.Join(s.aliases, ", ")))
		}
		if s.description != "" {
			p(".PP\n.nf\n%s\n.fi\n", roff(strings.TrimRight(s.description, "\n")))
		}
		for _, f := range s.flags {
			if f.long == "help" {
				continue
			}
			p(".TP\n")
			var names []string
			for _, n := range f.names() {
				names = append(names, `\fB`+roff(n)+`\fR`)
			}
			p("%s", strings.Join(names, ", "))
			if f.value {
				p(" \\fI%s\\fR", valueName(f))
			}
			p("\n%s", roff(f.usage))
			if f.def != "" {
				p(" (default: %s)", roff(f.def))
			}
			p("\n")
		}
	}
	p(".SH OPTIONS\n.TP\n\\fB\\-\\-help\\fR, \\fB\\-h\\fR\nShow a command's help.\n.TP\n\\fB\\-\\-version\\fR, \\fB\\-v\\fR\nPrint the version.\n")
	p(".SH EXIT STATUS\nThe same for every command:\n.TP\n.B 0\nclean\n.TP\n.B 1\n%s\n.TP\n.B 2\n%s\n.TP\n.B 3\n%s\n",
		roff("findings at or above --fail-on, or a board that cannot be built"), roff("usage error: the command line is wrong"),
		roff("could not run: an unreadable file, an internal error"))
	p(".SH ENVIRONMENT\n.TP\n.B NO_COLOR\n%s\n", roff("when set, text output is never coloured (--color always still colours)."))
	p(".SH FILES\n.TP\n.B .zmission.yaml\n%s\n", roff("configuration: per-check severities and options, and paths to ignore; "+
		"found from each file's folder upward."))
	p(".SH EXAMPLES\n.nf\n%s\n.fi\n", roff(strings.Join([]string{
		"zmission validate missions/              # check every mission in a folder",
		"zmission validate --format github '**/*.yaml'",
		"zmission new --ruleset zombicide-classic blue-line.yaml",
		"zmission show examples/invader/first-contact.yaml",
		"zmission render mission.yaml -o mission.svg",
	}, "\n")))
	p(".SH SEE ALSO\n%s\n", roff("The README and docs/ of the zmission repository: the mission format, the checks "+
		"(zmission rules), configuration, rendering."))
}

// valueName is the placeholder for a flag's value in the page.
func valueName(f flagSpec) string {
	switch {
	case len(f.choices) > 0:
		return roff(strings.Join(f.choices, "|"))
	case f.file:
		return "FILE"
	}
	return strings.ToUpper(roff(f.long))
}
