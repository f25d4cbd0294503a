package missions

import "bytes"

// KeepLineEnds gives out with CRLF line ends when the file read has them
// (its first line ends so): the canonical form is about content, and a
// Windows author's line ends are theirs. Line ends out already has as CRLF
// stay so (an edit may keep some).
func KeepLineEnds(before, out []byte) []byte {
	i := bytes.IndexByte(before, '\n')
	if i <= 0 || before[i-1] != '\r' {
		return out
	}
	out = bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
}
