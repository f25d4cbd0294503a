package validate

import "testing"

func TestGlobMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		path    string
		want    bool
	}{
		{"drafts/**", "drafts/a.yaml", true},
		{"drafts/**", "drafts/x/y/z.yaml", true},
		{"drafts/**", "missions/drafts/a.yaml", false},
		{"drafts", "drafts/x/a.yaml", true}, // a folder covers its contents
		{"drafts/", "drafts/a.yaml", true},
		{"./drafts/*.yaml", "drafts/a.yaml", true},
		{"**/old-*.yaml", "old-1.yaml", true},
		{"**/old-*.yaml", "a/b/old-1.yaml", true},
		{"**/old-*.yaml", "a/b/new-1.yaml", false},
		{"missions/old-*.yaml", "missions/old-3.yaml", true},
		{"missions/old-*.yaml", "missions/sub/old-3.yaml", false},
		{"*.yaml", "a.yaml", true},
		{"*.yaml", "sub/a.yaml", false}, // anchored at the config's folder
		{"a/**/b/**/c.yaml", "a/x/b/y/z/c.yaml", true},
		{"a/**/b/**/c.yaml", "a/b/c.yaml", true},
		{"a/**/b/**/c.yaml", "a/x/c.yaml", false},
		{"m?.yaml", "m1.yaml", true},
		{"[ab].yaml", "c.yaml", false},
		{"**", "anything/at/all.yaml", true},
		{"a/b", "a", false},
		{"../shared/*.yaml", "../shared/x.yaml", true},
	} {
		g, err := compileGlob(tc.pattern)
		if err != nil {
			t.Fatalf("compileGlob(%q): %v", tc.pattern, err)
		}
		if got := g.match(tc.path); got != tc.want {
			t.Errorf("%q matching %q = %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

func TestGlobErrors(t *testing.T) {
	for _, p := range []string{"", "  ", "/abs/*.yaml", "C:/x", "[a-", "a/[/b", ".", "./"} {
		if _, err := compileGlob(p); err == nil {
			t.Errorf("compileGlob(%q) accepted", p)
		}
	}
}

// TestGlobManyStars pins that ** does not backtrack exponentially.
func TestGlobManyStars(t *testing.T) {
	p := ""
	for range 40 {
		p += "**/a/"
	}
	g, err := compileGlob(p + "b")
	if err != nil {
		t.Fatal(err)
	}
	path := ""
	for range 60 {
		path += "a/"
	}
	if g.match(path + "c") {
		t.Error("matched a path without the final segment")
	}
}
