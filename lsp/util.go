package lsp

import (
	"strconv"
	"strings"
)

func itoa(i int) string { return strconv.Itoa(i) }

// escape makes a key a JSON Pointer token.
func escape(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
