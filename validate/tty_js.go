package validate

// In the browser's build there is no terminal.
func ttyOf(uintptr) bool { return false }

func widthOf(uintptr) (int, bool) { return 0, false }
