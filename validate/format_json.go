package validate

import (
	"encoding/json"
	"io"
)

// writeJSON prints {"diagnostics": [...]}, indented by two spaces, with a
// trailing newline. The array is never null, so consumers can iterate
// without a check.
func writeJSON(w io.Writer, ds []Diagnostic) error {
	out := make([]diagnosticJSON, len(ds)) // never null
	for i, d := range ds {
		out[i] = diagnosticJSON(d)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // keep <, > and & readable in messages
	return enc.Encode(struct {
		Diagnostics []diagnosticJSON `json:"diagnostics"`
	}{out})
}
