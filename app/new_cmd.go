package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

var slugRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^a-z0-9]+`) })

// slug makes an id from a title: "Violet Lockdown!" -> "violet-lockdown",
// "Café Noir" -> "cafe-noir".
func slug(s string) string {
	s = strings.Trim(slugRe().ReplaceAllString(strings.ToLower(transliterate(s)), "-"), "-")
	if len(s) > 64 {
		s = strings.TrimRight(s[:64], "-")
	}
	if s == "" {
		return "new-mission"
	}
	return s
}

func (e *env) newCmd() *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "start a mission file from a template that already validates",
		ArgsUsage: "FILE.yaml",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Value: "zombicide-invader", Usage: "the game: " + strings.Join(examples.Templates(), ", ")},
			&cli.StringFlag{Name: "title", Value: "New mission", Usage: "the mission's title"},
			&cli.StringFlag{Name: "id", Usage: "the mission's id (default: made from the title)"},
			&cli.BoolFlag{Name: "force", Usage: "replace FILE if it exists"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() != 1 {
				return usageErr("new takes one file name, e.g. 'zmission new my-mission.yaml'")
			}
			path := c.Args().First()
			if ext := strings.ToLower(filepath.Ext(path)); ext != ".yaml" && ext != ".yml" {
				return usageErr("new writes YAML: name the file .yaml or .yml")
			}
			tpl, ok := examples.Template(c.String("ruleset"))
			if !ok {
				return withHint(usageErr("no template for ruleset %q; there are: %s", c.String("ruleset"), strings.Join(examples.Templates(), ", ")), typo.Hint(c.String("ruleset"), examples.Templates()))
			}
			title := strings.TrimSpace(c.String("title"))
			id := c.String("id")
			if id == "" {
				id = slug(title)
			}
			out := bytes.Replace(tpl, []byte("id: new-mission"), []byte("id: "+id), 1)
			out = bytes.Replace(out, []byte("title: New mission"), []byte("title: "+yamlString(title)), 1)
			// What is written must validate: check before touching the disk.
			r := lint.Bytes(path, out, lint.Options{Limits: source.DefaultLimits})
			for _, d := range r.Diags {
				if d.Severity == validate.Error {
					return usageErr("that would not be a valid mission: %s", d.Message)
				}
			}
			out, schemaDir := linkSchema(path, out) // editors find the schema offline
			if err := missions.WriteFile(path, out, c.Bool("force")); err != nil {
				return newWriteErr(path, err)
			}
			fmt.Fprintf(e.stdout, "created %s (%s)\n", path, c.String("ruleset"))
			if schemaDir != "" {
				if _, err := writeSchemas(schemaDir, schema.Names()); err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "wrote %s%c (JSON Schemas: editors use them to check the mission as you type)\n", schemaDir, filepath.Separator)
			}
			fmt.Fprintf(e.stdout, "next: zmission show %s\n", path)
			return nil
		},
	}
}

// yamlString quotes a title when YAML would read it as something else.
func yamlString(s string) string {
	if s == "" || strings.ContainsAny(s, ":#{}[],&*!|>'\"%@`") || strings.TrimSpace(s) != s {
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
	}
	return s
}

// newWriteErr says why new (or generate) wrote nothing, and what to do about it.
func newWriteErr(path string, err error) error {
	switch {
	case isDir(path):
		return &exitError{code: ExitUsage, msg: "cannot create " + path + ": it is a folder", hint: "name the file to create, e.g. " + filepath.Join(path, "my-mission.yaml")}
	case errors.Is(err, missions.ErrExists):
		// A refusal, not a failure: the command asked for what new and
		// generate never do unasked, as an output guard refuses (exit 2).
		return &exitError{code: ExitUsage, msg: path + " already exists: zmission never replaces a file unasked", hint: "use --force to replace it"}
	case errors.Is(err, missions.ErrNoFolder):
		dir := filepath.Dir(path)
		return &exitError{code: ExitFailed, msg: "cannot create " + path + ": the folder " + dir + " does not exist", hint: "create it first: mkdir -p " + dir}
	case errors.Is(err, missions.ErrReadOnly):
		return &exitError{code: ExitFailed, msg: "cannot replace " + path + ": the file is read-only"}
	case errors.Is(err, missions.ErrNotFile):
		return &exitError{code: ExitFailed, msg: "cannot create " + path + ": it is not a regular file"}
	}
	return &exitError{code: ExitFailed, msg: "cannot create " + path + ": " + unwrapPath(err).Error()}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
