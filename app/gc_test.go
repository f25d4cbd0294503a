package app

import (
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	oldLimit := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(oldLimit)

	TuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != gcSoftLimit {
		t.Errorf("memory limit %d, want %d", got, gcSoftLimit)
	}
	// GOGC and GOMEMLIMIT set by the user win.
	debug.SetGCPercent(100)
	TuneGC(func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "2GiB"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: the percent became %d", got)
	}
}
