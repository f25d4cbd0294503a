//go:build !unix

package source

import "os"

// openNoBlock opens path for reading; only unix systems have named pipes
// that block on open.
func openNoBlock(path string) (*os.File, error) {
	return os.Open(path)
}
