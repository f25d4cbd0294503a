package validate

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestProgressNoOpOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 500)
	var wg sync.WaitGroup
	for i := range 500 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Done("m" + string(rune('a'+i%26)) + ".yaml")
		}()
	}
	wg.Wait()
	p.Finish()
	if buf.Len() != 0 {
		t.Errorf("progress wrote to a non-terminal: %q", buf.String())
	}
	var nilp *Progress
	nilp.Done("x")
	nilp.Finish()
}

// fakeClock advances only when told, so redraw throttling is tested
// without relying on wall-clock time.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestProgressDrawsAndThrottles(t *testing.T) {
	var buf bytes.Buffer
	clock := &fakeClock{t: time.Unix(0, 0)}
	p := newProgress(&buf, 12, true, clock.now)
	p.Done("missions/first.yaml") // first call always draws
	if got := buf.String(); got != "\r[#-------------------] 1/12 missions/first.yaml\x1b[K" {
		t.Fatalf("first draw = %q", got)
	}
	p.Done("b.yaml") // same instant: throttled
	if strings.Count(buf.String(), "\r") != 1 {
		t.Errorf("redrew within the throttle window: %q", buf.String())
	}
	clock.t = clock.t.Add(redrawEvery)
	p.Done("c.yaml")
	if !strings.HasSuffix(buf.String(), "\r[#####---------------] 3/12 c.yaml\x1b[K") {
		t.Errorf("second draw = %q", buf.String())
	}
	for range 9 {
		p.Done("last.yaml") // the final item always draws
	}
	if !strings.HasSuffix(buf.String(), "\r[####################] 12/12 last.yaml\x1b[K") {
		t.Errorf("final draw = %q", buf.String())
	}
	p.Finish()
	if !strings.HasSuffix(buf.String(), "\r\x1b[K") {
		t.Errorf("Finish did not clear the line: %q", buf.String())
	}
	n := buf.Len()
	p.Done("late.yaml")
	p.Finish()
	if buf.Len() != n {
		t.Error("wrote after Finish")
	}
}

func TestProgressLineFitsWidth(t *testing.T) {
	p := newProgress(nil, 100, true, time.Now)
	p.width = 40
	p.done = 7
	line := p.line("very/long/path/to/some/mission\x1b.yaml")
	if n := len([]rune(line)); n > 39 {
		t.Errorf("line of %d runes does not fit 40 columns: %q", n, line)
	}
	if !strings.HasSuffix(line, " …\\x1b.yaml") || !strings.Contains(line, "…") {
		t.Errorf("line = %q", line)
	}
	p.width = 10
	if line := p.line("a.yaml"); line != "[#-------------------] 7/100" {
		t.Errorf("narrow line = %q", line)
	}
}

func TestProgressNeedsTenItems(t *testing.T) {
	if p := NewProgress(nil, 9); p.active {
		t.Error("active for fewer than ten items")
	}
}

// TestProgressPrint: output printed through Print never lands on the bar's
// line: the bar is wiped first, and drawn again by the next Done.
func TestProgressPrint(t *testing.T) {
	var b strings.Builder
	now := time.Unix(0, 0)
	p := newProgress(&b, 20, true, func() time.Time { now = now.Add(time.Second); return now })
	p.Done("a.yaml")
	p.Print(func() error { b.WriteString("a.yaml:1:1: error: x [y]\n"); return nil })
	p.Done("b.yaml")
	want := "\r[#-------------------] 1/20 a.yaml\x1b[K\r\x1b[Ka.yaml:1:1: error: x [y]\n\r[##------------------] 2/20 b.yaml\x1b[K"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}
