package lint

import (
	"bytes"
	"os"
	"testing"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

func runExample(example string) string {
	r := Bytes("example.yaml", []byte(example), Options{Limits: source.DefaultLimits})
	var b bytes.Buffer
	_ = validate.Write(&b, validate.Text, r.Diags, validate.Options{})
	return b.String()
}

// TestChecksDocCurrent fails when docs/checks.md is not what the catalogue
// generates. Regenerate with: ZMISSION_UPDATE=1 go test ./lint -run ChecksDoc
func TestChecksDocCurrent(t *testing.T) {
	var b bytes.Buffer
	if err := validate.WriteChecksDoc(&b, runExample, missions.CanonicalExample); err != nil {
		t.Fatal(err)
	}
	const path = "../docs/checks.md"
	if os.Getenv("ZMISSION_UPDATE") != "" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (generate it with ZMISSION_UPDATE=1 go test ./lint -run ChecksDoc)", err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Fatal("docs/checks.md is stale: regenerate it with ZMISSION_UPDATE=1 go test ./lint -run ChecksDoc")
	}
}
