package app

import (
	"context"
	"fmt"
	"github.com/zmission/zmission/rules"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// outputFlags are shared by every command that prints diagnostics.
func outputFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output format: text, json, sarif or github"},
		&cli.StringFlag{Name: "fail-on", Value: "error", Usage: failOnUsage},
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the text output: auto, always or never (NO_COLOR is honoured)"},
		&cli.StringFlag{Name: "config", Usage: "configuration file (default: .zmission.yaml found from each file's folder upward)"},
		&cli.Int64Flag{Name: "max-size", Value: source.DefaultLimits.MaxBytes, Usage: "largest file to read, in bytes"},
		&cli.StringFlag{Name: "root", Usage: "folder that json, sarif and github output name files from (default: the git repository's root, else the working folder)"},
	}
}

// failOnUsage is the usage of --fail-on, which the completion script reads
// its values from (the list after the last colon).
const failOnUsage = "exit 1 when a finding is at least this severe (never: findings never fail the run, exit 2 and 3 still do): error, warning, info or never"

// parseFailOn reads a --fail-on value. never is Off: no finding is at least
// that severe (validate.ExitCode), so findings never fail the run.
func parseFailOn(v string) (validate.Severity, error) {
	if v == "never" {
		return validate.Off, nil
	}
	s, ok := validate.ParseSeverity(v)
	if !ok || s == validate.Off {
		return 0, choiceErr("--fail-on", v, []string{"error", "warning", "info", "never"})
	}
	return s, nil
}

// outputOpts are the parsed output flags.
type outputOpts struct {
	format validate.Format
	failOn validate.Severity
	color  bool
	config string
	limits source.Limits
	// paths names files from the report root in the machine formats.
	paths func(string) string
	root  string // the report root (--root, the git root or the working folder)
	// baseConfigs (--base-config-dir) holds the base branch's configuration
	// files at their paths from root.
	baseConfigs string
	// configs are configuration files named on the command line (with
	// --with-dependents): loaded so that their problems are reported.
	configs []string

	stdinName    string // --stdin-filename: the path the mission on standard input stands for
	quiet        bool   // findings only: no progress bar, no summary line
	allowOutside bool   // --allow-outside
	// passed, when set (--verbose), is told each file a walk passed over.
	passed func(path, why string)
}

func (e *env) parseOutput(c *cli.Command) (*outputOpts, error) {
	o := &outputOpts{limits: source.DefaultLimits, config: c.String("config"), allowOutside: e.allowOutside}
	f, ok := validate.ParseFormat(c.String("format"))
	if !ok {
		return nil, choiceErr("--format", c.String("format"), []string{"text", "json", "sarif", "github"})
	}
	o.format = f
	s, err := parseFailOn(c.String("fail-on"))
	if err != nil {
		return nil, err
	}
	o.failOn = s
	switch m := c.String("color"); m {
	case "auto", "always", "never":
		o.color = f == validate.Text && validate.UseColor(m, e.stdout, e.getenv)
	default:
		return nil, choiceErr("--color", m, []string{"auto", "always", "never"})
	}
	if n := c.Int64("max-size"); n > 0 {
		o.limits.MaxBytes = n
	} else {
		return nil, usageErr("--max-size must be a positive number of bytes")
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, failErr("the working folder: %v", err)
	}
	if r := c.String("root"); r != "" {
		if st, err := os.Stat(r); err != nil || !st.IsDir() {
			return nil, usageErr("--root %s is not a folder", r)
		}
	}
	o.root = reportRoot(c.String("root"), wd)
	o.paths = rebaser(o.root, wd)
	// A configuration named and missing is a run that cannot be done as
	// asked (3), not a finding about the missions (1).
	// Only looked at, never opened here: a pipe would block the open, and
	// LoadConfig refuses what is not a regular file with a located finding.
	if o.config != "" {
		st, err := os.Stat(o.config)
		if err == nil && st.IsDir() {
			err = fmt.Errorf("is a folder")
		}
		if err != nil {
			return nil, failErr("cannot read --config %s: %v", o.config, unwrapPath(err))
		}
	}
	return o, nil
}

