package zmission_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/validate"
)

// TestGalleryHasEveryCheck: the broken gallery holds one mission per check,
// the check's own failing example, so each check has a golden output in
// every format. 'go test . -update' writes missing or stale ones.
func TestGalleryHasEveryCheck(t *testing.T) {
	for _, c := range validate.Checks() {
		if c.Bad == "" || c.Bad[0] == '(' {
			continue // no example that a file can hold (e.g. a UTF-16 file)
		}
		path := filepath.Join("testdata", "broken", c.ID+".yaml")
		got, err := os.ReadFile(path)
		if *update && (err != nil || string(got) != c.Bad) {
			if err := os.WriteFile(path, []byte(c.Bad), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: no gallery file for check %s (run 'go test . -update')", path, c.ID)
			continue
		}
		if string(got) != c.Bad {
			t.Errorf("%s differs from the catalogue's failing example for %s (run 'go test . -update')", path, c.ID)
		}
	}
}
