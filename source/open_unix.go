//go:build unix

package source

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading without waiting: opening a named pipe
// with no writer would otherwise block for ever.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
