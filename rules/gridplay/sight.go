package gridplay

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/zmission/zmission/rules"
)

// SightCache keeps a model's sight tables (what every zone sees) by the
// state of the doors of the moment (and Invader's Mold), shared by every
// game of the model across goroutines, within a budget in bytes: one
// whole-board table grows with the square of the zones, so a count of
// tables would not bound the memory.
type SightCache struct {
	tables sync.Map
	bytes  int64
	Budget int64
}

// TableBytes is what a sight table holds in memory.
func TableBytes(t [][]rules.Seen) int64 {
	n := int64(len(t)) * int64(unsafe.Sizeof([]rules.Seen(nil)))
	for _, row := range t {
		n += int64(cap(row)) * int64(unsafe.Sizeof(rules.Seen{}))
	}
	return n
}

// Table is the sight table of the state key, built by build when the
// cache has none; it is kept while the budget allows.
func (c *SightCache) Table(key []byte, build func() [][]rules.Seen) [][]rules.Seen {
	if t, ok := c.tables.Load(string(key)); ok {
		return t.([][]rules.Seen)
	}
	table := build()
	size := TableBytes(table) + int64(len(key))
	if atomic.AddInt64(&c.bytes, size) <= c.Budget {
		c.tables.Store(string(key), table)
	} else {
		atomic.AddInt64(&c.bytes, -size) // not kept: free for a smaller one
	}
	return table
}
