package source

import "fmt"

// Problem codes. They are stable: later steps turn them into rule ids.
const (
	CodeRead          = "read"           // the file cannot be read
	CodeTooLarge      = "too-large"      // over Limits.MaxBytes
	CodeEncoding      = "encoding"       // binary, not UTF-8, or characters YAML forbids
	CodeEmpty         = "empty"          // no content, or only comments and blank lines
	CodeSyntax        = "syntax"         // the parser could not read it
	CodeTooDeep       = "too-deep"       // nested deeper than Limits.MaxDepth
	CodeTooManyNodes  = "too-many-nodes" // more than Limits.MaxNodes values, aliases expanded
	CodeDuplicateKey  = "duplicate-key"  // a key appears twice in one mapping
	CodeKeyType       = "key-type"       // a YAML key that is not a string
	CodeMultiDocument = "multi-document" // a second YAML document
	CodeNumber        = "number"         // a number JSON cannot hold (.inf, .nan)
	CodeTag           = "yaml-tag"       // a YAML tag other than the core ones (!include, !!binary)
)

// Problem is one located reason a document could not be read.
type Problem struct {
	Pos     Pos    `json:"pos"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// String formats the problem as "line:col: message [code]".
func (p Problem) String() string {
	return fmt.Sprintf("%d:%d: %s [%s]", p.Pos.Line, p.Pos.Col, p.Message, p.Code)
}

// maxProblems caps the problems reported for one document: a file with
// thousands of the same mistake needs the first few, not a flood.
const maxProblems = 50

// wholeFile is the position of problems about the file as a whole.
var wholeFile = Pos{Line: 1, Col: 1}

func problemAt(pos Pos, code, format string, args ...any) Problem {
	if pos.Line < 1 || pos.Col < 1 {
		pos = wholeFile
	}
	return Problem{Pos: pos, Code: code, Message: fmt.Sprintf(format, args...)}
}

// less orders positions, line first.
func (p Pos) less(q Pos) bool {
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}
