package app_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/zmission/zmission/app"
)

// TestMain lets the test binary stand in for the zmission program: scripts
// run "zmission ..." as a real process, with real exit codes and streams.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"zmission": func() { os.Exit(app.Run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. Each script's
// work folder holds a copy of the repository's examples (examples/) and
// broken files (broken/, without their golden outputs).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			if err := copyTree(filepath.Join("..", "examples"), filepath.Join(env.WorkDir, "examples"), keepAll); err != nil {
				return err
			}
			return copyTree(filepath.Join("..", "testdata", "broken"), filepath.Join(env.WorkDir, "broken"), notGolden)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     cmdExits,
			"validjson": cmdValidJSON,
			"mkfifo":    cmdMkfifo,
			"sparse":    cmdSparse,
			"waitfile":  cmdWaitFile,
		},
	})
}

// cmdExits runs a program and checks its exact exit code, which "exec" and
// "! exec" cannot tell apart beyond zero and non-zero:
//
//	exits 2 zmission validate --format xml x.yaml
//
// Its standard output and error are kept for the stdout and stderr commands.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exits")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exits CODE program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad code %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit code %d, want %d", got, want)
	}
}

// cmdWaitFile waits until a file exists, as a program started in the
// background writes it: a fixed sleep is too short on a loaded machine.
//
//	waitfile examples/invader/first-contact.svg
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitfile FILE")
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if st, err := os.Stat(ts.MkAbs(args[0])); err == nil && st.Size() > 0 {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("%s was not written within 2 minutes", args[0])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cmdValidJSON checks that a file (or stdout) holds one JSON value and
// nothing after it:
//
//	validjson stdout
func cmdValidJSON(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: validjson FILE")
	}
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	var v any
	err := dec.Decode(&v)
	if err == nil && dec.More() {
		err = errors.New("more data after the first value")
	}
	switch {
	case err != nil && !neg:
		ts.Fatalf("%s is not valid JSON: %v", args[0], err)
	case err == nil && neg:
		ts.Fatalf("%s is valid JSON", args[0])
	}
}

func keepAll(string) bool { return true }

// notGolden leaves out the expected outputs stored next to broken files.
func notGolden(name string) bool { return !strings.Contains(name, ".out-") }

// copyTree copies the regular files of src whose names keep accepts to dst.
func copyTree(src, dst string, keep func(name string) bool) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() || !keep(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
