package zmission_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zmission/zmission/app"
)

// hangGuard is how long one run may take before the test calls it a hang.
// It guards against an endless loop; it is not a speed requirement.
const hangGuard = 20 * time.Second

// TestHostileInput validates files built to hurt a parser, end to end:
// each must fail with exit 1 and exactly one located finding of the
// expected rule, never a panic, an internal error or a hang.
func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		rule string
		data func() []byte
	}{
		{"huge.yaml", "too-large", func() []byte {
			// 9 MiB of comments, over the 8 MiB default limit.
			return bytes.Repeat([]byte("# filler\n"), 9<<20/9+1)
		}},
		{"deep.json", "too-deep", func() []byte {
			return []byte(strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000))
		}},
		{"deep.yaml", "too-deep", func() []byte {
			return []byte(strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000))
		}},
		{"alias-bomb.yaml", "too-many-nodes", func() []byte {
			var b strings.Builder
			b.WriteString(`a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]` + "\n")
			for c := 'b'; c <= 'i'; c++ {
				p := "*" + string(c-1)
				fmt.Fprintf(&b, "%c: &%c [%s]\n", c, c, strings.Repeat(p+", ", 8)+p)
			}
			return []byte(b.String())
		}},
		{"random.yaml", "encoding", func() []byte {
			r := rand.New(rand.NewPCG(1, 2))
			b := make([]byte, 64<<10)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			return b
		}},
		{"flow-list.yaml", "root-type", func() []byte {
			var b strings.Builder
			b.WriteString("[")
			for i := range 100_000 {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%d", i)
			}
			b.WriteString("]\n")
			return []byte(b.String())
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, c.data(), 0o644); err != nil {
				t.Fatal(err)
			}
			type result struct {
				code     int
				out, err string
			}
			done := make(chan result, 1)
			go func() {
				code, out, errOut := run("validate", "--format", "json", path)
				done <- result{code, out, errOut}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(hangGuard):
				t.Fatalf("validate did not return within %v", hangGuard)
			}
			if r.code != app.ExitFindings {
				t.Fatalf("exit code %d, want %d\nstderr: %s", r.code, app.ExitFindings, r.err)
			}
			if strings.Contains(r.err, "internal error") {
				t.Fatalf("the tool failed: %s", r.err)
			}
			diags := parseDiags(t, r.out)
			if len(diags) != 1 {
				t.Fatalf("%d findings, want 1:\n%s", len(diags), r.out)
			}
			d := diags[0]
			if d.File != path || d.Line < 1 || d.Col < 1 {
				t.Errorf("finding not located in the file: %s:%d:%d", d.File, d.Line, d.Col)
			}
			if d.Rule != c.rule {
				t.Errorf("rule %s (%s), want %s", d.Rule, d.Message, c.rule)
			}
		})
	}
}
