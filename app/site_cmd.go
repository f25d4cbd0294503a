package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/site"
	"github.com/zmission/zmission/sitepage"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

func (e *env) siteCmd() *cli.Command {
	return &cli.Command{
		Name:      "site",
		Usage:     "write a collection as a static website: an index, a page per mission and tile set, pictures and downloads",
		ArgsUsage: "DIR|FILE...",
		Description: "Every mission, scenario, setup, collection and tile set that validate would check gets a page;\n" +
			"the index has a card per mission with filters by game, players, difficulty and boxes owned.\n" +
			"A second run redraws only the pages whose file (or tile set, or collection, or configuration)\n" +
			"changed, and removes the pages of files that are gone. The site section of .zmission.yaml\n" +
			"gives the title, description, published address and web editor address; the options override it.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the folder to write the site to (required)"},
			&cli.StringFlag{Name: "title", Usage: "the site's title (default: site.title of the configuration, else Missions)"},
			&cli.StringFlag{Name: "description", Usage: "a line under the title on the index"},
			&cli.StringFlag{Name: "base-url", Usage: "the address the site is published at"},
			&cli.StringFlag{Name: "editor", Usage: "the web editor's address, for an \"open in the web editor\" link on each mission page"},
			&cli.StringFlag{Name: "paper", Value: "a4", Usage: "the printable PDFs' paper: a4, letter, or both as a4,letter"},
			&cli.StringFlag{Name: "fail-on", Value: "error", Usage: failOnUsage},
			&cli.StringFlag{Name: "config", Usage: "configuration file (default: .zmission.yaml found from each file's folder upward)"},
			&cli.Int64Flag{Name: "max-size", Value: source.DefaultLimits.MaxBytes, Usage: "largest file to read, in bytes"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no summary line"},
			&cli.BoolFlag{Name: "force", Usage: "write into an existing folder that holds files zmission did not write"},
			verboseFlag(),
		},
		Action: func(_ context.Context, c *cli.Command) error {
			out := c.String("output")
			if out == "" {
				return usageErr("site needs a folder to write to: -o DIR")
			}
			if c.Args().Len() == 0 {
				return usageErr("site needs files or folders to publish, e.g. 'zmission site examples -o public'")
			}
			failOn, err := parseFailOn(c.String("fail-on"))
			if err != nil {
				return err
			}
			lim := source.DefaultLimits
			if n := c.Int64("max-size"); n > 0 {
				lim.MaxBytes = n
			} else {
				return usageErr("--max-size must be a positive number of bytes")
			}
			if st, err := os.Stat(out); err == nil && !st.IsDir() {
				return usageErr("%s is a file: site writes a folder", out)
			}
			// A folder of the user's is not filled (and then passed over by
			// every walk as generated) unasked.
			if names := ours.Unclaimed(out, 3); len(names) > 0 && !c.Bool("force") {
				return withHint(usageErr("%s already holds files zmission did not write (%s): site writes only into a new or empty folder, or one it wrote before", out, strings.Join(names, ", ")),
					"choose another folder with -o, or use --force to write into this one")
			}
			var papers []string
			for _, p := range strings.Split(c.String("paper"), ",") {
				if p = strings.ToLower(strings.TrimSpace(p)); !slices.Contains(sitepage.Papers(), p) {
					return choiceErr("--paper", p, []string{"a4", "letter", "a4,letter"})
				} else if !slices.Contains(papers, p) {
					papers = append(papers, p)
				}
			}
			cfgs := newConfigs(c.String("config"))
			var passedOver passedOver
			var tell func(path, why string)
			if c.Bool("verbose") {
				tell = passedOver.add
			}
			files, named, walked, unread, err := siteFiles(c.Args().Slice(), cfgs, tell)
			passedOver.print(e.stderr)
			if err != nil {
				return err
			}
			files = outside(files, out)
			opts := siteOptions(c, cfgs)
			col := &sitepage.Collection{
				Options: sitepage.Options{Limits: lim, AllowOutside: e.allowOutside, Share: opts.EditorURL != "", Preview: opts.BaseURL != "", Papers: papers},
				Root:    sitepage.CommonDir(files), Named: named, Version: Version, Config: cfgs.forFile,
			}
			inputs, srcs, passed, err := col.Inputs(files)
			if err != nil {
				unread = append(unread, strings.Split(err.Error(), "\n")...)
			}
			if len(unread) > 0 {
				// Every path that cannot be read, in one run, as validate names them.
				return failErr("%s", strings.Join(unread, "\nzmission: error: "))
			}
			passed += walked
			if len(inputs) == 0 {
				return usageErr("no missions, collections or tile sets in %s", strings.Join(c.Args().Slice(), " "))
			}
			for _, d := range cfgs.problems() {
				if d.Severity == validate.Error {
					_ = validate.Write(e.stderr, validate.Text, cfgs.problems(), validate.Options{Color: validate.UseColor("auto", e.stderr, e.getenv)})
					return codeErr(ExitFindings)
				}
			}
			progress := validate.NewProgress(e.stderr, len(inputs))
			if c.Bool("quiet") {
				progress = nil
			}
			rep, pages, err := site.Build(out, inputs, opts, func(slug string) { progress.Done(slug) })
			progress.Finish()
			if err == nil {
				// A later walk of the collection passes over the site.
				err = ours.MarkOutput(out)
			}
			if err != nil {
				return failErr("writing the site: %v", err)
			}
			var diags []validate.Diagnostic
			withErrors := 0
			for i, p := range pages {
				if p.Errors > 0 {
					withErrors++
				}
				for _, f := range p.Findings {
					sev, _ := validate.ParseSeverity(f.Severity)
					diags = append(diags, validate.Diagnostic{File: srcs[i].Path, Line: f.Line, Col: f.Col, Severity: sev, Rule: f.Rule, Message: f.Message, Hint: f.Hint})
				}
			}
			code := validate.ExitCode(diags, failOn)
			if code != 0 {
				// What stops a publishing CI job, where its log shows it.
				var bad []validate.Diagnostic
				for _, d := range diags {
					if d.Severity >= failOn {
						bad = append(bad, d)
					}
				}
				validate.Sort(bad)
				_ = validate.Write(e.stdout, validate.Text, bad, validate.Options{Color: validate.UseColor("auto", e.stdout, e.getenv)})
			}
			if !c.Bool("quiet") {
				fmt.Fprintf(e.stderr, "%s: %d page%s (%d redrawn, %d removed, %d file%s written)",
					out, rep.Pages, plural(rep.Pages), len(rep.Redrawn), len(rep.Removed), rep.Written, plural(rep.Written))
				if withErrors > 0 {
					fmt.Fprintf(e.stderr, "; %d with errors", withErrors)
				}
				if passed > 0 {
					fmt.Fprintf(e.stderr, "; %d file%s passed over", passed, plural(passed))
				}
				fmt.Fprintln(e.stderr)
			}
			return codeErr(code)
		},
	}
}

