package app

import (
	"context"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/schema"
)

func (e *env) schemaCmd() *cli.Command {
	return &cli.Command{
		Name:      "schema",
		Usage:     "print an embedded JSON Schema (" + strings.Join(schema.Names(), ", ") + ")",
		ArgsUsage: "NAME",
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return usageErr("schema takes one name: %s", strings.Join(schema.Names(), ", "))
			}
			src, ok := schema.Source(c.Args().First())
			if !ok {
				return usageErr("no schema named %q; there are: %s", c.Args().First(), strings.Join(schema.Names(), ", "))
			}
			_, err := e.stdout.Write(src)
			return err
		},
	}
}
