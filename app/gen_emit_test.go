package app_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// The generated files are built as plain values (obj, []any, string, int,
// bool) and written as YAML or JSON by the two writers below, so one case
// can be tried in either syntax. obj keeps its keys in the order given,
// which makes a case's bytes depend on its seed alone.

type kv struct {
	k string
	v any
}

type obj []kv

func (o *obj) set(k string, v any) { *o = append(*o, kv{k, v}) }

func (o obj) get(k string) (any, bool) {
	for _, e := range o {
		if e.k == k {
			return e.v, true
		}
	}
	return nil, false
}

// toJSON writes v as indented JSON.
func toJSON(v any) []byte {
	var b strings.Builder
	writeJSON(&b, v, "")
	b.WriteByte('\n')
	return []byte(b.String())
}

func writeJSON(b *strings.Builder, v any, ind string) {
	switch v := v.(type) {
	case obj:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, e := range v {
			b.WriteString(ind + "  ")
			b.WriteString(quote(e.k))
			b.WriteString(": ")
			writeJSON(b, e.v, ind+"  ")
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "}")
	case []any:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(ind + "  ")
			writeJSON(b, e, ind+"  ")
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(ind + "]")
	default:
		b.WriteString(scalar(v, true))
	}
}

// toYAML writes v as block YAML; lists of scalars go in flow style, as
// people write [0, 0].
func toYAML(v any) []byte {
	var b strings.Builder
	o, ok := v.(obj)
	if !ok || len(o) == 0 {
		panic("toYAML wants a non-empty mapping")
	}
	writeYAMLMap(&b, o, "")
	return []byte(b.String())
}

func writeYAMLMap(b *strings.Builder, o obj, ind string) {
	for i, e := range o {
		if i > 0 {
			b.WriteString(ind)
		}
		b.WriteString(yamlKey(e.k))
		b.WriteByte(':')
		writeYAMLValue(b, e.v, ind)
	}
}

// writeYAMLValue writes v after "key:" or "-", ending the line.
func writeYAMLValue(b *strings.Builder, v any, ind string) {
	switch v := v.(type) {
	case obj:
		if len(v) == 0 {
			b.WriteString(" {}\n")
			return
		}
		b.WriteString("\n" + ind + "  ")
		writeYAMLMap(b, v, ind+"  ")
	case []any:
		if len(v) == 0 {
			b.WriteString(" []\n")
			return
		}
		if flat(v) {
			parts := make([]string, len(v))
			for i, e := range v {
				parts[i] = scalar(e, false)
			}
			b.WriteString(" [" + strings.Join(parts, ", ") + "]\n")
			return
		}
		b.WriteByte('\n')
		for _, e := range v {
			b.WriteString(ind + "  -")
			if o, ok := e.(obj); ok && len(o) > 0 {
				b.WriteByte(' ')
				writeYAMLMap(b, o, ind+"    ")
				continue
			}
			writeYAMLValue(b, e, ind+"  ")
		}
	default:
		b.WriteString(" " + scalar(v, false) + "\n")
	}
}

func flat(v []any) bool {
	for _, e := range v {
		switch e.(type) {
		case obj, []any:
			return false
		}
	}
	return true
}

// plainRe is a string YAML reads back as the same string when written
// without quotes (and not a number, boolean or null: those are quoted).
var plainRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_./-]*( [A-Za-z0-9_./-]+)*$`)

var yamlWords = map[string]bool{"true": true, "false": true, "null": true, "yes": true, "no": true, "on": true, "off": true, "y": true, "n": true}

func scalar(v any, inJSON bool) string {
	switch v := v.(type) {
	case string:
		if !inJSON && plainRe.MatchString(v) && !yamlWords[strings.ToLower(v)] {
			return v
		}
		return quote(v)
	case int:
		return fmt.Sprint(v)
	case int64:
		return fmt.Sprint(v)
	case bool:
		return fmt.Sprint(v)
	case nil:
		return "null"
	}
	panic(fmt.Sprintf("no scalar: %T", v))
}

func yamlKey(k string) string { return scalar(k, false) }

func quote(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}
