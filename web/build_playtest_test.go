package web

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBuildPlaytestWorker: the site holds the playtest worker's script
// and every script it imports, the service worker keeps them all (so the
// panel plays offline), and the page does not preload the worker's
// script as one of its own modules (it is a classic worker's script).
func TestBuildPlaytestWorker(t *testing.T) {
	wasm := filepath.Join(t.TempDir(), "zmission.wasm")
	if err := os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := Files(BuildOptions{Wasm: wasm})
	if err != nil {
		t.Fatal(err)
	}
	worker := "assets/" + WorkerFile
	src, ok := files[worker]
	if !ok {
		t.Fatalf("the site has no %s", worker)
	}
	need := []string{worker, "assets/playtest.js", ModuleFile}
	for _, m := range regexp.MustCompile(`importScripts\('([^']+)'\)`).FindAllStringSubmatch(string(src), -1) {
		need = append(need, path.Join("assets", m[1]))
	}
	if len(need) < 4 {
		t.Fatalf("the worker imports nothing: %q", need)
	}
	sw := string(files["sw.js"])
	for _, n := range need {
		if _, ok := files[n]; !ok {
			t.Errorf("the site has no %s", n)
		}
		if !strings.Contains(sw, `["`+n+`","sha256-`) {
			t.Errorf("the service worker does not keep %s", n)
		}
	}
	page := string(files["index.html"])
	if strings.Contains(page, `href="`+worker+`"`) {
		t.Errorf("the page preloads the worker's script as a module")
	}
	if !strings.Contains(page, `<link rel="modulepreload" href="assets/playtest.js">`) {
		t.Errorf("the page does not preload playtest.js with its other modules")
	}
}
