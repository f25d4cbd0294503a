package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A client that takes dynamic registration is asked to watch the YAML and
// JSON files and the configurations; one that does not is asked nothing.
func TestWatchRegistration(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	m := c.call("initialize", map[string]any{"processId": nil, "rootUri": fileURI(root),
		"capabilities": map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}})
	if m.Error != nil {
		t.Fatal(m.Error.Message)
	}
	c.notify("initialized", map[string]any{})
	reg := c.waitFor(func(m *message) bool { return m.Method == "client/registerCapability" })
	if !reg.isRequest() {
		t.Fatalf("the registration is not a request: %+v", reg)
	}
	var p struct {
		Registrations []struct {
			Method          string
			RegisterOptions struct {
				Watchers []struct{ GlobPattern string }
			}
		}
	}
	if err := json.Unmarshal(reg.Params, &p); err != nil || len(p.Registrations) != 1 || p.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
		t.Fatalf("registration %s: %v", reg.Params, err)
	}
	var globs []string
	for _, w := range p.Registrations[0].RegisterOptions.Watchers {
		globs = append(globs, w.GlobPattern)
	}
	if got := strings.Join(globs, " "); !strings.Contains(got, "**/*.{yaml,yml,json}") || !strings.Contains(got, "**/.zmission.{yaml,yml}") {
		t.Errorf("watched: %s", got)
	}
	// the client answers; the server takes the answer and goes on
	c.send(&message{ID: reg.ID, Result: json.RawMessage("null")})
	c.shutdown()

	// without dynamic registration: no request
	c = startServer(t, root, Options{})
	c.initialize()
	c.shutdown()
	for _, n := range c.notes {
		if n.Method == "client/registerCapability" {
			t.Errorf("registration sent to a client that does not take it: %s", n.Params)
		}
	}
}

// A tile set or a configuration changed on the disk (not open in the
// editor) re-checks the open missions that use it when the client says
// so.
func TestWatchedFileRechecks(t *testing.T) {
	tiles := "format: 1\nname: mine\nsize: 3\nfaces:\n  S1:\n    grid:\n      - a a a\n      - a a a\n      - a a a\n    zones:\n      a: street\n"
	mission := strings.NewReplacer("tileset: station", "tileset: ./tiles/mine.yaml", "face: 1A", "face: S1", "ruleset: zombicide-invader", "ruleset: zombicide-classic").Replace(twoStarts)
	root := workspace(t, map[string]string{"tiles/mine.yaml": tiles})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), mission)
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Code != "start-multiple" {
		t.Fatalf("before: %+v", ds)
	}
	// the face S1 goes: the mission's tile is unknown
	tilesPath := filepath.Join(root, "tiles/mine.yaml")
	os.WriteFile(tilesPath, []byte(strings.Replace(tiles, "S1:", "S2:", 1)), 0o644)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": fileURI(tilesPath), "type": 2}}})
	ds := c.diagnostics(uri, 1)
	found := false
	for _, d := range ds {
		found = found || strings.Contains(d.Message, "S1")
	}
	if !found {
		t.Errorf("after S1 left the tile set on the disk: %+v", ds)
	}
	// a configuration appears: the severity changes
	os.WriteFile(tilesPath, []byte(tiles), 0o644)
	cfg := filepath.Join(root, ".zmission.yaml")
	os.WriteFile(cfg, []byte("rules:\n  start-multiple: info\n"), 0o644)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": fileURI(tilesPath), "type": 2}, {"uri": fileURI(cfg), "type": 1}}})
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Severity != severityInfo {
		t.Errorf("after the configuration appeared: %+v", ds)
	}
	c.shutdown()
}
