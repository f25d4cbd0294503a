package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
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
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "output format: text or json"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Bool("markdown") {
				return validate.WriteChecksDoc(e.stdout, RunExample, missions.CanonicalExample)
			}
			switch c.String("format") {
			case "text":
			case "json":
				return e.rulesJSON(c)
			default:
				return choiceErr("--format", c.String("format"), []string{"text", "json"})
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
				return validate.WriteCheckDoc(e.stdout, chk, RunExample, missions.CanonicalExample)
			}
			return usageErr("rules takes at most one check id")
		},
	}
}

// checkJSON is a check as `rules --format json` lists it.
type checkJSON struct {
	ID       string         `json:"id"`
	Title    string         `json:"title"`
	Severity string         `json:"severity"`
	Games    []string       `json:"games"` // empty: every game
	Doc      string         `json:"doc"`
	Bad      string         `json:"bad,omitempty"`
	Good     string         `json:"good,omitempty"`
	Options  map[string]any `json:"options,omitempty"`
}

// rulesJSON prints the catalogue (or the one check named) as JSON, for
// tools that show or configure the checks.
func (e *env) rulesJSON(c *cli.Command) error {
	checks := validate.Checks()
	if c.Args().Len() > 1 {
		return usageErr("rules takes at most one check id")
	}
	if c.Args().Len() == 1 {
		chk := validate.Lookup(c.Args().First())
		if chk == nil {
			return usageErr("no check %q", c.Args().First())
		}
		checks = []*validate.Check{chk}
	}
	out := make([]checkJSON, len(checks))
	for i, chk := range checks {
		games := chk.Games
		if games == nil {
			games = []string{}
		}
		out[i] = checkJSON{ID: chk.ID, Title: chk.Title, Severity: chk.Severity.String(), Games: games, Doc: chk.Doc, Bad: chk.Bad, Good: chk.Good, Options: chk.Options}
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(struct {
		Checks []checkJSON `json:"checks"`
	}{out})
}
