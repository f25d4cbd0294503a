package validate

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/zmission/zmission/source"
)

// Format is an output format for diagnostics.
type Format string

const (
	Text   Format = "text"   // path:line:col: severity: message [rule-id]
	JSON   Format = "json"   // {"diagnostics": [...]}
	SARIF  Format = "sarif"  // SARIF 2.1.0, for code-scanning services
	GitHub Format = "github" // GitHub Actions workflow commands (annotations)
)

// Formats lists every format, in the order help texts show them.
var Formats = []Format{Text, JSON, SARIF, GitHub}

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, bool) {
	f := Format(s)
	return f, slices.Contains(Formats, f)
}

// Options tune Write.
type Options struct {
	Color   bool   // text only; machine formats never carry colour
	Version string // tool version, recorded in SARIF
	// Paths, when set, rewrites the path of each finding (and of its
	// related locations) in the machine formats: JSON, SARIF and GitHub
	// annotations name files from the repository root, which is what code
	// scanning and the pull request's file list resolve them against,
	// whatever folder the tool ran in (see Rebase). Text keeps the paths as
	// the user gave them.
	Paths func(path string) string
}

// rebase applies o.Paths to the findings of a machine format.
func (o Options) rebase(f Format, ds []Diagnostic) []Diagnostic {
	if o.Paths == nil || f == Text {
		return ds
	}
	ds = slices.Clone(ds) // the caller's are left alone
	for i := range ds {
		d := &ds[i]
		d.File = o.Paths(d.File)
		if len(d.Related) > 0 {
			rel := make([]Related, len(d.Related))
			for j, r := range d.Related {
				r.File = o.Paths(r.File)
				rel[j] = r
			}
			d.Related = rel
		}
	}
	return ds
}

// Write prints ds in format f. It sorts a copy first (the caller's slice is
// left alone) and leaves out diagnostics whose severity is Off, so every
// format shows the same findings in the same order.
func Write(w io.Writer, f Format, ds []Diagnostic, o Options) error {
	ds = prepare(o.rebase(f, ds))
	bw := bufio.NewWriter(w)
	var err error
	switch f {
	case Text:
		writeText(bw, ds, newPalette(o.Color))
	case JSON:
		err = writeJSON(bw, ds)
	case SARIF:
		err = writeSARIF(bw, ds, o, Checks(), nil)
	case GitHub:
		writeGitHub(bw, ds)
	default:
		return fmt.Errorf("unknown output format %q", string(f))
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// prepare returns a sorted copy of ds without the diagnostics switched off,
// long quoted values cut (see shorten).
func prepare(ds []Diagnostic) []Diagnostic {
	out := make([]Diagnostic, 0, len(ds))
	for _, d := range ds {
		if d.Severity != Off {
			out = append(out, shorten(d))
		}
	}
	Sort(out)
	return out
}

// shorten cuts the values a diagnostic quotes to about 80 characters: a
// file with a value of a megabyte gets a finding of a line, in every
// format, whichever step worded it.
func shorten(d Diagnostic) Diagnostic {
	d.Message = source.ShortenQuotes(d.Message)
	d.Hint = source.ShortenQuotes(d.Hint)
	if len(d.Related) > 0 {
		rel := make([]Related, len(d.Related))
		for i, r := range d.Related {
			r.Message = source.ShortenQuotes(r.Message)
			rel[i] = r
		}
		d.Related = rel
	}
	return d
}

// location renders path:line:col, leaving out the parts that are unknown.
func location(file string, line, col int) string {
	s := sanitize(file)
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if col > 0 {
			s += ":" + strconv.Itoa(col)
		}
	}
	return s
}

// sanitize makes text from user files safe for a terminal: control
// characters (an ESC could restyle or hide output) are shown as Go escapes.
// Newlines are escaped too, callers that keep them split on them first.
func sanitize(s string) string {
	if !strings.ContainsFunc(s, isUnsafe) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !isUnsafe(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r) // e.g. '\x1b'
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

func isUnsafe(r rune) bool {
	return r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r))
}
