package source

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// appendJSON writes n as JSON for Decode, straight from the tree without
// building the map form first; whole numbers written as floats are written
// as integers.
func appendJSON(b []byte, n *Node) ([]byte, error) {
	switch n.Kind {
	case Null:
		return append(b, "null"...), nil
	case Bool:
		return strconv.AppendBool(b, n.Bool), nil
	case Number:
		// A whole number written as a float (90.0, 1e0) goes to an int
		// field as the integer it is.
		if lit, ok := WholeNumber(n.Text); ok && validNumber(lit) {
			return append(b, lit...), nil
		}
		if !validNumber(n.Text) {
			return nil, fmt.Errorf("json: invalid number literal %q", n.Text)
		}
		return append(b, n.Text...), nil
	case String:
		return appendString(b, n.Text), nil
	case Array:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendJSON(b, it); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case Object:
		b = append(b, '{')
		for i, k := range n.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			var err error
			if b, err = appendJSON(b, n.Fields[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	return nil, fmt.Errorf("source: unknown node kind %d", n.Kind)
}

// appendString quotes s as encoding/json does (invalid UTF-8 becomes
// U+FFFD); plain text, the common case, is copied as it is.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// validNumber is the JSON number grammar.
func validNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}
