package source

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShortenQuote(t *testing.T) {
	long := strings.Repeat("é", 900_000)
	if got := Shorten(long); utf8.RuneCountInString(got) != MaxQuote || !strings.HasSuffix(got, "…") || !utf8.ValidString(got) {
		t.Errorf("Shorten(900k runes) = %d runes %q…", utf8.RuneCountInString(got), got[:20])
	}
	if got := Quote(long); utf8.RuneCountInString(got) != MaxQuote+2 || !strings.HasSuffix(got, "…\"") {
		t.Errorf("Quote(900k runes) = %s", got)
	}
	exact := strings.Repeat("a", MaxQuote)
	if Shorten(exact) != exact || Quote(exact) != `"`+exact+`"` {
		t.Errorf("a value of exactly %d characters was cut", MaxQuote)
	}
	if got := Quote("a\"b\n"); got != `"a\"b\n"` {
		t.Errorf("Quote escapes like %%q: got %s", got)
	}
}
