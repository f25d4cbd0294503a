package app

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
)

// syncBuffer is an output the watch loop writes to while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitFor waits until out holds want at least n times. The deadline only
// guards against a hang; nothing is asserted about how long it took.
func waitFor(t *testing.T, out *syncBuffer, want string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(out.String(), want) < n {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10s for %d× %q; output so far:\n%s", n, want, out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// startWatch runs the loop in the background; stop cancels it and returns
// what it returned.
func startWatch(t *testing.T, cfg watchConfig) (out *syncBuffer, stop func() error) {
	t.Helper()
	out = &syncBuffer{}
	cfg.out = out
	if cfg.interval == 0 {
		cfg.interval = 10 * time.Millisecond
	}
	cfg.now = func() time.Time { return time.Date(2025, 3, 1, 12, 4, 31, 0, time.UTC) }
	cfg.limits = source.DefaultLimits
	cfg.page.Page = "a4"
	e := &env{stdout: out, stderr: out, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.watchLoop(ctx, cfg) }()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("the watch loop did not end when cancelled")
			return nil
		}
	}
	t.Cleanup(func() { stop() })
	return out, stop
}

func readExample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(renderExample)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// write saves a file whole, as most editors do, so the loop never sees a
// state the test did not mean.
func write(t *testing.T, path, data string) {
	t.Helper()
	if err := missions.WriteFile(path, []byte(data), true); err != nil {
		t.Fatal(err)
	}
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestWatchLoopKeepsTheLastGoodMap(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "first-contact.yaml")
	svg := filepath.Join(dir, "first-contact.svg")
	good := readExample(t)
	write(t, mission, good)

	out, stop := startWatch(t, watchConfig{mission: mission, output: svg, clear: true})
	written := ": clean; map written to " + svg
	waitFor(t, out, written, 1)
	if first := out.String(); first != clearScreen+"12:04:31 "+mission+written+"\n" {
		t.Errorf("first report = %q", first)
	}
	map1 := readBytes(t, svg)
	wellFormedSVG(t, map1)
	if !bytes.Contains(map1, []byte("First Contact")) {
		t.Errorf("the map lacks the mission's title")
	}

	// A save cut short: findings, and the map stays as it was.
	write(t, mission, good[:len(good)/2]+"tiles: [\n")
	waitFor(t, out, "cannot build the board; map kept from the last good version", 1)
	if !strings.Contains(out.String(), "[syntax]\n12:04:31 "+mission+": 1 error; cannot build") {
		t.Errorf("no syntax finding printed:\n%s", out.String())
	}
	if !bytes.Equal(readBytes(t, svg), map1) {
		t.Fatal("a broken save changed the map")
	}

	// Fixed, and changed: the map follows.
	write(t, mission, strings.Replace(good, "title: First Contact", "title: Second Contact, the long way round", 1))
	waitFor(t, out, written, 2)
	map2 := readBytes(t, svg)
	wellFormedSVG(t, map2)
	if !bytes.Contains(map2, []byte("Second Contact")) {
		t.Errorf("the map was not redrawn from the fixed mission")
	}
	if err := stop(); err != nil {
		t.Errorf("cancelled loop returned %v, want nil", err)
	}
	if n, m := strings.Count(out.String(), clearScreen), strings.Count(out.String(), "12:04:31 "); n != m {
		t.Errorf("%d screen clears for %d reports", n, m)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestWatchLoopFindingsStillDraw(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	svg := filepath.Join(dir, "out", "map.svg")
	if err := os.Mkdir(filepath.Dir(svg), 0o755); err != nil {
		t.Fatal(err)
	}
	// An objective with no token: an error, but the board is built.
	write(t, mission, strings.Replace(readExample(t), "objectives:\n", "objectives:\n  - take: blue\n", 1))
	out, _ := startWatch(t, watchConfig{mission: mission, output: svg})
	waitFor(t, out, ": 1 error; map written to "+svg, 1)
	if !strings.Contains(out.String(), "[objective-count]") {
		t.Errorf("finding not printed:\n%s", out.String())
	}
	if strings.Contains(out.String(), clearScreen) {
		t.Errorf("cleared a screen that is not a terminal")
	}
	wellFormedSVG(t, readBytes(t, svg))
}

func TestWatchLoopFileGoneAndBack(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	svg := filepath.Join(dir, "m.svg")
	good := readExample(t)
	write(t, mission, good)
	out, stop := startWatch(t, watchConfig{mission: mission, output: svg})
	waitFor(t, out, "map written to", 1)
	map1 := readBytes(t, svg)

	if err := os.Remove(mission); err != nil {
		t.Fatal(err)
	}
	waitFor(t, out, "the file is gone; waiting for it to come back; map kept from the last good version", 1)
	if !bytes.Equal(readBytes(t, svg), map1) {
		t.Fatal("the map changed while the mission was gone")
	}
	write(t, mission, strings.Replace(good, "First Contact", "Back Again", 1))
	waitFor(t, out, "map written to", 2)
	if !bytes.Contains(readBytes(t, svg), []byte("Back Again")) {
		t.Errorf("the map was not redrawn when the mission came back")
	}
	if err := stop(); err != nil {
		t.Errorf("cancelled loop returned %v", err)
	}
}

const watchTiles = `format: 1
name: outpost
size: 2
faces:
  P1:
    grid:
      - r c
      - r c
    zones:
      r: room
      c: corridor
    edges:
      0,0 e: door
`

const watchOutpost = `format: 1
id: outpost-run
title: Outpost run
ruleset: zombicide-invader
tileset: ./tiles.yaml
tiles:
  - {face: P1, at: [0, 0]}
tokens:
  - {type: start, at: [1, 1]}
  - {type: exit, at: [1, 0]}
objectives:
  - exit: all
`

func TestWatchLoopFollowsTheTileSetFile(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "run.yaml")
	tiles := filepath.Join(dir, "tiles.yaml")
	svg := filepath.Join(dir, "run.svg")
	write(t, tiles, watchTiles)
	write(t, mission, watchOutpost)
	out, _ := startWatch(t, watchConfig{mission: mission, output: svg})
	waitFor(t, out, ": clean; map written to", 1)
	map1 := readBytes(t, svg)

	// Only the tile set changes: the mission is checked again.
	write(t, tiles, strings.Replace(watchTiles, "c: corridor", "c: [", 1))
	waitFor(t, out, "cannot build the board; map kept from the last good version", 1)
	if !strings.Contains(out.String(), "[tileset]") {
		t.Errorf("no tile-set finding:\n%s", out.String())
	}
	if !bytes.Equal(readBytes(t, svg), map1) {
		t.Fatal("a broken tile set changed the map")
	}
	write(t, tiles, strings.Replace(watchTiles, "0,0 e: door", "0,0 e: opening", 1))
	waitFor(t, out, ": clean; map written to", 2)
	if bytes.Equal(readBytes(t, svg), map1) {
		t.Errorf("the map was not redrawn with the changed tile set")
	}
}

func TestWatchLoopOverlayOnAChangingBoard(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	svg := filepath.Join(dir, "m.svg")
	write(t, mission, readExample(t))
	out, _ := startWatch(t, watchConfig{mission: mission, output: svg, overlays: []string{"sight=40,40"}})
	waitFor(t, out, "; no map written yet", 1)
	if !strings.Contains(out.String(), ": clean; overlay sight=40,40: ") {
		t.Errorf("overlay problem not reported:\n%s", out.String())
	}
	if _, err := os.Stat(svg); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a map was written without its overlay (%v)", err)
	}
}

