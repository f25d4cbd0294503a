package source

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"
)

// yamlProblem turns a YAML parser error into one located Problem with a
// message in plain words. A file that ends inside an open construct is
// reported as truncated, at the construct that was left open.
func yamlProblem(err error, data []byte, lim Limits) Problem {
	var le *yaml.LoadError
	if !errors.As(err, &le) {
		return problemAt(wholeFile, CodeSyntax, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	end := endPos(data)
	pos := clampPos(Pos{Line: le.Mark.Line, Col: le.Mark.Column}, end)
	ctxPos := clampPos(Pos{Line: le.ContextMark.Line, Col: le.ContextMark.Column}, end)
	msg := strings.TrimPrefix(le.Message, "yaml: ")

	if strings.HasPrefix(msg, "exceeded max depth") {
		return problemAt(pos, CodeTooDeep, "the document nests deeper than %d levels", lim.MaxDepth)
	}
	if !pos.less(contentEnd(data)) && le.ContextMark.Line > 0 {
		if what := openConstruct(le.ContextMsg); what != "" && ctxPos != pos {
			return problemAt(ctxPos, CodeSyntax,
				"this %s is never closed: the file ends first, at line %d (is the file truncated?)", what, contentEnd(data).Line)
		}
	}
	text, hint := plainYAMLMessage(msg, runeAt(data, pos))
	if last := contentEnd(data); !pos.less(last) {
		return problemAt(last, CodeSyntax, "the file ends unexpectedly (is it truncated?): %s", text)
	}
	if where := contextPhrase(le.ContextMsg); where != "" && le.ContextMark.Line > 0 && ctxPos != pos {
		text += fmt.Sprintf(", %s that starts at line %d, column %d", where, ctxPos.Line, ctxPos.Col)
	}
	if hint != "" {
		text += " (" + hint + ")"
	}
	return problemAt(pos, CodeSyntax, "%s", text)
}

// openConstruct names what a parser context leaves open at the end of file.
func openConstruct(ctx string) string {
	switch ctx {
	case "while scanning a quoted scalar":
		return "quoted string"
	case "while parsing a flow sequence":
		return "list '['"
	case "while parsing a flow mapping":
		return "mapping '{'"
	}
	return ""
}

func contextPhrase(ctx string) string {
	switch ctx {
	case "while parsing a block mapping":
		return "in the mapping"
	case "while parsing a block collection":
		return "in the list"
	case "while parsing a flow sequence":
		return "in the list '['"
	case "while parsing a flow mapping":
		return "in the mapping '{'"
	case "while scanning a quoted scalar":
		return "in the quoted string"
	case "while scanning a simple key":
		return "in the key"
	case "":
		return ""
	}
	return ctx
}

// plainYAMLMessage rewrites the parser's most common messages for people
// who write missions, not parsers. at is the character the error points at.
func plainYAMLMessage(msg string, at rune) (text, hint string) {
	switch {
	case at == '\t' && (strings.Contains(msg, "tab") || msg == "found character that cannot start any token"):
		return "a tab cannot indent or start a value", "YAML indents with spaces"
	case msg == "did not find expected key":
		return "expected a key here", "check the indentation"
	case msg == "mapping values are not allowed in this context":
		return "unexpected ':'", "check the indentation, or quote a value that contains \": \""
	case msg == "did not find expected '-' indicator":
		return "expected a list item \"- \" here", "check the indentation"
	case msg == "did not find expected node content":
		return "expected a value here", ""
	case msg == "found character that cannot start any token":
		return fmt.Sprintf("%q cannot start a value", at), "quote the value"
	case strings.HasPrefix(msg, "unknown anchor '"):
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		return fmt.Sprintf("unknown anchor: *%s has no &%s before it", name, name), ""
	}
	return msg, ""
}

// runeAt returns the character at pos, or 0 past the end.
func runeAt(data []byte, pos Pos) rune {
	c := newCursor(data)
	for c.off < len(data) {
		if c.line == pos.Line && c.col == pos.Col {
			r, _ := utf8.DecodeRune(data[c.off:])
			return r
		}
		if c.line > pos.Line {
			break
		}
		c.to(c.off + 1)
	}
	return 0
}

// clampPos keeps a parser position inside the document: at least 1:1, at
// most just after the last character.
func clampPos(p, end Pos) Pos {
	if p.Line < 1 || p.Col < 1 {
		return wholeFile
	}
	if end.less(p) {
		return end
	}
	return p
}

// contentEnd is the position just after the last character that is not
// white space: a parser error at or after it is an error at end of file.
func contentEnd(data []byte) Pos {
	i := len(data)
	for i > 0 {
		r, size := utf8.DecodeLastRune(data[:i])
		if !unicode.IsSpace(r) {
			break
		}
		i -= size
	}
	return Offset(data, int64(i))
}

// YAMLError words an error of the YAML parser met outside Parse (the
// formatter's and the editor's own loads of a file) as Parse would: "line
// 21, column 5: …" in plain words, never the parser's own report.
func YAMLError(err error, data []byte) error {
	if err == nil {
		return nil
	}
	p := yamlProblem(err, data, DefaultLimits)
	if p.Pos.Line < 1 {
		return errors.New(p.Message)
	}
	return fmt.Errorf("line %d, column %d: %s", p.Pos.Line, p.Pos.Col, p.Message)
}
