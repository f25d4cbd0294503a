package source

import "unicode/utf8"

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
}

func newCursor(data []byte) *cursor {
	c := &cursor{data: data, line: 1, col: 1}
	if hasBOM(data) {
		c.off = len(bom)
	}
	return c
}

// to returns the position of byte offset off. Offsets before the previous
// call restart the scan from the beginning.
func (c *cursor) to(off int) Pos {
	if off < c.off {
		*c = *newCursor(c.data)
	}
	if off > len(c.data) {
		off = len(c.data)
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
