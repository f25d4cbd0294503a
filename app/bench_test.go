package app

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/source"
)

// BenchmarkValidateFolder is 'zmission validate DIR' in process on a folder
// of valid Invader and classic missions made from the examples, as
// bench/corpus makes them, in YAML and in JSON: the per-file cost of a
// folder run without the process start-up (bench/folder.sh times the
// whole process). ns/file is the wall time per file on all cores.
func BenchmarkValidateFolder(b *testing.B) {
	const n = 400
	for _, asJSON := range []bool{false, true} {
		dir := b.TempDir()
		writeCorpus(b, dir, n, asJSON)
		name := "yaml"
		if asJSON {
			name = "json"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if code := Run([]string{"zmission", "validate", "--quiet", dir}, nil, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/file")
		})
	}
}

func writeCorpus(b *testing.B, dir string, n int, asJSON bool) {
	var srcs []string
	_ = fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasPrefix(p, "invader/") || strings.HasPrefix(p, "classic/")) {
			srcs = append(srcs, p)
		}
		return nil
	})
	sort.Strings(srcs)
	if len(srcs) == 0 {
		b.Fatal("no examples")
	}
	for i := range n {
		src := srcs[i%len(srcs)]
		data, _ := fs.ReadFile(examples.FS, src)
		body := []byte(strings.Replace(string(data), "\nid: ", fmt.Sprintf("\nid: m%05d\n# was: ", i), 1))
		ext := ".yaml"
		if asJSON {
			root, probs := source.Parse(src, data, source.DefaultLimits)
			if len(probs) > 0 {
				b.Fatal(probs)
			}
			v := source.ToValue(root).(map[string]any)
			v["id"] = fmt.Sprintf("m%05d", i)
			body, _ = json.MarshalIndent(v, "", "  ")
			ext = ".json"
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("m%05d%s", i, ext)), body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}
