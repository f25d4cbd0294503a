package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ParseSeverity reads a severity name: "off", "info", "warning" or "error".
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "off":
		return Off, true
	case "info":
		return Info, true
	case "warning":
		return Warning, true
	case "error":
		return Error, true
	}
	return Off, false
}

// MarshalText writes the severity's name, so JSON carries "error", not 3.
func (s Severity) MarshalText() ([]byte, error) {
	if s > Error {
		return nil, fmt.Errorf("unknown severity %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, ok := ParseSeverity(string(b))
	if !ok {
		return fmt.Errorf("unknown severity %q (want off, info, warning or error)", b)
	}
	*s = v
	return nil
}

// diagnosticJSON is the wire shape of a Diagnostic: the field order is the
// order the json format promises.
type diagnosticJSON struct {
	File     string    `json:"file"`
	Line     int       `json:"line"`
	Col      int       `json:"col"`
	EndLine  int       `json:"endLine,omitempty"`
	EndCol   int       `json:"endColumn,omitempty"`
	Severity Severity  `json:"severity"`
	Rule     string    `json:"rule"`
	Message  string    `json:"message"`
	Hint     string    `json:"hint,omitempty"`
	Related  []Related `json:"related,omitempty"`
	Pointer  string    `json:"-"` // not printed: see Diagnostic
	Key      bool      `json:"-"`
}

// MarshalJSON includes the severity by name.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep <, > and & readable in messages
	if err := enc.Encode(diagnosticJSON(d)); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *Diagnostic) UnmarshalJSON(b []byte) error {
	var v diagnosticJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*d = Diagnostic(v)
	return nil
}
