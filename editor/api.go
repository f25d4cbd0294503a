package editor

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

// Request is one call of the page into the session, the same whichever
// door it comes through: "GET state", "GET svg", "GET los", "POST op",
// "POST undo", "POST redo", "GET photo", "POST photo", "GET face", "GET generate",
// "POST generate", "GET printinfo", "GET print", "GET playtest", "GET balance" (paths without
// the "api/" prefix the page uses).
type Request struct {
	Method string
	Path   string
	Query  url.Values
	Body   []byte
}

// Reply is the session's answer: a status in HTTP's numbers (the page
// reads them the same from either door), a content type and the body.
type Reply struct {
	Status int
	Type   string
	Body   []byte
}

// The statuses a Reply carries.
const (
	StatusOK       = 200
	StatusRefused  = 400
	StatusNotFound = 404
	StatusStale    = 409
	StatusFailed   = 500
)

// MaxRequestBody bounds what a page may send in one call.
const MaxRequestBody = 1 << 20

// Call answers one request of the page.
func (s *Session) Call(r Request) Reply {
	if len(r.Body) > MaxRequestBody {
		return errorReply(StatusRefused, "a request larger than the editor reads", "")
	}
	switch r.Method + " " + r.Path {
	case "GET state":
		s.mu.Lock()
		st := s.state(s.cur, s.good)
		st.Undo, st.Redo = s.hist.counts(r.Query.Get("tab"))
		s.mu.Unlock()
		return s.stateReply(st, r.Query.Get("base"))
	case "GET svg":
		return s.svg(r.Query["overlay"])
	case "GET los":
		return s.los(r.Query.Get("zone"))
	case "GET face":
		return s.face(r.Query.Get("id"))
	case "POST op":
		return s.op(r.Body)
	case "POST undo":
		return s.undoRedo(r.Body, true)
	case "POST redo":
		return s.undoRedo(r.Body, false)
	case "GET photo":
		return s.getPhoto(r.Query.Get("face"))
	case "POST photo":
		return s.postPhoto(r.Body)
	case "GET generate":
		return s.generateOffer()
	case "GET playtest":
		return s.playtest()
	case "GET balance":
		return s.balance()
	case "POST generate":
		return s.generateCall(r.Body)
	case "GET printinfo":
		return s.printInfo()
	case "GET print":
		return s.printout(r.Query.Get("format"), r.Query.Get("page"))
	}
	return errorReply(StatusNotFound, "no such call: "+r.Method+" "+r.Path, "")
}

func jsonReply(status int, v any) Reply {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return Reply{Status: status, Type: "application/json", Body: buf.Bytes()}
}

// apiError is the body of every refused request.
type apiError struct {
	Error   string `json:"error"`
	Version string `json:"version,omitempty"` // the file's version now (409)
}

func errorReply(status int, msg, version string) Reply {
	return jsonReply(status, apiError{Error: msg, Version: version})
}

// svg draws the map with overlays: ?overlay=movement&overlay=sight=1A/c.
func (s *Session) svg(overlays []string) Reply {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.kind == lint.KindTileset || good.res.Scene == nil {
		return errorReply(StatusStale, "there is no board to draw yet", "")
	}
	sc := good.res.Scene
	o := mapOptions
	o.Labels = &s.overlayLabels
	for _, spec := range overlays {
		ov, err := render.ParseOverlay(spec, sc.Board, good.game)
		if err != nil {
			return errorReply(StatusRefused, err.Error(), "")
		}
		o.Overlays = append(o.Overlays, ov)
	}
	if err := fillDanger(sc, o.Overlays); err != nil {
		return errorReply(StatusRefused, "overlay danger: "+err.Error(), "")
	}
	var buf bytes.Buffer
	if err := render.SVG(&buf, sc, good.game, o); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	return Reply{Status: StatusOK, Type: "image/svg+xml", Body: buf.Bytes()}
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

func (s *Session) los(zone string) Reply {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.game == nil || good.kind == lint.KindTileset || good.res.Scene == nil {
		return errorReply(StatusStale, "no line of sight without a board", "")
	}
	sc := good.res.Scene
	z, err := sc.Board.Ref(zone)
	if err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	out := LOS{Zone: z.ID, Seen: []Seen{}, Path: []string{}}
	for _, v := range good.game.LOS(sc, z.Index, rules.SightOptions{}) {
		out.Seen = append(out.Seen, Seen{Zone: sc.Board.Zones[v.Zone].ID, Range: v.Range})
	}
	for _, i := range enemyPath(sc, good.game, z.Index) {
		out.Path = append(out.Path, sc.Board.Zones[i].ID)
	}
	return jsonReply(StatusOK, out)
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
	// Base is the key of the state the page holds: the answer is what
	// changed since (stateenc.go).
	Base string `json:"base,omitempty"`
}

func readJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &OpError{Msg: "a request the editor cannot read: " + err.Error()}
	}
	return nil
}

func (s *Session) op(body []byte) Reply {
	var req opRequest
	if err := readJSON(body, &req); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	if len(req.Ops) == 0 || len(req.Ops) > 100 {
		return errorReply(StatusRefused, "send 1 to 100 operations", "")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, no := s.edit(req.Version, req.Tab, func(data []byte) ([]byte, error) {
		if s.cur.kind == lint.KindTileset {
			return applyTilesetOps(data, req.Ops...)
		}
		c := s.cur.opContext()
		if c.N == 0 && s.good != nil {
			c = s.good.opContext()
		}
		return applyOps(data, c, req.Ops...)
	})
	return s.answer(req.Tab, req.Base, st, no)
}

type versionRequest struct {
	Version string `json:"version"`
	Tab     string `json:"tab,omitempty"`
	Base    string `json:"base,omitempty"`
}

func (s *Session) undoRedo(body []byte, undo bool) Reply {
	var req versionRequest
	if err := readJSON(body, &req); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st, no := s.step(req.Version, req.Tab, undo)
	return s.answer(req.Tab, req.Base, st, no)
}

// answer is the state after an edit (what changed since the state base
// the page holds), or why it was refused. Callers hold s.mu.
func (s *Session) answer(tab, base string, st *State, no *Refusal) Reply {
	if no != nil {
		code := StatusRefused
		switch no.Kind {
		case Stale:
			code = StatusStale
		case Failed:
			code = StatusFailed
		}
		return errorReply(code, no.Error(), s.cur.version)
	}
	st.Undo, st.Redo = s.hist.counts(tab)
	return s.stateReply(st, base)
}
