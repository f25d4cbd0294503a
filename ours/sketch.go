package ours

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/zmission/zmission/source"
)

// sketch reads the top-level keys a document shows when it does not parse,
// so that a half-written mission is still told from a foreign file: a
// mapping holding them (ruleset, $schema and format with their values as text, every other key as null),
// or nil when none show. YAML keys are the lines that start at column 1 in
// any of the file's documents (UTF-16 is read too, so that a mission saved
// in it is still told and then reported); JSON keys are the members of the top-level
// object read before the first error. Only the first MaxBytes are looked at.
func sketch(name string, data []byte) *source.Node {
	if max := source.DefaultLimits.MaxBytes; int64(len(data)) > max {
		data = data[:max]
	}
	data = bytes.TrimPrefix(utf8Text(data), []byte("\xef\xbb\xbf"))
	root := &source.Node{Kind: source.Object}
	add := func(key, value string, line int) {
		if root.Field(key) != nil {
			return
		}
		v := &source.Node{Kind: source.Null, Pos: source.Pos{Line: line, Col: 1}}
		if key == "ruleset" || key == "$schema" || key == "format" {
			v.Kind, v.Text = source.String, value
		}
		root.Keys = append(root.Keys, key)
		root.Fields = append(root.Fields, v)
	}
	if strings.EqualFold(filepath.Ext(name), ".json") {
		jsonKeys(data, add)
	} else {
		yamlKeys(data, add)
	}
	if len(root.Keys) == 0 {
		return nil
	}
	root.Pos = root.Fields[0].Pos
	return root
}

// yamlKeys finds "key: value" lines that start at column 1.
func yamlKeys(data []byte, add func(key, value string, line int)) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for line := 1; sc.Scan(); line++ {
		if key, value, ok := yamlKeyLine(strings.TrimSuffix(sc.Text(), "\r")); ok {
			add(key, value, line)
		}
	}
}

// yamlKeyLine splits a top-level "key: value" line; the key may be quoted,
// the value loses a trailing comment and its quotes.
func yamlKeyLine(s string) (key, value string, ok bool) {
	if s == "" {
		return "", "", false
	}
	rest := ""
	switch q := s[0]; q {
	case '"', '\'':
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		key, rest = s[1:1+end], s[2+end:]
	default:
		if !plainKeyStart(q) {
			return "", "", false
		}
		colon := strings.Index(s, ":")
		if colon < 0 {
			return "", "", false
		}
		key, rest = strings.TrimRight(s[:colon], " \t"), s[colon:]
	}
	if !strings.HasPrefix(rest, ":") || (len(rest) > 1 && rest[1] != ' ' && rest[1] != '\t') {
		return "", "", false
	}
	value = rest[1:]
	if i := strings.Index(value, " #"); i >= 0 {
		value = value[:i]
	}
	value = strings.TrimSpace(value)
	if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
		value = value[1 : len(value)-1]
	}
	return key, value, key != ""
}

// plainKeyStart tells a byte that may begin a plain top-level key, as
// opposed to a comment, a list item, a flow collection or a directive.
func plainKeyStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// jsonKeys reads the members of a top-level object up to the first error.
func jsonKeys(data []byte, add func(key, value string, line int)) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return
	}
	line, counted := 1, int64(0)
	for dec.More() {
		at := dec.InputOffset()
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return
		}
		line += bytes.Count(data[counted:at], []byte("\n"))
		counted = at
		tok, err = dec.Token()
		if err != nil {
			add(key, "", line)
			return
		}
		value := ""
		switch v := tok.(type) {
		case string:
			value = v
		case json.Number:
			value = string(v)
		}
		add(key, value, line)
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			if !skipJSON(dec) {
				return
			}
		}
	}
}

// skipJSON reads to the end of the collection just opened.
func skipJSON(dec *json.Decoder) bool {
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return true
}

// utf8Text turns UTF-16 text (with a byte order mark, or mostly ASCII with
// a NUL on one side of each of its first characters) into UTF-8; any other
// data is returned as it is.
func utf8Text(data []byte) []byte {
	if len(data) < 2 {
		return data
	}
	var order binary.ByteOrder
	switch {
	case data[0] == 0xff && data[1] == 0xfe:
		order, data = binary.LittleEndian, data[2:]
	case data[0] == 0xfe && data[1] == 0xff:
		order, data = binary.BigEndian, data[2:]
	case data[0] != 0 && data[1] == 0:
		order = binary.LittleEndian
	case data[0] == 0 && data[1] != 0:
		order = binary.BigEndian
	default:
		return data
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	return []byte(string(utf16.Decode(units)))
}
