package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// removingWriter removes files the moment the first finding is written:
// any of them read after that is reported as missing, which shows what was
// (and was not) read before output began.
type removingWriter struct {
	once   sync.Once
	remove []string
	out    strings.Builder
}

func (w *removingWriter) Write(p []byte) (int, error) {
	w.once.Do(func() {
		for _, f := range w.remove {
			os.Remove(f)
		}
	})
	return w.out.Write(p)
}

// TestValidateStreams: the first file's findings are printed while most
// files are still unread, and the rest follow in name order: results are
// not kept to the end, so memory does not grow with the number of files.
func TestValidateStreams(t *testing.T) {
	dir := t.TempDir()
	window := 4*runtime.GOMAXPROCS(0) + 16
	n := 3*window + 10
	var files []string
	for i := 0; i < n; i++ {
		f := filepath.Join(dir, fmt.Sprintf("m%04d.yaml", i))
		if err := os.WriteFile(f, []byte("format: 1\nid: x\nruleset: colony\ntitel: X\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	late := files[2*window:]
	w := &removingWriter{remove: late}
	e := &env{stdout: w, stderr: &strings.Builder{}, getenv: func(string) string { return "" }}
	stream, err := validate.NewStream(w, validate.Text, validate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Files are handed over unsorted; findings come out by name.
	shuffled := append(append([]string{}, files[n/2:]...), files[:n/2]...)
	diags, _, checked, err := e.lintFiles(shuffled, map[string]bool{}, &outputOpts{limits: source.DefaultLimits}, stream)
	if err != nil || stream.Close() != nil {
		t.Fatal(err)
	}
	if checked.total() != n || len(diags) < n {
		t.Fatalf("checked %d files, %d findings; want %d files", checked.total(), len(diags), n)
	}
	lines := strings.Split(strings.TrimSpace(w.out.String()), "\n")
	var order []string
	for _, l := range lines {
		if strings.HasPrefix(l, " ") {
			continue // a hint under a finding
		}
		file := l[:strings.Index(l, ".yaml:")+5]
		if len(order) == 0 || order[len(order)-1] != file {
			order = append(order, file)
		}
	}
	for i := range order {
		if order[i] != files[i] {
			t.Fatalf("file %d printed is %s, want %s", i, order[i], files[i])
		}
	}
	for i, f := range files {
		missing := strings.Contains(w.out.String(), f+":1:1: error: cannot read the file")
		if i < window && missing {
			t.Errorf("%s was read after output began, though it is among the first", f)
		}
		if i >= 2*window+2*runtime.GOMAXPROCS(0) && !missing {
			t.Errorf("%s was read before the first finding was printed: results were kept back", f)
		}
	}
}