// siteFiles finds the files to publish: those named, and in each folder
// named what ours.Walk finds that is ours (not what git ignores, not a
// site written before, not what the configuration ignores). walked counts
// what the walks passed over. Each path that names nothing is given in
// unread, in the system's words: the build stops, once all are named.
func siteFiles(args []string, cfgs *configs, passed func(path, why string)) (files []string, named map[string]bool, walked int, unread []string, err error) {
	args, err = expandArgs(args)
	if err != nil {
		return nil, nil, 0, nil, err
	}
	named = map[string]bool{}
	seen := map[string]bool{}
	add := func(p string) error {
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
		}
		return nil
	}
	for _, a := range args {
		if a == "-" {
			return nil, nil, 0, nil, usageErr("site publishes files, not standard input")
		}
		st, err := os.Stat(a)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			line := fmt.Sprintf("%s: cannot read the file: %v", a, err)
			if h := pathHint(a); h != "" {
				line += "; " + h
			}
			unread = append(unread, line)
			continue
		}
		if !st.IsDir() {
			named[a] = true
			add(a)
			continue
		}
		n, err := ours.Walk(a, ours.WalkOptions{Owned: true, Ignored: cfgs.ignores, Included: cfgs.includes, Passed: passed}, func(p string) error {
			if cfgs.includes(p) {
				named[p] = true // include: claims it as if named
			}
			return add(p)
		})
		walked += n
		if err != nil {
			return nil, nil, 0, nil, failErr("walking %s: %v", a, err)
		}
	}
	return files, named, walked, unread, nil
}

// outside leaves out files inside the output folder: a site written into
// the collection's tree holds copies of its missions.
func outside(files []string, out string) []string {
	abs, err := filepath.Abs(out)
	if err != nil {
		return files
	}
	var keep []string
	for _, f := range files {
		if a, err := filepath.Abs(f); err == nil && (a == abs || strings.HasPrefix(a, abs+string(filepath.Separator))) {
			continue
		}
		keep = append(keep, f)
	}
	return keep
}

// siteOptions are the site section of the configuration found for the
// first folder named, overridden by the options given.
func siteOptions(c *cli.Command, cfgs *configs) site.Options {
	var o site.Options
	if cfg := cfgs.forFile(filepath.Join(c.Args().First(), "x")); cfg != nil {
		o = site.Options{Title: cfg.Site.Title, Description: cfg.Site.Description, BaseURL: cfg.Site.BaseURL, EditorURL: cfg.Site.Editor}
	}
	for flag, v := range map[string]*string{"title": &o.Title, "description": &o.Description, "base-url": &o.BaseURL, "editor": &o.EditorURL} {
		if c.IsSet(flag) {
			*v = c.String(flag)
		}
	}
	return o
}
