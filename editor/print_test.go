package editor

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Violet Lockdown", "violet-lockdown"},
		{"  The Night's Watch: part 2!  ", "the-night-s-watch-part-2"},
		{"../../etc/passwd", "etc-passwd"},
		{"Über die Brücke", "über-die-brücke"},
		{"CON", "con"},
		{"?*<>|", "fallback"},
		{"", "fallback"},
		{strings.Repeat("long ", 40), strings.TrimSuffix(strings.Repeat("long-", 12), "-")},
	} {
		if got := Slug(c.in, "fallback"); got != c.want {
			t.Errorf("Slug(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func call(t *testing.T, s *Session, path string, q url.Values) Reply {
	t.Helper()
	return s.Call(Request{Method: "GET", Path: path, Query: q})
}

// The printout's name is the title's; the template's words are named
// while they are there, and never for a mission that has its own.
func TestPrintInfo(t *testing.T) {
	for _, c := range []struct {
		src, name string
		warned    []string
	}{
		{"../examples/templates/zombicide-invader.yaml", "new-mission", []string{"title", "briefing"}},
		{"../examples/invader/violet-lockdown.yaml", "violet-lockdown", nil},
		{"../examples/templates/colony.yaml", "new-mission", []string{"title"}},
	} {
		s, _ := serve(t, c.src)
		rep := call(t, s.Session, "printinfo", nil)
		var info PrintInfo
		if err := json.Unmarshal(rep.Body, &info); err != nil || rep.Status != StatusOK {
			t.Fatalf("%s: %d %s", c.src, rep.Status, rep.Body)
		}
		if info.Name != c.name {
			t.Errorf("%s: named %q, want %q", c.src, info.Name, c.name)
		}
		if len(info.Warnings) != len(c.warned) {
			t.Errorf("%s: warnings %q, want about %v", c.src, info.Warnings, c.warned)
		}
		for i, w := range c.warned {
			if i < len(info.Warnings) && !strings.HasPrefix(info.Warnings[i], "The "+w+" is still the template's") {
				t.Errorf("%s: warning %q, want one about the %s", c.src, info.Warnings[i], w)
			}
		}
	}
}

// Print makes a PDF, PNG or SVG of the mission as it is, the same bytes
// each time, and refuses what it cannot make.
func TestPrintout(t *testing.T) {
	s, _ := serve(t, "../examples/invader/violet-lockdown.yaml")
	for _, c := range []struct{ format, magic string }{{"pdf", "%PDF-"}, {"png", "\x89PNG"}, {"svg", "<?xml"}} {
		q := url.Values{"format": {c.format}, "page": {"a4"}}
		a, b := call(t, s.Session, "print", q), call(t, s.Session, "print", q)
		if a.Status != StatusOK || !bytes.HasPrefix(bytes.TrimLeft(a.Body, " \n"), []byte(c.magic)) {
			t.Errorf("%s: %d %.60q", c.format, a.Status, a.Body)
		}
		if !bytes.Equal(a.Body, b.Body) {
			t.Errorf("%s: two printouts differ", c.format)
		}
	}
	for _, q := range []url.Values{{"format": {"doc"}, "page": {"a4"}}, {"format": {"pdf"}, "page": {"a3"}}} {
		if r := call(t, s.Session, "print", q); r.Status != StatusRefused {
			t.Errorf("%v: %d, want refused", q, r.Status)
		}
	}
}
