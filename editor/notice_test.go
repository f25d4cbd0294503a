package editor

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestOneNoticePerEdit: the page's own edit is told to the listening pages
// once, with the revision its answer holds (the page, which has it, then
// fetches nothing more), and the looks at the file after the editor's own
// write tell nothing more: the content is what the editor wrote.
func TestOneNoticePerEdit(t *testing.T) {
	c, _ := newClient(t, template)
	resp, err := http.Get(c.url + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		var ev string
		for sc.Scan() {
			l := sc.Text()
			if v, ok := strings.CutPrefix(l, "event: "); ok {
				ev = v
			}
			if v, ok := strings.CutPrefix(l, "data: "); ok {
				events <- ev + " " + v
			}
		}
		close(events)
	}()
	if first := <-events; !strings.HasPrefix(first, "hello ") {
		t.Fatalf("first event %q", first)
	}
	st := c.state()
	for i, at := range [][2]int{{3, 1}, {4, 1}} {
		code, body := c.op(st.Version, Op{Op: "token.move", Index: 0, At: &at})
		if code != 200 {
			t.Fatalf("edit %d: %d %s", i, code, body)
		}
		st = &State{}
		if err := json.Unmarshal(body, st); err != nil {
			t.Fatal(err)
		}
		select {
		case ev := <-events:
			if ev != "change "+st.Revision {
				t.Errorf("edit %d: notice %q, the answer holds %s", i, ev, st.Revision)
			}
		case <-time.After(10 * time.Second): // a guard against a hang
			t.Fatalf("edit %d: no notice", i)
		}
	}
	// The file is read again at every look for a second after a write
	// (Interval is 50 ms here): those reads find what was written and
	// say nothing.
	select {
	case ev := <-events:
		t.Errorf("a second notice after the edits: %q", ev)
	case <-time.After(1500 * time.Millisecond):
	}
}
