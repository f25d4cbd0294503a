package source

import "strings"

// jsonWords says a syntax error of encoding/json's scanner ("invalid
// character '\"' after object key:value pair") in the words the YAML
// errors use: what was expected, what was found, and the usual cause. The
// position is the problem's; a message it does not know is kept as it is.
func jsonWords(msg string) string {
	const prefix = "invalid character "
	if !strings.HasPrefix(msg, prefix) {
		return msg
	}
	rest := msg[len(prefix):]
	// The character is quoted as 'x', '\'' or '\t'.
	end := strings.Index(rest[1:], "' ")
	if !strings.HasPrefix(rest, "'") || end < 0 {
		return msg
	}
	char, context := rest[:end+2], rest[end+3:]
	found := "found " + char
	switch char {
	case `'"'`:
		found = "found a '\"' (the start of a string)"
	case `'\''`:
		found = "found a single quote"
	case "'/'":
		found = "found '/' (JSON has no comments)"
	}
	switch {
	case context == "after object key:value pair":
		return "expected ',' or '}' after this mapping's value, " + found + " (is a comma missing?)"
	case context == "after object key":
		return "expected ':' after the key, " + found
	case context == "after array element":
		return "expected ',' or ']' after this list's item, " + found + " (is a comma missing?)"
	case context == "looking for beginning of object key string":
		if char == `'\''` {
			return "expected a key in double quotes, " + found + ": JSON quotes keys with \", never '"
		}
		return "expected a key in double quotes, " + found
	case context == "looking for beginning of value":
		if char == `'\''` {
			return "expected a value, " + found + ": JSON quotes strings with \", never '"
		}
		return "expected a value (a string, a number, true, false, null, a list or a mapping), " + found
	case context == "in string literal":
		return "a control character (" + char + ") inside a quoted string: write it as an escape such as \\t or \\n"
	case context == "in string escape code":
		return "unknown escape \\" + strings.Trim(char, "'") + " in a quoted string: JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
	case context == "in \\u hexadecimal character escape":
		return "a \\u escape takes four hexadecimal digits, " + found
	case strings.HasPrefix(context, "in literal "):
		word, _, _ := strings.Cut(strings.TrimPrefix(context, "in literal "), " ")
		return "expected " + word + " (true, false and null are written in full, in lower case), " + found
	case strings.Contains(context, "numeric literal"):
		return "a number is not written as JSON writes one, " + found
	}
	return msg
}