func TestWatchMissingAtStart(t *testing.T) {
	mission := filepath.Join(t.TempDir(), "nothing-here.yaml")
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
	err := e.watchLoop(context.Background(), watchConfig{mission: mission, output: mission + ".svg", interval: time.Hour,
		now: time.Now, out: &bytes.Buffer{}, limits: source.DefaultLimits})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != ExitFailed || !strings.Contains(ee.msg, "no such file") {
		t.Fatalf("got %#v, want exit %d for a missing file", err, ExitFailed)
	}

	var out, errb bytes.Buffer
	if code := runRenderCmd([]string{"watch", mission}, &out, &errb); code != ExitFailed {
		t.Errorf("exit %d, want %d: %s", code, ExitFailed, errb.String())
	}
	if want := "zmission: error: cannot watch " + mission + ": there is no such file\nzmission: hint: start one with 'zmission new "; !strings.HasPrefix(errb.String(), want) {
		t.Errorf("stderr = %q", errb.String())
	}
}

func TestWatchUsageErrors(t *testing.T) {
	tiles := filepath.Join(t.TempDir(), "tiles.yaml")
	write(t, tiles, watchTiles)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"watch"}, "watch takes one mission file"},
		{[]string{"watch", renderExample, "extra"}, "watch takes one mission file"},
		{[]string{"watch", "--interval", "1ms", renderExample}, "--interval must be at least 10ms"},
		{[]string{"watch", "--color", "sometimes", renderExample}, `unknown --color "sometimes"`},
		{[]string{"watch", "--page", "a5", renderExample}, `unknown page "a5"`},
		{[]string{"watch", "--overlay", "heat", renderExample}, `unknown overlay "heat"`},
		{[]string{"watch", "--overlay", "sight", renderExample}, "overlay sight needs a zone"},
		{[]string{"watch", "--overlay", "xenos=1", renderExample}, "overlay xenos takes no value"},
		{[]string{"watch", "-o", "-", renderExample}, "not to standard output"},
		{[]string{"watch", "-"}, "not standard input"},
		{[]string{"watch", "-o", "../examples/invader/../invader/first-contact.yaml", renderExample}, "the map would replace the mission"},
		{[]string{"watch", tiles}, "is a tile set, not a mission"},
	} {
		var out, errb bytes.Buffer
		if code := runRenderCmd(c.args, &out, &errb); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %s)", c.args, code, ExitUsage, errb.String())
		}
		if !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: stderr %q lacks %q", c.args, errb.String(), c.want)
		}
	}
}

