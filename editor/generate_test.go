package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

func sessionOn(t *testing.T, file string) *Session {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession("/mission/"+file[strings.LastIndex(file, "/")+1:], Options{Store: NewMemStore(data)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func generateCall(s *Session, body string) Reply {
	return s.Call(Request{Method: "POST", Path: "generate", Body: []byte(fmt.Sprintf(`{"version":%q,"tab":"a",%s}`, Version(s.Data()), body))})
}

func undoAll(t *testing.T, s *Session) {
	t.Helper()
	rep := s.Call(Request{Method: "POST", Path: "undo", Body: []byte(`{"version":"` + Version(s.Data()) + `","tab":"a"}`)})
	if rep.Status != StatusOK {
		t.Fatalf("undo: %d %s", rep.Status, rep.Body)
	}
}

// noErrors fails when the file's checks find an error.
func noErrors(t *testing.T, name string, data []byte) {
	t.Helper()
	for _, d := range lint.Bytes(name, data, lint.Options{Limits: source.DefaultLimits}).Diags {
		if d.Severity == validate.Error {
			t.Errorf("%s: %s [%s]\n%s", name, d.Message, d.Rule, data)
		}
	}
}

// Generate… in the editor makes the file the mission the command line
// makes from the same options and seed, byte for byte, as one edit that
// Undo takes back.
func TestGenerateReplacesAsOneEdit(t *testing.T) {
	s := sessionOn(t, "../examples/templates/zombicide-invader.yaml")
	before := s.Data()
	rep := generateCall(s, `"ruleset":"zombicide-invader","difficulty":"medium","length":"short","seed":"7"`)
	if rep.Status != StatusOK {
		t.Fatalf("generate: %d %s", rep.Status, rep.Body)
	}
	want, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", Difficulty: "medium", Length: "short", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(s.Data(), want.Data) {
		t.Errorf("the editor's mission is not the command line's:\n%s\nwant:\n%s", s.Data(), want.Data)
	}
	undoAll(t, s)
	if !bytes.Equal(s.Data(), before) {
		t.Errorf("undone, the file is not as it was:\n%s", s.Data())
	}
	// The web edition's new work: the same bytes again.
	name, data, err := Generate([]byte(`{"ruleset":"zombicide-invader","difficulty":"medium","length":"short","seed":"7"}`))
	if err != nil || !bytes.Equal(data, want.Data) || name != "zombicide-invader-7.yaml" {
		t.Errorf("Generate: %q, %v, same bytes %v", name, err, bytes.Equal(data, want.Data))
	}
	// A mission type asked for in the dialog is the command's --type.
	want, err = generate.Generate(generate.Options{Ruleset: "zombicide-classic", Type: "car-escape", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if _, data, err = Generate([]byte(`{"ruleset":"zombicide-classic","type":"car-escape","seed":"7"}`)); err != nil || !bytes.Equal(data, want.Data) {
		t.Errorf("Generate with a type: %v, same bytes %v", err, bytes.Equal(data, want.Data))
	}
}

// Regenerate the rest keeps the pinned tiles and tokens where they are,
// as they are, and makes the rest again: a mission that passes its
// checks, undoable like any edit. Pinned here: a tile, the start and a
// key and its lock of an author's own mission.
func TestRegenerateKeepsThePinned(t *testing.T) {
	for _, file := range []string{"../examples/invader/violet-lockdown.yaml", "../examples/classic/" + firstExample(t, "../examples/classic")} {
		t.Run(file[strings.LastIndex(file, "/")+1:], func(t *testing.T) {
			s := sessionOn(t, file)
			before := s.Data()
			m := decode(t, before)
			keep := generate.Keep{Tiles: []int{0}}
			for i, tk := range m.Tokens {
				if tk.Type == missions.TokStart || tk.Type == missions.TokDoor && tk.Color != "" && len(keep.Tokens) < 3 {
					keep.Tokens = append(keep.Tokens, i)
				}
			}
			k, _ := json.Marshal(keep)
			rep := generateCall(s, `"seed":"11","keep":`+string(k))
			if rep.Status != StatusOK {
				t.Fatalf("regenerate: %d %s", rep.Status, rep.Body)
			}
			after := s.Data()
			if bytes.Equal(after, before) {
				t.Fatal("nothing was made again")
			}
			noErrors(t, "regenerated.yaml", after)
			n := decode(t, after)
			for _, i := range keep.Tiles {
				if !hasTile(n.Tiles, m.Tiles[i]) {
					t.Errorf("the pinned tile %+v is gone:\n%s", m.Tiles[i], after)
				}
			}
			for _, i := range keep.Tokens {
				if !hasToken(n.Tokens, m.Tokens[i]) {
					t.Errorf("the pinned token %+v is gone:\n%s", m.Tokens[i], after)
				}
			}
			if n.Title != m.Title || n.Ruleset != m.Ruleset {
				t.Errorf("the mission's title or game changed: %q %q", n.Title, n.Ruleset)
			}
			if !strings.Contains(string(after), "kept from "+file[strings.LastIndex(file, "/")+1:]) {
				t.Errorf("the header does not say what the mission was made around:\n%s", after)
			}
			undoAll(t, s)
			if !bytes.Equal(s.Data(), before) {
				t.Error("undone, the file is not as it was")
			}
		})
	}
}

// What the generator cannot do is refused with its reason, in the
// dialog's words, and the file is left as it was.
func TestGenerateRefusals(t *testing.T) {
	s := sessionOn(t, "../examples/invader/violet-lockdown.yaml")
	before := s.Data()
	for body, want := range map[string]string{
		`"ruleset":"zombicide-invader","seed":"x"`:                                  "the seed is a whole number",
		`"ruleset":"zombicide-invader","seed":"1","size":"9x9"`:                     "a 9×9 board needs 81 tiles, and invader-core holds 9 (one of each physical tile of the station set); use a smaller size of 9 tiles or fewer",
		`"ruleset":"zombicide-invader","seed":"1","players":"0-9"`:                  "players 0-9: the game is played by 1 to 6 players",
		`"ruleset":"chess","seed":"1"`:                                              "the game is facility, zombicide-classic or zombicide-invader, not",
		`"ruleset":"zombicide-invader","seed":"1","difficulty":"brutal"`:            "the difficulty is easy, medium or hard",
		`"ruleset":"zombicide-invader","seed":"1","size":"1x1","difficulty":"hard"`: "try another seed, size or difficulty",
		`"ruleset":"zombicide-invader","seed":"1","size":"1x1","type":"key-chain"`:  "try another seed, a larger size or another type",
		`"ruleset":"zombicide-classic","seed":"1","type":"airlock"`:                 "the type for classic Zombicide is grab-and-go, key-chain, wake-spawns or car-escape",
	} {
		rep := generateCall(s, body)
		if rep.Status != StatusRefused || !strings.Contains(string(rep.Body), want) || strings.Contains(string(rep.Body), "--") {
			t.Errorf("%s: %d %s, want a refusal saying %q", body, rep.Status, rep.Body, want)
		}
	}
	// Regenerate the rest takes the Survivors from the mission, which the
	// dialog has no field for: a refusal names the mission's field.
	many := strings.Replace(string(before), "survivors: 6", "survivors: 8", 1)
	m, err := NewSession("/mission/many.yaml", Options{Store: NewMemStore([]byte(many))})
	if err != nil {
		t.Fatal(err)
	}
	if rep := generateCall(m, `"seed":"1","keep":{"tiles":[0],"tokens":[]}`); rep.Status != StatusRefused || !strings.Contains(string(rep.Body), "set the mission's Survivors to 6 or fewer") || strings.Contains(string(rep.Body), "--") {
		t.Errorf("regenerating a mission of 8 Survivors: %d %s, want a refusal naming the mission's Survivors", rep.Status, rep.Body)
	}
	f := sessionOn(t, "../examples/templates/facility.yaml")
	if rep := generateCall(f, `"seed":"1","keep":{"tiles":[],"tokens":[]}`); rep.Status != StatusRefused || !strings.Contains(string(rep.Body), "Regenerate the rest completes missions of the Zombicide games") {
		t.Errorf("regenerating a facility: %d %s", rep.Status, rep.Body)
	}
	if !bytes.Equal(s.Data(), before) {
		t.Error("a refusal changed the file")
	}
}

// GET generate lists the games the dialog offers, each with its core box
// first, and the open mission's options, which the dialog starts from.
func TestGenerateGames(t *testing.T) {
	s := sessionOn(t, "../examples/invader/violet-lockdown.yaml")
	rep := s.Call(Request{Method: "GET", Path: "generate"})
	var offer generateOffer
	if err := json.Unmarshal(rep.Body, &offer); err != nil || rep.Status != StatusOK {
		t.Fatalf("%d %s %v", rep.Status, rep.Body, err)
	}
	games := offer.Games
	if offer.Ruleset != "zombicide-invader" || len(offer.Boxes) == 0 || offer.Size == "" {
		t.Errorf("the dialog does not start from the open mission: %+v", offer)
	}
	if len(games) != 3 {
		t.Fatalf("%d games: %+v", len(games), games)
	}
	for _, g := range games {
		if g.Unit == "tiles" && (len(g.Boxes) == 0 || g.Boxes[0] != g.Core || !g.Complete || len(g.Types) < 4) {
			t.Errorf("%s: %+v", g.Ruleset, g)
		}
	}
}

func firstExample(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil || len(es) == 0 {
		t.Fatal(dir, err)
	}
	return es[0].Name()
}

func decode(t *testing.T, data []byte) *missions.Mission {
	t.Helper()
	doc, probs := missions.Load("m.yaml", data, source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatal(probs[0])
	}
	m, err := doc.Decode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func hasTile(ts []missions.Tile, t missions.Tile) bool {
	for _, x := range ts {
		if x.Face == t.Face && x.At == t.At && x.Rot == t.Rot {
			return true
		}
	}
	return false
}

func hasToken(ts []missions.Token, t missions.Token) bool {
	a, _ := json.Marshal(t)
	for _, x := range ts {
		if b, _ := json.Marshal(x); bytes.Equal(a, b) {
			return true
		}
	}
	return false
}
