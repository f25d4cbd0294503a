package app

import (
	"errors"
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

// checkWritable tells before a long run that its output file cannot be
// written (a missing or read-only folder, a folder by that name), so the
// run is not thrown away at its end. It leaves nothing behind.
func checkWritable(path string) error {
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return errors.New("is a directory")
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return bare(err)
		}
		return f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".zmission-check-*")
	if err != nil {
		return bare(err) // the temporary name would make the message vary
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// bare is err without the path an *os.PathError names.
func bare(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
