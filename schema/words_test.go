package schema

import "testing"

// A value quoted in a message is shown as written: a message is text, and
// json.Marshal's \u003c for < reads as noise in a terminal and a page.
func TestShowKeepsCharacters(t *testing.T) {
	if got, want := show("<intruder> & co"), `"<intruder> & co"`; got != want {
		t.Errorf("show = %s, want %s", got, want)
	}
	if got, want := show(map[string]any{"a": []any{1.5, "x"}}), `{"a":[1.5,"x"]}`; got != want {
		t.Errorf("show = %s, want %s", got, want)
	}
}