func (e *env) validateCmd() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Aliases:   []string{"lint"},
		Usage:     "check missions, tile sets and collections: schema, board, and the game's rules",
		ArgsUsage: "FILE|DIR... (- reads standard input)",
		Description: "Folders are walked for *.yaml, *.yml and *.json files, passing over files that are not\n" +
			"zmission's, dot-folders, testdata, folders zmission site wrote and what .gitignore names.\n" +
			"Each finding is printed as\n" +
			"path:line:col: severity: message [rule-id]. Exit codes: 0 clean, 1 findings at or above\n" +
			"--fail-on, 2 usage error, 3 could not run (unreadable file).",
		Flags: append(outputFlags(),
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print the findings only: no progress bar and no summary line"},
			&cli.BoolFlag{Name: "skip-other", Usage: "pass over YAML/JSON files that are neither missions nor tile sets even when named, as a folder walk does (for hooks given every changed file)"},
			&cli.BoolFlag{Name: "with-dependents", Usage: "also check the missions under the root (see --root) that use a named tile set or collection, or that a named .zmission.yaml configures (for hooks given the changed files)"},
			&cli.StringFlag{Name: "base-config-dir", Usage: "a folder holding the base branch's configuration files at their paths from the root: each configuration this run uses is compared with its base version, and what checks less is reported (config-loosened)"},
			&cli.StringFlag{Name: "stdin-filename", Usage: "the path of the mission read from standard input (-): its findings name it, and its configuration is found from its folder"},
			verboseFlag()),
		Action: func(_ context.Context, c *cli.Command) error {
			o, err := e.parseOutput(c)
			if err != nil {
				return err
			}
			o.quiet = c.Bool("quiet")
			if c.Args().Len() == 0 {
				return usageErr("validate needs files or folders to check, e.g. 'zmission validate examples'")
			}
			o.stdinName = c.String("stdin-filename")
			if d := c.String("base-config-dir"); d != "" {
				if st, err := os.Stat(d); err != nil || !st.IsDir() {
					return usageErr("--base-config-dir %s is not a folder", d)
				}
				o.baseConfigs = d
			}
			if o.stdinName != "" && !slices.Contains(c.Args().Slice(), "-") {
				return usageErr("--stdin-filename names the mission read from standard input: give - among the files too")
			}
			var passed passedOver
			if c.Bool("verbose") {
				o.passed = passed.add
			}
			walkCfgs := newConfigs(o.config) // what ignore: and include: say to a walk
			files, named, err := collect(c.Args().Slice(), false, walkCfgs, o.passed)
			if err != nil {
				// An ignore: ["**"] leaves a walk nothing to check: the
				// run stops (exit 2), and says what the configuration
				// loosened, if it did, so the stop is understood.
				e.loosenedBeforeStop(c.Args().Slice(), o)
				return err
			}
			if c.Bool("with-dependents") {
				var extra []string
				extra, o.configs, err = dependents(slices.Sorted(maps.Keys(named)), o.root, walkCfgs, o)
				if err != nil {
					return err
				}
				files = withDependents(files, named, extra, o.configs)
			}
			if c.Bool("skip-other") {
				named = nil // as if found by a walk
			}
			// Findings are printed file by file as soon as every earlier file
			// is done, so memory does not grow with the number of files.
			stream, err := validate.NewStream(e.stdout, o.format, validate.Options{Color: o.color, Version: Version, Paths: o.paths})
			if err != nil {
				return usageErr("%v", err)
			}
			diags, unreadable, checked, err := e.lintFiles(files, named, o, stream)
			if err != nil {
				return failErr("writing output: %v", err)
			}
			// A run that found nothing to check stops before the report is
			// ended: no JSON or SARIF that would read as a clean run.
			if checked.total() == 0 && !c.Bool("skip-other") {
				return usageErr("no missions or tile sets in %s: the %s found %s something else", strings.Join(c.Args().Slice(), " "), rules.CountOf(len(files), "YAML/JSON file"), map[bool]string{true: "is", false: "are"}[len(files) == 1])
			}
			if err := stream.Close(); err != nil {
				return failErr("writing output: %v", err)
			}
			passed.print(e.stderr)
			if o.format == validate.Text && !o.quiet {
				e.summary(diags, checked, validate.Options{Color: validate.UseColor(c.String("color"), e.stderr, e.getenv)})
			}
			if unreadable {
				return codeErr(ExitFailed)
			}
			return codeErr(validate.ExitCode(diags, o.failOn))
		},
	}
}

