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

func TestShortenQuotes(t *testing.T) {
	long := strings.Repeat("x", 900_000)
	msg := "tokens[0].type: " + `"` + long + `" is not one of "start", "exit"`
	got := ShortenQuotes(msg)
	want := `tokens[0].type: "` + strings.Repeat("x", MaxQuote-1) + `…" is not one of "start", "exit"`
	if got != want {
		t.Errorf("ShortenQuotes = %.200s", got)
	}
	// Escapes inside the value survive, and short quotes are left alone.
	esc := `unknown key "` + strings.Repeat(`\"`, 100) + `" and "ok"`
	if got := ShortenQuotes(esc); !strings.HasPrefix(got, `unknown key "\"\"`) || !strings.HasSuffix(got, `…" and "ok"`) {
		t.Errorf("escaped: %s", got)
	}
	// A message with no quotes, or an unmatched one, is cut as a whole.
	raw := `a "` + long
	if got := ShortenQuotes(raw); utf8.RuneCountInString(got) != MaxMessage || !strings.HasSuffix(got, "…") {
		t.Errorf("unquoted long message: %d characters", utf8.RuneCountInString(got))
	}
	if s := `short "quote"`; ShortenQuotes(s) != s {
		t.Errorf("changed a short message")
	}
}
