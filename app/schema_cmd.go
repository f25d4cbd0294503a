package app

import (
	"bytes"
	"context"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/validate"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/schema"
)

func (e *env) schemaCmd() *cli.Command {
	return &cli.Command{
		Name:      "schema",
		Usage:     "print an embedded JSON Schema (" + strings.Join(schema.Names(), ", ") + "), or write them for editors",
		ArgsUsage: "NAME, or --write DIR [NAME...]",
		Description: "Editors complete and check missions as you type from these schemas. 'zmission schema\n" +
			"--write schema' writes every schema into the folder schema/, where 'zmission new' finds them and\n" +
			"points the new mission's '# yaml-language-server: $schema=' line, by relative path: it works\n" +
			"offline. Run it again after upgrading zmission.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "write", Aliases: []string{"w"}, Usage: "write the schemas (all, or the NAMEs given) as files into the folder `DIR`"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			names := c.Args().Slice()
			for _, n := range names {
				if _, ok := schema.Source(n); !ok {
					return withHint(usageErr("no schema named %q; there are: %s", n, strings.Join(schema.Names(), ", ")), typo.Hint(n, schema.Names()))
				}
			}
			if dir := c.String("write"); dir != "" {
				if len(names) == 0 {
					names = schema.Names()
				}
				written, err := writeSchemas(dir, names)
				for _, p := range written {
					fmt.Fprintln(e.stdout, p)
				}
				return err
			}
			if len(names) != 1 {
				return usageErr("schema takes one name (%s), or --write DIR", strings.Join(schema.Names(), ", "))
			}
			src, _ := schema.Source(names[0])
			_, err := e.stdout.Write(src)
			return err
		},
	}
}

// schemaFile is the file name a schema is written under.
func schemaFile(name string) string { return name + ".schema.json" }

// writeSchemas writes the named schemas into dir (created if needed), each
// through a temporary file, and returns the paths written.
func writeSchemas(dir string, names []string) ([]string, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, usageErr("%s is a file, not a folder", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, failErr("creating %s: %v", dir, err)
	}
	var out []string
	for _, n := range names {
		src, _ := schema.Source(n)
		p := filepath.Join(dir, schemaFile(n))
		if err := missions.WriteFile(p, src, true); err != nil {
			return out, failErr("writing %s: %v", p, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// The schema folder 'zmission new' points a mission's modeline at: a
// folder named schema holding zmission's mission schema, in the mission's
// folder or the nearest parent that has one (as in this repository).
const schemaDirName = "schema"

// modelinePrefix starts the line yaml-language-server (VS Code's YAML
// extension, and every editor that uses it) reads a file's schema from.
const modelinePrefix = "# yaml-language-server: $schema="

// findSchemaDir looks for schemaDirName/mission.schema.json from dir upward
// and returns that folder, or "" when there is none. Only zmission's own
// schema counts (its $id), so another project's schema/ folder is passed over.
func findSchemaDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	id := []byte(`"$id": "` + schema.Base + schemaFile(schema.Mission) + `"`)
	for d := abs; ; {
		p := filepath.Join(d, schemaDirName, schemaFile(schema.Mission))
		if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, id) {
			return filepath.Join(d, schemaDirName)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// projectRoot is the top of the repository dir is in: the nearest folder
// up from it holding .git, else the nearest holding a configuration file,
// else dir itself. A relative dir gives a relative path.
func projectRoot(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	found := ""
	for d := abs; ; d = filepath.Dir(d) {
		if validate.IsRepoRoot(d) {
			found = d
			break
		}
		if found == "" && (exists(filepath.Join(d, validate.ConfigNames[0])) || exists(filepath.Join(d, validate.ConfigNames[1]))) {
			found = d // a .git above it still wins
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if found == "" {
		return dir
	}
	if filepath.IsAbs(dir) {
		return found
	}
	if rel, err := filepath.Rel(abs, found); err == nil {
		return filepath.Join(dir, rel)
	}
	return dir
}

// linkSchema points a new mission's modeline at the mission schema by a
// path relative to the mission, so editors find it offline. It returns the
// mission's text and, when no schema folder was found, the folder the
// schemas must be written to once the mission is: at the top of the
// repository the mission is in (the folder holding .git, else
// .zmission.yaml), so that missions of several games in several folders
// share one copy; beside the mission when it is in none.
func linkSchema(missionPath string, text []byte) (out []byte, writeTo string) {
	dir := filepath.Dir(missionPath)
	sdir := findSchemaDir(dir)
	if sdir == "" {
		writeTo = filepath.Join(projectRoot(dir), schemaDirName)
		sdir = writeTo
	}
	absDir, err1 := filepath.Abs(dir)
	absSchema, err2 := filepath.Abs(filepath.Join(sdir, schemaFile(modelineSchema(text))))
	rel, err3 := filepath.Rel(absDir, absSchema)
	if err1 != nil || err2 != nil || err3 != nil {
		return text, ""
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, "../") {
		rel = "./" + rel // plainly a path, not a URL
	}
	line := modelinePrefix + rel
	first, rest, _ := bytes.Cut(text, []byte("\n"))
	if !bytes.HasPrefix(first, []byte(modelinePrefix)) {
		return append([]byte(line+"\n"), text...), writeTo
	}
	return append([]byte(line+"\n"), rest...), writeTo
}

// modelineSchema is the schema a document's modeline names (its file name,
// wherever it points: a game's template names its own schema), or the
// mission schema when there is none.
func modelineSchema(text []byte) string {
	first, _, _ := bytes.Cut(text, []byte("\n"))
	if !bytes.HasPrefix(first, []byte(modelinePrefix)) {
		return schema.Mission
	}
	target := string(bytes.TrimSpace(first[len(modelinePrefix):]))
	name := strings.TrimSuffix(target[strings.LastIndexAny(target, "/\\")+1:], ".schema.json")
	if _, ok := schema.Source(name); !ok {
		return schema.Mission
	}
	return name
}
