package app

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

func (e *env) renderCmd() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "print a mission as an SVG page: board, briefing, objectives, legend, overlays",
		ArgsUsage: "MISSION",
		// sight=3,4 is one value: commas do not split --overlay.
		DisableSliceFlagSeparator: true,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SVG to this file (default: standard output)"},
		}, pageFlags()...),
		Action: func(_ context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			o, err := pageOptions(c)
			if err != nil {
				return err
			}
			r, g, err := e.scene(path)
			if err != nil {
				return err
			}
			for _, spec := range c.StringSlice("overlay") {
				ov, err := render.ParseOverlay(spec, r.Scene.Board, g)
				if err != nil {
					return overlayErr(err)
				}
				o.Overlays = append(o.Overlays, ov)
			}
			// Never replace what was read: the mission or its tile set.
			if err := checkOutput(c.String("output"), path, tilesetFile(path, r.Mission)); err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := render.SVG(&buf, r.Scene, g, o); err != nil {
				return failErr("drawing %s: %v", path, err)
			}
			return e.writeOutput(c.String("output"), buf.Bytes())
		},
	}
}

// pageFlags are the page and overlay flags of render, shared with watch.
func pageFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "page", Value: "a4", Usage: "page size: " + strings.Join(render.PageNames(), ", ") + " (fit: just big enough)"},
		&cli.BoolFlag{Name: "landscape", Usage: "turn the page: board on the left, text on the right"},
		&cli.FloatFlag{Name: "margin", Value: render.DefaultMargin, Usage: "page margin in mm"},
		&cli.BoolFlag{Name: "grid", Usage: "draw a scale grid with board coordinates along the edges"},
		&cli.BoolFlag{Name: "mono", Usage: "for black-and-white printers: greys, patterns and letters instead of colours"},
		&cli.StringSliceFlag{Name: "overlay", Usage: "draw game data over the board (repeatable): sight=ZONE, movement, xenos, threat, mold"},
		&cli.BoolFlag{Name: "enhanced", Usage: "sight overlays with the Enhanced senses skill"},
	}
}

// pageOptions reads the page flags. Overlays are left out: they are checked
// against a board, so each command parses them once it has one.
func pageOptions(c *cli.Command) (render.Options, error) {
	o := render.Options{
		Page:      strings.ToLower(c.String("page")),
		Landscape: c.Bool("landscape"),
		Margin:    c.Float("margin"),
		Grid:      c.Bool("grid"),
		Mono:      c.Bool("mono"),
		Sight:     rules.SightOptions{EnhancedSenses: c.Bool("enhanced")},
	}
	if err := render.CheckPage(o.Page, o.Margin); err != nil {
		return o, usageErr("%v", err)
	}
	return o, nil
}

// overlayErr turns a bad --overlay into a usage error, with close zone ids
// as a hint when the zone was misspelt.
func overlayErr(err error) error {
	ee := &exitError{code: ExitUsage, msg: err.Error()}
	var re *layout.RefError
	if errors.As(err, &re) && len(re.Close) > 0 {
		ee.msg = strings.TrimSuffix(ee.msg, "; close zone ids: "+strings.Join(re.Close, ", "))
		ee.hint = "close zone ids: " + strings.Join(re.Close, ", ")
	}
	return ee
}

// writeOutput writes data to the file named, or to standard output. The
// file is only created once the drawing is complete.
func (e *env) writeOutput(name string, data []byte) error {
	if name == "" || name == "-" {
		if _, err := e.stdout.Write(data); err != nil {
			return failErr("writing output: %v", err)
		}
		return nil
	}
	// A device or a pipe named on purpose (-o /dev/stdout, -o /dev/null)
	// is written to as it is; it cannot be renamed over.
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		f, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err == nil {
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return failErr("cannot write %s: %v", name, unwrapPath(err))
		}
		return nil
	}
	// Through a temporary file and a rename: a viewer or a failed write
	// never leaves half a drawing.
	if err := missions.WriteFile(name, data, true); err != nil {
		return failErr("cannot write %s: %v", name, unwrapPath(err))
	}
	return nil
}

func (e *env) tilesRenderCmd() *cli.Command {
	return &cli.Command{
		Name:  "render",
		Usage: "draw every face of a tile set on a sheet (SVG): zones, kinds, features, edges, borders",
		Description: "The set is the one named by --tileset on the tiles command (a built-in name or a file);\n" +
			"the default is station. Faces of one physical tile are drawn side by side.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the SVG to this file (default: standard output)"},
			&cli.BoolFlag{Name: "mono", Usage: "for black-and-white printers"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return usageErr("tiles render takes no arguments; name the set with --tileset (got %q)", c.Args().First())
			}
			set, err := loadTileset(c.String("tileset"))
			if err != nil {
				return err
			}
			if err := checkOutput(c.String("output"), c.String("tileset")); err != nil {
				return err
			}
			var buf bytes.Buffer
			if err := render.Sheet(&buf, set, render.SheetOptions{Mono: c.Bool("mono")}); err != nil {
				return failErr("drawing tile set %s: %v", set.Name, err)
			}
			return e.writeOutput(c.String("output"), buf.Bytes())
		},
	}
}
