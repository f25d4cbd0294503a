package source

// The YAML parser builds a whole document before the builder can count its
// values, and a long flow list costs it about a kilobyte per item. So a cheap
// scan first bounds the number of values from above, and a document whose
// bound is far over the limit is refused unparsed.

// boundSlack is how far the bound may exceed MaxNodes before the document is
// refused unparsed: indicators inside strings and comments inflate the
// bound, never the real count.
const boundSlack = 2

// yamlValueBound returns an upper bound on the number of values in data, and
// the offset where the running bound first exceeds limit (-1 if it never
// does). Every value but a document's root comes after an indicator: ',' '['
// '{' in flow collections, ':' for a mapping value (in flow context the
// parser takes any ':' as one), "- " for a list item, "? " for an explicit
// key. Roots are counted at "---", "..." and the start.
func yamlValueBound(data []byte, limit int) (bound, over int) {
	bound, over = 1, -1
	blankAfter := func(i int) bool {
		if i+1 >= len(data) {
			return true
		}
		// Any non-ASCII character may be a line break (NEL, LS, PS).
		c := data[i+1]
		return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c >= 0x80
	}
	for i, c := range data {
		switch c {
		case ',', '[', '{', ':':
			bound++
		case '-':
			if blankAfter(i) || (i+1 < len(data) && data[i+1] == '-') {
				bound++
			}
		case '?':
			if blankAfter(i) {
				bound++
			}
		case '.':
			if (i == 0 || data[i-1] == '\n' || data[i-1] == '\r') && i+2 < len(data) && data[i+1] == '.' && data[i+2] == '.' {
				bound++
			}
		default:
			continue
		}
		if bound > limit && over < 0 {
			// Point at the value the indicator introduces.
			over = i + 1
			for over < len(data) && (data[over] == ' ' || data[over] == '\t') {
				over++
			}
		}
	}
	return bound, over
}
