//go:build unix

package missions

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the new file the owner and group of the one it replaces.
// Only root may give a file away; for anyone else the new file is already
// theirs, and a group they are not in is left as it comes.
func keepOwner(name string, was fs.FileInfo) error {
	st, ok := was.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if os.Geteuid() != 0 {
		os.Chown(name, -1, int(st.Gid)) // fails, harmlessly, for a group we are not in
		return nil
	}
	return os.Chown(name, int(st.Uid), int(st.Gid))
}

// writable tells whether the file may be replaced: a file whose owner
// cannot write it is read-only, even for root, who could.
func writable(path string, st fs.FileInfo) bool {
	if st.Mode().Perm()&0o200 == 0 {
		return false
	}
	return syscall.Access(path, 2 /* W_OK */) == nil
}
