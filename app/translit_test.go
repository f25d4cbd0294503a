package app

import "testing"

// An id made from a title keeps its accented words, spelt in ASCII.
func TestSlugTransliterates(t *testing.T) {
	for title, want := range map[string]string{
		"Café Noir":             "cafe-noir",
		"Überfall im Dorf":      "uberfall-im-dorf",
		"Straße der Toten":      "strasse-der-toten",
		"Æther Ørsted":          "aether-orsted",
		"Łódź Nocą":             "lodz-noca",
		"Œuvre Þórr":            "oeuvre-thorr",
		"Ĳsselmeer Đakovo":      "ijsselmeer-dakovo",
		"Șoseaua Țării":         "soseaua-tarii",
		"Nguyễn Văn Đức":        "nguyen-van-duc",
		"Cafe\u0301 decomposed": "cafe-decomposed", // a combining accent
		"Violet Lockdown!":      "violet-lockdown",
		"東京":                    "new-mission", // nothing Latin to keep
		"Zone 東京 7":             "zone-7",
	} {
		if got := slug(title); got != want {
			t.Errorf("slug(%q) = %q, want %q", title, got, want)
		}
	}
}

// Every entry of the table is a letter and an ASCII spelling.
func TestLatinASCIITable(t *testing.T) {
	m := asciiOf()
	if len(m) < 500 {
		t.Fatalf("only %d letters", len(m))
	}
	for r, s := range m {
		if r < 0x80 || s == "" {
			t.Errorf("entry %q -> %q", r, s)
		}
		for _, c := range s {
			if c >= 0x80 || !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				t.Errorf("%q spelt %q, not ASCII letters", r, s)
			}
		}
	}
}
