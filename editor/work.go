package editor

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Work is a session's document with its undo history, as the web edition
// keeps it in the browser's storage: a reload, a closed tab or a crash
// brings it back with undo and redo intact.
type Work struct {
	Data   []byte     `json:"data"`
	Done   []WorkStep `json:"done"`
	Undone []WorkStep `json:"undone,omitempty"` // the tab's redo steps, oldest first
}

// WorkStep is one step of the history: the document before and after.
type WorkStep struct {
	Before []byte `json:"before"`
	After  []byte `json:"after"`
}

// MaxKept is how many steps of undo (and of redo) Export keeps: the work
// is written to the browser's storage at every edit, so its size is
// bounded whatever the session's own history holds.
const MaxKept = 100

// Export is the work of tab: the document and the latest MaxKept steps it
// can undo and redo.
func (s *Session) Export(tab string) Work {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := Work{Data: s.cur.data, Done: []WorkStep{}}
	for _, st := range s.hist.done {
		if st.tab == tab || st.tab == outside {
			w.Done = append(w.Done, WorkStep{st.before, st.after})
		}
	}
	for _, st := range s.hist.undone[tab] {
		w.Undone = append(w.Undone, WorkStep{st.before, st.after})
	}
	if len(w.Done) > MaxKept {
		w.Done = w.Done[len(w.Done)-MaxKept:]
	}
	if len(w.Undone) > MaxKept {
		w.Undone = w.Undone[len(w.Undone)-MaxKept:]
	}
	return w
}

// Resume opens a session on w's document, its history given back to tab.
// The store must hold w.Data.
func Resume(path string, w Work, o Options, tab string) (*Session, error) {
	if len(w.Done) > maxHistory || len(w.Undone) > maxHistory {
		return nil, fmt.Errorf("a history of more than %d steps", maxHistory)
	}
	s, err := NewSession(path, o)
	if err != nil {
		return nil, err
	}
	if Version(s.cur.data) != Version(w.Data) {
		return nil, errors.New("the stored work does not match its document")
	}
	for _, st := range w.Done {
		s.hist.push(st.Before, st.After, tab)
	}
	if len(w.Undone) > 0 {
		s.hist.undone = map[string][]step{}
		for _, st := range w.Undone {
			s.hist.undone[tab] = append(s.hist.undone[tab], step{st.Before, st.After, tab})
		}
	}
	return s, nil
}

// MarshalWork and UnmarshalWork are Work's stored form.
func MarshalWork(w Work) ([]byte, error) { return json.Marshal(w) }

func UnmarshalWork(data []byte) (Work, error) {
	var w Work
	err := json.Unmarshal(data, &w)
	return w, err
}
