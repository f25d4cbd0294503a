package render

import (
	"strings"
	"testing"
)

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 1: "1", -1: "-1", 1.5: "1.5", 1.25: "1.25", 1.255: "1.25", 1.2549: "1.25", 100: "100",
		-0.001: "0", 0.1 + 0.2: "0.3", 2.0 / 3: "0.67", 1e6: "1000000",
	} {
		if got := num(v); got != want {
			t.Errorf("num(%v) = %q, want %q", v, got, want)
		}
	}
	if got := num4(0.30000001); got != "0.3" {
		t.Errorf("num4 = %q", got)
	}
}

func TestEsc(t *testing.T) {
	for in, want := range map[string]string{
		`a<b>&"c'`:    "a&lt;b&gt;&amp;&quot;c&#39;",
		"tab\there":   "tab here",
		"bell\x07":    "bell\uFFFD",
		"bad\xffutf8": "bad\uFFFDutf8",
		"café ✓":      "café ✓",
		"\uFFFE":      "\uFFFD",
	} {
		if got := esc(in); got != want {
			t.Errorf("esc(%q) = %q, want %q", in, got, want)
		}
	}
}

func lineText(l []span) string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.text)
	}
	return b.String()
}

func TestWrapSpans(t *testing.T) {
	text := "The night shift stopped answering an hour ago. Grab the two data cores the crew left in the security and tank rooms."
	const size, width = 3.0, 60.0
	lines := wrapSpans([]span{{text: text}}, size, width)
	if len(lines) < 2 {
		t.Fatalf("no wrapping: %d lines", len(lines))
	}
	var words []string
	for _, l := range lines {
		s := lineText(l)
		if w := textWidth(s, size, false); w > width {
			t.Errorf("line %q is %v mm wide, more than %v", s, w, width)
		}
		words = append(words, strings.Fields(s)...)
	}
	if strings.Join(words, " ") != text {
		t.Errorf("wrapping lost or changed words: %q", strings.Join(words, " "))
	}
	// Greedy: no line could have taken the next line's first word.
	for i := 0; i+1 < len(lines); i++ {
		next := strings.Fields(lineText(lines[i+1]))[0]
		if textWidth(lineText(lines[i])+" "+next, size, false) <= width {
			t.Errorf("line %d %q could hold %q", i, lineText(lines[i]), next)
		}
	}
}

func TestWrapStylesAndBreaks(t *testing.T) {
	lines := wrapSpans([]span{{text: "1.", bold: true}, {text: "first\nsecond third"}, {text: "(fourth)", italic: true}}, 3, 200)
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2 (a hard break)", len(lines))
	}
	if len(lines[0]) != 2 || !lines[0][0].bold || lines[0][1].text != " first" {
		t.Errorf("first line %+v", lines[0])
	}
	if got := lineText(lines[1]); got != "second third (fourth)" {
		t.Errorf("second line %q", got)
	}
	if last := lines[1][len(lines[1])-1]; !last.italic || last.text != " (fourth)" {
		t.Errorf("italic run %+v", last)
	}
	// A word longer than the line is cut into pieces that fit.
	long := strings.Repeat("x", 100)
	for _, l := range wrapSpans([]span{{text: long}}, 3, 20) {
		if w := textWidth(lineText(l), 3, false); w > 20 {
			t.Errorf("piece %q is %v wide", lineText(l), w)
		}
	}
	if got := wrapSpans(nil, 3, 20); len(got) != 0 {
		t.Errorf("empty text gave %d lines", len(got))
	}
}

func TestTextWidth(t *testing.T) {
	// DejaVu Sans: "i" is narrow, "W" wide, bold wider than regular.
	if !(textWidth("i", 10, false) < textWidth("W", 10, false)) {
		t.Error("i is not narrower than W")
	}
	if !(textWidth("Mission", 10, false) < textWidth("Mission", 10, true)) {
		t.Error("bold is not wider")
	}
	if got := textWidth("0123456789", 10, false); got < 63 || got > 64 {
		t.Errorf("ten digits at 10 = %v, want 63.6", got)
	}
}

func TestParagraphs(t *testing.T) {
	in := "The night shift\nstopped answering.\n\n  Grab the cores.\n"
	if got := paragraphs(in); got != "The night shift stopped answering.\n\nGrab the cores." {
		t.Errorf("paragraphs = %q", got)
	}
}

func TestWithText(t *testing.T) {
	m := &mapPage{st: style{}}
	same := m.withText("Reach the Exit with all Survivors.", "Reach the Exit with all Survivors")
	if len(same) != 1 {
		t.Errorf("equal sentences shown twice: %+v", same)
	}
	both := m.withText("Take both Objectives (the data cores).", "Take both red Objectives")
	if len(both) != 2 || both[1].text != "(Take both red Objectives.)" || !both[1].italic {
		t.Errorf("differing sentences: %+v", both)
	}
	if got := m.withText("", "Survive 8 Game Rounds"); got[0].text != "Survive 8 Game Rounds." {
		t.Errorf("structured only: %+v", got)
	}
}