// collect expands folders into the files a walk looks at (see ours.Walk),
// sorted, and keeps files named on the command line whatever they are. A
// walk passes over what the configuration names under ignore: (cfgs may
// be nil: no configuration). An
// argument that names nothing but is a glob is expanded first, as a shell
// would (see glob_args.go); the files it matches are treated as found by a
// walk. With owned, a walk reads each file and leaves out
// those that are not zmission's; without, the caller tells them apart as it
// reads them.
func collect(args []string, owned bool, cfgs *configs, passed func(path, why string)) ([]string, map[string]bool, error) {
	args, globbed, err := expandArgsFrom(args)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	seen := map[string]bool{}
	named := map[string]bool{} // named on the command line, not found by a walk
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, a := range args {
		if a == "-" {
			add(a)
			named[a] = true
			continue
		}
		st, err := os.Stat(a)
		if err == nil && !st.IsDir() && globbed[a] {
			// A pattern's match is found, not named: a file that is not
			// ours, or ignored, is passed over as in a walk.
			switch {
			case cfgs.ignores(a):
				if passed != nil {
					passed(a, ours.WhyConfig)
				}
			case cfgs.includes(a):
				add(a)
				named[a] = true
			case !owned || ours.OwnedFile(a):
				add(a)
			case passed != nil:
				passed(a, ours.WhyNotOurs)
			}
			continue
		}
		if err != nil || !st.IsDir() {
			add(a) // a missing file is reported as a "read" finding
			named[a] = true
			continue
		}
		var found []string
		_, err = ours.Walk(a, ours.WalkOptions{Owned: owned, Passed: passed, Ignored: cfgs.ignores, Included: cfgs.includes}, func(p string) error {
			found = append(found, p)
			return nil
		})
		if err != nil {
			return nil, nil, failErr("walking %s: %v", a, err)
		}
		if len(found) == 0 {
			return nil, nil, usageErr("no mission files (*.yaml, *.yml, *.json) in %s", a)
		}
		sort.Strings(found)
		for _, f := range found {
			add(f)
			if cfgs.includes(f) {
				named[f] = true // include: claims it as if named
			}
		}
	}
	return out, named, nil
}

