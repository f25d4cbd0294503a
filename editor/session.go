package editor

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Options configure a Session (and the local Server around it).
type Options struct {
	// Addr is where the local server listens; it must be a loopback
	// address. Default 127.0.0.1:0 (any free port).
	Addr string
	// Lint options (limits, check options from configuration).
	Lint lint.Options
	// Findings adjusts the findings (configuration: severities, ignores);
	// nil keeps them as they are.
	Findings func([]validate.Diagnostic) []validate.Diagnostic
	// Store holds the document; nil is the file at the session's path.
	Store Store
	// Stamp tells a file's state cheaply (size and modification time);
	// when it changes, the file is read again. Default: os.Stat's size and
	// time.
	Stamp func(path string) any
	// Interval is how often the local server looks at the files (default
	// 250ms).
	Interval time.Duration
}

// Store holds the document a session edits: a file on disk for `zmission
// edit`, the page's memory for the web edition.
type Store interface {
	// Read returns the document; an error wrapping fs.ErrNotExist when
	// it is gone.
	Read() ([]byte, error)
	// Replace writes data in place of read, whole or not at all; it
	// returns missions.ErrChanged, writing nothing, when the store no
	// longer holds read (a save made meanwhile elsewhere).
	Replace(data, read []byte) error
}

// FileStore is a document on disk, written atomically.
type FileStore struct {
	Path   string
	Limits source.Limits
}

func (f FileStore) Read() ([]byte, error) {
	data, p := source.ReadFile(f.Path, f.Limits)
	if p != nil {
		if _, err := os.Stat(f.Path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", p.Message, fs.ErrNotExist)
		}
		return nil, errors.New(p.Message)
	}
	return data, nil
}

func (f FileStore) Replace(data, read []byte) error {
	return missions.ReplaceFile(f.Path, data, read)
}

// Prepare writes data beside the file and flushes it to the disk; the
// file is replaced by the commit (missions.PrepareReplace).
func (f FileStore) Prepare(data, read []byte) (commit func() error, abort func(), err error) {
	p, err := missions.PrepareReplace(f.Path, data, read)
	if err != nil {
		return nil, nil, err
	}
	return p.Commit, p.Abort, nil
}

// preparer is a Store that writes in two steps: the document made ready
// beside the one it replaces (the slow part: the disk), then put in place.
// The session checks an edit while the disk writes.
type preparer interface {
	Prepare(data, read []byte) (commit func() error, abort func(), err error)
}

// MemStore is a document held in memory (the web edition's page).
type MemStore struct {
	mu   sync.Mutex
	data []byte
}

// NewMemStore holds data.
func NewMemStore(data []byte) *MemStore { return &MemStore{data: bytes.Clone(data)} }

func (m *MemStore) Read() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return bytes.Clone(m.data), nil
}

func (m *MemStore) Replace(data, read []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !bytes.Equal(m.data, read) {
		return missions.ErrChanged
	}
	m.data = bytes.Clone(data)
	return nil
}

// Session is the editor's core: one document read, linted and answered as
// a State; operations applied against a version, undo and redo, outside
// changes followed. It knows nothing of how the page reaches it: the local
// server (server.go) and the web edition's module both call Call.
type Session struct {
	path  string
	o     Options
	store Store

	mu     sync.Mutex
	cur    *snapshot // the file as last read
	good   *snapshot // the last version whose board could be built
	hist   history
	stamps [2]any
	rev    int // counts the snapshots taken: a tile-set change keeps the mission's version
	// gone counts the looks in a row that found no file; missing is set
	// at the second (an editor that saves by renaming makes the file
	// vanish for a moment, never for two looks).
	gone    int
	missing bool
	// recheck: until then the file is read at every look, stamp or not. A
	// save from another program in the same clock tick as the editor's own
	// write, of the same size, has the same stamp; its content tells.
	recheck time.Time
	// notify, when set, is told each new revision (the local server's
	// change events).
	notify func(revision string)
	// sent remembers the last states sent, so an answer can be what
	// changed since the one the page holds.
	sent stateCache
	// played is the last Playtest panel's answer (playtest.go).
	played playtestCache
	// balanced is the form view's last Played out answer (balance.go).
	balanced balanceCache
	// svgSize is the size of the last map drawn.
	svgSize atomic.Int64
	// Where the labels went on the last map drawn, and on the last drawn
	// with overlays: an edit moves few of them, and finding them is most
	// of a big board's drawing.
	labels, overlayLabels render.LabelCache
	// faces are the palette's faces drawn alone, for the revision facesOf.
	faceMu  sync.Mutex
	faces   map[string][]byte
	facesOf string
}

