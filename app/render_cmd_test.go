package app

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"
)

// runRenderCmd runs a command line like Run does, with the render commands
// in place whether or not the root command lists them yet.
func runRenderCmd(args []string, stdout, stderr io.Writer) int {
	e := &env{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr, getenv: func(string) string { return "" }}
	root := e.root()
	if !hasSubcommand(root.Commands, "render") {
		root.Commands = append(root.Commands, e.renderCmd())
	}
	for _, c := range root.Commands {
		if c.Name == "tiles" && !hasSubcommand(c.Commands, "render") {
			c.Commands = append(c.Commands, e.tilesRenderCmd())
		}
	}
	err := root.Run(context.Background(), append([]string{"zmission"}, args...))
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			io.WriteString(stderr, "zmission: error: "+ee.msg+"\n")
		}
		if ee.hint != "" {
			io.WriteString(stderr, "zmission: hint: "+ee.hint+"\n")
		}
		return ee.code
	}
	io.WriteString(stderr, "zmission: error: "+err.Error()+"\n")
	return ExitUsage
}

func hasSubcommand(cs []*cli.Command, name string) bool {
	for _, c := range cs {
		if c.Name == name {
			return true
		}
	}
	return false
}

const renderExample = "../examples/invader/first-contact.yaml"

func wellFormedSVG(t *testing.T, data []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestRenderToStdoutAndFile(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runRenderCmd([]string{"render", renderExample}, &out, &errb); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !bytes.HasPrefix(out.Bytes(), []byte("<?xml")) || !bytes.Contains(out.Bytes(), []byte(`width="210mm" height="297mm"`)) {
		t.Fatalf("not an A4 SVG: %.200s", out.String())
	}
	wellFormedSVG(t, out.Bytes())

	file := filepath.Join(t.TempDir(), "map.svg")
	var out2 bytes.Buffer
	args := []string{"render", "--page", "letter", "--landscape", "--grid", "--mono", "--margin", "5",
		"--overlay", "sight=1A/w", "--overlay", "movement", "--overlay", "xenos", "--overlay", "threat", "--overlay", "mold", "-o", file, renderExample}
	if code := runRenderCmd(args, &out2, &errb); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out2.Len() != 0 {
		t.Errorf("-o still wrote to stdout: %.100s", out2.String())
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	wellFormedSVG(t, data)
	if !bytes.Contains(data, []byte(`width="279.4mm" height="215.9mm"`)) {
		t.Errorf("not a landscape letter page")
	}
	for _, want := range []string{"overlay-sight", "overlay-movement", "overlay-xenos", "overlay-threat", "overlay-mold", `class="coordinates"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("output lacks %s", want)
		}
	}
}

func TestRenderUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render"}, "render takes a mission file"},
		{[]string{"render", "--page", "a5", renderExample}, `unknown page "a5": use a4, letter, a3, fit`},
		{[]string{"render", "--margin", "-1", renderExample}, "the margin must be 0 mm or more"},
		{[]string{"render", "--margin", "90", renderExample}, "leaves no room for the map"},
		{[]string{"render", "--overlay", "heat", renderExample}, `unknown overlay "heat"; use sight=ZONE, movement, xenos, threat, mold or danger`},
		{[]string{"render", "--overlay", "sight", renderExample}, "overlay sight needs a zone"},
		{[]string{"render", "--overlay", "sight=9Z/q", renderExample}, "overlay sight=9Z/q:"},
		{[]string{"render", "--overlay", "sight=40,40", renderExample}, "overlay sight=40,40:"},
		{[]string{"render", "--overlay", "movement=1", renderExample}, "overlay movement takes no value"},
		{[]string{"tiles", "render", "extra"}, "tiles render takes no arguments"},
		{[]string{"tiles", "--tileset", "nosuchset", "render"}, `no built-in tile set "nosuchset"`},
	} {
		var out, errb bytes.Buffer
		code := runRenderCmd(c.args, &out, &errb)
		if code != ExitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %s)", c.args, code, ExitUsage, errb.String())
		}
		if !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: stderr %q lacks %q", c.args, errb.String(), c.want)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote to stdout on error", c.args)
		}
	}
}

func TestRenderSightHint(t *testing.T) {
	var out, errb bytes.Buffer
	runRenderCmd([]string{"render", "--overlay", "sight=1A/ww", renderExample}, &out, &errb)
	if !strings.Contains(errb.String(), "zmission: hint: close zone ids: 1A/w") {
		t.Errorf("no hint with close zone ids: %s", errb.String())
	}
}

func TestRenderMissingFile(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runRenderCmd([]string{"render", "no-such-file.yaml"}, &out, &errb); code != ExitFailed {
		t.Errorf("exit %d, want %d: %s", code, ExitFailed, errb.String())
	}
}

func TestRenderUnwritableOutput(t *testing.T) {
	var out, errb bytes.Buffer
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "map.svg")
	if code := runRenderCmd([]string{"render", "-o", bad, renderExample}, &out, &errb); code != ExitFailed {
		t.Errorf("exit %d, want %d: %s", code, ExitFailed, errb.String())
	}
}

func TestTilesRender(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runRenderCmd([]string{"tiles", "render"}, &out, &errb); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	wellFormedSVG(t, out.Bytes())
	for _, face := range []string{`data-face="1A"`, `data-face="9B"`} {
		if !bytes.Contains(out.Bytes(), []byte(face)) {
			t.Errorf("sheet lacks %s", face)
		}
	}
	file := filepath.Join(t.TempDir(), "sheet.svg")
	out.Reset()
	if code := runRenderCmd([]string{"tiles", "--tileset", "../layout/testdata/tilesets/ok-minimal.yaml", "render", "--mono", "-o", file}, &out, &errb); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	wellFormedSVG(t, data)
}
