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

// BenchmarkClassify tells a file of another tool (no mark of ours: told
// without parsing) and a mission (parsed) apart.
func BenchmarkClassify(b *testing.B) {
	foreign := []byte(`{"name": "missions-site", "version": "1.0.0", "id": "/", "scripts": {"build": "mkdocs build"}, "devDependencies": {"prettier": "3.3.3", "eslint": "9.0.0"}}`)
	mission := []byte("format: 1\nid: m\ntitle: M\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n")
	b.Run("foreign", func(b *testing.B) {
		for b.Loop() {
			if ours.Classify("package.json", foreign) != ours.None {
				b.Fatal("claimed")
			}
		}
	})
	b.Run("mission", func(b *testing.B) {
		for b.Loop() {
			if ours.Classify("m.yaml", mission) != ours.Mission {
				b.Fatal("not claimed")
			}
		}
	})
}
