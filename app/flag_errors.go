package app

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/internal/typo"
)

// The command-line library words a bad flag for Go programmers ("flag
// provided but not defined: -frmat", "strconv.ParseInt: parsing …"). flagErr
// rewords it for the person who typed it: the flag as written, what the
// command takes instead, and where its options are listed.

var badValueRe = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): `)

// flagErr turns a usage error the library found while parsing c's command
// line into one of ours; an error it does not know passes as it is.
func flagErr(c *cli.Command, err error) error {
	help := "'" + c.FullName() + " --help'"
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		name = strings.TrimLeft(name, "-")
		hint := "run " + help + " to list its options"
		if h := typo.Hint(name, optionNames(c)); h != "" {
			hint = dashed(h) + " (" + help + " lists the options)"
		}
		return &exitError{code: ExitUsage, msg: fmt.Sprintf("%s has no option %s", c.FullName(), flagDash(name)), hint: hint}
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		name = strings.TrimLeft(name, "-")
		f := lookupFlag(c, name)
		return &exitError{code: ExitUsage, msg: fmt.Sprintf("%s needs a value: %s", flagDash(name), takes(f)), hint: "see " + help}
	}
	if m := badValueRe.FindStringSubmatch(msg); m != nil {
		f := lookupFlag(c, m[2])
		switch f.(type) {
		case *cli.StringFlag, *cli.StringSliceFlag:
			// A text flag's value was refused by its own check, in our words.
			return &exitError{code: ExitUsage, msg: strings.TrimPrefix(msg, m[0]), hint: "see " + help}
		}
		return &exitError{code: ExitUsage, msg: fmt.Sprintf("%s takes %s, not %q", flagDash(m[2]), takes(f), m[1]), hint: "see " + help}
	}
	return err
}

// optionNames is every name c's flags answer to, its ancestors' persistent
// flags and --help included.
func optionNames(c *cli.Command) []string {
	names := []string{"help", "h"}
	for i, a := range c.Lineage() {
		for _, f := range a.Flags {
			if i > 0 && !isPersistent(f) {
				continue
			}
			names = append(names, f.Names()...)
		}
	}
	return names
}

func isPersistent(f cli.Flag) bool {
	p, ok := f.(interface{ IsLocal() bool })
	return !ok || !p.IsLocal()
}

func lookupFlag(c *cli.Command, name string) cli.Flag {
	for _, a := range c.Lineage() {
		for _, f := range a.Flags {
			for _, n := range f.Names() {
				if n == name {
					return f
				}
			}
		}
	}
	return nil
}

// takes says what kind of value a flag takes, with what it is for.
func takes(f cli.Flag) string {
	kind := "a value"
	switch f.(type) {
	case *cli.IntFlag, *cli.Int64Flag, *cli.UintFlag, *cli.Uint64Flag:
		kind = "a whole number"
	case *cli.FloatFlag:
		kind = "a number"
	case *cli.DurationFlag:
		kind = "a duration such as 300ms or 2s"
	case *cli.BoolFlag:
		kind = "true or false"
	}
	d, ok := f.(cli.DocGenerationFlag)
	if !ok || d.GetUsage() == "" {
		return kind
	}
	usage := d.GetUsage()
	if choices := valueChoices(usage); len(choices) > 0 {
		return orWords(choices)
	}
	return kind + " (" + usage + ")"
}

// flagDash writes a flag's name as it is typed: -o, --format.
func flagDash(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// dashed puts the dashes on the names a typo hint quotes.
func dashed(hint string) string {
	return regexp.MustCompile(`"([^"]+)"`).ReplaceAllStringFunc(hint, func(q string) string {
		return `"` + flagDash(strings.Trim(q, `"`)) + `"`
	})
}
