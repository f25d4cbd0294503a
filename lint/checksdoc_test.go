package lint

import (
	"bytes"
	"os"
	"testing"

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
	if err := validate.WriteChecksDoc(&b, runExample); err != nil {
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

// TestCatalogueExamples: every check's failing example reports that check,
// and its fixed example does not.
func TestCatalogueExamples(t *testing.T) {
	for _, c := range validate.Checks() {
		t.Run(c.ID, func(t *testing.T) {
			has := func(src string) bool {
				r := Bytes("example.yaml", []byte(src), Options{Limits: source.DefaultLimits})
				for _, d := range r.Diags {
					if d.Rule == c.ID {
						return true
					}
				}
				return false
			}
			if c.Bad != "" && !has(c.Bad) && c.Bad[0] != '(' {
				t.Errorf("the failing example does not report %s:\n%s", c.ID, runExample(c.Bad))
			}
			if c.Good != "" && has(c.Good) {
				t.Errorf("the fixed example reports %s:\n%s", c.ID, runExample(c.Good))
			}
			if c.Good != "" {
				r := Bytes("example.yaml", []byte(c.Good), Options{Limits: source.DefaultLimits})
				for _, d := range r.Diags {
					if d.Severity == validate.Error {
						t.Errorf("the fixed example is not clean:\n%s", runExample(c.Good))
						break
					}
				}
			}
		})
	}
}
