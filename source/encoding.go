package source

import (
	"bytes"
	"unicode/utf8"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

func hasBOM(data []byte) bool { return bytes.HasPrefix(data, bom) }

// trimBOM drops a UTF-8 byte order mark. Positions are unaffected: the mark
// takes no column (see Offset).
func trimBOM(data []byte) []byte {
	if hasBOM(data) {
		return data[len(bom):]
	}
	return data
}

// checkEncoding reports data (already without a UTF-8 BOM) that is not UTF-8
// text: UTF-16 and UTF-32 (with or without a byte order mark), binary files
// and invalid UTF-8. The first reason found is the one reported.
func checkEncoding(data []byte) *Problem {
	switch {
	case bytes.HasPrefix(data, []byte{0x00, 0x00, 0xFE, 0xFF}),
		bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0x00, 0x00}):
		return encodingProblem(wholeFile, "the file is UTF-32; save it as UTF-8")
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}),
		bytes.HasPrefix(data, []byte{0xFF, 0xFE}),
		looksUTF16(data):
		return encodingProblem(wholeFile, "the file is UTF-16; save it as UTF-8")
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return encodingProblem(Offset(data, int64(i)),
			"the file holds NUL bytes: it is binary, not a text mission file")
	}
	if utf8.Valid(data) { // its ASCII runs go 8 bytes at a time; the loop below only finds where
		return nil
	}
	for i := 0; i < len(data); {
		if data[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return encodingProblem(Offset(data, int64(i)),
				"byte 0x%02X is not valid UTF-8 (is the file Latin-1 or Windows-1252?); save it as UTF-8", data[i])
		}
		i += size
	}
	return nil
}

// looksUTF16 spots UTF-16 without a byte order mark by its NUL pattern:
// mostly-ASCII text has a NUL in every other byte, always on the same side.
func looksUTF16(data []byte) bool {
	n := min(len(data), 512) &^ 1
	if n < 2 {
		return false
	}
	var even, odd int
	for i := 0; i < n; i++ {
		if data[i] == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	pairs := n / 2
	return (even == 0 && 2*odd >= pairs) || (odd == 0 && 2*even >= pairs)
}

// checkYAMLChars reports the first character YAML does not allow in a
// stream: C0 controls other than tab, LF and CR, and U+FFFE, U+FFFF. The
// YAML reader rejects them too, but without a position.
func checkYAMLChars(data []byte) *Problem {
	for i := 0; i < len(data); {
		r, size := rune(data[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(data[i:])
		}
		if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0xFFFE || r == 0xFFFF {
			return encodingProblem(Offset(data, int64(i)),
				"control character U+%04X is not allowed in YAML; remove it", r)
		}
		i += size
	}
	return nil
}

func encodingProblem(pos Pos, format string, args ...any) *Problem {
	p := problemAt(pos, CodeEncoding, format, args...)
	return &p
}
