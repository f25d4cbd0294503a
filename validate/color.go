package validate

import (
	"io"
	"os"

	"github.com/fatih/color"
)

// UseColor decides whether output written to w gets colour. mode is the
// --color flag: "always" and "never" are obeyed; "auto" (and anything
// else, which the application rejects before calling) colours only when w
// itself is a terminal, NO_COLOR is unset or empty and TERM is not "dumb".
// The decision looks at the stream actually written to, unlike
// fatih/color's global detection, which only looks at stdout. A nil env
// reads the process environment.
func UseColor(mode string, w io.Writer, env func(string) string) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if env == nil {
		env = os.Getenv
	}
	return IsTerminal(w) && env("NO_COLOR") == "" && env("TERM") != "dumb"
}

// IsTerminal reports whether w is a terminal: an *os.File (or any writer
// exposing its descriptor through Fd) connected to a tty.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Fd() uintptr })
	if !ok {
		return false
	}
	if file, isFile := w.(*os.File); isFile && file == nil {
		return false
	}
	return ttyOf(f.Fd())
}

// palette holds the colours of the text format, each explicitly enabled or
// disabled so that fatih/color's global state never decides.
type palette struct {
	on                                  bool
	path, err, warn, info, rule, strong *color.Color
}

func newPalette(on bool) palette {
	mk := func(a ...color.Attribute) *color.Color {
		c := color.New(a...)
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	return palette{
		on:     on,
		path:   mk(color.Bold),
		err:    mk(color.FgRed, color.Bold),
		warn:   mk(color.FgYellow, color.Bold),
		info:   mk(color.FgCyan, color.Bold),
		rule:   mk(color.Faint),
		strong: mk(color.Bold),
	}
}

func (p palette) paint(c *color.Color, s string) string {
	if !p.on || s == "" {
		return s
	}
	return c.Sprint(s)
}

func (p palette) severity(s Severity) *color.Color {
	switch s {
	case Error:
		return p.err
	case Warning:
		return p.warn
	}
	return p.info
}
