package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

func (e *env) renderCmd() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "print a mission as a page (SVG, PDF or PNG): board, briefing, objectives, legend, overlays",
		ArgsUsage: "MISSION...",
		Description: "Several missions print as one PDF booklet, a page each: zmission render -o campaign.pdf a.yaml b.yaml\n" +
			"(--tiles adds the sheets of the tile sets they use). Overlays whose keys would shrink the board\n" +
			"get a page each in a PDF or PNG.",
		// sight=3,4 is one value: commas do not split --overlay.
		DisableSliceFlagSeparator: true,
		Flags: append(append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to this file (default: standard output)"},
			&cli.BoolFlag{Name: "tiles", Usage: "add the sheets of the tile sets used, on the same paper"},
		}, printFlags()...), pageFlags()...),
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() == 0 {
				return usageErr("render takes a mission file (or several, for a PDF booklet)")
			}
			// An output named like a mission or tile set is refused by
			// checkOutput below, with the reason; the format's own
			// complaint waits until those files are known.
			format, formatErr := outputFormat(c)
			if formatErr != nil && !isDocumentName(c.String("output")) {
				return formatErr
			}
			if formatErr != nil {
				format = "svg"
			}
			if err := e.binaryToTerminal(c, format); err != nil {
				return err
			}
			if err := checkDPI(c); err != nil {
				return err
			}
			// Globs too, for shells that do not expand them: a booklet is
			// often every mission of a folder.
			args, err := expandArgs(c.Args().Slice())
			if err != nil {
				return err
			}
			if len(args) > 1 && format != "pdf" {
				return usageErr("several missions print as one PDF booklet: use -o FILE.pdf (or --format pdf)")
			}
			o, err := pageOptions(c)
			if err != nil {
				return err
			}
			var pages [][]byte
			var sets []*layout.TileSet
			for _, path := range args {
				ps, set, err := e.missionPages(c, path, format, o)
				if err != nil {
					return err
				}
				pages = append(pages, ps...)
				sets = append(sets, set)
			}
			if formatErr != nil {
				return formatErr
			}
			if c.Bool("tiles") {
				ps, err := tileSheets(sets, sheetOptions(o))
				if err != nil {
					return err
				}
				pages = append(pages, ps...)
			}
			return e.writePages(c, format, pages)
		},
	}
}

// missionPages draws one mission: one SVG page, or for PDF and PNG the
// pages render.Pages makes (an overlay a page when their keys would shrink
// the board). An SVG whose board shrinks says so.
func (e *env) missionPages(c *cli.Command, path, format string, o render.Options) ([][]byte, *layout.TileSet, error) {
	r, g, err := e.validScene(path)
	if err != nil {
		return nil, nil, err
	}
	// Never replace what was read: the mission and its tile set.
	setFile := ""
	if r.Mission != nil {
		setFile = tilesetFile(path, r.Mission)
	}
	if err := checkOutput(c.String("output"), path, setFile); err != nil {
		return nil, nil, err
	}
	if r.Model != nil {
		// A game not played on tiles: its sheet, one page, no tile set.
		for _, f := range []string{"grid", "enhanced"} {
			if c.IsSet(f) {
				return nil, nil, usageErr("--%s is for maps of tiles; a %s scenario's sheet has no board grid or line of sight", f, r.Model.Ruleset())
			}
		}
		data, err := drawModel(r, modelOptions(c))
		if err != nil {
			return nil, nil, err
		}
		return [][]byte{data}, nil, nil
	}
	if err := gridOnly(c); err != nil {
		return nil, nil, err
	}
	for _, spec := range c.StringSlice("overlay") {
		ov, err := render.ParseOverlay(spec, r.Scene.Board, g)
		if err != nil {
			return nil, nil, overlayErr(err)
		}
		if err := overlayFits(ov, r.Mission.Ruleset); err != nil {
			return nil, nil, err
		}
		o.Overlays = append(o.Overlays, ov)
	}
	if err := fillDanger(r.Scene, o.Overlays); err != nil {
		return nil, nil, err
	}
	if format == "svg" {
		// One layout for the page and the overlay-scale warning.
		var buf bytes.Buffer
		scale, err := render.SVGScaled(&buf, r.Scene, g, o)
		if err != nil {
			return nil, nil, failErr("drawing %s: %v", path, err)
		}
		if scale < render.MinOverlayScale {
			fmt.Fprintf(e.stderr, "zmission: warning: %s: the keys of %d overlays shrink the board to %.0f%% of its size; -o FILE.pdf gives each overlay a page of its own\n",
				path, len(o.Overlays), scale*100)
		}
		return [][]byte{buf.Bytes()}, r.Scene.Board.Set, nil
	}
	pages, err := printing.Pages(r, format, o, render.ModelOptions{})
	if err != nil {
		return nil, nil, failErr("drawing %s: %v", path, err)
	}
	return pages, r.Scene.Board.Set, nil
}

