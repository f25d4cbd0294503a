package validate

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// redrawEvery bounds how often the bar is redrawn, so thousands of small
// files do not turn into thousands of terminal writes.
const redrawEvery = 50 * time.Millisecond

// minProgressTotal is the smallest amount of work worth a bar.
const minProgressTotal = 10

// Progress draws a one-line progress bar on a terminal:
//
//	[########------------] 12/30 missions/b.yaml
//
// It draws only when its writer is a terminal and there are at least ten
// items; otherwise (piped output, CI logs, a few files) every method is a
// no-op, and so is every method of a nil *Progress. It is safe for
// concurrent use.
type Progress struct {
	mu       sync.Mutex
	w        io.Writer
	total    int
	done     int
	width    int // terminal columns
	active   bool
	drawn    bool
	finished bool
	last     time.Time
	now      func() time.Time
}

// NewProgress starts a bar over total items written to w.
func NewProgress(w io.Writer, total int) *Progress {
	p := newProgress(w, total, IsTerminal(w) && total >= minProgressTotal, time.Now)
	if p.active {
		if f, ok := w.(interface{ Fd() uintptr }); ok {
			if cols, ok := widthOf(f.Fd()); ok {
				p.width = cols
			}
		}
	}
	return p
}

func newProgress(w io.Writer, total int, active bool, now func() time.Time) *Progress {
	return &Progress{w: w, total: total, width: 80, active: active, now: now}
}

// Done records one more finished item, file being its name.
func (p *Progress) Done(file string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.active || p.finished {
		return
	}
	p.done++
	t := p.now()
	if p.drawn && t.Sub(p.last) < redrawEvery && p.done < p.total {
		return
	}
	p.last = t
	p.drawn = true
	fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(file))
}

// Print runs print with the bar wiped off its line and held off until
// print returns, so findings printed to the same terminal never mix with
// the bar; the next Done draws it again.
func (p *Progress) Print(print func() error) error {
	if p == nil {
		return print()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.active && p.drawn && !p.finished {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
	return print()
}

// Finish clears the bar's line, leaving the terminal as it was. Later calls
// to Done are ignored.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.active && p.drawn && !p.finished {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
	p.finished = true
}

// line renders the bar, cut to the terminal width so it never wraps (a
// wrapped line cannot be redrawn with \r).
func (p *Progress) line(file string) string {
	const barWidth = 20
	done := min(p.done, p.total)
	filled := barWidth * done / max(p.total, 1)
	s := fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("#", filled), strings.Repeat("-", barWidth-filled), done, p.total)
	room := p.width - 1 - len(s) - 1
	name := []rune(sanitize(file))
	if room <= 0 || len(name) == 0 {
		return s
	}
	if len(name) > room {
		// keep the end of the path: it names the file
		name = append([]rune("…"), name[len(name)-room+1:]...)
	}
	return s + " " + string(name)
}
