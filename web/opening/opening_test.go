package opening

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/zmission/zmission/examples"
)

// Every example and template has a first state, drawn (a map or a sheet),
// and the same bytes each time, its key too: the site ships them (a
// build that changed nothing must not change the site's version), and the
// page shows one before the module has started.
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
		if !bytes.Equal(st, b[p]) {
			t.Errorf("%s: two builds differ", p)
		}
		if s.Key != FirstKey {
			t.Errorf("%s: the key is %q, want %q", p, s.Key, FirstKey)
		}
	}
	if _, ok := a["example/invader/violet-lockdown"]; !ok {
		t.Error("no first state for #example=invader/violet-lockdown")
	}
	if _, ok := a["template/colony"]; !ok {
		t.Error("no first state for #template=colony")
	}
}

func TestExampleRefusesOutside(t *testing.T) {
	for _, p := range []string{"../examples", "/etc/passwd", "invader/nope", ""} {
		if _, _, _, err := Example(p); err == nil {
			t.Errorf("Example(%q) opened something", p)
		}
	}
}
