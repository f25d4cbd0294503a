package app_test

import (
	"os"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdMkfifo makes a named pipe, as a hostile pull request can commit one
// (or a careless path can name one):
//
//	mkfifo pipe.yaml
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo NAME")
	}
	if err := mkfifo(ts.MkAbs(args[0])); err != nil {
		ts.Fatalf("mkfifo: %v", err)
	}
}

// cmdSparse makes a file of the given size in bytes that takes no room on
// disk, the cheap way to stand for a huge file:
//
//	sparse big.bin 4294967296
func cmdSparse(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: sparse NAME BYTES")
	}
	n, err := strconv.ParseInt(args[1], 10, 64)
	if err != nil {
		ts.Fatalf("sparse: %v", err)
	}
	f, err := os.Create(ts.MkAbs(args[0]))
	if err != nil {
		ts.Fatalf("sparse: %v", err)
	}
	defer f.Close()
	if err := f.Truncate(n); err != nil {
		ts.Fatalf("sparse: %v", err)
	}
}
