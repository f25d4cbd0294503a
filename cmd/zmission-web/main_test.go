package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command's exit codes are zmission's: 2 for a usage mistake, 3 when
// it could not run, each with a line that says why.
func TestExitCodes(t *testing.T) {
	foreign := t.TempDir()
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("mine"), 0o644)
	built := t.TempDir()
	os.WriteFile(filepath.Join(built, "index.html"), []byte("<!doctype html>"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "usage"},
		{[]string{"bild", "-o", "x"}, 2, `unknown command "bild"`},
		{[]string{"build"}, 2, "usage"},
		{[]string{"serve"}, 2, "usage"},
		{[]string{"build", "-o", foreign}, 3, "not empty and was not written by zmission-web build"},
		{[]string{"serve", filepath.Join(foreign, "none")}, 3, "holds no built site"},
		{[]string{"serve", "--addr", "0.0.0.0:0", built}, 3, "loopback only"},
		{[]string{"help"}, 0, ""},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != tc.code || !strings.Contains(errb.String()+out.String(), tc.says) {
			t.Errorf("zmission-web %v: exit %d, %q; want %d saying %q", tc.args, code, errb.String(), tc.code, tc.says)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(foreign, "notes.txt")); string(b) != "mine" {
		t.Error("a refused build touched the folder")
	}
}