// lintFiles checks files in parallel and prints each file's diagnostics
// (configuration applied) to out in the order of their names, as soon as
// every file before it is done. It returns the findings without their text
// (file and severity, for the summary and the exit code), whether some file
// could not be read, and how many files were checked: YAML or JSON that a
// folder walk found but that is no mission or tile set (CI settings, box
// files) is left out. Problems with configuration files come first.
//
// Memory stays flat in the number of files: a file's board and document are
// dropped once linted, and at most a window of finished files waits for a
// slow one before it.
func (e *env) lintFiles(files []string, named map[string]bool, o *outputOpts, out *validate.Stream) ([]validate.Diagnostic, bool, checkedFiles, error) {
	files = sortedByName(files, o.stdinName)
	var stdin []byte
	for _, f := range files {
		if f == "-" {
			stdin, _ = io.ReadAll(io.LimitReader(e.stdin, o.limits.MaxBytes+1))
		}
	}
	cfgs := newConfigs(o.config)
	for _, p := range o.configs {
		cfgs.load(p)
	}
	perFile := make([]*validate.Config, len(files))
	for i, f := range files {
		if f == "-" && o.stdinName != "" {
			f = o.stdinName // its configuration is the one of the file it stands for
		}
		perFile[i] = cfgs.forFile(f)
	}
	var kept []validate.Diagnostic
	keep := func(ds []validate.Diagnostic) {
		for _, d := range ds {
			if d.Severity != validate.Off {
				kept = append(kept, validate.Diagnostic{File: d.File, Severity: d.Severity, Rule: d.Rule})
			}
		}
	}
	problems := cfgs.problems()
	if o.baseConfigs != "" {
		problems = append(problems, cfgs.loosened(o.baseConfigs, o.root)...)
	}
	if err := out.Add(problems); err != nil {
		return nil, false, checkedFiles{}, err
	}
	keep(problems)

	type outcome struct {
		diags      []validate.Diagnostic
		kind       lint.Kind
		noun       string
		unreadable bool
		failures   []string // why the run is not complete (exit 3)
	}
	workers := min(runtime.GOMAXPROCS(0), len(files))
	window := 4*workers + 16
	ring := make([]chan outcome, window) // file i's outcome waits in ring[i%window]
	for i := range ring {
		ring[i] = make(chan outcome, 1)
	}
	slots := make(chan struct{}, window) // files handed out and not yet printed
	jobs := make(chan int)
	stop := make(chan struct{})
	defer close(stop)
	progress := validate.NewProgress(e.stderr, len(files))
	if o.quiet {
		progress = nil // a nil bar draws nothing
	}
	for w := 0; w < workers; w++ {
		go func() {
			for i := range jobs {
				r := lintOne(files[i], stdin, o, perFile[i])
				oc := outcome{kind: r.Kind, noun: r.Noun, diags: perFile[i].Apply(r.Diags)}
				// A file that could not be read is a run that did not happen,
				// whatever the configuration says of the finding.
				for _, d := range r.Diags {
					if d.Rule == "read" {
						oc.unreadable = true
						oc.failures = append(oc.failures, d.File+": "+d.Message)
					}
				}
				for j, d := range oc.diags {
					if d.Rule == "read" && d.Hint == "" && named[files[i]] {
						oc.diags[j].Hint = pathHint(files[i]) // "misions/" when missions/ is there
					}
				}
				progress.Done(files[i])
				select {
				case ring[i%window] <- oc:
				case <-stop: // output failed: nobody prints it
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range files {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()

	unreadable := false
	var checked checkedFiles
	for i := range files {
		oc := <-ring[i%window]
		<-slots
		if oc.kind == lint.KindOther && !named[files[i]] {
			if o.passed != nil {
				o.passed(files[i], ours.WhyNotOurs)
			}
			continue
		}
		checked.add(oc.kind, oc.noun)
		unreadable = unreadable || oc.unreadable
		for _, f := range oc.failures {
			out.Failed(f)
		}
		if len(oc.diags) > 0 {
			// The bar shares the terminal with the findings.
			if err := progress.Print(func() error { return out.Add(oc.diags) }); err != nil {
				progress.Finish()
				return nil, false, checked, err
			}
		}
		keep(oc.diags)
	}
	progress.Finish()
	return kept, unreadable, checked, nil
}

// sortedByName orders files as their findings are printed: by the name a
// finding carries (stdinName, or "<stdin>", for -).
func sortedByName(files []string, stdinName string) []string {
	name := func(f string) string {
		if f == "-" {
			return stdinLabel(stdinName)
		}
		return f
	}
	out := slices.Clone(files)
	slices.SortStableFunc(out, func(a, b string) int { return strings.Compare(name(a), name(b)) })
	return out
}

// lintOne checks one file, recovering from a panic as an "internal" finding
// so one bad file never takes the others down.
func lintOne(file string, stdin []byte, o *outputOpts, cfg *validate.Config) (r *lint.Result) {
	defer func() {
		if p := recover(); p != nil {
			r = &lint.Result{File: file, Diags: []validate.Diagnostic{{File: file, Line: 1, Col: 1, Severity: validate.Error, Rule: "internal",
				Message: fmt.Sprintf("internal error: %v", p), Hint: "this is a bug in zmission; please report it with this file"}}}
		}
	}()
	opts := lint.Options{Limits: o.limits, Rules: ruleOptions{cfg}, AllowOutside: o.allowOutside, Config: cfg}
	if file == "-" {
		return lintStdin(stdin, stdinLabel(o.stdinName), opts)
	}
	return lint.Path(file, opts)
}

// stdinLabel is the name findings give standard input: --stdin-filename,
// else "<stdin>".
func stdinLabel(stdinName string) string {
	if stdinName != "" {
		return stdinName
	}
	return "<stdin>"
}

// lintStdin checks what was read from standard input (at most one byte
// over the size limit), named name in its findings.
func lintStdin(data []byte, name string, opts lint.Options) *lint.Result {
	if int64(len(data)) > opts.Limits.MaxBytes {
		return &lint.Result{File: "-", Diags: []validate.Diagnostic{{File: name, Line: 1, Col: 1, Severity: validate.Error, Rule: "too-large",
			Message: fmt.Sprintf("standard input is larger than %d bytes", opts.Limits.MaxBytes)}}}
	}
	return lint.Bytes(name, data, opts)
}

// configs finds and caches the configuration for each file's folder.
type configs struct {
	mu       sync.Mutex
	explicit string
	byDir    map[string]*validate.Config
	loaded   map[string]*validate.Config
	diags    []validate.Diagnostic
}

func newConfigs(explicit string) *configs {
	return &configs{explicit: explicit, byDir: map[string]*validate.Config{}, loaded: map[string]*validate.Config{}}
}

func (c *configs) load(path string) *validate.Config {
	key := path // one file reached by two names is loaded, and reported, once
	if abs, err := filepath.Abs(path); err == nil {
		key = abs
	}
	if cfg, ok := c.loaded[key]; ok {
		return cfg
	}
	cfg, ds := validate.LoadConfig(path)
	c.loaded[key] = cfg
	c.diags = append(c.diags, ds...)
	return cfg
}

// forFile returns the configuration that applies to file (nil for none).
func (c *configs) forFile(file string) *validate.Config {
	c.mu.Lock()
	defer c.mu.Unlock()
	var cfg *validate.Config
	if c.explicit != "" {
		cfg = c.load(c.explicit)
	} else if file != "-" {
		dir := filepath.Dir(file)
		var ok bool
		if cfg, ok = c.byDir[dir]; !ok {
			if p := validate.FindConfig(dir); p != "" {
				cfg = c.load(p)
			}
			c.byDir[dir] = cfg
		}
	}
	return cfg
}

// ignores tells a file or folder that an ignore: entry (for every rule) of
// its configuration names: walks pass over it. A nil *configs ignores
// nothing.
func (c *configs) ignores(path string) bool {
	if c == nil {
		return false
	}
	return c.forFile(path).IgnoresFile(path) // the configuration of the folder it is in
}

// includes tells a file that an include: glob of its configuration names:
// it is zmission's whatever it holds, as if named. A nil *configs
// includes nothing.
func (c *configs) includes(path string) bool {
	return c != nil && c.forFile(path).IncludesFile(path)
}

// ruleOptions gives the game checks their configured options.
type ruleOptions struct{ cfg *validate.Config }

func (r ruleOptions) Int(rule, key string, def int) int { return r.cfg.Int(rule, key, def) }

func (c *configs) problems() []validate.Diagnostic { return c.diags }

// loosenedBeforeStop prints, in the line formats (text, GitHub
// annotations), what the configurations of the folders named in args
// loosen, for a run about to stop before it checked anything. JSON and
// SARIF write nothing for a run that stops.
func (e *env) loosenedBeforeStop(args []string, o *outputOpts) {
	if o.baseConfigs == "" || (o.format != validate.Text && o.format != validate.GitHub) {
		return
	}
	cfgs := newConfigs(o.config)
	for _, a := range args {
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			cfgs.forFile(filepath.Join(a, "x.yaml"))
		} else if a != "-" {
			cfgs.forFile(a)
		}
	}
	if ds := cfgs.loosened(o.baseConfigs, o.root); len(ds) > 0 {
		_ = validate.Write(e.stdout, o.format, ds, validate.Options{Color: o.color, Version: Version, Paths: o.paths})
	}
}

// loosened compares each configuration loaded with the base branch's
// version of it: the file at the same path from root under baseDir. A
// configuration outside root has no base version to compare with.
func (c *configs) loosened(baseDir, root string) []validate.Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []validate.Diagnostic
	for _, abs := range slices.Sorted(maps.Keys(c.loaded)) {
		rel, ok := under(root, abs)
		if !ok {
			continue
		}
		out = append(out, validate.LoosenedFile(filepath.Join(baseDir, filepath.FromSlash(rel)), c.loaded[abs])...)
	}
	return out
}

// verboseFlag is --verbose of the commands that walk folders.
func verboseFlag() cli.Flag {
	return &cli.BoolFlag{Name: "verbose", Usage: "also say, on standard error, each file or folder passed over and why"}
}

// passedOver is what a command passed over, for --verbose.
type passedOver struct{ lines []string }

func (p *passedOver) add(path, why string) {
	p.lines = append(p.lines, "zmission: passed over "+path+": "+why)
}

// print writes the lines in path order, then their count; nothing when
// --verbose was not given (no line was added) or nothing was passed over.
func (p *passedOver) print(w io.Writer) {
	if len(p.lines) == 0 {
		return
	}
	sort.Strings(p.lines)
	for _, l := range p.lines {
		fmt.Fprintln(w, l)
	}
	what := "files or folders"
	if len(p.lines) == 1 {
		what = "file or folder"
	}
	fmt.Fprintf(w, "zmission: %d %s passed over\n", len(p.lines), what)
}
