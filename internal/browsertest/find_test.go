package browsertest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// fakeBrowser makes an executable file named name in a folder of its own.
func fakeBrowser(t *testing.T, name string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("executables by name differ on Windows")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFind(t *testing.T) {
	t.Run("CHROME names a path", func(t *testing.T) {
		p := fakeBrowser(t, "my chrome")
		t.Setenv("CHROME", p)
		if got, ok := Find(); !ok || got != p {
			t.Errorf("Find() = %q, %v; want %q", got, ok, p)
		}
	})
	t.Run("CHROME names a command on PATH", func(t *testing.T) {
		p := fakeBrowser(t, "brave-browser")
		t.Setenv("PATH", filepath.Dir(p))
		t.Setenv("CHROME", "brave-browser")
		if got, ok := Find(); !ok || got != p {
			t.Errorf("Find() = %q, %v; want %q", got, ok, p)
		}
	})
	t.Run("a wrong CHROME is not passed over", func(t *testing.T) {
		p := fakeBrowser(t, "chromium")
		t.Setenv("PATH", filepath.Dir(p))
		t.Setenv("CHROME", filepath.Join(t.TempDir(), "missing"))
		if got, ok := Find(); ok {
			t.Errorf("Find() = %q with CHROME naming nothing", got)
		}
	})
	for _, name := range []string{"google-chrome-stable", "microsoft-edge", "chromium-browser"} {
		t.Run("by name: "+name, func(t *testing.T) {
			p := fakeBrowser(t, name)
			t.Setenv("PATH", filepath.Dir(p))
			t.Setenv("CHROME", "")
			t.Setenv("ZMISSION_CHROMIUM", "")
			if got, ok := Find(); !ok || got != p {
				t.Errorf("Find() = %q, %v; want %q", got, ok, p)
			}
		})
	}
	t.Run("chromium before edge", func(t *testing.T) {
		dir := filepath.Dir(fakeBrowser(t, "microsoft-edge"))
		if err := os.WriteFile(filepath.Join(dir, "chromium"), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("PATH", dir)
		t.Setenv("CHROME", "")
		t.Setenv("ZMISSION_CHROMIUM", "")
		if got, _ := Find(); got != filepath.Join(dir, "chromium") {
			t.Errorf("Find() = %q", got)
		}
	})
}

// The places looked at hold the usual install paths of this system.
func TestPlaces(t *testing.T) {
	want := map[string]string{
		"darwin":  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
		"linux":   "/opt/google/chrome/chrome",
		"freebsd": "/opt/google/chrome/chrome",
	}[runtime.GOOS]
	if want == "" {
		t.Skip("no expectation for " + runtime.GOOS)
	}
	for _, p := range places() {
		if p == want {
			return
		}
	}
	t.Errorf("places() = %q, without %s", places(), want)
}
