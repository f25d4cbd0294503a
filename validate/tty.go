//go:build !js

package validate

import "golang.org/x/term"

// ttyOf and widthOf ask the terminal; the browser's build has none.
func ttyOf(fd uintptr) bool { return term.IsTerminal(int(fd)) }

func widthOf(fd uintptr) (int, bool) {
	cols, _, err := term.GetSize(int(fd))
	return cols, err == nil && cols > 0
}
