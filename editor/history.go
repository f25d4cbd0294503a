package editor

// maxHistory bounds the edits remembered for undo.
const maxHistory = 500

// edit is one change to the file: its bytes before and after. Undo writes
// before back while the file is still after, which is the inverse of the
// operation whatever it was; redo does the opposite.
type edit struct {
	before, after []byte
}

// history is the server's undo and redo stacks. It lives as long as the
// server, so a page reload keeps it; an edit made outside the editor ends
// it, as the edits it remembers no longer apply.
type history struct {
	done   []edit
	undone []edit
}

func (h *history) push(before, after []byte) {
	h.done = append(h.done, edit{before, after})
	if len(h.done) > maxHistory {
		h.done = h.done[len(h.done)-maxHistory:]
	}
	h.undone = nil
}

// peek is the edit undo (or redo) would revert (or repeat).
func (h *history) peek(undo bool) (edit, bool) {
	l := h.undone
	if undo {
		l = h.done
	}
	if len(l) == 0 {
		return edit{}, false
	}
	return l[len(l)-1], true
}

// move moves the last edit from one stack to the other.
func (h *history) move(undo bool) {
	if undo {
		e := h.done[len(h.done)-1]
		h.done = h.done[:len(h.done)-1]
		h.undone = append(h.undone, e)
		return
	}
	e := h.undone[len(h.undone)-1]
	h.undone = h.undone[:len(h.undone)-1]
	h.done = append(h.done, e)
}

// knows tells whether version is a state of the file this history made.
func (h *history) knows(version string) bool {
	for _, l := range [][]edit{h.done, h.undone} {
		for _, e := range l {
			if Version(e.before) == version || Version(e.after) == version {
				return true
			}
		}
	}
	return false
}
