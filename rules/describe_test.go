package rules

import "testing"

// ListAnd is the one way messages list things (the Survivor parts short,
// the objectives asking one escape): commas, then "and" before the last.
func TestListAnd(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"7 Survivor dashboards"}, "7 Survivor dashboards"},
		{[]string{"1", "2"}, "1 and 2"},
		{[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := ListAnd(c.in); got != c.want {
			t.Errorf("ListAnd(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
