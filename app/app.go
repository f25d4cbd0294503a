// Package app is the zmission command line: a thin layer of commands over the
// library packages. Run is the whole program; cmd/zmission only calls it.
package app

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/validate"
)

// Exit codes, the same for every command.
const (
	ExitOK       = 0 // clean
	ExitFindings = 1 // findings at or above --fail-on
	ExitUsage    = 2 // the command line is wrong
	ExitFailed   = 3 // could not run: unreadable input, internal error
)

// exitError carries an exit code out of a command's action.
type exitError struct {
	code int
	msg  string // printed as "zmission: error: msg" when not empty
	hint string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{code: ExitUsage, msg: fmt.Sprintf(format, args...)}
}

// withHint adds a hint line to a usage or failure error ("" adds none).
func withHint(err error, hint string) error {
	if e, ok := err.(*exitError); ok && hint != "" {
		e.hint = hint
	}
	return err
}

func failErr(format string, args ...any) error {
	return &exitError{code: ExitFailed, msg: fmt.Sprintf(format, args...)}
}

func codeErr(code int) error { return &exitError{code: code} }

// env is what a command sees of the outside world; tests swap it.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
	// isTTY tells whether a stream is a person's terminal (nil: never).
	isTTY func(io.Writer) bool

	allowOutside bool // --allow-outside: a mission's tile set may lie outside its tree
}

func (e *env) terminal(w io.Writer) bool { return e.isTTY != nil && e.isTTY(w) }

// Run runs the command line args (args[0] is the program name) and returns
// the exit code. It never calls os.Exit and never panics on user input.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return run(&env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, isTTY: validate.IsTerminal}, args)
}

// run is Run in the world e describes.
func run(e *env, args []string) (code int) {
	stderr := e.stderr
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "zmission: error: internal error: %v\nzmission: hint: this is a bug; please report it with the input that caused it\n", r)
			code = ExitFailed
		}
	}()
	root := e.root()
	// "zmission help validte" names a command misspelt: it gets the words
	// and the exit code of one, not the library's failure (3).
	var notFound error
	var onAll func(c *cli.Command)
	onAll = func(c *cli.Command) {
		c.CommandNotFound = func(_ context.Context, c *cli.Command, name string) { notFound = unknownCommand(c, name) }
		for _, sub := range c.Commands {
			onAll(sub)
		}
	}
	onAll(root)
	err := root.Run(context.Background(), args)
	if err == nil {
		err = notFound
	}
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "zmission: error: %s\n", ee.msg)
		}
		if ee.hint != "" {
			fmt.Fprintf(stderr, "zmission: hint: %s\n", ee.hint)
		}
		return ee.code
	}
	// Anything else comes from parsing the command line.
	fmt.Fprintf(stderr, "zmission: error: %s\nzmission: hint: run 'zmission help' or 'zmission COMMAND --help'\n", strings.TrimSpace(err.Error()))
	return ExitUsage
}

func (e *env) root() *cli.Command {
	root := &cli.Command{
		Name:      "zmission",
		Usage:     "check, analyse and print missions for zombie and sci-fi board games",
		Version:   Version,
		Reader:    e.stdin,
		Writer:    e.stdout,
		ErrWriter: e.stderr,
		// Exit codes are ours: never let the library call os.Exit.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		OnUsageError: func(_ context.Context, c *cli.Command, err error, _ bool) error {
			return flagErr(c, err)
		},
		Suggest: true,
		// A global flag, so every command that reads missions takes it
		// (zmission validate --allow-outside ...).
		Flags: []cli.Flag{&cli.BoolFlag{Name: "allow-outside", Usage: "let a mission's tileset: file lie outside the repository (or working folder) being checked; only for missions you trust",
			Destination: &e.allowOutside}},
		Commands: []*cli.Command{
			e.validateCmd(),
			e.newCmd(),
			e.generateCmd(),
			e.fmtCmd(),
			e.buffered(e.showCmd()),
			e.buffered(e.zonesCmd()),
			e.buffered(e.graphCmd()),
			e.buffered(e.losCmd()),
			e.buffered(e.analyzeCmd()),
			e.buffered(e.playtestCmd()),
			e.renderCmd(),
			e.watchCmd(),
			e.editCmd(),
			e.lspCmd(),
			e.tilesCmd(),
			e.rulesCmd(),
			e.schemaCmd(),
			e.versionCmd(),
			e.completionCmd(),
			e.manCmd(),
			e.siteCmd(),
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return unknownCommand(c, c.Args().First())
			}
			// No command is a usage error (as in ruff and kubeconform):
			// the help goes to stderr, so a script that lost its
			// arguments fails instead of reading the help as output.
			c.Writer = e.stderr
			_ = cli.ShowRootCommandHelp(c)
			return codeErr(ExitUsage)
		},
	}
	// urfave/cli does not pass OnUsageError down: every command needs it,
	// or a bad flag prints the whole help to stdout.
	var walk func(cs []*cli.Command)
	walk = func(cs []*cli.Command) {
		for _, c := range cs {
			c.OnUsageError = root.OnUsageError
			walk(c.Commands)
		}
	}
	walk(root.Commands)
	return root
}

func (e *env) versionCmd() *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version, the commit and the date it was built from",
		Action: func(_ context.Context, c *cli.Command) error {
			if err := noArgs(c); err != nil {
				return err
			}
			build.write(e.stdout)
			return nil
		},
	}
}

// unknownCommand is the error for a command c does not have.
func unknownCommand(c *cli.Command, name string) error {
	help := "'zmission help'"
	if c.Root() != c {
		help = "'" + c.FullName() + " --help'"
	}
	hint := "run " + help + " to list the commands"
	var names []string
	for _, sub := range c.Commands {
		if !sub.Hidden {
			names = append(names, sub.Name)
			names = append(names, sub.Aliases...)
		}
	}
	if h := typo.Hint(name, names); h != "" {
		hint = h + " (" + help + " lists the commands)"
	}
	return &exitError{code: ExitUsage, msg: fmt.Sprintf("unknown command %q", name), hint: hint}
}

// noArgs refuses arguments to a command that takes none.
func noArgs(c *cli.Command) error {
	if c.Args().Len() > 0 {
		return &exitError{code: ExitUsage, msg: fmt.Sprintf("%s takes no arguments (got %q)", c.Name, c.Args().First()),
			hint: "see 'zmission " + c.Name + " --help'"}
	}
	return nil
}

func init() {
	// --version prints what 'zmission version' prints first: scripts read
	// one line, "zmission VERSION", whichever they ask.
	cli.VersionPrinter = func(c *cli.Command) { fmt.Fprintf(c.Root().Writer, "zmission %s\n", build.version) }
}

// buffered runs a command with its standard output buffered: the tables of
// a board of 262,144 zones went out in a million small writes (a tabwriter
// writes each cell), seconds of system time. What a command writes to
// stderr as it goes comes before its output.
func (e *env) buffered(cmd *cli.Command) *cli.Command {
	act := cmd.Action
	cmd.Action = func(ctx context.Context, c *cli.Command) error {
		out := e.stdout
		bw := bufio.NewWriterSize(out, 64<<10)
		e.stdout = bw
		defer func() { e.stdout = out }()
		err := act(ctx, c)
		if ferr := bw.Flush(); ferr != nil && err == nil {
			return failErr("writing the output: %v", ferr)
		}
		return err
	}
	return cmd
}
