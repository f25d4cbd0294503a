package validate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// Stream prints diagnostics file by file as they come, so a run over
// thousands of files holds one file's findings at a time, not all of them.
// The output is byte for byte what Write prints for the same diagnostics
// when the batches come in Write's order (by file), which is what a caller
// gets by adding files in sorted order.
//
// Text, GitHub and JSON are written as each batch is added. SARIF lists the
// rules the results use before the results, so its diagnostics are kept
// (their text only, a few hundred bytes each) and written by Close.
type Stream struct {
	w      *bufio.Writer
	format Format
	o      Options
	pal    palette
	n      int          // diagnostics written (JSON: for the separators)
	kept   []Diagnostic // SARIF
	failed []string     // SARIF: why the run did not complete
	opened bool         // JSON: the frame's start is written
	closed bool
}

// NewStream starts a stream of diagnostics in format f written to w.
func NewStream(w io.Writer, f Format, o Options) (*Stream, error) {
	switch f {
	case Text, JSON, SARIF, GitHub:
	default:
		return nil, fmt.Errorf("unknown output format %q", string(f))
	}
	// JSON's frame is started by the first Add or by Close, so a run
	// that stops with a usage error before either writes nothing.
	return &Stream{w: bufio.NewWriter(w), format: f, o: o, pal: newPalette(o.Color)}, nil
}

// open writes the start of JSON's frame, once.
func (s *Stream) open() {
	if s.format == JSON && !s.opened {
		s.opened = true
		s.w.WriteString("{\n  \"diagnostics\": [")
	}
}

// Failed records that the run did not complete and why (a file could not
// be read, the tool failed on one). SARIF then says so in its invocation;
// the other formats already carry the finding that says it.
func (s *Stream) Failed(why string) {
	s.failed = append(s.failed, why)
}

// Add prints the diagnostics of one file (or of any group that sorts
// after everything added before), sorted, leaving out those switched off.
func (s *Stream) Add(ds []Diagnostic) error {
	ds = prepare(s.o.rebase(s.format, ds))
	if len(ds) == 0 {
		return nil
	}
	s.open()
	switch s.format {
	case Text:
		writeText(s.w, ds, s.pal)
	case GitHub:
		writeGitHub(s.w, ds)
	case SARIF:
		s.kept = append(s.kept, ds...)
		return nil
	case JSON:
		for _, d := range ds {
			if s.n > 0 {
				s.w.WriteByte(',')
			}
			s.w.WriteString("\n    ")
			var b bufferWriter
			enc := json.NewEncoder(&b)
			enc.SetIndent("    ", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(diagnosticJSON(d)); err != nil {
				return err
			}
			s.w.Write(b.trimNewline())
			s.n++
		}
	}
	// Flushed per file: a reader of the output sees each file's findings
	// as soon as they are known.
	return s.w.Flush()
}

// Close ends the output (the closing brackets of JSON, the whole of SARIF)
// and flushes it.
func (s *Stream) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	s.open()
	switch s.format {
	case JSON:
		if s.n > 0 {
			s.w.WriteString("\n  ")
		}
		s.w.WriteString("]\n}\n")
	case SARIF:
		if err := writeSARIF(s.w, s.kept, s.o, Checks(), s.failed); err != nil {
			return err
		}
	}
	return s.w.Flush()
}

// bufferWriter collects one encoded value.
type bufferWriter struct{ b []byte }

func (w *bufferWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

func (w *bufferWriter) trimNewline() []byte {
	if n := len(w.b); n > 0 && w.b[n-1] == '\n' {
		return w.b[:n-1]
	}
	return w.b
}
