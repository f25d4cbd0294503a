package app

import "runtime/debug"

// gcPercent is the garbage collector's target for one run of zmission. A
// run lives for a fraction of a second and keeps little: collecting at
// every doubling of the heap (Go's default) spent about 40 % of the CPU of
// a folder check. At 400 the same folder runs in 0.6 of the time for half
// as much memory again (22 MB to 34 MB for 2,000 missions; see
// docs/performance.md), and the soft memory limit makes the collector work
// harder only when a run nears it.
const (
	gcPercent   = 400
	gcSoftLimit = 1 << 30
)

// TuneGC sets the collector for a command-line run, unless GOGC or
// GOMEMLIMIT say otherwise. main calls it; tests and library users keep
// Go's defaults.
func TuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(gcSoftLimit)
	}
}
