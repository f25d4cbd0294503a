package app

import (
	"bytes"
	"context"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// RunExample lints an example mission from the catalogue and returns the
// text output, exactly as `zmission validate example.yaml` prints it.
func RunExample(example string) string {
	r := lint.Bytes("example.yaml", []byte(example), lint.Options{Limits: source.DefaultLimits})
	var b bytes.Buffer
	_ = validate.Write(&b, validate.Text, r.Diags, validate.Options{})
	return b.String()
}

func (e *env) rulesCmd() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "list the checks, or explain one with a failing and a fixed example",
		ArgsUsage: "[ID]",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "markdown", Usage: "print the whole catalogue as markdown (docs/checks.md)"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Bool("markdown") {
				return validate.WriteChecksDoc(e.stdout, RunExample)
			}
			switch c.Args().Len() {
			case 0:
				tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "ID\tSEVERITY\tGAMES\tTITLE")
				for _, chk := range validate.Checks() {
					games := "all"
					if len(chk.Games) > 0 {
						games = strings.Join(chk.Games, ",")
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", chk.ID, chk.Severity, games, chk.Title)
				}
				return tw.Flush()
			case 1:
				chk := validate.Lookup(c.Args().First())
				if chk == nil {
					hint := "'zmission rules' lists them"
					var ids []string
					for _, chk := range validate.Checks() {
						ids = append(ids, chk.ID)
					}
					if h := typo.Hint(c.Args().First(), ids); h != "" {
						hint = h + " ('zmission rules' lists them)"
					}
					return &exitError{code: ExitUsage, msg: fmt.Sprintf("no check %q", c.Args().First()), hint: hint}
				}
				return validate.WriteCheckDoc(e.stdout, chk, RunExample)
			}
			return usageErr("rules takes at most one check id")
		},
	}
}
