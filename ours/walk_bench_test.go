package ours_test

import (
	"fmt"
	"testing"

	"github.com/zmission/zmission/ours"
)

// BenchmarkWalk walks a git checkout of 2,000 missions in 40 folders, with
// a .gitignore and 2,000 files of other tools beside them: the cost a
// folder walk adds before validate or fmt read a file. Owned reads every
// file once more to tell whose it is.
func BenchmarkWalk(b *testing.B) {
	root := b.TempDir()
	files := map[string]string{".git/HEAD": "ref: refs/heads/main\n", ".gitignore": "/public/\n*.tmp.yaml\n"}
	for i := range 2000 {
		dir := fmt.Sprintf("m%02d", i%40)
		files[fmt.Sprintf("%s/mission-%d.yaml", dir, i)] = fmt.Sprintf("format: 1\nid: m%d\nruleset: zombicide-invader\n", i)
		files[fmt.Sprintf("%s/other-%d.json", dir, i)] = `{"name": "x", "version": "1.0.0"}`
	}
	write(b, root, files)
	for _, owned := range []bool{false, true} {
		b.Run(fmt.Sprintf("owned=%v", owned), func(b *testing.B) {
			for b.Loop() {
				n := 0
				if _, err := ours.Walk(root, ours.WalkOptions{Owned: owned}, func(string) error { n++; return nil }); err != nil {
					b.Fatal(err)
				}
				if want := map[bool]int{false: 4000, true: 2000}[owned]; n != want {
					b.Fatalf("%d files, want %d", n, want)
				}
			}
		})
	}
}
