package render

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fontFamily is generic on purpose: the SVG embeds no fonts, so it names
// faces most systems have and ends with the generic family.
const fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"

// svgw collects SVG markup. Numbers go through num so that the same input
// always gives the same bytes.
type svgw struct {
	bytes.Buffer
}

// num formats v with at most two decimals, without trailing zeros.
func num(v float64) string {
	// Most of a map's numbers are whole (cells are 100 units): those are
	// written as integers, the same text, without the float formatter
	// (a tenth of an edit's time in WebAssembly).
	if v == float64(int64(v)) && v > -1e15 && v < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return trimNum(strconv.FormatFloat(v, 'f', 2, 64))
}

// trimNum drops trailing zeros and a trailing point; "-0" becomes "0".
func trimNum(s string) string {
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// esc makes s safe as XML character data or an attribute value. Characters
// XML 1.0 does not allow become U+FFFD, so odd input still gives a
// well-formed file.
func esc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune('\uFFFD')
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20 || r == 0xFFFE || r == 0xFFFF || (r >= 0xD800 && r <= 0xDFFF):
			b.WriteRune('\uFFFD')
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// el writes an empty element: el("rect", "x", "1", "y", "2").
func (w *svgw) el(name string, attrs ...string) {
	w.open(name, attrs...)
	w.Truncate(w.Len() - 1)
	w.WriteString("/>\n")
}

// open writes a start tag; attribute values are written as given (callers
// escape text with esc and numbers with num).
func (w *svgw) open(name string, attrs ...string) {
	w.WriteByte('<')
	w.WriteString(name)
	for i := 0; i+1 < len(attrs); i += 2 {
		if attrs[i+1] == "" {
			continue
		}
		w.WriteByte(' ')
		w.WriteString(attrs[i])
		w.WriteString(`="`)
		w.WriteString(attrs[i+1])
		w.WriteByte('"')
	}
	w.WriteString(">")
}

func (w *svgw) close(name string) {
	w.WriteString("</")
	w.WriteString(name)
	w.WriteString(">\n")
}

// text writes one line of text at (x, y) (the baseline).
// It writes what open("text", "x", num(x), ..., extra...) would, without
// a slice of attributes and a string per number: a map of 184,320 zones
// has as many labels.
func (w *svgw) text(x, y, size float64, anchor, weight, fill, s string, extra ...string) {
	w.WriteString(`<text x="`)
	w.num(x)
	w.WriteString(`" y="`)
	w.num(y)
	w.WriteString(`" font-size="`)
	w.num(size)
	w.WriteByte('"')
	w.attr("text-anchor", anchor)
	w.attr("font-weight", weight)
	w.attr("fill", fill)
	for i := 0; i+1 < len(extra); i += 2 {
		w.attr(extra[i], extra[i+1])
	}
	w.WriteByte('>')
	w.esc(s)
	w.close("text")
}

// attr writes ` name="value"`, or nothing for an empty value (as open).
func (w *svgw) attr(name, value string) {
	if value == "" {
		return
	}
	w.WriteByte(' ')
	w.WriteString(name)
	w.WriteString(`="`)
	w.WriteString(value)
	w.WriteByte('"')
}

// num writes num(v) without making a string of it.
func (w *svgw) num(v float64) {
	b := strconv.AppendFloat(w.AvailableBuffer(), v, 'f', 2, 64)
	b = bytes.TrimRight(b, "0")
	b = bytes.TrimSuffix(b, []byte("."))
	if string(b) == "-0" {
		b = b[1:]
	}
	w.Write(b)
}

// esc writes esc(s), and s itself when it has nothing to escape.
func (w *svgw) esc(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' {
			w.WriteString(esc(s))
			return
		}
	}
	w.WriteString(s)
}

// path is a path "d" builder in user units.
type path struct{ strings.Builder }

func (p *path) M(x, y float64) { p.cmd('M', x, y) }
func (p *path) L(x, y float64) { p.cmd('L', x, y) }

func (p *path) cmd(c byte, xs ...float64) {
	p.WriteByte(c)
	for i, v := range xs {
		if i > 0 {
			p.WriteByte(' ')
		}
		p.WriteString(num(v))
	}
}

// rect adds a closed rectangle.
func (p *path) rect(x, y, w, h float64) {
	p.M(x, y)
	p.cmd('h', w)
	p.cmd('v', h)
	p.cmd('h', -w)
	p.WriteByte('z')
}