// NewSession opens the document at path (the name its findings and
// relative tile-set paths use): it must be a readable mission or tile-set
// file.
func NewSession(path string, o Options) (*Session, error) {
	if o.Interval <= 0 {
		o.Interval = 250 * time.Millisecond
	}
	if o.Stamp == nil {
		o.Stamp = statStamp
	}
	if o.Lint.Limits == (source.Limits{}) {
		o.Lint.Limits = source.DefaultLimits
	}
	st := o.Store
	if st == nil {
		st = FileStore{Path: path, Limits: o.Lint.Limits}
	}
	s := &Session{path: path, o: o, store: st}
	first := o.Stamp(path) // before reading: a save meanwhile is seen at the first look
	snap, err := s.read()
	if err != nil {
		return nil, err
	}
	if snap.kind == lint.KindOther {
		return nil, fmt.Errorf("%s is neither a mission nor a tile set", path)
	}
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	s.stamps = s.stampNow()
	s.stamps[0] = first
	return s, nil
}

func statStamp(path string) any {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return [2]int64{st.Size(), st.ModTime().UnixNano()}
}

// Data is the document as the session holds it now.
func (s *Session) Data() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.cur.data)
}

// Revision names the document's current state (see State.Revision).
func (s *Session) Revision() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur.revision()
}

// read reads and lints the file.
func (s *Session) read() (*snapshot, error) {
	data, err := s.store.Read()
	if err != nil {
		return nil, err
	}
	return s.snapshotOf(data), nil
}

func (s *Session) stampNow() [2]any {
	ts := ""
	if s.cur != nil {
		ts = s.cur.tilesetFile
	}
	var st [2]any
	st[0] = s.o.Stamp(s.path)
	if ts != "" {
		st[1] = s.o.Stamp(ts)
	}
	return st
}

// Poll reads the file again when its stamp changed, and tells notify when
// its content differs from what the pages have.
func (s *Session) Poll() {
	s.mu.Lock()
	now := s.stampNow()
	if now == s.stamps && !time.Now().Before(s.recheck) {
		s.mu.Unlock()
		return
	}
	// The stamps are taken before reading: a save made while this one is
	// read and checked changes them again, and is seen at the next look.
	tilesChanged := now[1] != s.stamps[1]
	s.stamps = now
	before := s.cur
	data, err := s.settledRead()
	if err != nil {
		// Editors that save by renaming make the file vanish for a moment;
		// the next look sees it back. Gone at two looks, it is reported.
		if errors.Is(err, fs.ErrNotExist) {
			s.gone++
			s.stamps = [2]any{reread{}, s.stamps[1]} // look again until it is back
			if s.gone >= 2 && !s.missing {
				s.missing = true
				s.rev++
				s.cur.rev = s.rev
				s.mu.Unlock()
				s.tell(before.revision())
				return
			}
		}
		s.mu.Unlock()
		return
	}
	s.gone = 0
	if s.missing {
		// Back: the page is told even when it is as it was.
		s.missing = false
		tilesChanged = true
	}
	if Version(data) == before.version && !tilesChanged {
		s.mu.Unlock()
		return
	}
	snap := s.snapshotOf(data)
	s.rev++
	snap.rev = s.rev
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	// A save from another program is a step of the history: undone like
	// any other, and the edits before it can still be undone around it.
	if snap.version != before.version {
		s.hist.push(before.data, data, outside)
	}
	s.mu.Unlock()
	s.tell(snap.revision())
}

func (s *Session) tell(revision string) {
	if s.notify != nil {
		s.notify(revision)
	}
}

// settleDelay is how long a read waits to read again when the file
// changed: long enough for a program's truncate-then-write save to finish.
const settleDelay = 15 * time.Millisecond

// settledRead reads the file; when it differs from the current version it
// reads again a moment later, until two reads agree. Many programs save by
// truncating the file and then writing it: a read between the two took an
// empty file for a save, a step of the history that an undo then wrote
// back. Callers hold s.mu.
func (s *Session) settledRead() ([]byte, error) {
	data, err := s.store.Read()
	for i := 0; i < 20 && err == nil && Version(data) != s.cur.version; i++ {
		time.Sleep(settleDelay)
		again, err2 := s.store.Read()
		if err2 != nil || bytes.Equal(again, data) {
			return again, err2
		}
		data = again
	}
	return data, err
}

// reread is a stamp no file has: after the editor writes the file, the
// next look reads it again and compares contents, so a save from outside
// made right after the editor's own is not taken for it.
type reread struct{}

// errStale is an operation made against a version that is not the file's.
var errStale = errors.New("the file changed since the page showed it; the page now shows it as it is")

// fresh reads the file and makes it the current version if it changed on
// disk without the watcher having seen it yet. Callers hold s.mu.
func (s *Session) fresh() error {
	data, err := s.settledRead()
	if err != nil {
		return err
	}
	if v := Version(data); v != s.cur.version {
		// Saved elsewhere: a step of the history like any other.
		s.hist.push(s.cur.data, data, outside)
		s.setCurrent(s.snapshotOf(data))
	}
	return nil
}

func (s *Session) setCurrent(snap *snapshot) {
	s.rev++
	snap.rev = s.rev
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	s.stamps[0] = reread{}
	s.recheck = time.Now().Add(time.Second)
	if s.notify != nil {
		go s.notify(snap.revision())
	}
}

// Refusal is why the session did not do what it was asked, and what kind
// of no it is; the doors turn the kind into their own terms (an HTTP
// status for the local server).
type Refusal struct {
	Kind RefusalKind
	Err  error
}

