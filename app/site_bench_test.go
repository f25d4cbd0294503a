package app

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"
)

// BenchmarkSite is 'zmission site' in process on a generated collection
// of every game (generateCollection: the ten examples in turn, a colony
// collection beside them) at several sizes:
//
//   - scratch/N builds the whole site into an empty folder;
//   - change/N rebuilds it after one mission's title changed, which must
//     redraw one page and the index, whatever N is;
//   - unchanged/N rebuilds it with nothing changed.
//
// MB/1000-missions is the size of the site built from scratch, for 1,000
// missions like these. ms/mission is the wall time per mission and
// cpu-ms/mission the CPU time
// of the process per mission (what a loaded machine does not stretch):
// flat from size to size for a build from scratch, falling as 1/N for a
// rebuild. A loop over the pages inside a loop over the pages shows as
// growth with N. bench/site.sh prints them against the targets.
func BenchmarkSite(b *testing.B) {
	for _, n := range []int{10, 100, 300} {
		parent := b
		// The collection and its site are made on first use, in the
		// parent's folder, so that each sub-benchmark leaves the site
		// built for the next and -bench picking one makes only what it
		// needs.
		var col, out string
		var files []string
		built := false
		collection := func(b *testing.B) {
			if col != "" {
				return
			}
			col = parent.TempDir()
			generateCollection(b, col, n)
			for f := range readTree(b, col) {
				if filepath.Dir(f) != "colony/collections" {
					files = append(files, f)
				}
			}
			sort.Strings(files)
			out = filepath.Join(parent.TempDir(), "public")
		}
		site := func(b *testing.B) {
			// Published, as a site is: with its address, so with its
			// sitemap, feed and link-preview pictures.
			if code := Run([]string{"zmission", "site", "-q", "--base-url", "https://club.example.org/missions/", "-o", out, col}, nil, io.Discard, io.Discard); code != 0 {
				b.Fatalf("exit %d", code)
			}
		}
		perMission := func(b *testing.B) func() {
			start := processCPU()
			return func() {
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N*n), "ms/mission")
				b.ReportMetric(float64((processCPU()-start).Microseconds())/1e3/float64(b.N*n), "cpu-ms/mission")
			}
		}
		b.Run(fmt.Sprintf("scratch/%d", n), func(b *testing.B) {
			collection(b)
			done := perMission(b)
			for b.Loop() {
				b.StopTimer()
				if err := os.RemoveAll(out); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				site(b)
			}
			done()
			built = true
			// The site's size, per 1,000 missions (the target is 150 MB).
			var size int64
			for _, data := range readTree(b, out) {
				size += int64(len(data))
			}
			b.ReportMetric(float64(size)/1e6/float64(n)*1000, "MB/1000-missions")
		})
		b.Run(fmt.Sprintf("change/%d", n), func(b *testing.B) {
			collection(b)
			if !built {
				site(b)
				built = true
			}
			one := filepath.Join(col, files[0])
			orig, err := os.ReadFile(one)
			if err != nil {
				b.Fatal(err)
			}
			i := 0
			done := perMission(b)
			for b.Loop() {
				// A new title each time, so that each run has a change.
				i++
				changed := bytes.Replace(orig, []byte("\ntitle: "), fmt.Appendf(nil, "\ntitle: Changed %d ", i), 1)
				if bytes.Equal(changed, orig) {
					b.Fatalf("%s has no title to change", one)
				}
				if err := os.WriteFile(one, changed, 0o644); err != nil {
					b.Fatal(err)
				}
				site(b)
			}
			done()
		})
		b.Run(fmt.Sprintf("unchanged/%d", n), func(b *testing.B) {
			collection(b)
			if !built {
				site(b)
				built = true
			}
			done := perMission(b)
			for b.Loop() {
				site(b)
			}
			done()
		})
	}
}

// processCPU is the CPU time the process has used, on every core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
