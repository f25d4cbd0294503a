package source

import "fmt"

// Limits bound what a document may cost to read. A zero field means its
// default, so Limits{} behaves like DefaultLimits.
type Limits struct {
	MaxBytes int64 // default 8 MiB
	MaxDepth int   // default 64 nesting levels
	MaxNodes int   // default 200_000 values in the tree, counting YAML alias expansion
}

// DefaultLimits are generous for any real mission and small enough that a
// hostile file is refused quickly.
var DefaultLimits = Limits{
	MaxBytes: 8 << 20,
	MaxDepth: 64,
	MaxNodes: 200_000,
}

// orDefaults fills zero or negative fields from DefaultLimits.
func (l Limits) orDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultLimits.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxNodes <= 0 {
		l.MaxNodes = DefaultLimits.MaxNodes
	}
	return l
}

// byteSize writes n in the largest binary unit that keeps it readable.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GiB"
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MiB"
	case n >= 1<<10:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KiB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func trimZero(s string) string {
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		return s[:len(s)-2]
	}
	return s
}
