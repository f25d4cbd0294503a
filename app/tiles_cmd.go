package app

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// loadTileset reads a built-in set by name or a user's file.
func loadTileset(name string) (*layout.TileSet, error) {
	if name == "" {
		name = "station"
	}
	if set, err := layout.Builtin(name); err == nil {
		return set, nil
	}
	if _, err := os.Stat(name); err != nil && !strings.ContainsAny(name, `/\.`) {
		return nil, usageErr("no built-in tile set %q; built-in sets: %s", name, strings.Join(layout.BuiltinNames(), ", "))
	}
	// A path that cannot be opened is a run that could not start (3), in
	// the system's words; a folder is the wrong thing named (2).
	switch st, err := os.Stat(name); {
	case err != nil:
		return nil, failErr("cannot read tile set %s: %v", name, unwrapPath(err))
	case st.IsDir():
		return nil, &exitError{code: ExitUsage, msg: "tile set " + name + " is a folder", hint: "--tileset takes a tile-set file or a built-in set (" + strings.Join(layout.BuiltinNames(), ", ") + ")"}
	}
	set, err := lint.TilesetFile(name, source.DefaultLimits)
	if err != nil {
		return nil, &exitError{code: ExitFindings, msg: err.Error()}
	}
	return set, nil
}

func (e *env) tilesCmd() *cli.Command {
	return &cli.Command{
		Name:  "tiles",
		Usage: "list tile sets and their faces; check or draw a tile set",
		Flags: []cli.Flag{&cli.StringFlag{Name: "tileset", Aliases: []string{"t"}, Usage: "a built-in set name or a tile-set file (default: list every built-in set)"}},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return usageErr("unknown tiles command %q: use 'tiles', 'tiles check FILE' or 'tiles render'", c.Args().First())
			}
			names := layout.BuiltinNames()
			if t := c.String("tileset"); t != "" {
				names = []string{t}
			}
			for i, n := range names {
				set, err := loadTileset(n)
				if err != nil {
					return err
				}
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				e.listTileset(set)
			}
			return nil
		},
		Commands: []*cli.Command{e.tilesCheckCmd(), e.tilesRenderCmd()},
	}
}

func (e *env) listTileset(set *layout.TileSet) {
	title := set.Name
	if set.Title != "" {
		title += ": " + set.Title
	}
	fmt.Fprintf(e.stdout, "%s (%d face%s, %d×%d cells each)\n", title, len(set.Faces), plural(len(set.Faces)), set.Size, set.Size)
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  FACE\tBACK\tTITLE\tZONES")
	for _, f := range set.Faces {
		labels := make([]string, 0, len(f.Zones))
		for _, l := range f.Labels() {
			z := f.Zones[l]
			d := l + ":" + z.Kind
			if len(z.Features) > 0 {
				d += "(" + strings.Join(z.Features, ",") + ")"
			}
			labels = append(labels, d)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.ID, dash(f.Other), f.Title, strings.Join(labels, " "))
	}
	tw.Flush()
}

func (e *env) tilesCheckCmd() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "check tile-set files, with located diagnostics",
		ArgsUsage: "FILE...",
		Flags:     outputFlags(),
		Action: func(_ context.Context, c *cli.Command) error {
			o, err := e.parseOutput(c)
			if err != nil {
				return err
			}
			if c.Args().Len() == 0 {
				return usageErr("tiles check needs tile-set files")
			}
			var all []validate.Diagnostic
			unreadable := false
			for _, f := range c.Args().Slice() {
				r := lint.Path(f, lint.Options{Limits: o.limits})
				if r.Kind != lint.KindTileset && r.Doc != nil {
					what := "mission"
					if r.Kind == lint.KindCompanion {
						what = r.Noun
					}
					r.Diags = nil // a mission's own findings are beside the point here
					r.Diags = append(r.Diags, validate.Diagnostic{File: f, Line: 1, Col: 1, Severity: validate.Error, Rule: "tileset-format",
						Message: "this is a " + what + ", not a tile set (a tile set has a faces: mapping)"})
				}
				for _, d := range r.Diags {
					unreadable = unreadable || d.Rule == "read"
				}
				all = append(all, r.Diags...)
			}
			if err := validate.Write(e.stdout, o.format, all, validate.Options{Color: o.color, Version: Version, Paths: o.paths}); err != nil {
				return failErr("writing output: %v", err)
			}
			if o.format == validate.Text {
				validate.Summary(e.stderr, all, c.Args().Len(), validate.Options{Color: validate.UseColor(c.String("color"), e.stderr, e.getenv)})
			}
			if unreadable {
				return codeErr(ExitFailed)
			}
			return codeErr(validate.ExitCode(all, o.failOn))
		},
	}
}