// pageFlags are the page and overlay flags of render, shared with watch.
func pageFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "page", Value: "a4", Usage: "page size: " + strings.Join(render.PageNames(), ", ") + " (fit: just big enough)"},
		&cli.BoolFlag{Name: "landscape", Usage: "turn the page: board on the left, text on the right"},
		&cli.FloatFlag{Name: "margin", Value: render.DefaultMargin, Usage: "page margin in mm"},
		&cli.BoolFlag{Name: "grid", Usage: "draw a scale grid with board coordinates along the edges"},
		&cli.BoolFlag{Name: "mono", Usage: "for black-and-white printers: greys, patterns and letters instead of colours"},
		&cli.StringSliceFlag{Name: "overlay", Usage: "draw game data over the board (repeatable): sight=ZONE, movement, xenos, threat, mold, danger"},
		&cli.BoolFlag{Name: "enhanced", Usage: "sight overlays with the Enhanced senses skill"},
		// Scenarios of games not played on tiles.
		&cli.IntFlag{Name: "players", HideDefault: true, Usage: "scenario sheets: draw the setup for this many players (default: the scenario's)"},
		&cli.StringFlag{Name: "side", Value: "normal", Usage: "scenario sheets: the objective's side, normal or hardcore"},
		&cli.StringFlag{Name: "spoilers", Value: "on", Usage: "scenario sheets: off prints the players' version, with only what is known at setup",
			Validator: func(s string) error {
				if s != "on" && s != "off" {
					return fmt.Errorf("unknown --spoilers %q: use on or off", s)
				}
				return nil
			}},
		&cli.BoolFlag{Name: "card", Usage: "scenario sheets: draw the scenario's card instead of the setup sheet"},
	}
}

// modelOptions reads the page flags for a game not played on tiles.
func modelOptions(c *cli.Command) render.ModelOptions {
	return render.ModelOptions{
		Page:          strings.ToLower(c.String("page")),
		Landscape:     c.Bool("landscape"),
		Margin:        c.Float("margin"),
		Mono:          c.Bool("mono"),
		Overlays:      c.StringSlice("overlay"),
		Players:       c.Int("players"),
		Side:          c.String("side"),
		PlayerVersion: c.String("spoilers") == "off",
		Card:          c.Bool("card"),
	}
}

// gridOnly refuses the scenario-sheet flags on a mission played on tiles.
func gridOnly(c *cli.Command) error {
	for _, f := range []string{"players", "side", "spoilers", "card"} {
		if c.IsSet(f) {
			return usageErr("--%s is for scenario sheets of games not played on tiles; a tile mission's page has no such choice", f)
		}
	}
	return nil
}

