package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// One typo, one finding: "type: spwan" is reported once, with its "did you
// mean", and not again as every other key of the token "not applying".
func TestOneTypoOneFinding(t *testing.T) {
	data, err := os.ReadFile("../examples/invader/first-contact.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "{type: spawn, color: red, first: true,", "{type: spwan, color: red, first: true,", 1)
	if bad == string(data) {
		t.Fatal("the example no longer has its first spawn written as expected")
	}
	r := Bytes("m.yaml", []byte(bad), Options{Limits: source.DefaultLimits})
	var errs []validate.Diagnostic
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Message, `did you mean "spawn"?`) {
		t.Errorf("want one error, the type's with its suggestion; got %+v", errs)
	}
	// A key that applies to no type at all is still reported.
	bad = strings.Replace(bad, "color: red, first: true,", "color: red, frist: true,", 1)
	r = Bytes("m.yaml", []byte(bad), Options{Limits: source.DefaultLimits})
	n := 0
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			n++
		}
	}
	if n != 2 {
		t.Errorf("a misspelt key beside a misspelt type: %d errors, want 2: %+v", n, r.Diags)
	}
}
