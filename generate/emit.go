package generate

import (
	"encoding/json"
	"strings"

	"github.com/zmission/zmission/missions"
)

// emit writes m as fmt writes it, under a header comment that says how to
// make it again.
func emit(m *missions.Mission, header []string) ([]byte, error) {
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	b.Write(js)
	b.WriteString("\n")
	return missions.Format([]byte(b.String()), false)
}

// candidateFile is the name a candidate is checked under: as JSON, which
// reads faster than YAML; the file written is checked again as it is.
const candidateFile = "generated.json"

// emitJSON is m as the JSON a candidate is checked in.
func emitJSON(m *missions.Mission) ([]byte, error) { return json.Marshal(m) }
