package editor

// The findings in the editor's words: what is wrong on the table, without
// the file's syntax (YAML, JSON pointers, line numbers, cell coordinates —
// the map points at the place instead), and, where one edit is certainly
// the fix, that edit as a button. The command line keeps its located
// messages and hints; these words are the editor's only.

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/zmission/zmission/validate"
)

// Fix is an edit that certainly fixes a finding: its label says what it
// does in the game's words, and its operations are sent as one edit (one
// step of Undo).
type Fix struct {
	Label string `json:"label"`
	Ops   []any  `json:"ops"`
}

var (
	// " at 4,2:e", " at [0, 1]", " (4,2)": where on the grid, which the map shows.
	cellAt = regexp.MustCompile(`\s+at \[?\d+, ?\d+\]?(?::[nesw])?|\s*\(\d+, ?\d+(?::[nesw])?\)`)
	// "on line 12", "line 12: ": where in the file.
	lineAt = regexp.MustCompile(`\s*\(?(?:on |at )?line \d+\)?(?::\s*)?`)
	// A schema message's path: "rules #1.when.take: ".
	schemaPath = regexp.MustCompile(`^([A-Za-z$][\w$-]*(?: #\d+)?(?:\.[\w$-]+(?: #\d+)?)*): `)
	// "on the edge 1,0:w": the map shows which.
	edgeAt = regexp.MustCompile(`on the edge \d+,\d+(?::[nesw])?`)
	// "(rulesets: [zombicide-invader])": a setting quoted as the file
	// writes it, after words that already say it.
	quotedSetting = regexp.MustCompile(`\s*\(\w+: \[[^)\]]*\]\)`)
	// What marks a hint as file syntax: a value written as YAML or a path.
	// (An apostrophe alone is English, "the airlock's tile"; one opening a
	// quoted value or command is not.)
	syntax = regexp.MustCompile("[{}\\[\\]`\n]|'[-{\\[]|'zmission|\\w: |\\d+,\\d+|\\.ya?ml|#")
)

