package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

// Files that are not ours — a playbook, a workflow, a Kubernetes file, an
// empty YAML, a broken one of someone else's — get no diagnostics, as a
// folder walk of validate passes over them; a broken mission still does.
func TestSilentOnOtherFiles(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	others := map[string]string{
		"playbook.yaml":            "- hosts: all\n  tasks:\n    - name: ping\n      ping:\n",
		".github/workflows/ci.yml": "name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
		"deploy.yaml":              "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n",
		"empty.yaml":               "",
		"package.json":             "{\"name\": \"x\", \"version\": \"1.0.0\"}\n",
		"broken.yaml":              "apiVersion: v1\nkind: [Service\n",
		// Look-alikes: keys a mission has, in other tools' files.
		"manifest.json":      `{"id": "/", "name": "Missions", "start_url": "/", "display": "standalone"}`,
		"_quarto.yml":        "project:\n  type: website\nformat:\n  html:\n    theme: cosmo\n",
		"schema/box.json":    `{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.org/box.json", "title": "Box", "type": "object"}`,
		"_data/missions.yml": "- id: first\n  title: First\n",
		"_data/site.yml":     "id: fan-site\nformat: html\n",
		"maps/station.json":  `{"height": 10, "layers": [], "tilesets": [{"firstgid": 1, "source": "tiles.json"}], "type": "map", "width": 10}`,
		"maps/tiles.json":    `{"columns": 8, "image": "tiles.png", "name": "station", "tiles": [{"id": 0}], "type": "tileset"}`,
		"drafts/half.yaml":   "id: half\nformat: [\n",
	}
	names := []string{"playbook.yaml", ".github/workflows/ci.yml", "deploy.yaml", "empty.yaml", "package.json", "broken.yaml",
		"manifest.json", "_quarto.yml", "schema/box.json", "_data/missions.yml", "_data/site.yml", "maps/station.json", "maps/tiles.json"}
	for _, n := range names {
		uri := c.open(filepath.Join(root, n), others[n])
		if ds := c.diagnostics(uri, 1); len(ds) != 0 {
			t.Errorf("%s: %+v", n, ds)
		}
	}
	// a mission with a syntax error is ours, with its error
	uri := c.open(filepath.Join(root, "m.yaml"), "format: 1\nid: x\ntiles: [\n")
	if ds := c.diagnostics(uri, 1); len(ds) == 0 || ds[0].Code != "syntax" {
		t.Errorf("a broken mission: %+v", ds)
	}
	c.shutdown()
}

// An unclosed '[' that the parser notices on a later line is underlined
// where the message says it starts, and where the parser stopped is a
// note.
func TestSyntaxErrorOnItsLine(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := "format: 1\nid: x\ntiles:\n  - face: 1A\n    at: [0, 0\nobjectives: []\n"
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 {
		t.Fatalf("%+v", ds)
	}
	d := ds[0]
	// the message names line 5, column 9: the '[' (1-based)
	if !strings.Contains(d.Message, "starts at line 5, column 9") {
		t.Fatalf("the message: %s", d.Message)
	}
	if d.Range.Start != (Position{Line: 4, Character: 8}) || textAt(t, doc, d.Range, utf16Enc) != "[0, 0" {
		t.Errorf("range %+v: %q", d.Range, textAt(t, doc, d.Range, utf16Enc))
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Location.Range.Start.Line != 5 {
		t.Errorf("where the parser stopped: %+v", d.RelatedInformation)
	}
	c.shutdown()
}
