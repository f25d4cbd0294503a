//go:build unix

package app

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestEditCommand runs 'zmission edit' as a user does: it prints the
// address, answers there, and stops cleanly on Ctrl-C (SIGINT).
func TestEditCommand(t *testing.T) {
	data, err := os.ReadFile("../examples/templates/zombicide-invader.yaml")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dark-corridor.yaml")
	os.WriteFile(path, data, 0o644)
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() { done <- Run([]string{"zmission", "edit", path}, strings.NewReader(""), &out, &errOut) }()
	re := regexp.MustCompile(`^editing (.+) at (http://127\.0\.0\.1:\d+/[0-9a-f]{48}/)\nCtrl-C stops the editor\n$`)
	var url string
	deadline := time.Now().Add(10 * time.Second)
	for url == "" {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			if m[1] != path {
				t.Errorf("editing %q, want %q", m[1], path)
			}
			url = m[2]
			break
		}
		select {
		case code := <-done:
			t.Fatalf("edit stopped with %d: %s%s", code, out.String(), errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no address printed: %q", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	resp, err := http.Get(url + "api/state")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"title":"New mission"`) {
		t.Fatalf("state: %d %.200s", resp.StatusCode, body)
	}
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case code := <-done:
		if code != ExitOK {
			t.Errorf("exit %d after Ctrl-C, want 0: %s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Ctrl-C did not stop the editor")
	}
	if !bytesEqualFile(t, path, data) {
		t.Errorf("serving changed the file")
	}
}

func bytesEqualFile(t *testing.T, path string, want []byte) bool {
	got, err := os.ReadFile(path)
	return err == nil && string(got) == string(want)
}

func TestEditCommandRefuses(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	data, _ := os.ReadFile("../examples/templates/zombicide-invader.yaml")
	os.WriteFile(mission, data, 0o644)
	os.WriteFile(filepath.Join(dir, "m.json"), []byte(`{"format": 1}`), 0o644)
	os.WriteFile(filepath.Join(dir, "ci.yaml"), []byte("jobs: {}\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"edit"}, ExitUsage, "takes one mission file"},
		{[]string{"edit", "-"}, ExitUsage, "not standard input"},
		{[]string{"edit", filepath.Join(dir, "m.json")}, ExitUsage, "is JSON"},
		{[]string{"edit", "--addr", "0.0.0.0:0", mission}, ExitUsage, "loopback only"},
		{[]string{"edit", "--addr", "192.0.2.7:8080", mission}, ExitUsage, "loopback only"},
		{[]string{"edit", filepath.Join(dir, "missing.yaml")}, ExitFailed, "cannot edit"},
		{[]string{"edit", filepath.Join(dir, "ci.yaml")}, ExitFailed, "neither a mission nor a tile set"},
	} {
		var out, errOut strings.Builder
		code := Run(append([]string{"zmission"}, c.args...), strings.NewReader(""), &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut.String(), c.code, c.msg)
		}
	}
}
