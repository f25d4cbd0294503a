package source

import (
	"strconv"
	"strings"
	"time"
)

// The fast YAML reader resolves plain scalars itself, and must resolve them
// exactly as go.yaml.in/yaml/v4 does (internal/libyaml/resolver.go:
// resolve with no tag, resolveTable, resolveMap, parseTimestamp,
// yamlStyleFloat), then map the tag to a kind as yamlBuilder.scalar does.
// TestYAMLPlainTag holds yamlPlainTag to go-yaml's own answers.

// fastPlainValue is the node a plain scalar value s becomes: its kind, its
// text (a JSON literal for a number) and its boolean. ok is false where the
// builder would report a problem (a number JSON cannot hold).
func fastPlainValue(s string) (k Kind, text string, b, ok bool) {
	if shortDecimal(s) {
		// What yamlInt would write back: the same digits.
		return Number, s, false, true
	}
	switch yamlPlainTag(s) {
	case "!!null":
		return Null, "", false, true
	case "!!bool":
		v, _ := yamlBool(s)
		return Bool, "", v, true
	case "!!int", "!!float":
		lit, why := yamlNumber(s)
		if why != "" {
			return Null, "", false, false
		}
		return Number, lit, false, true
	case "!!str":
		// As yamlBuilder.scalar: plain numbers too large for float64 stay
		// strings in go-yaml and are numbers here.
		if mayBeNumber(s) && yamlLooseFloat(strings.ReplaceAll(s, "_", "")) {
			if lit, why := yamlNumber(s); why == "" {
				return Number, lit, false, true
			}
		}
	}
	return String, s, false, true
}

// shortDecimal tells whether s is "0" or an optional "-" then at most 18
// digits without a leading zero: an !!int that yamlNumber writes back
// unchanged.
func shortDecimal(s string) bool {
	if s == "0" {
		return true
	}
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || len(s) > 18 || s[0] < '1' || s[0] > '9' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// yamlPlainTag is the tag go-yaml gives an untagged plain scalar.
func yamlPlainTag(s string) string {
	if s == "" {
		return "!!null"
	}
	hint := yamlResolveHint(s[0])
	if hint == 0 {
		return "!!str"
	}
	if tag := yamlResolveWord(s); tag != "" {
		return tag
	}
	switch hint {
	case '.':
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return "!!float"
		}
	case 'D', 'S':
		if yamlTimestamp(s) {
			return "!!timestamp"
		}
		plain := strings.ReplaceAll(s, "_", "")
		// strconv is asked only when its syntax allows a number: a failed
		// parse allocates its error.
		if goIntSyntax(plain) {
			if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
				return "!!int"
			}
			if _, err := strconv.ParseUint(strings.TrimPrefix(plain, "+"), 0, 64); err == nil {
				return "!!int"
			}
		}
		if yamlStyleFloat(plain) {
			if _, err := strconv.ParseFloat(plain, 64); err == nil {
				return "!!float"
			}
		}
	}
	return "!!str"
}

// yamlResolveHint is go-yaml's resolveTable: what the first character says
// a scalar may be.
func yamlResolveHint(c byte) byte {
	switch c {
	case '+', '-':
		return 'S'
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return 'D'
	case 'y', 'Y', 'n', 'N', 't', 'T', 'f', 'F', 'o', 'O', '~', '<':
		return 'M'
	case '.':
		return '.'
	}
	return 0
}

// yamlResolveWord is go-yaml's resolveMap: the words with a fixed tag.
func yamlResolveWord(s string) string {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	case "", "~", "null", "Null", "NULL":
		return "!!null"
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF",
		"-.inf", "-.Inf", "-.INF", "-0", "-0.0":
		return "!!float"
	case "<<":
		return "!!merge"
	}
	return ""
}

// yamlTimestampFormats are go-yaml's allowedTimestampFormats.
var yamlTimestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// yamlTimestamp is go-yaml's parseTimestamp: four digits, "-", then one of
// the formats.
func yamlTimestamp(s string) bool {
	i := 0
	for ; i < len(s); i++ {
		if c := s[i]; c < '0' || c > '9' {
			break
		}
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, format := range yamlTimestampFormats {
		if _, err := time.Parse(format, s); err == nil {
			return true
		}
	}
	return false
}

// goIntSyntax tells whether strconv.ParseInt(s, 0, 64) can succeed, range
// aside: an optional sign, then a 0b, 0o, 0x or 0 (octal) prefix or none,
// then at least one digit of that base (s holds no underscores).
func goIntSyntax(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	base := byte(10)
	if s[0] == '0' {
		base, s = 8, s[1:]
		if len(s) >= 2 {
			switch s[0] | 0x20 {
			case 'b':
				base, s = 2, s[1:]
			case 'o':
				base, s = 8, s[1:]
			case 'x':
				base, s = 16, s[1:]
			}
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c|0x20 >= 'a' && c|0x20 <= 'z':
			d = (c | 0x20) - 'a' + 10
		default:
			return false
		}
		if d >= base {
			return false
		}
	}
	return true
}

// digitsEnd returns the first offset from i in s that is not a digit.
func digitsEnd(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// yamlStyleFloat matches go-yaml's yamlStyleFloat,
// ^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$,
// without a regular expression.
func yamlStyleFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	if i < len(s) && s[i] == '.' {
		d := digitsEnd(s, i+1)
		if d == i+1 {
			return false
		}
		i = d
	} else {
		d := digitsEnd(s, i)
		if d == i {
			return false
		}
		i = d
		if i < len(s) && s[i] == '.' {
			i = digitsEnd(s, i+1)
		}
	}
	return yamlExponentEnd(s, i)
}

// yamlExponentEnd tells whether s from i is empty or an exponent,
// [eE][-+]?[0-9]+.
func yamlExponentEnd(s string, i int) bool {
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			i++
		}
		d := digitsEnd(s, i)
		if d == i {
			return false
		}
		i = d
	}
	return i == len(s)
}

// yamlLooseFloat matches yamlFloatRE without a regular expression.
func yamlLooseFloat(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	i = digitsEnd(s, i)
	if i < len(s) && s[i] == '.' {
		i = digitsEnd(s, i+1)
	}
	return yamlExponentEnd(s, i)
}
