package missions

import "testing"

func TestKeepLineEnds(t *testing.T) {
	for _, c := range []struct{ before, out, want string }{
		{"a: 1\nb: 2\n", "a: 1\nb: 2\n", "a: 1\nb: 2\n"},
		{"a: 1\r\nb: 2\r\n", "a: 1\nb: 2\n", "a: 1\r\nb: 2\r\n"},
		// Some line ends already CRLF: none doubled.
		{"a: 1\r\nb: 2\r\n", "a: 1\r\nb: 2\n", "a: 1\r\nb: 2\r\n"},
		// The first line decides, as `zmission fmt` reads a file.
		{"a: 1\nb: 2\r\n", "a: 1\nb: 2\n", "a: 1\nb: 2\n"},
		{"", "a: 1\n", "a: 1\n"},
	} {
		if got := string(KeepLineEnds([]byte(c.before), []byte(c.out))); got != c.want {
			t.Errorf("KeepLineEnds(%q, %q) = %q, want %q", c.before, c.out, got, c.want)
		}
	}
}
