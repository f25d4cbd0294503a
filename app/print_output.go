package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/render/printout"
)

// Printing: render and tiles render draw SVG pages; this file turns them
// into the format asked for and writes them.

// printFlags are the output flags of render and tiles render.
func printFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Usage: "svg, pdf or png (default: from the -o extension, else svg)"},
		&cli.FloatFlag{Name: "dpi", Value: printout.DefaultDPI, Usage: "resolution of PNG output, in dots per inch"},
	}
}

// outputFormat is --format, or else the one the -o extension names.
func outputFormat(c *cli.Command) (string, error) {
	f := strings.ToLower(strings.TrimSpace(c.String("format")))
	switch f {
	case "svg", "pdf", "png", "":
	default:
		return "", choiceErr("--format", c.String("format"), []string{"svg", "pdf", "png"})
	}
	name := c.String("output")
	if name == "" || name == "-" || isDevice(name) {
		if f == "" {
			return "svg", nil
		}
		return f, nil
	}
	// The name's extension is what the file will be opened with: a
	// format that disagrees with it would write bytes no viewer reads.
	ext := strings.ToLower(filepath.Ext(name))
	byExt := map[string]string{".svg": "svg", ".pdf": "pdf", ".png": "png"}[ext]
	switch {
	case byExt != "" && f != "" && f != byExt:
		return "", usageErr("--format %s does not match -o %s: name the file .%s, or leave --format out to write %s", f, name, f, strings.ToUpper(byExt))
	case byExt != "":
		return byExt, nil
	case f != "":
		return f, nil
	case ext == "":
		return "", usageErr("-o %s has no extension to tell the format by: name it .svg, .pdf or .png, or give --format", name)
	}
	return "", usageErr("-o %s: %s is not a format render writes: name the file .svg, .pdf or .png, or give --format", name, ext)
}

// binaryToTerminal refuses a PDF or PNG bound for a terminal: its bytes
// would only garble the screen.
func (e *env) binaryToTerminal(c *cli.Command, format string) error {
	name := c.String("output")
	if (format == "pdf" || format == "png") && (name == "" || name == "-") && e.terminal(e.stdout) {
		return &exitError{code: ExitUsage, msg: fmt.Sprintf("a %s is not for a terminal: name the file to write", strings.ToUpper(format)),
			hint: fmt.Sprintf("add -o map.%s (or pipe the output into a file or a viewer)", format)}
	}
	return nil
}

// isDevice tells a name that is not a file to open by its extension: a
// device or pipe (/dev/stdout, a FIFO) named on purpose.
func isDevice(name string) bool {
	st, err := os.Stat(name)
	return err == nil && !st.Mode().IsRegular() && !st.IsDir()
}

// writePages writes SVG pages as format to the file named (or standard
// output). A PDF holds every page; SVG and PNG hold one, so several pages
// go to numbered files (map.png: map-1.png, map-2.png, …), listed on
// standard error.
func (e *env) writePages(c *cli.Command, format string, pages [][]byte) error {
	name := c.String("output")
	toStdout := name == "" || name == "-"
	if format == "pdf" {
		b, err := printing.PDF(pages)
		if err != nil {
			return failErr("printing: %v", err)
		}
		return e.writeOutput(name, b)
	}
	if len(pages) > 1 && toStdout {
		return usageErr("this prints %d pages, and a %s file holds one: name a file with -o (pages are numbered), or print one PDF with -o FILE.pdf", len(pages), strings.ToUpper(format))
	}
	var written []string
	for i, p := range pages {
		data := p
		if format == "png" {
			b, err := printing.PNG(p, c.Float("dpi"))
			if err != nil {
				return failErr("printing: %v", err)
			}
			data = b
		}
		file := name
		if len(pages) > 1 {
			ext := filepath.Ext(name)
			file = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), i+1, ext)
		}
		if err := e.writeOutput(file, data); err != nil {
			return err
		}
		written = append(written, file)
	}
	if len(written) > 1 {
		fmt.Fprintf(e.stderr, "%d pages: %s\n", len(written), strings.Join(written, ", "))
	}
	return nil
}

// checkDPI refuses a resolution no printer or screen needs.
func checkDPI(c *cli.Command) error {
	if d := c.Float("dpi"); !(d >= 10 && d <= 1200) {
		return usageErr("--dpi %g is out of range: use 10 to 1200", d)
	}
	return nil
}

// sheetOptions are the page options of a tile sheet: the same paper as
// the mission pages.
func sheetOptions(o render.Options) render.SheetOptions {
	return render.SheetOptions{Mono: o.Mono, Page: o.Page, Landscape: o.Landscape, Margin: o.Margin}
}

// tileSheets draws the sheets of the tile sets used, once each, in order
// of first use.
func tileSheets(sets []*layout.TileSet, o render.SheetOptions) ([][]byte, error) {
	var pages [][]byte
	seen := map[string]bool{}
	for _, s := range sets {
		if s == nil || seen[s.Name] {
			continue
		}
		seen[s.Name] = true
		ps, err := render.Sheets(s, o)
		if err != nil {
			return nil, failErr("drawing tile set %s: %v", s.Name, err)
		}
		pages = append(pages, ps...)
	}
	return pages, nil
}
