package editor

import (
	"strconv"
	"sync"
)

// A finding's message is read for the zones and the cell it names
// (placeOf, atNamedCell) by regular expressions, for each of a big board's
// five hundred findings at every edit; an edit changes a few of them. What
// a message names depends on its words alone, so the reading of each is
// kept: the messages read for the last states, and no others.

// cellRefOf is the cell a message names, as cellRef reads it.
type cellRefOf struct {
	ok   bool
	x, y int
	side string // "n", "e", "s", "w" or ""
}

// msgRefs is what the messages were read as.
type msgRefs struct {
	zones map[string][]string
	cells map[string]cellRefOf
}

// refMemo keeps two generations: a message read in the last round or the
// one before is not read again; each round keeps only what it used.
var refMemo struct {
	sync.Mutex
	old, cur msgRefs
	used     int // messages looked up since the generations turned
}

// refMemoRound bounds the memo: after this many lookups the current
// generation becomes the old one. A state of a big board looks up about a
// thousand messages; a round of some states keeps them all.
const refMemoRound = 8192

func refMemoTurn() {
	if refMemo.used < refMemoRound {
		return
	}
	refMemo.old, refMemo.cur, refMemo.used = refMemo.cur, msgRefs{}, 0
}

// msgZoneRefs is zoneRef().FindAllString(msg, -1); the slice is shared,
// never changed.
func msgZoneRefs(msg string) []string {
	refMemo.Lock()
	defer refMemo.Unlock()
	refMemo.used++
	if z, ok := refMemo.cur.zones[msg]; ok {
		return z
	}
	z, ok := refMemo.old.zones[msg]
	if !ok {
		z = zoneRef().FindAllString(msg, -1)
	}
	if refMemo.cur.zones == nil {
		refMemo.cur.zones = map[string][]string{}
	}
	refMemo.cur.zones[msg] = z
	refMemoTurn()
	return z
}

// msgCellRef is the cell msg names, as cellRef reads it.
func msgCellRef(msg string) cellRefOf {
	refMemo.Lock()
	defer refMemo.Unlock()
	refMemo.used++
	if c, ok := refMemo.cur.cells[msg]; ok {
		return c
	}
	c, ok := refMemo.old.cells[msg]
	if !ok {
		c = readCellRef(msg)
	}
	if refMemo.cur.cells == nil {
		refMemo.cur.cells = map[string]cellRefOf{}
	}
	refMemo.cur.cells[msg] = c
	refMemoTurn()
	return c
}

func readCellRef(msg string) cellRefOf {
	m := cellRef().FindStringSubmatch(msg)
	if m == nil {
		return cellRefOf{}
	}
	x, _ := strconv.Atoi(m[1])
	y, _ := strconv.Atoi(m[2])
	c := cellRefOf{ok: true, x: x, y: y}
	if m[3] != "" {
		c.side = m[3][:1]
	}
	return c
}
