package app

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

func (e *env) editCmd() *cli.Command {
	return &cli.Command{
		Name:      "edit",
		Usage:     "edit a mission (or a tile-set file) on a local web page, with the rules checked live",
		ArgsUsage: "MISSION|TILESET",
		Description: "Serves the editor on a loopback address and prints its URL (a secret token included);\n" +
			"--open opens it in the browser through a one-time address (the token stays off the browser's\n" +
			"command line). Every edit is written into the file as fmt would write it,\n" +
			"comments kept; edits made in another editor reach the page at once. Stop with Ctrl-C.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:0", Usage: "loopback address to listen on (port 0: any free port)"},
			&cli.BoolFlag{Name: "open", Usage: "open the page in the default browser"},
			&cli.StringFlag{Name: "config", Usage: "configuration file (default: .zmission.yaml found from the file's folder upward)"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			if path == "-" {
				return usageErr("edit writes a file, not standard input: name the mission file")
			}
			switch strings.ToLower(filepath.Ext(path)) {
			case ".yaml", ".yml":
			case ".json":
				return usageErr("edit writes YAML, keeping comments; %s is JSON: edit it in a text editor, or keep the mission in YAML", path)
			default:
				return usageErr("edit opens .yaml or .yml files (got %s)", path)
			}
			cfgs := newConfigs(c.String("config"))
			vc := cfgs.forFile(path)
			s, err := editor.New(path, editor.Options{
				Addr: c.String("addr"),
				Lint: lint.Options{Limits: source.DefaultLimits, Rules: ruleOptions{vc}, Config: vc},
				Findings: func(ds []validate.Diagnostic) []validate.Diagnostic {
					return append(vc.Apply(ds), cfgs.problems()...)
				},
				Stamp: func(p string) any { return stampOf(p) },
			})
			if err != nil {
				return failErr("cannot edit %s: %v", path, err)
			}
			if err := s.Listen(); err != nil {
				return usageErr("%v", err)
			}
			// Ctrl-C is caught before the address is printed: whoever reads
			// it may stop the editor at once.
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			fmt.Fprintf(e.stdout, "editing %s at %s\nCtrl-C stops the editor\n", path, s.URL())
			if c.Bool("open") {
				// The browser's command line is readable by every user of
				// the machine: it gets a one-time address, not the token.
				if err := openBrowser(s.OpenURL()); err != nil {
					fmt.Fprintf(e.stderr, "zmission: cannot open a browser (%v); open the address above\n", err)
				}
			}
			if err := s.Serve(ctx); err != nil {
				return failErr("the editor stopped: %v", err)
			}
			return nil
		},
	}
}

// openBrowser starts the system's browser on url and does not wait for it.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}
