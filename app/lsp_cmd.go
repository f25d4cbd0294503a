package app

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/lsp"
	"github.com/zmission/zmission/source"
)

func (e *env) lspCmd() *cli.Command {
	return &cli.Command{
		Name:  "lsp",
		Usage: "serve the Language Server Protocol on standard input and output, for any text editor",
		Description: "Checks the editor's buffers as they change (every game, colony collections, tile-set files),\n" +
			"with hover, completion, quick fixes, formatting as fmt writes and go to definition.\n" +
			"The editor starts it; the workspace it names is the only folder it reads.",
		Flags: []cli.Flag{
			&cli.Int64Flag{Name: "max-size", Value: source.DefaultLimits.MaxBytes, Usage: "largest document to check, in bytes"},
			&cli.DurationFlag{Name: "debounce", Value: lsp.DefaultDebounce, Usage: "wait after a change for the next before checking"},
			// Clients (vscode-languageclient among them) add --stdio to the
			// command they start; standard input and output is the only way.
			&cli.BoolFlag{Name: "stdio", Usage: "talk on standard input and output (always; accepted because editors add it)"},
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return usageErr("lsp takes no arguments: the editor sends the documents")
			}
			n := c.Int64("max-size")
			if n <= 0 {
				return usageErr("--max-size must be a positive number of bytes")
			}
			d := c.Duration("debounce")
			if d < 0 || d > time.Second {
				return usageErr("--debounce must be between 0 and 1s")
			}
			s := lsp.New(e.stdin, e.stdout, lsp.Options{MaxSize: n, Debounce: d, AllowOutside: e.allowOutside, Version: Version})
			err := s.Run(ctx)
			switch {
			case err == nil:
				return nil
			case errors.Is(err, io.EOF):
				return nil // the editor closed the pipe: it is gone
			case errors.Is(err, lsp.ErrExit):
				return codeErr(1) // the protocol's exit code for exit without shutdown
			}
			return failErr("lsp: %v", err)
		},
	}
}
