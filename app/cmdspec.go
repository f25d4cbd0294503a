package app

import (
	"regexp"
	"strings"
	"sync"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/validate"
)

// The shell completions and the man page are generated from the commands
// themselves, so they cannot fall behind: cmdSpec is what both read of a
// command.

type cmdSpec struct {
	path        string // "" for the program, "tiles check" for a subcommand
	name        string
	aliases     []string
	usage       string
	argsUsage   string
	description string
	flags       []flagSpec
	args        []string // the words the command's argument can be, when it is one of a list
	children    []*cmdSpec
}

type flagSpec struct {
	long    string   // "format"
	short   []string // "f"
	value   bool     // takes a value
	choices []string // the values it takes, when they are a list
	file    bool     // its value is a file or folder
	usage   string
	def     string // default, as shown in help
}

// names is every way to write the flag on the command line.
func (f flagSpec) names() []string {
	out := []string{"--" + f.long}
	for _, s := range f.short {
		if len(s) == 1 {
			out = append(out, "-"+s)
		} else {
			out = append(out, "--"+s)
		}
	}
	return out
}

// argChoices are the arguments some commands take from a fixed list.
func argChoices(path string) []string {
	switch path {
	case "rules":
		var ids []string
		for _, c := range validate.Checks() {
			ids = append(ids, c.ID)
		}
		return ids
	case "schema":
		return schema.Names()
	case "completion":
		return completionShells
	}
	return nil
}

// fileFlags take a path.
var fileFlags = map[string]bool{"output": true, "config": true, "tileset": true, "write": true, "decks": true, "heatmap": true}

// listRe finds the list of values a flag's usage ends with:
// "output format: text, json, sarif or github".
var listRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`:\s+([a-z0-9][a-z0-9=A-Z-]*(?:,\s+[a-z0-9][a-z0-9=A-Z-]*)*(?:,?\s+or\s+[a-z0-9][a-z0-9=A-Z-]*)?)\s*$`)
})

// valueChoices reads the values a flag takes from its usage, the one place
// they are written for people: "…: a, b or c" (a parenthesised remark is
// left out; "sight=ZONE" offers "sight="). It returns nil when the usage
// lists none.
func valueChoices(usage string) []string {
	s := regexp.MustCompile(`\s*\([^)]*\)`).ReplaceAllString(usage, "")
	m := listRe().FindStringSubmatch(s)
	if m == nil {
		return nil
	}
	var out []string
	for _, w := range strings.FieldsFunc(strings.ReplaceAll(m[1], " or ", ","), func(r rune) bool { return r == ',' || r == ' ' }) {
		if i := strings.IndexByte(w, '='); i >= 0 {
			w = w[:i+1] // sight=ZONE: the zone is the user's to type
		}
		if strings.ToLower(w) != w {
			return nil // a placeholder word: not a list of values
		}
		out = append(out, w)
	}
	return out
}

// spec reads the command tree.
func spec(root *cli.Command) *cmdSpec {
	var walk func(c *cli.Command, path string) *cmdSpec
	walk = func(c *cli.Command, path string) *cmdSpec {
		s := &cmdSpec{path: path, name: c.Name, aliases: c.Aliases, usage: c.Usage, argsUsage: c.ArgsUsage,
			description: c.Description, args: argChoices(path)}
		for _, f := range c.Flags {
			names := f.Names()
			fs := flagSpec{long: names[0], short: names[1:]}
			if d, ok := f.(cli.DocGenerationFlag); ok {
				fs.usage = d.GetUsage()
				fs.value = d.TakesValue()
				if fs.value {
					fs.def = strings.Trim(d.GetValue(), `"`) // nothing is parsed for a command not run: its default
				}
			}
			if fs.value {
				fs.file = fileFlags[fs.long]
				fs.choices = valueChoices(fs.usage)
				if fs.long == "tileset" {
					fs.choices = layout.BuiltinNames()
				}
			}
			s.flags = append(s.flags, fs)
		}
		// The library adds --help (and the program's --version) when it runs.
		s.addFlag(flagSpec{long: "help", short: []string{"h"}, usage: "show help"})
		if path == "" {
			s.addFlag(flagSpec{long: "version", short: []string{"v"}, usage: "print the version"})
		}
		for _, sub := range c.Commands {
			if sub.Hidden || sub.Name == "help" && path != "" {
				continue // every command has a help subcommand; the program's is enough
			}
			p := sub.Name
			if path != "" {
				p = path + " " + sub.Name
			}
			s.children = append(s.children, walk(sub, p))
		}
		return s
	}
	return walk(root, "")
}

// addFlag adds f unless the command has it already.
func (s *cmdSpec) addFlag(f flagSpec) {
	for _, g := range s.flags {
		if g.long == f.long {
			return
		}
	}
	s.flags = append(s.flags, f)
}

// all lists the command and its subcommands, depth first.
func (s *cmdSpec) all() []*cmdSpec {
	out := []*cmdSpec{s}
	for _, c := range s.children {
		out = append(out, c.all()...)
	}
	return out
}
