// Package validate owns the diagnostic type, the check catalogue, running
// checks, configuration (severity overrides and ignores) and every output
// format. It knows no specific game: games register their checks here.
package validate

// Severity of a diagnostic. Off is only used by configuration.
type Severity uint8

const (
	Off Severity = iota
	Info
	Warning
	Error
)

func (s Severity) String() string {
	return [...]string{"off", "info", "warning", "error"}[s]
}

// Related is a secondary location that explains a diagnostic, such as the
// door that blocks a path.
type Related struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// Diagnostic is one finding, always located. Where it covers a key, a
// value or a list item, EndLine:EndCol is just after its last character
// (0 when only the start is known); Range gives both ends.
type Diagnostic struct {
	File     string    `json:"file"`
	Line     int       `json:"line"`
	Col      int       `json:"col"`
	EndLine  int       `json:"endLine,omitempty"`
	EndCol   int       `json:"endColumn,omitempty"`
	Severity Severity  `json:"-"`
	Rule     string    `json:"rule"`
	Message  string    `json:"message"`
	Hint     string    `json:"hint,omitempty"`
	Related  []Related `json:"related,omitempty"`
	// Pointer is the JSON pointer of the value the finding is about, when
	// the step that found it knew it, and Key tells that it is about that
	// value's key; a language server spans its range from them. No output
	// format prints them: the line and column say the same to a reader.
	Pointer string `json:"-"`
	Key     bool   `json:"-"`
}

// Range is the part of a file a diagnostic covers, 1-based, the end just
// after the last character (SARIF's and a language server's convention
// once made 0-based). A range with no end (EndLine 0) is the start alone.
type Range struct {
	Line, Col, EndLine, EndCol int
}

// Range returns the part of the file d covers.
func (d Diagnostic) Range() Range {
	return Range{Line: d.Line, Col: d.Col, EndLine: d.EndLine, EndCol: d.EndCol}
}

// HasEnd reports whether the range's end is known.
func (r Range) HasEnd() bool { return r.EndLine > 0 }
