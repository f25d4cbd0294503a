package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

// A tile dragged from the palette is shown under the pointer as the map
// would draw it: the face alone on a board of one tile, drawn by render,
// the board group's elements only. The page asks once per face and
// version of the mission.

// faceDrawing is the SVG of the board group of a board holding face id
// alone at [0, 0], turned 0, in the mission's tile set: its elements in
// board units (a cell is render.CellUnits), in an <svg> whose viewBox is
// the tile.
func (s *Session) face(id string) Reply {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.res == nil || good.res.Mission == nil || good.board() == nil || good.board().Set == nil {
		return errorReply(StatusStale, "there is no board to draw a tile for yet", "")
	}
	b := good.board()
	known := false
	for _, f := range b.Set.Faces {
		known = known || f.ID == id
	}
	if !known {
		return errorReply(StatusNotFound, fmt.Sprintf("no face %q in the tile set", id), "")
	}
	key := good.revision() + "\x00" + id
	s.faceMu.Lock()
	if s.faces == nil || s.facesOf != good.revision() {
		s.faces, s.facesOf = map[string][]byte{}, good.revision()
	}
	if svg, ok := s.faces[key]; ok {
		s.faceMu.Unlock()
		return Reply{Status: StatusOK, Type: "image/svg+xml", Body: svg}
	}
	s.faceMu.Unlock()

	m := good.res.Mission
	q := func(v string) string { b, _ := json.Marshal(v); return string(b) } // a JSON string is a YAML one
	doc := "format: 1\nid: face\ntitle: face\nruleset: " + q(m.Ruleset) + "\ntileset: " + q(m.Tileset) +
		"\ntiles:\n  - {face: " + q(id) + ", at: [0, 0]}\n"
	res := lint.Bytes(s.path, []byte(doc), s.o.Lint)
	if res.Scene == nil || res.Scene.Board == nil {
		return errorReply(StatusRefused, "the face cannot be drawn alone", "")
	}
	g, _ := rules.Lookup(m.Ruleset).(rules.BoardGame)
	var page bytes.Buffer
	if err := render.SVG(&page, res.Scene, g, render.Options{Page: "fit"}); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	// The board group's children: the tile's art, without the page.
	lines, root, ok := parseSVGLines(page.String())
	if !ok {
		return errorReply(StatusFailed, "the face's drawing cannot be read", "")
	}
	var boardNode *svgNode
	for _, doc := range root.kids {
		for _, n := range doc.kids {
			if n.kids != nil && strings.Contains(lines[n.first], `class="board"`) {
				boardNode = n
			}
		}
	}
	if boardNode == nil {
		return errorReply(StatusFailed, "the face's drawing has no board", "")
	}
	side := float64(res.Scene.Board.N) * render.CellUnits
	var out bytes.Buffer
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" overflow="hidden">`+"\n", side, side)
	for _, l := range lines[boardNode.first+1 : boardNode.last] {
		out.WriteString(l)
		out.WriteByte('\n')
	}
	out.WriteString("</svg>\n")
	s.faceMu.Lock()
	if s.facesOf == good.revision() && len(s.faces) < 256 {
		s.faces[key] = out.Bytes()
	}
	s.faceMu.Unlock()
	return Reply{Status: StatusOK, Type: "image/svg+xml", Body: out.Bytes()}
}
