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

// Diagnostic is one finding, always located.
type Diagnostic struct {
	File     string    `json:"file"`
	Line     int       `json:"line"`
	Col      int       `json:"col"`
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