// pathWords names the setting a schema path points at: "rules #1.when.take"
// → "special rule 1, when, take".
func pathWords(path string) string {
	var parts []string
	for _, seg := range strings.Split(path, ".") {
		key, n, _ := strings.Cut(seg, " #")
		w := strings.ToLower(label(key))
		if a, ok := advanced[key]; ok {
			w = strings.ToLower(a.label)
		}
		if s, ok := settingWords[key]; ok {
			w = s
		}
		if n != "" {
			w += " " + n
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, ", ")
}

// settingWords name the lists a mission's file holds as the game does.
var settingWords = map[string]string{
	"rules": "special rule", "objectives": "objective", "tokens": "token", "tiles": "tile",
	"boxes": "box", "equipment": "equipment", "xenos": "Xeno deck",
}

// tableWords is a message as the editor says it: the cell coordinates and
// line numbers taken out (the map and the list point there), a schema
// message's path said as the setting it names.
func tableWords(rule, msg string) string {
	return remembered(rule+"\x00"+msg, func() string { return wordsOf(rule, msg) })
}

// said keeps the words made for a message: a board's hundreds of
// findings come back with every edit, mostly the same, and the regexps
// cost more than the lookup. It is emptied when it grows past saidMax.
var said struct {
	sync.Mutex
	m map[string]string
}

const saidMax = 1 << 14

func remembered(key string, build func() string) string {
	said.Lock()
	w, ok := said.m[key]
	said.Unlock()
	if ok {
		return w
	}
	w = build()
	said.Lock()
	if said.m == nil || len(said.m) >= saidMax {
		said.m = map[string]string{}
	}
	said.m[key] = w
	said.Unlock()
	return w
}

func wordsOf(rule, msg string) string {
	if rule == "schema" || strings.HasPrefix(msg, "refused") {
		if m := schemaPath.FindStringSubmatch(msg); m != nil {
			rest := msg[len(m[0]):]
			if r, ok := strings.CutPrefix(rest, `"" is not one of `); ok {
				rest = "is empty; it takes one of " + r
			}
			msg = upper(pathWords(m[1])) + ": " + rest
		}
		if k, ok := strings.CutPrefix(msg, "unknown key "); ok {
			msg = "The file has a setting zmission does not know, " + k
		}
	}
	// The patterns start with spaces, which a regexp tries at every
	// position: a message with no digit holds neither place.
	if strings.ContainsAny(msg, "0123456789") {
		msg = cellAt.ReplaceAllString(msg, "")
		msg = edgeAt.ReplaceAllString(msg, "on one edge")
		if strings.Contains(msg, "line ") {
			msg = lineAt.ReplaceAllString(msg, " ")
		}
	}
	if strings.Contains(msg, ": [") {
		msg = quotedSetting.ReplaceAllString(msg, "")
	}
	return upper(strings.Join(strings.Fields(msg), " "))
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var (
	doorColour  = regexp.MustCompile(`^the (\w+) door\b`)
	spawnColour = regexp.MustCompile(`^the (\w+) Spawn Zone\b`)
)

// tableAdvice is how to fix a finding at the table: the check's own words
// for the few whose fix has a shape, else the command line's hint when it
// is already words, else nothing.
func tableAdvice(d validate.Diagnostic) string {
	return remembered("advice\x00"+d.Rule+"\x00"+d.Message+"\x00"+d.Hint, func() string { return adviceOf(d) })
}

func adviceOf(d validate.Diagnostic) string {
	switch d.Rule {
	case "door-never-opens":
		if m := doorColour.FindStringSubmatch(d.Message); m != nil {
			return fmt.Sprintf("Add a special rule that opens %s doors (taking an Objective of that colour, or a round reached), or make the door neutral.", m[1])
		}
	case "spawn-never-active":
		if m := spawnColour.FindStringSubmatch(d.Message); m != nil {
			return fmt.Sprintf("Add a special rule that activates %s Spawn Zones, or make the Spawn Zone red.", m[1])
		}
	}
	if a, ok := tableHints[d.Rule]; ok {
		return a
	}
	if d.Hint == "" || syntax.MatchString(d.Hint) {
		return ""
	}
	return upper(d.Hint)
}

// tableHints say how to fix a finding with the editor, for the checks
// whose command-line hint is written in the file's syntax ("add '- {type:
// exit, at: [x, y]}' to tokens").
var tableHints = map[string]string{
	"border-dead-end":     "Turn one of the two tiles (select it, press R) until the corridors meet.",
	"door-not-on-opening": "Drag the door onto a door opening: a gap the tile leaves in a wall for a door.",
	"exit-missing":        "Put the Exit token from the palette where the Survivors leave.",
	"start-missing":       "Put the Start token from the palette where the Survivors start.",
	"no-objectives":       "Add an objective in the Mission tab, such as reaching the Exit with all Survivors.",
	"no-tiles":            "Drag a tile from the palette onto the board.",
	"inventory":           "Use fewer, or list the boxes that hold more in the Mission tab (Boxes).",
	"room-shut":           "Open the door (select it, set it open), or give the room a way in that is not a closed door.",
	"rule-does-nothing":   "Put the piece the rule is about on the map, or change the rule in the Mission tab.",
	"start-outside":       "Start the Survivors inside the station, or give them oxygen tanks (Equipment, in the Mission tab).",
	"no-door-opener":      "Give the Survivors a weapon that opens doors (Equipment, in the Mission tab), leave a door open, or start them in a building.",
	"box-ruleset":         "List this game's boxes in the Mission tab (Boxes), or choose the other game under Advanced.",
	"tileset-ruleset":     "Choose this game's tile set under Advanced in the Mission tab, or the game the tiles are for.",
	"token-place":         "Drag the token onto the map: it then stands in one place.",
	"queen-count":         "Keep one Queen token: the game has one Queen.",
}