// drawModel draws the sheet of a game not played on tiles; a bad option
// is a usage error.
func drawModel(r *lint.Result, o render.ModelOptions) ([]byte, error) {
	v := render.View(r.Model.Ruleset())
	if v == nil {
		return nil, usageErr("zmission cannot draw %s scenarios yet", r.Model.Ruleset())
	}
	if s := o.Side; s != "normal" && s != "hardcore" && s != "" {
		return nil, choiceErr("--side", s, []string{"normal", "hardcore"})
	}
	if o.Players < 0 {
		return nil, usageErr("--players must be 1 or more")
	}
	for _, ov := range o.Overlays {
		if !slices.Contains(v.Overlays(), ov) {
			if ov == string(render.OverlayDanger) {
				// The danger overlay is a playtest's: say there is none.
				return nil, usageErr("overlay danger: %s", noPlaytest(r.Model.Ruleset()))
			}
			if len(v.Overlays()) == 0 {
				return nil, usageErr("the %s sheet has no overlays (got %q)", r.Model.Ruleset(), ov)
			}
			return nil, withHint(usageErr("unknown overlay %q for a %s scenario: use %s", ov, r.Model.Ruleset(), strings.Join(v.Overlays(), ", ")), typo.Hint(ov, v.Overlays()))
		}
	}
	var buf bytes.Buffer
	if err := v.Page(&buf, r.Model, o); err != nil {
		var oe *render.OptionError
		if errors.As(err, &oe) {
			return nil, usageErr("%s", oe.Msg)
		}
		// What the file prevents is its finding (exit 1): a .zmission.yaml
		// may have silenced the error that says so.
		var fe *render.FileError
		if errors.As(err, &fe) {
			return nil, &exitError{code: ExitFindings, msg: r.File + ": " + fe.Msg}
		}
		return nil, failErr("drawing %s: %v", r.File, err)
	}
	return buf.Bytes(), nil
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

// overlayFits refuses an overlay the mission's game has nothing for: the
// Mold chain of a game without Mold is a usage error, not an empty drawing.
func overlayFits(ov render.Overlay, ruleset string) error {
	if ov.Kind == render.OverlayMold && !rules.GameHas(ruleset, "mold") {
		var with []string
		for _, rs := range rules.Rulesets() {
			if rules.GameHas(rs, "mold") {
				with = append(with, rs)
			}
		}
		return usageErr("%s has no Mold: --overlay mold draws the Mold chain of a game with Mold (%s)", rules.GameName(ruleset), strings.Join(with, ", "))
	}
	return nil
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
		Usage: "draw every face of a tile set on a sheet (SVG, PDF or PNG): zones, kinds, features, edges, borders",
		Description: "The set is the one named by --tileset on the tiles command (a built-in name or a file);\n" +
			"the default is station. Faces of one physical tile are drawn side by side, paginated on --page\n" +
			"(fit: one page just big enough).",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to this file (default: standard output)"},
			&cli.BoolFlag{Name: "mono", Usage: "for black-and-white printers"},
			&cli.StringFlag{Name: "page", Usage: "page size: " + strings.Join(render.PageNames(), ", ") + " (default: a4 for PDF; fit, one page just big enough, for SVG and PNG)"},
			&cli.BoolFlag{Name: "landscape", Usage: "turn the pages"},
			&cli.FloatFlag{Name: "margin", Value: render.DefaultMargin, Usage: "page margin in mm"},
		}, printFlags()...),
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
			format, err := outputFormat(c)
			if err != nil {
				return err
			}
			if err := e.binaryToTerminal(c, format); err != nil {
				return err
			}
			if err := checkDPI(c); err != nil {
				return err
			}
			o := render.SheetOptions{Mono: c.Bool("mono"), Page: strings.ToLower(c.String("page")), Landscape: c.Bool("landscape"), Margin: c.Float("margin")}
			if o.Page == "" && format == "pdf" {
				o.Page = "a4"
			} else if o.Page == "" {
				o.Page = "fit"
			}
			if err := render.CheckPage(o.Page, o.Margin); err != nil {
				return usageErr("%v", err)
			}
			pages, err := tileSheets([]*layout.TileSet{set}, o)
			if err != nil {
				return err
			}
			return e.writePages(c, format, pages)
		},
	}
}
