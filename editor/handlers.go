package editor

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

//go:embed assets
var assetFS embed.FS

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	data, err := assetFS.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(data)
}

func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	data, err := fs.ReadFile(assetFS, "assets/"+name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if strings.HasSuffix(name, ".js") {
		ct = "text/javascript; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Write(data)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// apiError is the body of every refused request.
type apiError struct {
	Error   string `json:"error"`
	Version string `json:"version,omitempty"` // the file's version now (409)
}

func (s *Server) getState(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	st := s.state(s.cur, s.good)
	st.Undo, st.Redo = s.hist.counts(r.URL.Query().Get("tab"))
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// getSVG draws the map with overlays: ?overlay=movement&overlay=sight=1A/c.
func (s *Server) getSVG(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.kind == lint.KindTileset {
		writeJSON(w, http.StatusConflict, apiError{Error: "there is no board to draw yet"})
		return
	}
	sc := good.res.Scene
	o := mapOptions
	for _, spec := range r.URL.Query()["overlay"] {
		ov, err := render.ParseOverlay(spec, sc.Board, good.game)
		if err != nil {
			writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
			return
		}
		o.Overlays = append(o.Overlays, ov)
	}
	var buf bytes.Buffer
	if err := render.SVG(&buf, sc, good.game, o); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(buf.Bytes())
}

// LOS is what a zone sees, and how the nearest enemy gets there.
type LOS struct {
	Zone string `json:"zone"`
	Seen []Seen `json:"seen"`
	// Path is the enemies' shortest way from the nearest Spawn Zone to
	// the zone, Spawn Zone first; empty when none reaches it.
	Path []string `json:"path"`
}

type Seen struct {
	Zone  string `json:"zone"`
	Range int    `json:"range"`
}

func (s *Server) getLOS(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.game == nil || good.kind == lint.KindTileset {
		writeJSON(w, http.StatusConflict, apiError{Error: "no line of sight without a board"})
		return
	}
	sc := good.res.Scene
	z, err := sc.Board.Ref(r.URL.Query().Get("zone"))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	out := LOS{Zone: z.ID, Seen: []Seen{}, Path: []string{}}
	for _, v := range good.game.LOS(sc, z.Index, rules.SightOptions{}) {
		out.Seen = append(out.Seen, Seen{Zone: sc.Board.Zones[v.Zone].ID, Range: v.Range})
	}
	for _, i := range enemyPath(sc, good.game, z.Index) {
		out.Path = append(out.Path, sc.Board.Zones[i].ID)
	}
	writeJSON(w, http.StatusOK, out)
}

// enemyPath is the shortest enemy path from any Spawn Zone to zone to,
// by a search from all Spawn Zones at once; ties go to lower indexes.
func enemyPath(sc *rules.Scene, g rules.BoardGame, to int) []int {
	n := len(sc.Board.Zones)
	adj := make([][]int, n)
	for _, m := range g.Movement(sc) {
		if m.Xenos {
			adj[m.From] = append(adj[m.From], m.To)
			adj[m.To] = append(adj[m.To], m.From)
		}
	}
	prev := make([]int, n)
	for i := range prev {
		prev[i] = -2
	}
	var queue []int
	for _, t := range sc.Of(missions.TokSpawn) {
		if t.Zone != nil && prev[t.Zone.Index] == -2 {
			prev[t.Zone.Index] = -1
			queue = append(queue, t.Zone.Index)
		}
	}
	slices.Sort(queue)
	for len(queue) > 0 {
		z := queue[0]
		queue = queue[1:]
		if z == to {
			var path []int
			for ; z >= 0; z = prev[z] {
				path = append(path, z)
			}
			slices.Reverse(path)
			return path
		}
		nb := slices.Clone(adj[z])
		slices.Sort(nb)
		for _, y := range nb {
			if prev[y] == -2 {
				prev[y] = z
				queue = append(queue, y)
			}
		}
	}
	return nil
}

// opRequest is what the page sends: operations made against a version.
type opRequest struct {
	Version string `json:"version"`
	Ops     []Op   `json:"ops"`
	// Tab names the page that sends it: each undoes its own edits.
	Tab string `json:"tab,omitempty"`
}

func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &OpError{Msg: "a request the editor cannot read: " + err.Error()}
	}
	return nil
}

func (s *Server) postOp(w http.ResponseWriter, r *http.Request) {
	var req opRequest
	if err := readJSON(r, &req); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	if len(req.Ops) == 0 || len(req.Ops) > 100 {
		writeJSON(w, http.StatusBadRequest, apiError{Error: "send 1 to 100 operations"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, code, err := s.edit(req.Version, req.Tab, func(data []byte) ([]byte, error) {
		if s.cur.kind == lint.KindTileset {
			return applyTilesetOps(data, req.Ops...)
		}
		c := s.cur.opContext()
		if c.N == 0 && s.good != nil {
			c = s.good.opContext()
		}
		return applyOps(data, c, req.Ops...)
	})
	s.answer(w, req.Tab, st, code, err)
}

func (s *Server) answer(w http.ResponseWriter, tab string, st *State, code int, err error) {
	if err != nil {
		writeJSON(w, code, apiError{Error: err.Error(), Version: s.cur.version})
		return
	}
	st.Undo, st.Redo = s.hist.counts(tab)
	writeJSON(w, code, st)
}

// errStale is an operation made against a version that is not the file's.
var errStale = errors.New("the file changed since the page showed it; the page now shows it as it is")

// fresh reads the file and makes it the current version if it changed on
// disk without the watcher having seen it yet. Callers hold s.mu.
func (s *Server) fresh() error {
	data, p := s.settledRead()
	if p != nil {
		return errors.New(p.Message)
	}
	if v := Version(data); v != s.cur.version {
		// Saved elsewhere: a step of the history like any other.
		s.hist.push(s.cur.data, data, outside)
		s.setCurrent(s.snapshotOf(data))
	}
	return nil
}

func (s *Server) setCurrent(snap *snapshot) {
	s.rev++
	snap.rev = s.rev
	s.cur = snap
	if snap.ok() {
		s.good = snap
	}
	s.stamps[0] = reread{}
	s.recheck = time.Now().Add(time.Second)
	go s.notify(snap.revision())
}

// edit changes the file by change, made against version; it refuses a
// stale version (409) and a change that breaks the file's shape (400), and
// writes atomically. Callers hold s.mu.
func (s *Server) edit(version, tab string, change func([]byte) ([]byte, error)) (*State, int, error) {
	if err := s.fresh(); err != nil {
		return nil, http.StatusInternalServerError, err
	}
	if version != s.cur.version {
		return nil, http.StatusConflict, errStale
	}
	before := s.cur
	out, err := change(before.data)
	if err != nil {
		var oe *OpError
		if errors.As(err, &oe) {
			return nil, http.StatusBadRequest, err
		}
		return nil, http.StatusBadRequest, errors.New("the file cannot be edited as it is: " + err.Error() + "; fix it in the text first")
	}
	if bytes.Equal(out, before.data) {
		return s.state(s.cur, s.good), http.StatusOK, nil
	}
	next := s.snapshotOf(out)
	if n, first := structural(next.diags); first != nil {
		if m, _ := structural(before.diags); n > m {
			return nil, http.StatusBadRequest, &OpError{Msg: "refused: the file would no longer be a valid mission: " + first.Message}
		}
	}
	if err := s.write(out, before.data); err != nil {
		if errors.Is(err, missions.ErrChanged) {
			return nil, http.StatusConflict, errStale
		}
		return nil, http.StatusInternalServerError, err
	}
	s.hist.push(before.data, out, tab)
	s.setCurrent(next)
	return s.state(s.cur, s.good), http.StatusOK, nil
}

// write replaces the file with data, unless it no longer holds read (an
// edit saved meanwhile in another editor): then nothing is written.
func (s *Server) write(data, read []byte) error {
	return missions.ReplaceFile(s.path, data, read)
}

type versionRequest struct {
	Version string `json:"version"`
	Tab     string `json:"tab,omitempty"`
}

func (s *Server) postUndo(w http.ResponseWriter, r *http.Request) { s.step(w, r, true) }
func (s *Server) postRedo(w http.ResponseWriter, r *http.Request) { s.step(w, r, false) }

// step undoes or redoes the tab's last step: the file as it was before
// (or after) it, merged with what changed since when it is not the last.
func (s *Server) step(w http.ResponseWriter, r *http.Request, undo bool) {
	var req versionRequest
	if err := readJSON(r, &req); err != nil {
		writeJSON(w, http.StatusBadRequest, apiError{Error: err.Error()})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.fresh(); err != nil {
		s.answer(w, req.Tab, nil, http.StatusInternalServerError, err)
		return
	}
	if req.Version != s.cur.version {
		s.answer(w, req.Tab, nil, http.StatusConflict, errStale)
		return
	}
	word, do := "undo", s.hist.undo
	if !undo {
		word, do = "redo", s.hist.redo
	}
	to, commit, err := do(req.Tab, s.cur.data)
	switch {
	case errors.Is(err, errNothing):
		s.answer(w, req.Tab, nil, http.StatusConflict, &OpError{Msg: "nothing to " + word})
		return
	case err != nil:
		s.answer(w, req.Tab, nil, http.StatusConflict, &OpError{Msg: "cannot " + word + " that edit: " + err.Error()})
		return
	}
	next := s.snapshotOf(to)
	if n, first := structural(next.diags); first != nil {
		if m, _ := structural(s.cur.diags); n > m {
			s.answer(w, req.Tab, nil, http.StatusConflict, &OpError{Msg: "cannot " + word + " that edit: with the later changes the file would no longer be a valid mission: " + first.Message})
			return
		}
	}
	if err := s.write(to, s.cur.data); err != nil {
		code := http.StatusInternalServerError
		if errors.Is(err, missions.ErrChanged) {
			code, err = http.StatusConflict, errStale
		}
		s.answer(w, req.Tab, nil, code, err)
		return
	}
	commit()
	s.setCurrent(next)
	s.answer(w, req.Tab, s.state(s.cur, s.good), http.StatusOK, nil)
}
