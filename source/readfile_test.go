package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "m.yaml")
	if err := os.WriteFile(ok, []byte("id: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte(strings.Repeat("#", 2048)), 0o644); err != nil {
		t.Fatal(err)
	}

	data, p := ReadFile(ok, Limits{})
	if p != nil || string(data) != "id: x\n" {
		t.Errorf("ReadFile(ok) = %q, %v", data, p)
	}
	cases := []struct {
		path string
		lim  Limits
		code string
		msg  string
	}{
		{filepath.Join(dir, "missing.yaml"), Limits{}, CodeRead, "no such file"},
		{dir, Limits{}, CodeRead, "directory"},
		{big, Limits{MaxBytes: 1024}, CodeTooLarge, "the file is 2 KiB; files over 1 KiB are refused"},
	}
	for _, c := range cases {
		data, p := ReadFile(c.path, c.lim)
		if p == nil || data != nil {
			t.Errorf("ReadFile(%s) = %q, %v; want a problem", c.path, data, p)
			continue
		}
		if p.Code != c.code || !strings.Contains(p.Message, c.msg) || p.Pos != (Pos{1, 1}) {
			t.Errorf("ReadFile(%s): %v, want [%s] ...%s...", c.path, p, c.code, c.msg)
		}
		if strings.Contains(p.Message, dir) {
			t.Errorf("the message repeats the path: %s", p.Message)
		}
	}
}