// TestWatchEndsOnInterrupt runs the whole command and stops it the way
// Ctrl-C does.
func TestWatchEndsOnInterrupt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no way to send an interrupt to oneself on Windows")
	}
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	write(t, mission, readExample(t))
	out := &syncBuffer{}
	code := make(chan int, 1)
	go func() {
		code <- runRenderCmd([]string{"watch", "--interval", "10ms", mission}, out, out)
	}()
	// The signal handler is in place before the first report is printed.
	waitFor(t, out, "map written to "+filepath.Join(dir, "m.svg"), 1)
	p, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-code:
		if c != ExitOK {
			t.Errorf("exit %d after an interrupt, want 0:\n%s", c, out.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("watch did not end on an interrupt")
	}
}

func TestMapPath(t *testing.T) {
	for in, want := range map[string]string{
		"m.yaml":           "m.svg",
		"dir/m.YML":        "dir/m.svg",
		"m.json":           "m.svg",
		"m.v2.yaml":        "m.v2.svg",
		"mission":          "mission.svg",
		"notes.txt":        "notes.txt.svg",
		"a.b/first.yaml":   "a.b/first.svg",
		"../x/first.yaml":  "../x/first.svg",
		"first-contact.js": "first-contact.js.svg",
	} {
		if got := mapPath(in); got != want {
			t.Errorf("mapPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWatchStopsDuringARead: cancelling (Ctrl-C, SIGTERM) ends the loop at
// once even while a report is held up, as by a read that does not return.
func TestWatchStopsDuringARead(t *testing.T) {
	dir := t.TempDir()
	mission := filepath.Join(dir, "m.yaml")
	write(t, mission, readExample(t))
	held := make(chan struct{})
	cfg := watchConfig{mission: mission, output: filepath.Join(dir, "m.svg"), beforeReport: func() {
		close(held)
		select {} // a read that never ends
	}}
	_, stop := startWatch(t, cfg)
	<-held
	if err := stop(); err != nil { // fails the test if the loop does not end
		t.Fatal(err)
	}
}