func (r *Refusal) Error() string { return r.Err.Error() }
func (r *Refusal) Unwrap() error { return r.Err }

// RefusalKind sorts refusals.
type RefusalKind int

const (
	// Invalid: the request or the change it asks for is refused as it is.
	Invalid RefusalKind = iota + 1
	// Stale: made against another version, or nothing to undo or redo;
	// the page should load the state again.
	Stale
	// Failed: the document could not be read or written.
	Failed
)

func no(k RefusalKind, err error) *Refusal { return &Refusal{Kind: k, Err: err} }

// edit changes the file by change, made against version; it refuses a
// stale version and a change that breaks the file's shape, and writes
// whole or not at all. Callers hold s.mu.
func (s *Session) edit(version, tab string, change func([]byte) ([]byte, error)) (*State, *Refusal) {
	if err := s.fresh(); err != nil {
		return nil, no(Failed, err)
	}
	if version != s.cur.version {
		return nil, no(Stale, errStale)
	}
	before := s.cur
	out, err := change(before.data)
	if err != nil {
		var oe *OpError
		if errors.As(err, &oe) {
			return nil, no(Invalid, err)
		}
		return nil, no(Invalid, errors.New("the file cannot be edited as it is: "+err.Error()+"; fix it in the text first"))
	}
	out = missions.KeepLineEnds(before.data, out) // the edit writes LF; the author's line ends stay
	if bytes.Equal(out, before.data) {
		return s.state(s.cur, s.good), nil
	}
	w := s.startWrite(out, before.data)
	next := s.snapshotOf(out)
	if n, first := structural(next.diags); first != nil {
		if m, _ := structural(before.diags); n > m {
			w.abort()
			return nil, no(Invalid, &OpError{Msg: "Not done: the mission would no longer be whole. " + tableWords(first.Rule, first.Message)})
		}
	}
	st, err := s.write(next, w)
	if err != nil {
		if errors.Is(err, missions.ErrChanged) {
			return nil, no(Stale, errStale)
		}
		return nil, no(Failed, err)
	}
	s.hist.push(before.data, out, tab)
	s.setCurrent(next)
	return st, nil
}

// pendingWrite is a document being written while the session checks it
// and makes the page's state.
type pendingWrite struct {
	ready  chan error
	commit func() error
	drop   func()
}

// startWrite begins replacing the document read by data: a store that
// writes in two steps makes it ready (written and flushed to the disk)
// now, while the edit is checked; nothing is in place before commit.
func (s *Session) startWrite(data, read []byte) *pendingWrite {
	w := &pendingWrite{ready: make(chan error, 1)}
	p, ok := s.store.(preparer)
	if !ok {
		w.commit = func() error { return s.store.Replace(data, read) }
		w.ready <- nil
		return w
	}
	go func() {
		commit, abort, err := p.Prepare(data, read)
		w.commit, w.drop = commit, abort
		w.ready <- err
	}()
	return w
}

// abort drops the write: the document stays as it is.
func (w *pendingWrite) abort() {
	if err := <-w.ready; err == nil && w.drop != nil {
		w.drop()
	}
}

// write puts w's document in place of the one read and gives the state
// next will have once it is current. The page's state is made while the
// document is written (and flushed to the disk), which on a small mission
// takes as long as checking it. Callers hold s.mu and make next current
// when the write worked.
func (s *Session) write(next *snapshot, w *pendingWrite) (*State, error) {
	next.rev = s.rev + 1 // what setCurrent gives it
	good := s.good
	if next.ok() {
		good = next
	}
	st := s.state(next, good)
	if err := <-w.ready; err != nil {
		return nil, err
	}
	if err := w.commit(); err != nil {
		return nil, err
	}
	return st, nil
}

// step undoes or redoes the tab's last step: the file as it was before
// (or after) it, merged with what changed since when it is not the last.
// Callers hold s.mu.
func (s *Session) step(version, tab string, undo bool) (*State, *Refusal) {
	if err := s.fresh(); err != nil {
		return nil, no(Failed, err)
	}
	if version != s.cur.version {
		return nil, no(Stale, errStale)
	}
	word, do := "undo", s.hist.undo
	if !undo {
		word, do = "redo", s.hist.redo
	}
	to, commit, err := do(tab, s.cur.data)
	switch {
	case errors.Is(err, errNothing):
		return nil, no(Stale, &OpError{Msg: "nothing to " + word})
	case err != nil:
		return nil, no(Stale, &OpError{Msg: "cannot " + word + " that edit: " + err.Error()})
	}
	w := s.startWrite(to, s.cur.data)
	next := s.snapshotOf(to)
	if n, first := structural(next.diags); first != nil {
		if m, _ := structural(s.cur.diags); n > m {
			w.abort()
			return nil, no(Stale, &OpError{Msg: "cannot " + word + " that edit: with the later changes the file would no longer be a valid mission: " + first.Message})
		}
	}
	st, err := s.write(next, w)
	if err != nil {
		if errors.Is(err, missions.ErrChanged) {
			return nil, no(Stale, errStale)
		}
		return nil, no(Failed, err)
	}
	commit()
	s.setCurrent(next)
	return st, nil
}
