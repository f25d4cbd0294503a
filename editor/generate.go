package editor

import (
	"errors"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
)

// generateRequest asks for a generated mission in place of the open one
// (Keep nil: Generate…) or for the open one made again around the tiles
// and tokens the author pinned (Keep set: Regenerate the rest). Either is
// one edit: Undo brings back what was there.
type generateRequest struct {
	Version    string         `json:"version"`
	Tab        string         `json:"tab,omitempty"`
	Base       string         `json:"base,omitempty"`
	Ruleset    string         `json:"ruleset"`
	Boxes      []string       `json:"boxes,omitempty"`
	Players    string         `json:"players,omitempty"`
	Size       string         `json:"size,omitempty"`
	Difficulty string         `json:"difficulty,omitempty"`
	Length     string         `json:"length,omitempty"`
	Type       string         `json:"type,omitempty"` // the mission type; "": the seed chooses
	Seed       string         `json:"seed"`           // a number; a string, as a page's numbers stop at 2⁵³
	Keep       *generate.Keep `json:"keep,omitempty"`
}

// options reads what a page asks of the generator: the options as the
// command line takes them, the seed among them.
func (r *generateRequest) options() (generate.Options, error) {
	o := generate.Options{Ruleset: r.Ruleset, Players: strings.TrimSpace(r.Players), Difficulty: r.Difficulty, Length: r.Length, Type: r.Type, Keep: r.Keep}
	for _, b := range r.Boxes {
		if b = strings.TrimSpace(b); b != "" {
			o.Boxes = append(o.Boxes, b)
		}
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(r.Seed), 10, 64)
	if err != nil {
		return o, refuse("the seed is a whole number from 0 to %d, not %q", uint64(1<<64-1), r.Seed)
	}
	o.Seed = seed
	if s := strings.TrimSpace(r.Size); s != "" {
		if o.W, o.H, err = generate.ParseSize(s); err != nil {
			return o, refuse("%s", dialogWords(err.Error()))
		}
	}
	return o, nil
}

// generated runs the generator; a request it cannot meet is a refusal
// with its reason, as the command line words it.
func generated(o generate.Options) ([]byte, error) {
	res, err := generate.Generate(o)
	if err != nil {
		var imp *generate.Impossible
		var bad *generate.BadOption
		if errors.As(err, &imp) || errors.As(err, &bad) {
			return nil, refuse("%s", dialogWords(err.Error()))
		}
		return nil, err
	}
	return res.Data, nil
}

// Generate makes a mission from the options alone, as a new piece of
// work (the web edition's New… → Generate…): the file name it suggests
// and the mission.
func Generate(body []byte) (name string, data []byte, err error) {
	var req generateRequest
	if err := readJSON(body, &req); err != nil {
		return "", nil, err
	}
	req.Keep = nil
	o, err := req.options()
	if err != nil {
		return "", nil, err
	}
	if data, err = generated(o); err != nil {
		return "", nil, err
	}
	return o.Ruleset + "-" + strconv.FormatUint(o.Seed, 10) + ".yaml", data, nil
}

// generateCall answers "POST generate": the open file becomes the mission
// generated, as one edit.
func (s *Session) generateCall(body []byte) Reply {
	var req generateRequest
	if err := readJSON(body, &req); err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	o, err := req.options()
	if err != nil {
		return errorReply(StatusRefused, err.Error(), "")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur.kind == lint.KindTileset {
		return errorReply(StatusRefused, "a tile set is not a mission: open a mission to generate one", s.cur.version)
	}
	st, no := s.edit(req.Version, req.Tab, func(data []byte) ([]byte, error) {
		if o.Keep != nil {
			// What the file holds is completed: it names its own game.
			m := s.cur.res.Mission
			if s.cur.res.Model != nil {
				return nil, refuse("Regenerate the rest completes missions of the Zombicide games; a %s scenario is made whole with Generate…", rules.GameName(s.cur.res.Model.Ruleset()))
			}
			if m == nil {
				return nil, refuse("the mission must read without errors of its form before the rest of it can be made again")
			}
			o.Ruleset, o.From, o.FromName = m.Ruleset, data, filepath.Base(s.path)
			if o.W == 0 {
				for _, t := range m.Tiles { // the board keeps its size
					o.W, o.H = max(o.W, t.At[0]+1), max(o.H, t.At[1]+1)
				}
			}
		}
		return generated(o)
	})
	return s.answer(req.Tab, req.Base, st, no)
}

// generateOffer is what the Generate dialog offers ("GET generate"): the
// games, and what the open mission says of the options, which the dialog
// starts from.
type generateOffer struct {
	Games      []generate.Game `json:"games"`
	Ruleset    string          `json:"ruleset,omitempty"`
	Boxes      []string        `json:"boxes,omitempty"`
	Players    string          `json:"players,omitempty"`
	Difficulty string          `json:"difficulty,omitempty"`
	Size       string          `json:"size,omitempty"`
}

func (s *Session) generateOffer() Reply {
	o := generateOffer{Games: generate.Games()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.cur.res; r != nil && r.Mission != nil {
		m := r.Mission
		o.Ruleset, o.Boxes, o.Players, o.Difficulty = m.Ruleset, m.Boxes, string(m.Players), m.Difficulty
		w, h := 0, 0
		for _, t := range m.Tiles {
			w, h = max(w, t.At[0]+1), max(h, t.At[1]+1)
		}
		if w > 0 {
			o.Size = strconv.Itoa(w) + "x" + strconv.Itoa(h)
		}
	} else if r != nil && r.Model != nil {
		o.Ruleset = r.Model.Ruleset()
	}
	return jsonReply(StatusOK, o)
}

// dialogWords names the dialog's fields where the generator names the
// command line's flags.
func dialogWords(msg string) string {
	return strings.NewReplacer("another --seed, --size or --difficulty", "another seed, size or difficulty",
		"another --seed or --size", "another seed or size", "another --seed", "another seed", "another --size", "another size",
		"another --type", "another type", "another --difficulty", "another difficulty",
		"a larger --size", "a larger size", "a smaller --size", "a smaller size", "a --size", "a size",
		// The Survivors come from the mission (Regenerate the rest): the
		// dialog has no field for them.
		"use --survivors", "set the mission's Survivors to", "--survivors", "the Survivors",
		"--seed", "the seed", "--ruleset", "the game", "--size", "the size", "--players", "players", "--difficulty", "the difficulty",
		"--length", "the length", "--boxes", "the boxes", "--from", "the file", "--type", "the type").Replace(msg)
}
