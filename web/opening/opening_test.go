package opening

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zmission/zmission/examples"
)

// Every example and template has a first state, drawn (a map or a sheet),
// and the same bytes each time but for the session's key: the site ships
// them, and the page shows one before the module has started.
func TestFirstStates(t *testing.T) {
	a, err := FirstStates()
	if err != nil {
		t.Fatal(err)
	}
	b, err := FirstStates()
	if err != nil {
		t.Fatal(err)
	}
	if want := len(examples.Templates()); len(a) < want+10 {
		t.Errorf("%d first states, want every example and the %d templates", len(a), want)
	}
	for p, st := range a {
		var s struct {
			Key, Version, File, Kind, SVG string
			Findings                      []json.RawMessage
		}
		if err := json.Unmarshal(st, &s); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if s.Key == "" || s.Version == "" || s.File == "" {
			t.Errorf("%s: a state with no key, version or file: %.200s", p, st)
		}
		if s.Kind == "grid" && s.SVG == "" {
			t.Errorf("%s: a board with no map", p)
		}
		if !bytes.Equal(withoutKey(t, st), withoutKey(t, b[p])) {
			t.Errorf("%s: two builds differ", p)
		}
	}
	if _, ok := a["example/invader/violet-lockdown"]; !ok {
		t.Error("no first state for #example=invader/violet-lockdown")
	}
	if _, ok := a["template/colony"]; !ok {
		t.Error("no first state for #template=colony")
	}
}

func withoutKey(t *testing.T, st []byte) []byte {
	i := bytes.IndexByte(st, ',')
	if !bytes.HasPrefix(st, []byte(`{"key":`)) || i < 0 {
		t.Fatalf("a state that does not start with its key: %.100s", st)
	}
	return st[i:]
}

func TestExampleRefusesOutside(t *testing.T) {
	for _, p := range []string{"../examples", "/etc/passwd", "invader/nope", ""} {
		if _, _, _, err := Example(p); err == nil {
			t.Errorf("Example(%q) opened something", p)
		}
	}
}
