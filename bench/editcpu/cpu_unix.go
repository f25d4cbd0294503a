//go:build unix

package main

import "syscall"

// cpuMS is the process's CPU time (user and system), in ms.
func cpuMS() float64 {
	var r syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return float64(r.Utime.Nano()+r.Stime.Nano()) / 1e6
}
