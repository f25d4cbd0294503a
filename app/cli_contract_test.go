package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVersionFirstLine: --version prints the first line of version, alone.
func TestVersionFirstLine(t *testing.T) {
	_, short, _ := runTTY("--version")
	_, long, _ := runTTY("version")
	first, _, _ := strings.Cut(long, "\n")
	if short != first+"\n" {
		t.Errorf("--version printed %q; version's first line is %q", short, first)
	}
}

// TestBinaryNotToTerminal: a PDF or PNG with no -o is refused on a terminal
// (exit 2, nothing written), and written when the output is a pipe or file.
func TestBinaryNotToTerminal(t *testing.T) {
	mission := filepath.Join("..", "examples", "invader", "first-contact.yaml")
	for _, args := range [][]string{
		{"render", "--format", "pdf", mission},
		{"render", "--format", "png", "-o", "-", mission},
		{"tiles", "render", "--format", "pdf"},
	} {
		code, out, errs := runTerminal(true, args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, "is not for a terminal") {
			t.Errorf("%v on a terminal: exit %d, %d bytes out, stderr %q; want 2, nothing, a refusal", args, code, len(out), errs)
		}
		code, out, _ = runTTY(args...) // stdout is not the terminal here
		if code != ExitOK || len(out) == 0 {
			t.Errorf("%v into a pipe: exit %d, %d bytes; want 0 and the file", args, code, len(out))
		}
	}
	// An SVG is text: a terminal may have it.
	if code, out, _ := runTerminal(true, "render", mission); code != ExitOK || !strings.HasPrefix(out, "<?xml") {
		t.Errorf("render to a terminal: exit %d", code)
	}
}

// TestUnreadableMission: a file the system will not let us read is "could
// not run" (3) in the system's words, in every door that reads one.
func TestUnreadableMission(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file; the script cli_contract covers a path that cannot be opened")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "locked.yaml")
	if err := os.WriteFile(f, []byte("format: 1\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"validate", f}, {"show", f}, {"site", f, "-o", filepath.Join(dir, "out")}, {"tiles", "--tileset", f}} {
		code, out, errs := runTTY(args...)
		if code != ExitFailed || !strings.Contains(out+errs, "permission denied") || strings.Contains(out+errs, "empty") {
			t.Errorf("%v: exit %d\n%s%s\nwant 3 and permission denied", args, code, out, errs)
		}
	}
}
