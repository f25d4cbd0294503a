package source

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// Offset converts a byte offset in data to a Pos. Lines break at LF, CRLF,
// CR, NEL, LS and PS, the breaks YAML counts, so JSON and YAML positions agree
// with each other; columns count characters (runes), 1-based. A leading UTF-8
// byte order mark takes no column. Offsets past the end give the position
// just after the last character.
func Offset(data []byte, off int64) Pos {
	c := newCursor(data)
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return c.to(int(off))
}

// cursor converts increasing byte offsets to positions in one pass, so a long
// single-line document costs linear time, not quadratic.
type cursor struct {
	data      []byte
	off       int
	line, col int
	// plain: data is ASCII without CR, so lines break only at LF and
	// columns count bytes: the cursor jumps from LF to LF (the JSON reader
	// asks it for every value's position).
	plain bool
	ls    int // plain: where the current line starts
}

func newCursor(data []byte) *cursor {
	c := &cursor{data: data, line: 1, col: 1}
	if hasBOM(data) {
		c.off = len(bom)
	} else {
		c.plain = plainASCII(data)
	}
	c.ls = c.off
	return c
}

// plainASCII tells whether data is ASCII without CR.
func plainASCII(data []byte) bool {
	i := 0
	for ; i+8 <= len(data); i += 8 {
		if binary.LittleEndian.Uint64(data[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(data); i++ {
		if data[i] >= utf8.RuneSelf {
			return false
		}
	}
	return bytes.IndexByte(data, '\r') < 0
}

// to returns the position of byte offset off. Offsets before the previous
// call restart the scan from the beginning.
func (c *cursor) to(off int) Pos {
	off = max(off, 0) // before the start is the start: the jump below slices by it
	if off < c.off {
		*c = cursor{data: c.data, line: 1, col: 1, plain: c.plain}
		if !c.plain && hasBOM(c.data) {
			c.off, c.ls = len(bom), len(bom)
		}
	}
	if off > len(c.data) {
		off = len(c.data)
	}
	if c.plain {
		for {
			i := bytes.IndexByte(c.data[c.off:off], '\n')
			if i < 0 {
				break
			}
			c.off += i + 1
			c.line, c.ls = c.line+1, c.off
		}
		c.off, c.col = off, off-c.ls+1
		return Pos{Line: c.line, Col: c.col}
	}
	for c.off < off {
		b := c.data[c.off]
		switch {
		case b == '\n':
			c.line, c.col = c.line+1, 1
			c.off++
		case b == '\r':
			c.off++
			// CRLF breaks once, at its LF.
			if c.off < len(c.data) && c.data[c.off] == '\n' {
				c.col++
			} else {
				c.line, c.col = c.line+1, 1
			}
		case b < utf8.RuneSelf:
			c.col++
			c.off++
		default:
			r, size := utf8.DecodeRune(c.data[c.off:])
			c.off += size
			if r == 0x85 || r == 0x2028 || r == 0x2029 {
				c.line, c.col = c.line+1, 1
			} else {
				c.col++
			}
		}
	}
	return Pos{Line: c.line, Col: c.col}
}

// endPos is the position just after the last character of data.
func endPos(data []byte) Pos {
	return Offset(data, int64(len(data)))
}
