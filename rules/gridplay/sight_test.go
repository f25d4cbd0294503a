package gridplay

import (
	"testing"

	"github.com/zmission/zmission/rules"
)

// TestSightCacheBudget: a table is kept while the bytes kept stay within
// the budget, and built again when it was not kept.
func TestSightCacheBudget(t *testing.T) {
	built := 0
	table := func() [][]rules.Seen {
		built++
		return [][]rules.Seen{{{Zone: 0}}, {{Zone: 1}, {Zone: 0, Range: 1}}}
	}
	size := TableBytes(table()) + 1
	built = 0
	c := SightCache{Budget: size}
	c.Table([]byte{1}, table)
	c.Table([]byte{1}, table)
	if built != 1 {
		t.Fatalf("a table within the budget built %d times", built)
	}
	c.Table([]byte{2}, table)
	c.Table([]byte{2}, table)
	if built != 3 {
		t.Fatalf("a table over the budget built %d times, want 2 (not kept)", built-1)
	}
	if c.bytes > c.Budget {
		t.Fatalf("%d bytes kept, budget %d", c.bytes, c.Budget)
	}
}
