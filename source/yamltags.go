package source

import (
	"bytes"
	"regexp"
	"sync"

	"go.yaml.in/yaml/v4"
)

// YAML 1.2 is what people write today, and what zmission reads: scalars
// resolve by the 1.2 core schema whatever the version. The parser accepts
// only a "%YAML 1.1" directive, so a 1.2 (or any 1.x) directive is rewritten
// to 1.1 in place, the same number of bytes, before parsing: positions stay
// true. Another major version is refused with a located problem.

var yamlDirectiveRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^%YAML[ \t]+([0-9]+)\.([0-9]+)`) })

// YAMLVersions rewrites %YAML 1.x directives as 1.1 and refuses other
// versions. It returns data unchanged when there is nothing to rewrite.
// Other readers of the same bytes (the formatter) call it too.
func YAMLVersions(data []byte) ([]byte, *Problem) {
	if !bytes.Contains(data, []byte("%YAML")) {
		return data, nil
	}
	out := data
	copied := false
	directives := true // at the start of the stream, or after "..."
	line := 1
	for off := 0; off < len(data); line++ {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - off
		}
		l := data[off : off+end]
		switch {
		case directives && len(l) > 0 && l[0] == '%':
			if m := yamlDirectiveRE().FindSubmatchIndex(l); m != nil {
				major, minor := string(l[m[2]:m[3]]), string(l[m[4]:m[5]])
				if major != "1" {
					p := problemAt(Pos{Line: line, Col: m[2] + 1}, CodeSyntax,
						"YAML %s.%s is not supported: zmission reads YAML 1.2 (and 1.1)", Shorten(major), Shorten(minor))
					return nil, &p
				}
				if minor != "1" {
					if !copied {
						out = bytes.Clone(data)
						copied = true
					}
					// "1.2" -> "1.1", "1.10" -> "1.1 ": same length.
					at := off + m[4]
					out[at] = '1'
					for i := at + 1; i < off+m[5]; i++ {
						out[i] = ' '
					}
				}
			}
		case bytes.HasPrefix(l, []byte("---")):
			directives = false
		case bytes.HasPrefix(l, []byte("...")):
			directives = true
		case directives && len(bytes.TrimSpace(l)) > 0 && l[0] != '#':
			directives = false // a bare document: no directives before it
		}
		off += end + 1
	}
	return out, nil
}

// coreTags are the tags zmission understands: they say which JSON kind a
// value is, which the document can mean. Any other tag (!include,
// !!binary, !!timestamp, !!set, a custom !thing) would change what a value
// means in a way zmission does not follow, so it is refused, never ignored.
var coreTags = map[string]bool{
	"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true,
	"!!seq": true, "!!map": true, "!!merge": true, "!": true,
}

// tagProblem reports an explicit tag zmission does not understand.
func (b *yamlBuilder) checkTag(y *yaml.Node) {
	if y.Style&yaml.TaggedStyle == 0 || y.Tag == "" || coreTags[y.ShortTag()] {
		return
	}
	tag := y.ShortTag()
	why := "zmission reads plain YAML values"
	switch tag {
	case "!include":
		why = "zmission reads no other file from a mission; write the value itself"
	case "!!binary":
		why = "binary values have no place in a mission"
	case "!!timestamp":
		why = "write the date as a quoted string"
	}
	b.problem(ypos(y), CodeTag, "YAML tags are not supported: %s (%s)", Shorten(tag), why)
}
