package app

import (
	"io"
	"os"
	"runtime/debug"
	"testing"
)

func BenchmarkZZCorpus(b *testing.B) {
	debug.SetGCPercent(400)
	dir := os.Getenv("CORPUS")
	for i := 0; i < b.N; i++ {
		Run([]string{"zmission", "validate", dir}, nil, io.Discard, io.Discard)
	}
}
