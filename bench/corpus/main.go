// Command corpus writes a folder of valid missions made from the examples,
// for timing a whole folder: N files, each an example with its own id and
// title, in YAML or, with -json, in JSON.
//
//	go run ./bench/corpus -n 2000 -o /tmp/corpus
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/source"
)

func main() {
	n := flag.Int("n", 2000, "how many missions")
	out := flag.String("o", "", "the folder to write (created)")
	asJSON := flag.Bool("json", false, "write JSON instead of YAML")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "corpus: name the folder with -o")
		os.Exit(2)
	}
	var srcs []string
	_ = fs.WalkDir(examples.FS, ".", func(p string, d fs.DirEntry, err error) error {
		// Grid-game missions only: their tile sets are built in, so each file
		// stands alone, as in most folders of missions.
		if err == nil && !d.IsDir() && !strings.HasPrefix(p, "templates/") &&
			(strings.HasPrefix(p, "invader/") || strings.HasPrefix(p, "classic/")) {
			srcs = append(srcs, p)
		}
		return nil
	})
	sort.Strings(srcs)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(3)
	}
	for i := range *n {
		name := srcs[i%len(srcs)]
		data, _ := fs.ReadFile(examples.FS, name)
		root, probs := source.Parse(name, data, source.DefaultLimits)
		if len(probs) > 0 {
			fmt.Fprintln(os.Stderr, "corpus:", name, probs[0].Message)
			os.Exit(3)
		}
		v := source.ToValue(root).(map[string]any)
		v["id"] = fmt.Sprintf("m%05d", i)
		v["title"] = fmt.Sprintf("Mission %d", i)
		var body []byte
		ext := ".yaml"
		if *asJSON {
			body, _ = json.MarshalIndent(v, "", "  ")
			ext = ".json"
		} else {
			s := strings.Replace(string(data), "\nid: ", fmt.Sprintf("\nid: m%05d\n# was: ", i), 1)
			body = []byte(s)
		}
		file := filepath.Join(*out, fmt.Sprintf("m%05d%s", i, ext))
		if err := os.WriteFile(file, body, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(3)
		}
	}
}
