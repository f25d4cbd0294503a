//go:build !unix

package app

// cpuTime is not measured here: the benchmarks report 0 CPU time.
func cpuTime() int64 { return 0 }
