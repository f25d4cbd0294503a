package validate

import (
	"strings"

	"github.com/zmission/zmission/source"
)

// LoadConfig reads the configuration file at path. The diagnostics (rule
// "config") locate everything that was not understood: syntax errors, wrong
// types, bad severities and globs, unknown keys, unknown rule ids (a
// warning, with a "did you mean" hint). The Config is never nil: it holds
// every entry that was understood, so a caller may go on after warnings; it
// should refuse to run when any diagnostic is an error. An empty file, or
// one with only comments, configures nothing and is not an error.
func LoadConfig(path string) (*Config, []Diagnostic) {
	// Read as missions are: a regular file only, within the size limit, so a
	// configuration that is a pipe or a link to a huge file costs nothing.
	data, p := source.ReadFile(path, source.DefaultLimits)
	if p != nil {
		msg := strings.TrimPrefix(p.Message, "cannot read the file: ")
		return newConfig(path), []Diagnostic{{
			File: path, Line: 1, Col: 1, Severity: Error, Rule: configRule,
			Message: "cannot read the configuration: " + msg,
		}}
	}
	return ParseConfig(path, data)
}

// ParseConfig reads a configuration from data as if from the file at path
// (an editor's unsaved buffer), with the diagnostics LoadConfig gives.
func ParseConfig(path string, data []byte) (*Config, []Diagnostic) {
	root, problems := source.Parse(path, data, source.DefaultLimits)
	var ds []Diagnostic
	for _, p := range problems {
		if p.Code == source.CodeEmpty {
			continue
		}
		ds = append(ds, Diagnostic{
			File: path, Line: p.Pos.Line, Col: p.Pos.Col,
			Severity: Error, Rule: configRule, Message: p.Message,
		})
	}
	if root == nil {
		return newConfig(path), ds
	}
	cfg, more := readConfig(path, root)
	ds = append(ds, more...)
	Sort(ds)
	return cfg, ds
}
