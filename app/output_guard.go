package app

import (
	"os"
	"path/filepath"
	"strings"
)

// checkOutput refuses an output file (render -o, tiles render -o, watch -o)
// that would replace what the command reads: one of its inputs (by name, by
// a symbolic link or a hard link to it), or any existing mission or tile-set
// file (.yaml, .yml, .json), which a drawing never belongs in. No flag lifts
// this: a map is cheap to name again, a mission's edits are not.
func checkOutput(output string, inputs ...string) error {
	if output == "" || output == "-" {
		return nil
	}
	for _, in := range inputs {
		if in == "" || in == "-" {
			continue
		}
		if samePath(output, in) {
			return &exitError{code: ExitUsage, msg: "the output " + output + " is " + in + ", which this command reads; it is never overwritten",
				hint: "name another file with -o, e.g. " + mapPath(in)}
		}
	}
	if st, err := os.Stat(output); err == nil && st.Mode().IsRegular() && isDocumentName(output) {
		return &exitError{code: ExitUsage, msg: "the output " + output + " is an existing YAML or JSON file (a mission or tile set?); it is never overwritten with a drawing",
			hint: "name the output .svg"}
	}
	return nil
}

// isDocumentName tells a mission or tile-set file by its extension.
func isDocumentName(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}
