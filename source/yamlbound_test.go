package source

import (
	"math/rand/v2"
	"testing"
)

// TestYAMLValueBoundAtMostBytes: the bound is never more than one over the
// bytes, which is what lets parseYAML skip the scan for a document shorter
// than the slack allows.
func TestYAMLValueBoundAtMostBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 4))
	const chars = ",[{:-?. \n\r\tab\x80"
	for k := 0; k < 2000; k++ {
		b := make([]byte, r.IntN(64))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		if bound, _ := yamlValueBound(b, 1<<30); bound > len(b)+1 {
			t.Fatalf("%q: bound %d, over %d bytes + 1", b, bound, len(b))
		}
	}
	// Each indicator counts once, at most one a byte.
	if bound, _ := yamlValueBound([]byte("---"), 1<<30); bound > 4 {
		t.Errorf("--- bound %d", bound)
	}
}
