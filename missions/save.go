package missions

import (
	"fmt"
	"os"
	"path/filepath"
)

// WriteFile writes data to path through a temporary file in the same folder
// and a rename, so a crash or a full disk never leaves a half-written
// mission. With overwrite false an existing file is an error.
func WriteFile(path string, data []byte, overwrite bool) error {
	if !overwrite {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("%s already exists", path)
		}
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // gone after the rename; cleans up after a failure
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.Chmod(name, mode); err != nil {
		return err
	}
	if !overwrite {
		// Link fails if the name appeared meanwhile; rename would replace it.
		if err := os.Link(name, path); err != nil {
			return err
		}
		return nil
	}
	return os.Rename(name, path)
}
