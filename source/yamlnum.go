package source

import (
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// yamlNumber rewrites a YAML !!int or !!float scalar as a JSON number
// literal. why is non-empty when JSON cannot hold it.
func yamlNumber(s string) (lit, why string) {
	t := strings.ReplaceAll(s, "_", "")
	switch strings.ToLower(strings.TrimLeft(t, "+-")) {
	case ".inf":
		return "", fmt.Sprintf("%s (infinity) is not a number JSON can hold; write a finite number", s)
	case ".nan":
		return "", fmt.Sprintf("%s (not a number) is not a number JSON can hold; write a number", s)
	}
	if lit, ok := yamlInt(t); ok {
		return lit, ""
	}
	if lit, ok := yamlFloat(t); ok {
		return lit, ""
	}
	return "", fmt.Sprintf("%q is not a number", s)
}

// yamlInt reads [-+] then 0x, 0o or 0b digits, or decimal digits. A leading
// zero is decimal, as in YAML 1.2 (not octal, as in YAML 1.1).
func yamlInt(s string) (string, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	base := 10
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 10 {
			s = s[2:]
		}
	}
	if s == "" || s[0] == '-' || s[0] == '+' {
		return "", false
	}
	if base == 10 && len(s) <= 18 {
		if v, err := strconv.ParseUint(s, 10, 64); err == nil {
			if neg && v != 0 {
				return "-" + strconv.FormatUint(v, 10), true
			}
			return strconv.FormatUint(v, 10), true
		}
	}
	z, ok := new(big.Int).SetString(s, base)
	if !ok {
		return "", false
	}
	if neg {
		z.Neg(z)
	}
	return z.String(), true
}

var yamlFloatRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$`)
})

// yamlFloat accepts the float forms YAML allows and JSON does not (".5",
// "1.", "+1.5") and writes them the JSON way.
func yamlFloat(s string) (string, bool) {
	m := yamlFloatRE().FindStringSubmatch(s)
	if m == nil || m[2]+m[3] == "" {
		return "", false
	}
	var b strings.Builder
	if m[1] == "-" {
		b.WriteByte('-')
	}
	intPart := strings.TrimLeft(m[2], "0")
	if intPart == "" {
		intPart = "0"
	}
	b.WriteString(intPart)
	if m[3] != "" {
		b.WriteByte('.')
		b.WriteString(m[3])
	}
	if m[4] != "" {
		b.WriteByte('e')
		b.WriteString(m[4])
	}
	return b.String(), true
}
