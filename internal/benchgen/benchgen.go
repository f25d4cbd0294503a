// Package benchgen writes the generated missions the benchmarks of several
// packages measure, so that a figure in docs/performance.md means the same
// board whichever package reports it.
package benchgen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/zmission/zmission/layout"
)

// Mission writes a mission of side×side random faces of a built-in set as
// YAML text, with a start, an exit, spawns (every spawnsEvery-th tile, at
// least 2), an objective per 10 tiles, so a benchmark pays for the whole
// lint: parse, schema, board, every check. The same arguments give the same
// text.
func Mission(ruleset, setName string, side, spawnsEvery int) ([]byte, error) {
	set, err := layout.Builtin(setName)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(uint64(side), 7))
	var sb strings.Builder
	fmt.Fprintf(&sb, "format: 1\nid: bench\ntitle: Bench\nruleset: %s\ntileset: %s\ntiles:\n", ruleset, setName)
	for i := range side * side {
		f := set.Faces[r.IntN(len(set.Faces))]
		fmt.Fprintf(&sb, "  - {face: %s, at: [%d, %d], rot: %d}\n", f.ID, i%side, i/side, 90*r.IntN(4))
	}
	n := set.Size * side
	sb.WriteString("tokens:\n")
	fmt.Fprintf(&sb, "  - {type: start, at: [0, 0]}\n  - {type: exit, at: [%d, %d]}\n", n-1, n-1)
	spawns := max(2, side*side/spawnsEvery)
	for i := range spawns {
		fmt.Fprintf(&sb, "  - {type: spawn, color: red, at: [%d, %d]%s}\n", r.IntN(n), r.IntN(n), map[bool]string{true: ", first: true"}[i == 0])
	}
	objectives := max(1, side*side/10)
	for range objectives {
		fmt.Fprintf(&sb, "  - {type: objective, at: [%d, %d]}\n", r.IntN(n), r.IntN(n))
	}
	sb.WriteString("objectives:\n  - take: red\n  - exit: all\n")
	return []byte(sb.String()), nil
}
